//! Slider attacks for lerf: which squares does a rook, bishop or queen on a square attack,
//! given the pieces on the board?
//!
//! Two backends answer with the same functions and the same results:
//!
//! - **PEXT** (module [`pext`], x86-64 only): the BMI2 instruction `pext(occupied, mask)` is
//!   the table index. Used by [`rook_attacks`] and friends when the crate is compiled with
//!   `target_feature = "bmi2"` (for example `RUSTFLAGS="-C target-cpu=native"` on a BMI2 CPU).
//! - **Fancy magics** (module [`fancy`]): `(occupied & mask) * magic >> shift`, with the magic
//!   numbers checked in (`src/numbers.rs`, written by `cargo xtask gen-magics`). Used
//!   everywhere else.
//!
//! The choice is made at compile time; [`BACKEND`] says which one a build uses, and only
//! that backend is compiled in (the `all-backends` feature adds the other, for comparisons).
//! Each indexes a table of 107,648 bitboards (102,400 for rooks, 5,248 for bishops) that
//! `build.rs` fills and the crate holds as a `static`: there is no start-up work and no
//! initialisation check on a lookup.
//!
//! ```
//! use lerf_bitboard::Bitboard;
//! use lerf_magics::{rook_attacks, queen_attacks};
//! use lerf_types::Square;
//!
//! let blockers = Bitboard::from(Square::D6) | Square::F4;
//! let rook = rook_attacks(Square::D4, blockers);
//! assert!(rook.contains(Square::D6) && !rook.contains(Square::D7));
//! assert!(rook.contains(Square::F4) && !rook.contains(Square::G4));
//! assert_eq!(rook.popcount(), 10);
//! assert_eq!(queen_attacks(Square::A1, Bitboard::EMPTY).popcount(), 21);
//! ```

#![cfg_attr(not(test), no_std)]

#[cfg(any(feature = "all-backends", not(all(target_arch = "x86_64", target_feature = "bmi2"))))]
pub mod fancy;
pub mod layout;
mod numbers;
#[cfg(all(target_arch = "x86_64", any(feature = "all-backends", target_feature = "bmi2")))]
pub mod pext;
pub mod reference;
mod table_bytes;

use lerf_bitboard::{Bitboard, king_attacks, knight_attacks};
use lerf_types::{PieceType, Square};

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
mod backend {
    use lerf_bitboard::Bitboard;
    use lerf_types::Square;

    pub const NAME: &str = "pext";

    #[inline]
    pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: this module is compiled only with `target_feature = "bmi2"`, so every CPU
        // that can run this build has BMI2.
        unsafe { crate::pext::rook_attacks(sq, occupied) }
    }

    #[inline]
    pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
        // SAFETY: as above, BMI2 is enabled for the whole build.
        unsafe { crate::pext::bishop_attacks(sq, occupied) }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
mod backend {
    pub use crate::fancy::{bishop_attacks, rook_attacks};
    pub const NAME: &str = "fancy-magic";
}

/// The slider backend this build uses: `"pext"` or `"fancy-magic"`.
pub const BACKEND: &str = backend::NAME;

/// Squares a rook on `sq` attacks when `occupied` holds the pieces on the board. Blockers are
/// included (they may be captures); squares behind them are not.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    backend::rook_attacks(sq, occupied)
}

/// Squares a bishop on `sq` attacks when `occupied` holds the pieces on the board.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    backend::bishop_attacks(sq, occupied)
}

/// Squares a queen on `sq` attacks when `occupied` holds the pieces on the board.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares a piece of type `pt` on `sq` attacks. Knights and kings ignore `occupied`.
///
/// Pawn attacks depend on the pawn's colour, which a type does not have: for
/// [`PieceType::Pawn`] this returns the empty set; use [`lerf_bitboard::pawn_attacks`].
///
/// ```
/// use lerf_bitboard::Bitboard;
/// use lerf_magics::attacks;
/// use lerf_types::{PieceType, Square};
/// assert_eq!(attacks(PieceType::Knight, Square::A1, Bitboard::FULL).popcount(), 2);
/// assert_eq!(attacks(PieceType::Rook, Square::A1, Bitboard::FULL).popcount(), 2);
/// ```
#[inline]
pub fn attacks(pt: PieceType, sq: Square, occupied: Bitboard) -> Bitboard {
    match pt {
        PieceType::Pawn => Bitboard::EMPTY,
        PieceType::Knight => knight_attacks(sq),
        PieceType::Bishop => bishop_attacks(sq, occupied),
        PieceType::Rook => rook_attacks(sq, occupied),
        PieceType::Queen => queen_attacks(sq, occupied),
        PieceType::King => king_attacks(sq),
    }
}

/// The checked-in magic numbers, rook then bishop, square by square (for tools that verify
/// or benchmark them).
pub fn magic_numbers() -> (&'static [u64; 64], &'static [u64; 64]) {
    (&numbers::ROOK_MAGICS, &numbers::BISHOP_MAGICS)
}

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
