//! The chess position for lerf: Stockfish's board representation in idiomatic Rust.
//!
//! A [`Position`] keeps several synchronised views (the piece on each square, bitboards by
//! piece type and colour, piece counts) and owns a stack of [`StateInfo`], one per ply, that
//! holds the Zobrist keys, castling rights, en-passant square, counters, checkers and the
//! side to move's pins. [`Position::do_move`] pushes a state and updates it incrementally;
//! [`Position::undo_move`] pops it: O(1), bit for bit. What only a search asks (check
//! squares, the enemy king's blockers, repetitions) is computed when asked: see
//! [`CheckInfo`] and [`Position::repetition`].
//!
//! ```
//! use lerf_position::Position;
//!
//! let mut pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")?;
//! let castle = pos.parse_uci("e1g1")?;
//! let key_before = pos.key();
//! assert_eq!(pos.key_after(castle), {
//!     pos.do_move(castle);
//!     pos.key()
//! });
//! assert_eq!(pos.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
//! pos.undo_move(castle);
//! assert_eq!(pos.key(), key_before);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! Chess960 is the same code: castling is encoded as the king capturing its own rook, and
//! FEN castling fields may be `KQkq`, X-FEN or Shredder-FEN.
//!
//! ```
//! use lerf_position::Position;
//! let pos = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
//! assert!(pos.is_chess960());
//! assert_eq!(pos.to_fen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
//! # Ok::<(), lerf_position::FenError>(())
//! ```
#![cfg_attr(not(test), no_std)]

extern crate alloc;

mod attacks;
mod board;
mod board_legal;
mod board_sets;
mod book;
mod castling;
mod check_info;
mod cuckoo;
mod display;
mod do_move;
mod draw;
mod error;
mod fen;
mod fen_write;
mod legal;
mod move_effects;
mod outcome;
mod polyglot;
mod polyglot_random;
mod position;
mod position_keys;
mod queries;
#[cfg(any(test, feature = "quickcheck", feature = "arbitrary"))]
mod random_games;
mod see;
#[cfg(feature = "serde")]
mod serde_impls;
mod state;
mod validate;
mod zobrist;

pub use board::Board;
pub use board_sets::SetsError;
pub use book::{Book, BookEntry, BookSizeError};
pub use castling::{CastlingSquares, castling_uncovers_king};
pub use check_info::CheckInfo;
pub use draw::MAX_REPETITION_DISTANCE;
pub use error::{
    FEN_ERROR_TOKEN_LIMIT, FenError, FenErrorKind, FenField, IllegalMove, IllegalMoveReason,
    UciError,
};
pub use fen::{STARTPOS_FEN, chess960_back_rank};

/// The 781 random numbers of the Polyglot book format's keys (pieces on squares, castling
/// rights, en passant files, side to move), in the format's order.
pub const POLYGLOT_RANDOM: [u64; 781] = polyglot_random::RANDOM;
pub use outcome::{Outcome, Termination};
pub use position::{MAX_FULLMOVE_NUMBER, PIECE_VALUES, Position, piece_value};
pub use queries::MoveChanges;
#[cfg(any(feature = "quickcheck", feature = "arbitrary"))]
pub use random_games::{MAX_RANDOM_PLIES, MoveInPosition};
pub use state::StateInfo;
pub use validate::Inconsistency;

/// How many reversible moves the cuckoo tables hold (asserted when the tables are built).
pub const CUCKOO_MOVES: usize = cuckoo::MOVE_COUNT;

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
