//! Standard Algebraic Notation for lerf: read what python-chess reads, write what it writes.
//!
//! ```
//! use lerf_position::Position;
//! use lerf_san::{parse_san, san};
//!
//! let mut pos = Position::startpos();
//! for text in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"] {
//!     let m = parse_san(&pos, text)?;
//!     assert_eq!(&*san(&pos, m), text);
//!     pos.do_move(m);
//! }
//! # Ok::<(), lerf_san::SanError>(())
//! ```
//!
//! [`San`] and [`SanPlus`] are the text's parsed form ([`FromStr`](core::str::FromStr),
//! [`Display`](core::fmt::Display)); [`parse_san`] / [`San::to_move`] match it to a legal
//! move; [`san`] / [`SanPlus::from_move`] write a move; [`lan`] writes long algebraic
//! notation and [`san_line`] a numbered line. Writing allocates nothing ([`SanText`]).
#![cfg_attr(not(test), no_std)]

extern crate alloc;

mod common;
pub mod epd;
mod error;
pub mod loose;
mod loose_text;
mod matching;
mod san;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod variant;
mod writing;

pub use error::{SanError, SanErrorKind};
pub use matching::{parse_san, parse_san_board, parse_san_bytes, play_san_board};
pub use san::{San, SanPlus, SanText, Suffix};
pub use writing::{lan, san, san_line};

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
