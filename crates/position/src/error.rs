//! Typed errors for FEN and UCI input.

use alloc::{borrow::ToOwned, format, string::String};
use core::fmt;
use lerf_types::{Color, Piece, Square, UciMove};

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
    /// Not 4 to 6 fields separated by ASCII whitespace.
    FieldCount(usize),
    /// A Unicode space (such as U+00A0) where only ASCII whitespace separates fields.
    NonAsciiSpace(char),
    /// Not 8 ranks separated by `/`.
    RankCount(usize),
    /// A character that is no piece letter or digit 1–8.
    BadPieceLetter(char),
    /// Two digits in a row (`4K21`): one digit counts the empty squares between pieces.
    AdjacentDigits,
    /// A rank that describes more than 8 squares (rank number 1–8).
    RankTooLong(u8),
    /// A rank that describes fewer than 8 squares (rank number 1–8).
    RankTooShort(u8),
    /// The side to move is not `w` or `b`.
    BadSideToMove,
    /// A character that is no castling letter (`KQkq`, a file letter, or a lone `-`).
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
    /// A counter with a character other than an ASCII digit (no sign, no spaces).
    NotDigits,
    /// A counter above its limit (the value given).
    NumberTooLarge(u32),
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
            Self::NonAsciiSpace(c) => write!(
                f,
                "U+{:04X} is not a field separator (fields are separated by ASCII whitespace)",
                u32::from(*c)
            ),
            Self::RankCount(n) => write!(f, "expected 8 ranks separated by '/', found {n}"),
            Self::BadPieceLetter(c) => {
                write!(f, "{c:?} is neither a piece letter (PNBRQKpnbrqk) nor a digit 1-8")
            }
            Self::AdjacentDigits => write!(f, "two digits in a row"),
            Self::RankTooLong(r) => write!(f, "rank {r} has more than 8 squares"),
            Self::RankTooShort(r) => write!(f, "rank {r} has fewer than 8 squares"),
            Self::BadSideToMove => write!(f, "expected w or b"),
            Self::BadCastlingLetter(c) => write!(
                f,
                "{c:?} is not a castling letter (K, Q, k, q, a file letter A-H or a-h, or a lone -)"
            ),
            Self::DuplicateCastling(c) => write!(f, "castling right {c:?} given twice"),
            Self::CastlingWithoutKing(c) => {
                write!(f, "castling right {c:?} but the king is not on its back rank")
            }
            Self::CastlingWithoutRook(c) => {
                write!(f, "castling right {c:?} but no rook where it must be")
            }
            Self::BadEnPassantSquare => {
                write!(
                    f,
                    "expected - or a square on the side's sixth rank (e6 for White, e3 for Black)"
                )
            }
            Self::ImpossibleEnPassant(sq) => write!(f, "no double pawn push can have passed {sq}"),
            Self::NotDigits => write!(f, "not a number (ASCII digits only)"),
            Self::NumberTooLarge(max) => write!(f, "larger than {max}, the limit"),
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

/// How many characters of the offending text a [`FenError`] keeps.
pub const FEN_ERROR_TOKEN_LIMIT: usize = 32;

/// A FEN that could not be read: which field, where, the offending text, and what is wrong.
///
/// ```
/// use lerf_position::{FenErrorKind, FenField, Position};
/// let err = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").unwrap_err();
/// assert_eq!(err.field, FenField::SideToMove);
/// assert_eq!(err.offset, 44);
/// assert_eq!(err.token, "x");
/// assert_eq!(err.kind, FenErrorKind::BadSideToMove);
/// assert_eq!(err.to_string(), "invalid fen: side to move \"x\" at byte 44: expected w or b");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FenError {
    /// The field at fault.
    pub field: FenField,
    /// The byte offset in the input where the fault is (for a field-wide fault, where the
    /// field starts; for a missing field, the input's length).
    pub offset: usize,
    /// The offending text: the character, word or field at fault, cut to
    /// [`FEN_ERROR_TOKEN_LIMIT`] characters (a `…` marks the cut).
    pub token: String,
    /// What is wrong.
    pub kind: FenErrorKind,
}

impl FenError {
    pub(crate) fn new(field: FenField, offset: usize, token: &str, kind: FenErrorKind) -> FenError {
        FenError { field, offset, token: cut(token), kind }
    }
}

/// `text` cut to [`FEN_ERROR_TOKEN_LIMIT`] characters, with `…` where it was cut.
fn cut(text: &str) -> String {
    match text.char_indices().nth(FEN_ERROR_TOKEN_LIMIT) {
        None => text.to_owned(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid fen: {} {:?} at byte {}: {}",
            self.field, self.token, self.offset, self.kind
        )
    }
}

