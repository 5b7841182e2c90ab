//! PGN for lerf: a streaming reader with a visitor, a writer, and a replay that plays every
//! game through lerf.
//!
//! ```
//! use lerf_pgn::{Reader, Replay};
//!
//! let pgn = "[Event \"Casual\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
//! let mut reader = Reader::new(pgn.as_bytes());
//! let mut replay = Replay::new().with_outcomes();
//! while let Some(game) = reader.read_game(&mut replay) {
//!     match game {
//!         Ok(game) => println!("{} moves, {:?}", game.moves, game.outcome),
//!         Err(e) => eprintln!("{e}"), // game number, line, token and reason
//!     }
//! }
//! ```
//!
//! - [`Reader`] reads any [`Read`](std::io::Read) one game at a time in constant memory,
//!   calling a [`Visitor`] for each token; a visitor can skip a game's movetext or a
//!   variation cheaply.
//! - [`GameBuilder`] makes a [`Game`] (tags, moves, comments, NAGs, variations), which
//!   [`Game::to_pgn`] writes back.
//! - [`Replay`] plays every move with lerf and finds each game's outcome.
//! - [`GameChunks`] cuts the input into chunks of whole games, for threads and shards;
//!   [`ParallelGames`] runs work on them on several threads, results in input order.
//! - [`tree`] holds games as python-chess's `chess.pgn` does (a tree of nodes with
//!   comments, NAGs and variations), read with its reading rules and written back as it
//!   writes them; lerf's Python package serves `chess.pgn` from it.
//! - With the `shards` feature, [`shards::split`] cuts an input into Zstandard shards of
//!   whole games with a manifest, for engines that read a shard a task (Dask).
//! - With the `zstd` feature, [`ZstdReader`] and [`open`] read `.pgn.zst` (the Lichess
//!   database's format), decompressing on a second thread.

mod chunks;
mod error;
mod game;
mod parallel;
mod reader;
mod replay;
#[cfg(feature = "arrow")]
pub mod rows;
#[cfg(feature = "shards")]
pub mod shards;
pub mod tree;
mod variants;
mod visitor;
#[cfg(feature = "zstd")]
mod zstd;

pub use chunks::{Chunk, GameChunks};
pub use error::{PgnError, PgnErrorKind, ReadError, ReplayError};
pub use game::{Game, GameBuilder, LINE_WIDTH, Line, Node, SEVEN_TAG_ROSTER};
pub use parallel::ParallelGames;
pub use reader::{DEFAULT_MAX_TOKEN, MAX_ERRORS_PER_GAME, MAX_VARIATION_DEPTH, Reader};
pub use replay::{Replay, Replayed, position_from_fen_tag};
pub use variants::{PgnVariant, VariantKind, variant_kind};
pub use visitor::{GameResult, RawTag, Skip, UnknownResult, Visitor};
#[cfg(feature = "zstd")]
pub use zstd::{ZstdReader, decompressed, is_zstd, open};

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
