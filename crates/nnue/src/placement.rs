//! What the network reads of a position: where the pieces stand and who moves.

use crate::error::EvalError;
use lerf_bitboard::Bitboard;
use lerf_position::{Board, Position};
use lerf_types::{Color, Piece, PieceType, Square};

/// A position the network can evaluate. Implemented for lerf's [`Position`] and [`Board`];
/// implement it for a board of your own to evaluate that.
pub trait Placement {
    /// Every occupied square.
    fn occupied(&self) -> Bitboard;
    /// The piece on `sq`.
    fn piece_on(&self, sq: Square) -> Option<Piece>;
    /// The squares of `color`'s kings (one, in any position the network evaluates).
    fn kings(&self, color: Color) -> Bitboard;
    /// The side to move.
    fn side_to_move(&self) -> Color;
}

impl Placement for Position {
    #[inline]
    fn occupied(&self) -> Bitboard {
        Position::occupied(self)
    }
    #[inline]
    fn piece_on(&self, sq: Square) -> Option<Piece> {
        Position::piece_on(self, sq)
    }
    #[inline]
    fn kings(&self, color: Color) -> Bitboard {
        self.pieces(color, PieceType::King)
    }
    #[inline]
    fn side_to_move(&self) -> Color {
        Position::side_to_move(self)
    }
}

impl Placement for Board {
    #[inline]
    fn occupied(&self) -> Bitboard {
        Board::occupied(self)
    }
    #[inline]
    fn piece_on(&self, sq: Square) -> Option<Piece> {
        Board::piece_on(self, sq)
    }
    #[inline]
    fn kings(&self, color: Color) -> Bitboard {
        self.pieces(color, PieceType::King)
    }
    #[inline]
    fn side_to_move(&self) -> Color {
        Board::side_to_move(self)
    }
}

/// The two kings' squares and the piece count, or why the network cannot evaluate it.
#[inline]
pub(crate) fn check(board: &impl Placement) -> Result<([Square; 2], u32), EvalError> {
    let (white, black) = (board.kings(Color::White), board.kings(Color::Black));
    if white.popcount() != 1 || black.popcount() != 1 {
        return Err(EvalError::Kings { white: white.popcount(), black: black.popcount() });
    }
    let count = board.occupied().popcount();
    if count > 32 {
        return Err(EvalError::TooManyPieces(count));
    }
    Ok(([white.first_square(), black.first_square()], count))
}
