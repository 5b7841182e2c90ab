//! What the network reads of a position: where the pieces stand and who moves.

use crate::error::EvalError;
use lerf_bitboard::Bitboard;
use lerf_position::{Board, Position};
use lerf_types::{Color, Piece, PieceType, Square};

/// Every occupied square.
#[inline]
pub(crate) fn occupied(board: &impl Placement) -> Bitboard {
    Piece::ALL.iter().fold(Bitboard::EMPTY, |b, p| b | board.pieces(p.color(), p.piece_type()))
}

/// A position the network can evaluate. Implemented for lerf's [`Position`] and [`Board`];
/// implement it for a board of your own to evaluate that.
pub trait Placement {
    /// The squares of `color`'s pieces of type `piece_type`.
    fn pieces(&self, color: Color, piece_type: PieceType) -> Bitboard;
    /// The side to move.
    fn side_to_move(&self) -> Color;
}

impl Placement for Position {
    #[inline]
    fn pieces(&self, color: Color, piece_type: PieceType) -> Bitboard {
        Position::pieces(self, color, piece_type)
    }
    #[inline]
    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }
}

impl Placement for Board {
    #[inline]
    fn pieces(&self, color: Color, piece_type: PieceType) -> Bitboard {
        Board::pieces(self, color, piece_type)
    }
    #[inline]
    fn side_to_move(&self) -> Color {
        Board::side_to_move(self)
    }
}

/// The two kings' squares and the piece count, or why the network cannot evaluate it.
#[inline]
pub(crate) fn check(board: &impl Placement) -> Result<([Square; 2], u32), EvalError> {
    let (white, black) =
        (board.pieces(Color::White, PieceType::King), board.pieces(Color::Black, PieceType::King));
    if white.popcount() != 1 || black.popcount() != 1 {
        return Err(EvalError::Kings { white: white.popcount(), black: black.popcount() });
    }
    let count = occupied(board).popcount();
    if count > 32 {
        return Err(EvalError::TooManyPieces(count));
    }
    Ok(([white.first_square(), black.first_square()], count))
}
