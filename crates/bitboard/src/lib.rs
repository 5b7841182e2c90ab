//! Bitboards for lerf: a set of squares in one `u64`, bit 0 = a1, bit 63 = h8.
//!
//! The crate holds the [`Bitboard`] newtype with its set operations and iteration, the file,
//! rank and colour constants, and tables that never change: pawn, knight and king attacks,
//! [`between`], [`line()`] and [`ray_pass`]. The tables are `static`s computed by `const fn`
//! at compile time, so a lookup is one load with no initialisation check and no start-up
//! cost at run time.
//!
//! ```
//! use lerf_bitboard::{Bitboard, knight_attacks, between, FILE_A};
//! use lerf_types::Square;
//!
//! let targets = knight_attacks(Square::G1);
//! assert_eq!(targets.popcount(), 3);
//! assert_eq!(targets.into_iter().collect::<Vec<_>>(), [Square::E2, Square::F3, Square::H3]);
//!
//! assert_eq!(between(Square::A1, Square::A4), Bitboard::from(Square::A2) | Square::A3);
//! assert!(FILE_A.contains(Square::A8));
//! ```
#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]

mod bitboard;
mod bitboard_fmt;
mod consts;
mod leapers;
mod rays;
mod shifts;
mod squares;

pub use bitboard::Bitboard;
pub use consts::*;
pub use leapers::{king_attacks, knight_attacks, pawn_attacks};
pub use rays::{
    aligned, between, bishop_pseudo_attacks, line, pseudo_attacks, ray_pass, rook_pseudo_attacks,
};
pub use squares::Squares;

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
