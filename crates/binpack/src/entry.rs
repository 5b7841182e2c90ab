//! One training position: the board, the move played from it, the score, the ply and the
//! game's result.

use lerf_position::Board;
use lerf_types::Move;

/// A position as trainers keep it. `score` and `result` are from the side to move's view
/// (`result`: 1 win, 0 draw, -1 loss); the board carries the 50-move counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The position (with its castling rights, en passant square and 50-move counter).
    pub board: Board,
    /// The move played from it, castling as the king taking its rook (`Move::NULL` for
    /// none).
    pub mv: Move,
    /// The evaluation, in the trainer's units (Stockfish's internal ones for its data).
    pub score: i16,
    /// Plies since the game began.
    pub ply: u16,
    /// The game's result for the side to move.
    pub result: i16,
}

impl Entry {
    /// Whether `next` follows this entry in a chain: its position is this one after the
    /// move (50-move counter included), one ply later, the result seen from the other side.
    pub fn is_continued_by(&self, next: &Entry) -> bool {
        if self.result != -next.result
            || self.ply.checked_add(1) != Some(next.ply)
            || self.mv == Move::NULL
        {
            return false;
        }
        let mut after = self.board;
        after.do_move(self.mv);
        after == next.board && after.rule50_count() == next.board.rule50_count()
    }
}
