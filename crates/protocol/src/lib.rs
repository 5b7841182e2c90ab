//! The chess engine protocols for lerf: UCI's and XBoard's (CECP v2) messages in both
//! directions as Rust types, read from lines and written back, with moves checked against
//! lerf positions.
//!
//! Both sides use it. An engine reads [`uci::GuiCommand`]s and writes
//! [`uci::EngineMessage`]s (or [`xboard::GuiCommand`]s and [`xboard::EngineMessage`]s); a
//! GUI, a match runner or a Python binding does the opposite.
//! Reading follows UCI's rule for what it does not know: unknown tokens are passed over
//! and the rest of the line is read, so one bad token in a pv never costs the line. What
//! was passed over is kept, as a [`ParseError`] naming the token and its byte offset, in
//! the message's `skipped` list; a line with no message at all is an `Err`. Nothing here
//! panics on any input (a fuzz target checks it).
//!
//! ```
//! use lerf_protocol::uci::{EngineMessage, GuiCommand, Score};
//!
//! // The engine side: a command in, a message out.
//! let GuiCommand::Position(position) = "position startpos moves e2e4".parse()? else { unreachable!() };
//! let pos = position.to_position(false)?;
//! assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//!
//! // The GUI side: a stray token and a carriage return lose nothing.
//! let EngineMessage::Info(info) = "info depth 9 score cp -20 junk pv e7e5 g1f3\r".parse()? else { unreachable!() };
//! assert_eq!(info.score, Some(Score::Cp(-20)));
//! assert_eq!(info.pv_in(&pos)?.len(), 2);
//! assert_eq!(info.skipped[0].token.as_str(), "junk");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod tokens;
pub mod uci;
pub mod xboard;

pub use error::{MoveError, ParseError};

// The README is documentation too: its examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
