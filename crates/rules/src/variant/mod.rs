//! The Lichess variants on python-chess's rules: antichess, atomic, crazyhouse, horde, king
//! of the hill, racing kings and three-check.
//!
//! A [`VariantBoard`] is a [`LooseBoard`](crate::LooseBoard) (the pieces, turn, castling, en passant, counters)
//! with the variant and what the variant adds: each side's checks still to give
//! (three-check) and pockets (crazyhouse). Its rules are the standard ones with each
//! variant's changes, made here so that the engine's `Position` and the standard
//! [`LooseBoard`](crate::LooseBoard) pay nothing for them.
//!
//! ```
//! use lerf_rules::variant::{Variant, VariantBoard};
//!
//! let board = VariantBoard::new(Variant::Atomic);
//! assert_eq!(board.perft(3), 8902);
//! let horde = VariantBoard::new(Variant::Horde);
//! assert_eq!(horde.legal_moves().len(), 8);
//! ```

mod antichess;
mod atomic;
mod by_variant;
mod crazyhouse;
mod engine_perft;
mod fen;
mod kind;
mod pockets;
mod races;
mod variant_board;

pub use fen::VariantFenParts;
pub use kind::Variant;
pub use pockets::Pockets;
pub use variant_board::{VariantBoard, castling_target};
