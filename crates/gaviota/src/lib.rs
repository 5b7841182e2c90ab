//! Gaviota endgame tablebases in Rust: the distance to mate of positions with up to five
//! pieces, from the `.gtb.cp4` files (LZMA blocks) the Gaviota tables are published as,
//! or uncompressed `.gtb` files.
//!
//! The index of each table's placements, the packing of its entries and the way a probe
//! tries an en passant capture follow the Gaviota probing code (Miguel A. Ballicora's
//! `gtb-probe.c`, MIT), read as a description; the tests compare every answer on the
//! published three-piece tables, and the index of every table up to five pieces, with
//! that code as Debian ships it (`libgaviotatb`).
//!
//! ```no_run
//! use lerf_gaviota::{Dtm, Tablebase};
//! use lerf_types::{Color, PieceType, Square};
//!
//! let mut tables = Tablebase::new();
//! tables.add_directory("data/gaviota")?;
//! let white = [(PieceType::King, Square::D1), (PieceType::Queen, Square::E1)];
//! let black = [(PieceType::King, Square::D3)];
//! let dtm = tables.probe_pieces(Color::White, None, &white, &black)?;
//! assert!(matches!(dtm, Dtm::Mate { winner: Color::White, .. }));
//! # Ok::<(), lerf_gaviota::GaviotaError>(())
//! ```

mod distance;
mod error;
mod index;
mod probe;
mod side;
mod table;
mod tablebase;

pub use error::GaviotaError;
pub use tablebase::{Dtm, Tablebase};

/// The names of the format's tables (`kqk` to `kpppk`): White's pieces then Black's, each
/// king first.
pub fn table_names() -> &'static [&'static str] {
    &index::NAMES
}

/// The index of a placement in the table `name` (squares 0-63, each side king first,
/// pieces as the name lists them), `None` where the table has no entry for it: what the
/// tests compare with the C probing code.
#[doc(hidden)]
pub fn placement_index(name: &str, white: &[u8], black: &[u8]) -> Option<u64> {
    index::table(name)?.scheme.index(white, black)
}

/// The number of entries a side of the table `name` holds.
#[doc(hidden)]
pub fn table_size(name: &str) -> Option<u64> {
    index::table(name).map(|t| t.scheme.size())
}

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
