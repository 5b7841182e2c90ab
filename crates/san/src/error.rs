//! Why a SAN text is refused.

use alloc::{format, string::String};
use core::fmt;
use lerf_position::IllegalMoveReason;

/// What is wrong with a SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SanErrorKind {
    /// Not SAN syntax (the character at the offset is where it stops making sense).
    Syntax,
    /// A piece letter that is not one of `N B R Q K` (pawns have none).
    UnknownPiece(char),
    /// No piece of the side to move can make this move here.
    NoSuchMove,
    /// A piece can make it, but the move is not legal: the reason.
    Illegal(IllegalMoveReason),
    /// More than one legal move fits: the SAN needs a file or rank to tell them apart.
    Ambiguous,
    /// A pawn reaches the last rank and the SAN does not say what it promotes to.
    MissingPromotion,
    /// A null move (`--`) while in check, which would leave the king capturable: refused
    /// when it is to be played ([`play_san_board`](crate::play_san_board)).
    NullMoveInCheck,
}

/// A SAN that was refused: what is wrong, where in the text, and the text itself.
///
/// ```
/// use lerf_position::Position;
/// use lerf_san::{SanErrorKind, parse_san};
/// let pos = Position::from_fen("4k3/8/8/8/R6R/8/8/4K3 w - - 0 1")?;
/// let err = parse_san(&pos, "Rd4").unwrap_err();
/// assert_eq!(err.kind, SanErrorKind::Ambiguous);
/// assert_eq!(err.to_string(), "ambiguous san \"Rd4\": more than one legal move fits");
/// assert!(parse_san(&pos, "Rad4").is_ok());
/// assert_eq!(parse_san(&pos, "Pd4").unwrap_err().kind, SanErrorKind::UnknownPiece('P'));
/// # Ok::<(), lerf_position::FenError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SanError {
    /// What is wrong.
    pub kind: SanErrorKind,
    /// Byte offset in the text where the fault is (0 for the move as a whole).
    pub offset: usize,
    /// The text that was refused (cut to 16 characters).
    pub text: String,
}

impl SanError {
    pub(crate) fn new(kind: SanErrorKind, offset: usize, text: &[u8]) -> SanError {
        let text = String::from_utf8_lossy(text);
        let text = match text.char_indices().nth(16) {
            Some((end, _)) => format!("{}…", &text[..end]),
            None => text.into_owned(),
        };
        SanError { kind, offset, text }
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = &self.text;
        match self.kind {
            SanErrorKind::Syntax => {
                write!(f, "invalid san {text:?}: not SAN syntax at byte {}", self.offset)
            }
            SanErrorKind::UnknownPiece(c) => {
                write!(f, "invalid san {text:?}: {c:?} is not a piece letter (N, B, R, Q, K)")
            }
            SanErrorKind::NoSuchMove => write!(f, "illegal san {text:?}: no piece can make it"),
            SanErrorKind::Illegal(reason) => write!(f, "illegal san {text:?}: {reason}"),
            SanErrorKind::Ambiguous => {
                write!(f, "ambiguous san {text:?}: more than one legal move fits")
            }
            SanErrorKind::MissingPromotion => {
                write!(f, "illegal san {text:?}: the pawn must say what it promotes to")
            }
            SanErrorKind::NullMoveInCheck => {
                write!(f, "illegal san {text:?}: a null move in check")
            }
        }
    }
}

impl core::error::Error for SanError {}
