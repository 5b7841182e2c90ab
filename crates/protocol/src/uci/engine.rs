//! What a UCI engine sends its GUI.

use core::fmt;

use lerf_position::Position;
use lerf_types::{Move, UciMove};

use super::info::Info;
use super::option::EngineOption;
use super::values::uci_move;
use crate::error::{MoveError, ParseError};
use crate::tokens::Tokens;

/// A line from a UCI engine.
///
/// ```
/// use lerf_protocol::uci::EngineMessage;
///
/// let m: EngineMessage = "bestmove e2e4 ponder e7e5".parse()?;
/// assert_eq!(m, EngineMessage::BestMove { best: Some("e2e4".parse()?), ponder: Some("e7e5".parse()?) });
/// assert_eq!(m.to_string(), "bestmove e2e4 ponder e7e5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineMessage {
    /// `id name <name>`.
    Name(String),
    /// `id author <author>`.
    Author(String),
    /// `uciok`.
    UciOk,
    /// `readyok`.
    ReadyOk,
    /// `bestmove <move> [ponder <move>]`; `best` is `None` for `bestmove (none)`, which
    /// engines send when there is no legal move.
    BestMove {
        /// The move to play.
        best: Option<UciMove>,
        /// The reply the engine would like to ponder on.
        ponder: Option<UciMove>,
    },
    /// `copyprotection checking|ok|error`.
    CopyProtection(Status),
    /// `registration checking|ok|error`.
    Registration(Status),
    /// `info ...`.
    Info(Box<Info>),
    /// `option name ... type ...`.
    Option(EngineOption),
}

/// A `bestmove` checked against its position: the move, and the ponder move after it.
pub type BestAndPonder = (Move, Option<Move>);

/// The state of a copy protection or registration check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// `checking`.
    Checking,
    /// `ok`.
    Ok,
    /// `error`.
    Error,
}

impl EngineMessage {
    /// The best move and ponder move of a `bestmove` checked against `pos`, the position
    /// searched (the ponder move after the best one); `None` for any other message or for
    /// `bestmove (none)`.
    ///
    /// # Errors
    ///
    /// [`MoveError`]: the best move (index 0) or the ponder move (index 1) is not legal.
    pub fn best_move_in(&self, pos: &Position) -> Result<Option<BestAndPonder>, MoveError> {
        let EngineMessage::BestMove { best: Some(best), ponder } = self else { return Ok(None) };
        let best = pos.legal_uci(*best).map_err(|e| MoveError { index: 0, error: e.into() })?;
        let ponder = match ponder {
            None => None,
            Some(p) => {
                let mut after = pos.clone();
                after.do_move(best);
                Some(after.legal_uci(*p).map_err(|e| MoveError { index: 1, error: e.into() })?)
            }
        };
        Ok(Some((best, ponder)))
    }
}

fn status(tokens: &mut Tokens<'_>, expected: &'static str) -> Result<Status, ParseError> {
    match tokens.next() {
        Some(t) if t.text == "checking" => Ok(Status::Checking),
        Some(t) if t.text == "ok" => Ok(Status::Ok),
        Some(t) if t.text == "error" => Ok(Status::Error),
        Some(t) => Err(ParseError::new(t.text, t.at, expected)),
        None => Err(ParseError::new("", tokens.line().len(), expected)),
    }
}

impl core::str::FromStr for EngineMessage {
    type Err = ParseError;

    /// Reads one line. Unknown tokens before the message are passed over, as UCI asks; an
    /// `info` line never fails (what it does not understand is in [`Info::skipped`]).
    fn from_str(line: &str) -> Result<EngineMessage, ParseError> {
        let mut tokens = Tokens::new(line);
        let end = line.len();
        let mut first_unknown = None;
        while let Some(t) = tokens.next() {
            return match t.text {
                "uciok" => Ok(EngineMessage::UciOk),
                "readyok" => Ok(EngineMessage::ReadyOk),
                "id" => match tokens.next() {
                    Some(k) if k.text == "name" => {
                        Ok(EngineMessage::Name(tokens.rest().text.to_owned()))
                    }
                    Some(k) if k.text == "author" => {
                        Ok(EngineMessage::Author(tokens.rest().text.to_owned()))
                    }
                    Some(k) => Err(ParseError::new(k.text, k.at, "name or author after id")),
                    None => Err(ParseError::new("", end, "name or author after id")),
                },
                "bestmove" => {
                    let best = match tokens.next() {
                        Some(m) if m.text == "(none)" || m.text == "none" => None,
                        Some(m) => Some(uci_move(m, "a move after bestmove")?),
                        None => return Err(ParseError::new("", end, "a move after bestmove")),
                    };
                    let ponder = match tokens.next() {
                        Some(p) if p.text == "ponder" => match tokens.next() {
                            Some(m) if m.text == "(none)" => None,
                            Some(m) => Some(uci_move(m, "a move after ponder")?),
                            None => None,
                        },
                        Some(p) => {
                            return Err(ParseError::new(
                                p.text,
                                p.at,
                                "ponder after the best move",
                            ));
                        }
                        None => None,
                    };
                    Ok(EngineMessage::BestMove { best, ponder })
                }
                "copyprotection" => {
                    status(&mut tokens, "checking, ok or error").map(EngineMessage::CopyProtection)
                }
                "registration" => {
                    status(&mut tokens, "checking, ok or error").map(EngineMessage::Registration)
                }
                "info" => Ok(EngineMessage::Info(Box::new(Info::parse(&mut tokens)))),
                "option" => EngineOption::parse(&mut tokens).map(EngineMessage::Option),
                _ => {
                    first_unknown.get_or_insert(t);
                    continue;
                }
            };
        }
        let (text, at) = first_unknown.map_or(("", end), |t| (t.text, t.at));
        Err(ParseError::new(text, at, "a UCI engine message"))
    }
}

impl fmt::Display for EngineMessage {
    /// The line (no line end), as a GUI reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let status = |s: &Status| match s {
            Status::Checking => "checking",
            Status::Ok => "ok",
            Status::Error => "error",
        };
        match self {
            EngineMessage::Name(name) => write!(f, "id name {name}"),
            EngineMessage::Author(author) => write!(f, "id author {author}"),
            EngineMessage::UciOk => f.write_str("uciok"),
            EngineMessage::ReadyOk => f.write_str("readyok"),
            EngineMessage::BestMove { best, ponder } => {
                match best {
                    Some(best) => write!(f, "bestmove {best}")?,
                    None => f.write_str("bestmove (none)")?,
                }
                if let Some(p) = ponder {
                    write!(f, " ponder {p}")?;
                }
                Ok(())
            }
            EngineMessage::CopyProtection(s) => write!(f, "copyprotection {}", status(s)),
            EngineMessage::Registration(s) => write!(f, "registration {}", status(s)),
            EngineMessage::Info(info) => info.fmt(f),
            EngineMessage::Option(option) => option.fmt(f),
        }
    }
}
