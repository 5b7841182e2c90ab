//! Syzygy endgame tablebases for lerf: win/draw/loss and distance-to-zeroing probes of
//! positions with up to seven pieces, from the `.rtbw` and `.rtbz` files, and from the
//! atomic, suicide and giveaway (antichess) families' files
//! ([`Tablebase::with_variant`]).
//!
//! Written from the format's public descriptions (Ronald de Man's generator README,
//! syzygy-tables.info's metrics, the Chess Programming Wiki, and the permissively licensed
//! Fathom prober as a reading aid), under lerf's MIT OR Apache-2.0 licence.
//!
//! - [`Tablebase`] finds table files in directories, maps each into memory the first time
//!   a probe needs it and shares it between threads; no file descriptor stays open.
//! - [`Tablebase::probe_wdl`] and [`Tablebase::probe_dtz`] give python-chess's values:
//!   captures and en passant (which the tables leave out) are searched, DTZ for the side
//!   to move a table does not store comes from one ply of search, and DTZ is counted as
//!   syzygy-tables.info states it (DTZ50'', plies, rounded as the tables store it).
//! - [`Tablebase::root_moves`] ranks the legal moves of a root position, as an engine
//!   filters them before its search.
//! - A file that is truncated, of another kind or material, or corrupt is a
//!   [`SyzygyError::Corrupt`] naming the file: every read is bounds-checked.
//!
//! ```no_run
//! use lerf_position::Board;
//! use lerf_syzygy::{Tablebase, Wdl};
//!
//! let mut tables = Tablebase::new();
//! let added = tables.add_directory("/srv/syzygy/3-4-5")?;
//! println!("{added} tables");
//! let board: Board = "8/8/8/8/8/2k5/8/1K1Q4 b - - 0 1".parse()?;
//! assert_eq!(tables.probe_wdl(&board)?, Wdl::Loss);
//! for root in tables.root_moves(&board)? {
//!     println!("{:?} {:?} {}", root.mv, root.wdl, root.dtz);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod index_tables;
mod kind;
mod lead;
mod material;
mod pairs;
mod placement;
mod search;
mod table;
mod tablebase;
mod variant;
mod variant_search;

pub use error::SyzygyError;
pub use kind::TableKind;
pub use material::Material;
pub use placement::Placement;
pub use search::{RootMove, Wdl, dtz_before_zeroing};
pub use table::{MAX_PIECES, WRONG_MAGIC};
pub use tablebase::Tablebase;
pub use variant::TableVariant;

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
