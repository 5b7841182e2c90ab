//! What reading a game into a tree can meet, as python-chess's reader meets it: the
//! problems it records and reads past ([`ReadIssue`], python-chess's `game.errors`) and the
//! ones its `GameBuilder` fails on outright ([`BuildError`]).

use super::game_tree::SetupError;
use core::fmt;
use lerf_san::loose::LooseSanError;
use std::string::String;

/// What python-chess's reader records in `game.errors` and reads on past.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadIssue {
    /// A SAN that names no move here.
    San {
        /// Why.
        error: LooseSanError,
        /// The SAN as read.
        san: String,
        /// The position it was read in.
        fen: String,
    },
    /// The start position cannot be set up (the movetext is skipped), or the variant is
    /// unknown (the game is then read as standard chess).
    Setup(SetupError),
}

/// python-chess's exception class for a [`ReadIssue`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReadIssueKind {
    /// `InvalidMoveError`.
    InvalidMove,
    /// `IllegalMoveError`.
    IllegalMove,
    /// `AmbiguousMoveError`.
    AmbiguousMove,
    /// `ValueError`.
    Value,
}

impl ReadIssue {
    /// The exception class python-chess records for it.
    pub fn kind(&self) -> ReadIssueKind {
        match self {
            ReadIssue::San {
                error: LooseSanError::Invalid { .. } | LooseSanError::InvalidDrop,
                ..
            } => ReadIssueKind::InvalidMove,
            ReadIssue::San { error: LooseSanError::Ambiguous, .. } => ReadIssueKind::AmbiguousMove,
            ReadIssue::San { .. } => ReadIssueKind::IllegalMove,
            ReadIssue::Setup(_) => ReadIssueKind::Value,
        }
    }
}

impl fmt::Display for ReadIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadIssue::San { error: error @ LooseSanError::Invalid { .. }, san, .. } => {
                write!(f, "{error}: {san:?}")
            }
            ReadIssue::San { error: error @ LooseSanError::InvalidDrop, san, .. } => {
                write!(f, "{error}: {:?}", lerf_san::variant::drop_uci(san))
            }
            ReadIssue::San { error: error @ LooseSanError::NoMatchingMove { .. }, fen, .. } => {
                write!(f, "{error} in {fen}")
            }
            ReadIssue::San { error, san, fen } => write!(f, "{error}: {san:?} in {fen}"),
            ReadIssue::Setup(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for ReadIssue {}

/// Where python-chess's `GameBuilder` fails outright on a malformed game (its variation
/// stack runs empty after a `)` that closed a variation skipped at the main line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BuildError {
    /// A list index out of range (`IndexError`): the stack is empty.
    EmptyStack,
    /// `pop from empty list` (`IndexError`).
    PopEmptyStack,
    /// A variation begins with the root on top of the stack (`AssertionError`).
    VariationAtRoot,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BuildError::EmptyStack => "list index out of range",
            BuildError::PopEmptyStack => "pop from empty list",
            BuildError::VariationAtRoot => "begin_variation called, but root node on top of stack",
        })
    }
}

impl core::error::Error for BuildError {}
