//! Boards that hold any arrangement of pieces, with python-chess's rules for them.
//!
//! This crate sits above lerf's engine core (`lerf-position`, `lerf-movegen`) and is where
//! the rules that python-chess follows and the engine does not live: positions no game
//! reaches, and (to come) the chess variants.
//!
//! [`Position`](lerf_position::Position) is the engine's board: it refuses a FEN that could not
//! arise in a game (no king, pawns on the back rank, castling rights without their rook),
//! because its incremental state and its move generator rely on a real position. Tools
//! that edit positions, read hand-written FENs or follow python-chess need boards that take
//! anything and still answer: how many legal moves, is it check, what is wrong with it.
//! That is this crate:
//!
//! - [`Layout`]: the pieces, as bitboards, with nothing checked (python-chess's
//!   `BaseBoard`): piece queries, attacks, attackers, pins, editing, the FEN's board part.
//! - [`LooseBoard`]: a layout with the side to move, castling rights (the rooks' squares),
//!   en passant square and counters (python-chess's `Board` without its move stack):
//!   pseudo-legal and legal move generation in python-chess's order, restricted by origin
//!   and destination masks, legality tests, FEN/X-FEN/Shredder-FEN, [`LooseStatus`],
//!   insufficient material, making a move.
//! - [`LooseGame`]: a board with its move stack (python-chess's `Board`): push and pop,
//!   repetitions, draw claims and the outcome.
//!
//! On positions a game can reach, the answers are those of [`Position`](lerf_position::Position)
//! and lerf-movegen (the tests compare them); on the others they are python-chess 1.11's,
//! which the Python package's tests compare move by move.
//!
//! ```
//! use lerf_rules::{LooseBoard, LooseStatus};
//!
//! // One king, nothing else: python-chess's "pseudo-chess" still generates its moves.
//! let board: LooseBoard = "8/8/8/8/8/8/8/K7 w - - 0 1".parse()?;
//! assert!(board.status().contains(LooseStatus::NO_BLACK_KING));
//! assert_eq!(board.legal_moves().len(), 3);
//! # Ok::<(), lerf_rules::LooseFenError>(())
//! ```

#![cfg_attr(not(test), no_std)]

extern crate alloc;

mod board;
mod book;
mod castling;
mod error;
mod fen;
mod game;
mod layout;
mod layout_fen;
mod movecount;
mod movegen;
mod moves;
mod play;
mod polyglot;
pub mod python_number;
mod status;
pub mod variant;

pub use board::LooseBoard;
pub use book::{LooseBook, book_move, promotion_names_a_piece};
pub use error::{LooseFenError, NotPseudoLegal};
pub use fen::EnPassantMode;
pub use game::LooseGame;
pub use game::TranspositionKey;
pub use layout::{Layout, ray};
pub use layout_fen::is_python_space;
pub use moves::LooseMove;
pub use status::LooseStatus;

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
