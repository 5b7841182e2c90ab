//! What the loose board refuses: FEN text it cannot read, moves it cannot play.

use core::fmt;

/// Why a FEN (or its board part, or an EPD) was refused. Only the text's form is checked:
/// any arrangement of pieces is read, as python-chess reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LooseFenError {
    /// No text at all.
    Empty,
    /// The board part holds a space (several fields given where one was expected).
    BoardHasSeveralParts,
    /// The board part does not have 8 rows.
    RowCount,
    /// Two digits follow each other in a row.
    ConsecutiveDigits,
    /// A `~` (promoted piece) that does not follow a piece.
    TildeNotAfterPiece,
    /// A character that is neither a piece, a digit 1–8 nor `~`.
    BadCharacter(char),
    /// A row that does not cover 8 squares.
    RowWidth,
    /// The side to move is neither `w` nor `b`.
    Turn,
    /// The castling field is not `-`, nor up to two white then two black letters.
    Castling,
    /// The en passant field is neither `-` nor a square.
    EnPassant,
    /// The half-move clock is not a number (or too large to keep).
    HalfmoveClock,
    /// The full-move number is not a number (or too large to keep).
    FullmoveNumber,
    /// The half-move clock is a negative number.
    NegativeHalfmoveClock,
    /// The full-move number is a negative number.
    NegativeFullmoveNumber,
    /// More than six fields.
    TooManyParts,
    /// Three-check's checks to give (`3+3`, the fifth field) that are not two numbers.
    CheckPart,
    /// Lichess's checks given (`+1+2`, the seventh field) that are not two numbers.
    LichessCheckPart,
    /// A crazyhouse board part closed by `]` without 8 rows before its pocket.
    PocketRows,
    /// A character in a crazyhouse pocket that is no piece (as python-chess names it:
    /// White's letters in lower case).
    PocketLetter(char),
}

impl fmt::Display for LooseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LooseFenError::Empty => f.write_str("empty fen"),
            LooseFenError::BoardHasSeveralParts => {
                f.write_str("expected position part of fen, got multiple parts")
            }
            LooseFenError::RowCount => f.write_str("expected 8 rows in position part of fen"),
            LooseFenError::ConsecutiveDigits => {
                f.write_str("two subsequent digits in position part of fen")
            }
            LooseFenError::TildeNotAfterPiece => {
                f.write_str("'~' not after piece in position part of fen")
            }
            LooseFenError::BadCharacter(_) => {
                f.write_str("invalid character in position part of fen")
            }
            LooseFenError::RowWidth => {
                f.write_str("expected 8 columns per row in position part of fen")
            }
            LooseFenError::Turn => f.write_str("expected 'w' or 'b' for turn part of fen"),
            LooseFenError::Castling => f.write_str("invalid castling part in fen"),
            LooseFenError::EnPassant => f.write_str("invalid en passant part in fen"),
            LooseFenError::HalfmoveClock => f.write_str("invalid half-move clock in fen"),
            LooseFenError::FullmoveNumber => f.write_str("invalid fullmove number in fen"),
            LooseFenError::NegativeHalfmoveClock => {
                f.write_str("half-move clock cannot be negative")
            }
            LooseFenError::NegativeFullmoveNumber => {
                f.write_str("fullmove number cannot be negative")
            }
            LooseFenError::TooManyParts => f.write_str("fen string has more parts than expected"),
            LooseFenError::CheckPart => f.write_str("invalid check part in three-check fen"),
            LooseFenError::LichessCheckPart => {
                f.write_str("invalid check part in lichess three-check fen")
            }
            LooseFenError::PocketRows => f.write_str("expected 8 rows in position part of zh fen"),
            // python-chess's words are those of the list it looks the letter up in.
            LooseFenError::PocketLetter(c) => write!(f, "{c:?} is not in list"),
        }
    }
}

impl core::error::Error for LooseFenError {}

/// A move the loose board will not play: [`LooseBoard::play`](super::LooseBoard::play)
/// takes null moves and pseudo-legal moves only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NotPseudoLegal(pub crate::moves::LooseMove);

impl fmt::Display for NotPseudoLegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a pseudo-legal move here", self.0)
    }
}

impl core::error::Error for NotPseudoLegal {}
