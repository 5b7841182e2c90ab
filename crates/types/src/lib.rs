//! Core chess types for lerf, with Stockfish's encodings.
//!
//! Everything here is a small `Copy` value whose numeric layout is fixed and documented,
//! because the other lerf crates index tables with it and hash it:
//!
//! | type | encoding |
//! |---|---|
//! | [`Square`] | a1 = 0, b1 = 1 … h1 = 7, a2 = 8 … h8 = 63 (little-endian rank-file) |
//! | [`Color`] | White = 0, Black = 1 |
//! | [`PieceType`] | pawn = 1 … king = 6 (0 is "none" / "all pieces" in tables) |
//! | [`Piece`] | `(color << 3) \| type`: W_PAWN = 1 … W_KING = 6, B_PAWN = 9 … B_KING = 14 |
//! | [`CastlingRights`] | WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8 |
//! | [`Move`] | 16 bits: to 0–5, from 6–11, promotion − knight 12–13, kind 14–15 |
//! | [`Score`] | middlegame and endgame [`Value`] packed in one `i32` |
//!
//! ```
//! use lerf_types::{Square, File, Rank, Color, Piece, PieceType, Move};
//!
//! let e4: Square = "e4".parse().unwrap();
//! assert_eq!(e4, Square::new(File::E, Rank::R4));
//! assert_eq!(e4 as u8, 28);
//! assert_eq!(e4.relative(Color::Black), Square::E5);
//!
//! let knight = Piece::new(Color::Black, PieceType::Knight);
//! assert_eq!(knight as u8, 10);
//! assert_eq!(knight.to_char(), 'n');
//!
//! let m = Move::new(Square::E2, Square::E4);
//! assert_eq!(m.to_uci(false).to_string(), "e2e4");
//! ```
#![cfg_attr(not(any(test, feature = "quickcheck", feature = "arbitrary")), no_std)]
// No unsafe code but one measured exception, `Piece::piece_type` (allowed there, with its
// SAFETY argument and a compile-time check).
#![deny(unsafe_code)]

#[cfg(any(feature = "quickcheck", feature = "arbitrary"))]
mod arbitrary_impls;
mod castling;
mod chess_move;
mod color;
mod direction;
mod error;
mod file_rank;
mod piece;
mod score;
#[cfg(feature = "serde")]
mod serde_impls;
mod square;

pub use castling::{CastlingRights, CastlingSide};
pub use chess_move::{Move, MoveKind, UciMove};
pub use color::{ByColor, Color};
pub use error::{Excerpt, ParseError};
pub use piece::{Piece, PieceType};
pub use score::{Score, Value};
#[cfg(feature = "serde")]
pub use serde_impls::{move_bits, serde_text};
// For `__serde_as_text!` in the crates above, which need not name serde themselves.
pub use direction::Direction;
pub use file_rank::{File, Rank};
#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;
pub use square::Square;

static_assertions::assert_eq_size!(Square, u8);
static_assertions::assert_eq_size!(Option<Square>, u8);
static_assertions::assert_eq_size!(Piece, u8);
static_assertions::assert_eq_size!(Option<Piece>, u8);
static_assertions::assert_eq_size!(Color, u8);
static_assertions::assert_eq_size!(PieceType, u8);
static_assertions::assert_eq_size!(Move, u16);
static_assertions::assert_eq_size!(Option<Move>, u32);
static_assertions::assert_eq_size!(Score, i32);

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
