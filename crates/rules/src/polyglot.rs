//! The Polyglot key of a [`LooseBoard`], as python-chess's `chess.polyglot.zobrist_hash`
//! computes it.

use super::board::LooseBoard;
use super::layout::bb;
use lerf_bitboard::{FILE_A, FILE_H};
use lerf_position::POLYGLOT_RANDOM as RANDOM;
use lerf_types::Color;

impl LooseBoard {
    /// The position's key in the Polyglot book format: every piece on its square, the
    /// castling rights each side keeps towards each wing, the en passant file when a pawn
    /// of the side to move stands beside the pawn that moved (legal to take or not), and
    /// the side to move.
    ///
    /// ```
    /// use lerf_rules::LooseBoard;
    /// assert_eq!(LooseBoard::startpos().polyglot_key(), 0x463b_9618_1691_fc9c);
    /// ```
    pub fn polyglot_key(&self) -> u64 {
        let l = &self.layout;
        let mut key = 0u64;
        for (pivot, color) in [(1, Color::White), (0, Color::Black)] {
            for sq in l.of_color(color).into_iter().rev() {
                let Some(pt) = l.piece_type_at(sq) else { continue };
                let kind = (pt as usize - 1) * 2 + pivot;
                key ^= RANDOM[64 * kind + sq as usize];
            }
        }
        let rights = [
            self.has_kingside_castling_rights(Color::White),
            self.has_queenside_castling_rights(Color::White),
            self.has_kingside_castling_rights(Color::Black),
            self.has_queenside_castling_rights(Color::Black),
        ];
        for (i, held) in rights.into_iter().enumerate() {
            if held {
                key ^= RANDOM[768 + i];
            }
        }
        if let Some(ep) = self.ep_truthy() {
            let behind = match self.turn {
                Color::White => bb(ep) >> 8,
                Color::Black => bb(ep) << 8,
            };
            let beside = ((behind >> 1) & !FILE_H) | ((behind << 1) & !FILE_A);
            if beside.intersects(l.pawns & self.ours()) {
                key ^= RANDOM[772 + ep.file() as usize];
            }
        }
        if self.turn == Color::White {
            key ^= RANDOM[780];
        }
        key
    }
}
