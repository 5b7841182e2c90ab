//! Move generation for lerf.
//!
//! [`generate`] produces the moves of a [`GenType`] (captures, quiets, quiet checks,
//! evasions, non-evasions, legal) into any [`MoveSink`]: a stack-allocated [`MoveList`], a
//! [`ScoredMoveList`] for engines that order moves, or a [`MoveCounter`] that adds popcounts
//! of whole target sets. Pawns are generated set-wise; legal moves come straight from pin and
//! check masks; king steps and castling paths are checked against one map of enemy attacks
//! per position, and only en passant gets a move-by-move test. [`reply_counts`] gives each
//! legal move of a [`Board`](lerf_position::Board) with the number of replies to it, counted
//! without making the boards (perft's level above its leaves).
//!
//! ```
//! use lerf_movegen::{legal_moves, perft};
//! use lerf_position::Position;
//!
//! let mut pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
//! assert_eq!(legal_moves(&pos).len(), 48);
//! assert_eq!(perft(&mut pos, 3), 97_862);
//! # Ok::<(), lerf_position::FenError>(())
//! ```
#![cfg_attr(not(any(test, feature = "std")), no_std)]

extern crate alloc;

mod generate;
mod leaf_child;
mod move_list;
mod perft;
mod perft_board;
mod reply_counts;
mod side;
mod source;
#[cfg(feature = "std")]
mod threads;

pub use generate::{
    GenType, count_legal, count_legal_of, generate, generate_legal_into, legal_moves,
    legal_moves_of,
};
pub use move_list::{MAX_MOVES, MoveCounter, MoveList, MoveSink, ScoredMove, ScoredMoveList};
pub use perft::{MAX_PERFT_DEPTH, PerftTable, divide, perft, perft_hashed};
#[cfg(feature = "std")]
pub use perft::{divide_parallel, divide_parallel_hashed, perft_parallel, perft_parallel_hashed};
pub use perft_board::{divide_board, perft_board};
#[cfg(feature = "std")]
pub use perft_board::{divide_board_parallel, perft_board_parallel};
pub use reply_counts::reply_counts;
pub use source::{CastlingCandidate, CheckedBoard, MoveSource};

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
