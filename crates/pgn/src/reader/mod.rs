//! The streaming reader: PGN bytes in, visitor calls out, one game at a time, reading what
//! python-chess 1.11 reads and recovering where it recovers.
//!
//! Its parts, each in a file of its own:
//! - `buffer`: the one buffer, refills, line ends as Python counts them, line and column;
//! - `bytes`: byte classes and python-chess's token shapes (its movetext regex, on bytes);
//! - `tags`: the tag section (python-chess's tag regex, ignored lines, blank lines);
//! - `window`: a 64-byte window's bit masks (line ends, spaces, tag-name bytes), with AVX2
//!   where the build has it, which read a tag line without a loop over its bytes;
//! - `movetext`: the token loop, variations, and what an illegal move skips;
//! - `skip`: between games, and a game's movetext skipped unread;
//! - `limits`: the bounds that keep memory and recursion constant whatever the input;
//! - `stream`: the [`Reader`] itself and how recovered problems reach the visitor.
//!
//! The compressed source (`.pgn.zst`) is [`crate::zstd`], outside the reader: the reader
//! takes any [`Read`].

mod buffer;
mod bytes;
mod limits;
mod movetext;
mod skip;
mod stream;
mod tags;
mod window;

pub use limits::{DEFAULT_MAX_TOKEN, MAX_ERRORS_PER_GAME, MAX_VARIATION_DEPTH};
pub use stream::Reader;