impl core::error::Error for FenError {}

/// Why [`Position::check_move`](crate::Position::check_move) refused a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// [`Move::NONE`](lerf_types::Move::NONE) or [`Move::NULL`](lerf_types::Move::NULL) (a
    /// null move is played with `do_null_move`).
    NotAMove,
    /// 16 bits that no move is encoded as (promotion bits on a move that is no promotion).
    Malformed,
    /// No piece on the origin square.
    NoPiece(Square),
    /// The piece on the origin belongs to the side not to move.
    NotYourPiece(Square, Color),
    /// The move would capture a piece of the mover's own side.
    CapturesOwnPiece(Square),
    /// The piece cannot go from the origin to the destination (how it moves, or a blocked
    /// path).
    CannotReach(Piece, Square, Square),
    /// A pawn reaches the last rank without saying what it promotes to.
    MustPromote,
    /// A promotion by a piece that is not a pawn, to a square off the last rank, or to a
    /// king or a pawn.
    CannotPromote,
    /// No en-passant capture onto this square is possible now.
    NoEnPassant(Square),
    /// The king or rook has moved, or no rook castles from that square.
    NoCastlingRight,
    /// A piece stands between the king or rook and their castling squares.
    CastlingBlocked,
    /// The king would castle out of, through or into check.
    CastlingThroughCheck,
    /// The king is in check and the move neither captures nor blocks the checker.
    DoesNotAnswerCheck,
    /// The move would leave the mover's king in check (a pinned piece, or the king stepping
    /// onto an attacked square).
    LeavesKingInCheck,
}

impl fmt::Display for IllegalMoveReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotAMove => write!(f, "Move::NONE and Move::NULL are not moves"),
            Self::Malformed => write!(f, "not a well-formed move"),
            Self::NoPiece(sq) => write!(f, "no piece on {sq}"),
            Self::NotYourPiece(sq, side) => write!(f, "the piece on {sq} is not {side}'s"),
            Self::CapturesOwnPiece(sq) => write!(f, "it would capture its own piece on {sq}"),
            Self::CannotReach(pc, from, to) => {
                write!(f, "the {} on {from} cannot move to {to}", pc.piece_type().name())
            }
            Self::MustPromote => write!(f, "a pawn reaching the last rank must promote"),
            Self::CannotPromote => {
                write!(
                    f,
                    "only a pawn reaching the last rank promotes, to a knight, bishop, rook or queen"
                )
            }
            Self::NoEnPassant(sq) => write!(f, "no en-passant capture onto {sq} is possible"),
            Self::NoCastlingRight => write!(f, "no right to castle with that rook"),
            Self::CastlingBlocked => write!(f, "the castling path is not empty"),
            Self::CastlingThroughCheck => {
                write!(f, "the king would castle out of, through or into check")
            }
            Self::DoesNotAnswerCheck => {
                write!(f, "the king is in check and the move does not answer it")
            }
            Self::LeavesKingInCheck => write!(f, "it would leave the king in check"),
        }
    }
}

/// A move that was refused, with the reason.
///
/// ```
/// use lerf_position::{IllegalMoveReason, Position};
/// use lerf_types::{Move, Square};
/// let mut pos = Position::startpos();
/// let err = pos.play(Move::new(Square::E2, Square::E5)).unwrap_err();
/// assert!(matches!(err.reason, IllegalMoveReason::CannotReach(..)));
/// assert_eq!(err.to_string(), "illegal move e2e5: the pawn on e2 cannot move to e5");
/// assert_eq!(pos, Position::startpos());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IllegalMove {
    /// The move as UCI text in the position's notation.
    pub uci: UciMove,
    /// Why it was refused.
    pub reason: IllegalMoveReason,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}: {}", self.uci, self.reason)
    }
}

impl core::error::Error for IllegalMove {}

/// A UCI move text that is not a legal move in the position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum UciError {
    /// The text is not UCI move syntax.
    Syntax(lerf_types::ParseError),
    /// Well-formed, but not a legal move here.
    Illegal(IllegalMove),
}

impl From<IllegalMove> for UciError {
    fn from(e: IllegalMove) -> UciError {
        UciError::Illegal(e)
    }
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Syntax(e) => e.fmt(f),
            UciError::Illegal(e) => e.fmt(f),
        }
    }
}

impl core::error::Error for UciError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            UciError::Syntax(e) => Some(e),
            UciError::Illegal(e) => Some(e),
        }
    }
}
