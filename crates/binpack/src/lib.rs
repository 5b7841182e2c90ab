//! Stockfish's `.binpack` training data for lerf: read and written exactly, in constant
//! memory (one chunk at a time).
//!
//! A binpack is a run of chunks (`BINP`, a little-endian size, then chains). A chain is a
//! stem, one whole entry in 32 bytes (the position, the move, the score, the ply and result,
//! the 50-move counter), followed by the moves of the entries that continue it (each the
//! previous position after its move): each move as the index of the piece among the side to
//! move's and of its destination among that piece's, in as few bits as the counts need, and
//! each score as its difference from the last, in variable-length blocks. Games become a few
//! bytes a position.
//!
//! ```
//! use lerf_binpack::{Entry, Reader, Writer};
//! use lerf_position::Board;
//! use lerf_types::{Move, Square};
//!
//! let mut writer = Writer::new(Vec::new());
//! let mut board = Board::default();
//! for (ply, (from, to, score)) in [(Square::E2, Square::E4, 30), (Square::E7, Square::E5, -25)].into_iter().enumerate() {
//!     let mv = Move::new(from, to);
//!     writer.write(&Entry { board, mv, score, ply: ply as u16, result: if ply % 2 == 0 { 1 } else { -1 } })?;
//!     board.do_move(mv);
//! }
//! let bytes = writer.finish()?;
//! let entries: Vec<Entry> = Reader::new(&bytes[..]).collect::<Result<_, _>>()?;
//! assert_eq!(entries.len(), 2);
//! assert_eq!(entries[1].score, -25);
//! assert_eq!(bytes.len(), 8 + 32 + 2 + 2); // one chain: the stem and one packed move
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "nnue")]
mod batch;
#[cfg(feature = "nnue")]
mod batches;
mod bin_format;
mod bits;
mod chunk;
mod engine_words;
mod entry;
mod error;
#[cfg(feature = "arrow")]
mod from_rows;
#[cfg(any(feature = "nnue", feature = "arrow"))]
mod groups;
mod movetext;
mod parallel;
mod plain;
mod reader;
#[cfg(feature = "arrow")]
mod row_columns;
#[cfg(feature = "arrow")]
mod rows;
mod spread;
mod stem;
mod writer;

#[cfg(feature = "nnue")]
pub use batch::{Batch, MAX_FEATURES};
#[cfg(feature = "nnue")]
pub use batches::{BatchOptions, Batches, SkipOptions};
pub use bin_format::{BIN_ENTRY, pack_bin, unpack_bin};
pub use engine_words::{EngineScore, engine_score};
pub use entry::Entry;
pub use error::{BinpackError, ErrorKind};
#[cfg(feature = "arrow")]
pub use from_rows::{RowsError, RowsOptions, RowsWriter, ScoreSource};
pub use parallel::ParallelReader;
pub use plain::{PlainError, PlainReader, write_plain};
pub use reader::{MAX_CHUNK, Reader};
#[cfg(feature = "arrow")]
pub use rows::{EntryRows, entry_schema};
pub use writer::{CHUNK_SIZE, WriteError, Writer};

// The README is documentation too: its examples are compiled as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
