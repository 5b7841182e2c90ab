//! Typed errors for FEN and UCI input.

use core::fmt;
use lerf_types::{Color, Square};

/// Which part of a FEN an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The FEN as a whole (field count, or a rule that spans fields).
    Whole,
    /// Field 1: piece placement.
    Board,
    /// Field 2: side to move.
    SideToMove,
    /// Field 3: castling rights.
    Castling,
    /// Field 4: en-passant square.
    EnPassant,
    /// Field 5: half-move clock.
    HalfmoveClock,
    /// Field 6: full-move number.
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Whole => "fen",
            FenField::Board => "piece placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "half-move clock",
            FenField::FullmoveNumber => "full-move number",
        })
    }
}

/// What is wrong with a FEN.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// Not 4 to 6 space-separated fields.
    FieldCount(usize),
    /// Not 8 ranks separated by `/`.
    RankCount(usize),
    /// A character that is no piece letter or digit 1–8.
    BadPieceLetter(char),
    /// A rank that describes more than 8 squares (rank number 1–8).
    RankTooLong(u8),
    /// A rank that describes fewer than 8 squares (rank number 1–8).
    RankTooShort(u8),
    /// The side to move is not `w` or `b`.
    BadSideToMove,
    /// A character that is no castling letter.
    BadCastlingLetter(char),
    /// The same castling right twice.
    DuplicateCastling(char),
    /// A castling right for a side whose king is not on its back rank.
    CastlingWithoutKing(char),
    /// A castling right with no rook where it must be.
    CastlingWithoutRook(char),
    /// Not a square, or a square on the wrong rank.
    BadEnPassantSquare,
    /// An en-passant square that no double pawn push could have left.
    ImpossibleEnPassant(Square),
    /// A counter that is not a number in range.
    BadNumber,
    /// A side without a king.
    MissingKing(Color),
    /// A side with more than one king.
    TooManyKings(Color),
    /// A side with more than 16 pieces, or more pieces than promotions could give.
    TooManyPieces(Color),
    /// A side with more than 8 pawns.
    TooManyPawns(Color),
    /// A pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// The side not to move is in check.
    OpponentInCheck,
    /// The side to move is attacked by more than two pieces.
    TooManyCheckers(u32),
}

impl fmt::Display for FenErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::FieldCount(n) => write!(f, "expected 4 to 6 fields, found {n}"),
            Self::RankCount(n) => write!(f, "expected 8 ranks, found {n}"),
            Self::BadPieceLetter(c) => write!(f, "unexpected character {c:?}"),
            Self::RankTooLong(r) => write!(f, "rank {r} has more than 8 squares"),
            Self::RankTooShort(r) => write!(f, "rank {r} has fewer than 8 squares"),
            Self::BadSideToMove => write!(f, "expected w or b"),
            Self::BadCastlingLetter(c) => write!(f, "unexpected character {c:?}"),
            Self::DuplicateCastling(c) => write!(f, "castling right {c:?} given twice"),
            Self::CastlingWithoutKing(c) => {
                write!(f, "castling right {c:?} but the king is not on its back rank")
            }
            Self::CastlingWithoutRook(c) => {
                write!(f, "castling right {c:?} but no rook where it must be")
            }
            Self::BadEnPassantSquare => {
                write!(f, "expected - or a square on the third or sixth rank")
            }
            Self::ImpossibleEnPassant(sq) => write!(f, "no double pawn push can have passed {sq}"),
            Self::BadNumber => write!(f, "not a number in range"),
            Self::MissingKing(c) => write!(f, "{c} has no king"),
            Self::TooManyKings(c) => write!(f, "{c} has more than one king"),
            Self::TooManyPieces(c) => write!(f, "{c} has more pieces than a game can produce"),
            Self::TooManyPawns(c) => write!(f, "{c} has more than 8 pawns"),
            Self::PawnOnBackRank(sq) => write!(f, "pawn on {sq}, on the first or last rank"),
            Self::OpponentInCheck => write!(f, "the side not to move is in check"),
            Self::TooManyCheckers(n) => write!(f, "the king is attacked by {n} pieces"),
        }
    }
}

/// A FEN that could not be read: which field, its text, and what is wrong.
///
/// ```
/// use lerf_position::{FenErrorKind, FenField, Position};
/// let err = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").unwrap_err();
/// assert_eq!(err.field, FenField::SideToMove);
/// assert_eq!(err.kind, FenErrorKind::BadSideToMove);
/// assert_eq!(err.to_string(), "invalid fen, side to move \"x\": expected w or b");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FenError {
    /// The field at fault.
    pub field: FenField,
    /// The text of that field (the whole FEN for [`FenField::Whole`]).
    pub text: String,
    /// What is wrong.
    pub kind: FenErrorKind,
}

impl FenError {
    pub(crate) fn new(field: FenField, text: &str, kind: FenErrorKind) -> FenError {
        FenError { field, text: text.to_owned(), kind }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid fen, {} {:?}: {}", self.field, self.text, self.kind)
    }
}

impl std::error::Error for FenError {}

/// A UCI move text that is not a legal move in the position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum UciError {
    /// The text is not UCI move syntax.
    Syntax(lerf_types::ParseError),
    /// Well-formed, but not a legal move here.
    Illegal(String),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax(e) => e.fmt(f),
            UciError::Illegal(text) => write!(f, "illegal move in this position: {text:?}"),
        }
    }
}

impl std::error::Error for UciError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            UciError::Syntax(e) => Some(e),
            UciError::Illegal(_) => None,
        }
    }
}
