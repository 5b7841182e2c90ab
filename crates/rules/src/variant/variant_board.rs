//! [`VariantBoard`]: a position of a variant (the board, and what the variant adds to it).
//! What it answers by each variant's rules is in `by_variant.rs`; each variant's own rules
//! (`antichess`, `atomic`, `crazyhouse`, `races`) take it as data.

use crate::board::LooseBoard;
use crate::moves::LooseMove;
use alloc::vec::Vec;
use lerf_types::Color;

use super::kind::Variant;
use super::pockets::Pockets;

/// Inserts castling moves where python-chess lists them: after the pieces' moves, before
/// the pawns' (from `start` on in `out`).
pub(crate) fn insert_castling(
    board: &LooseBoard,
    out: &mut Vec<LooseMove>,
    start: usize,
    castling: &[LooseMove],
) {
    let pawns = board.layout.pawns;
    let at =
        out[start..].iter().position(|m| pawns.contains(m.from)).map_or(out.len(), |i| start + i);
    out.splice(at..at, castling.iter().copied());
}

/// A position of a [`Variant`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct VariantBoard {
    /// The variant.
    pub variant: Variant,
    /// The pieces, the side to move, castling, en passant and the counters.
    pub board: LooseBoard,
    /// Three-check: the checks each side (by [`Color`] index) must still give to win.
    pub remaining_checks: [u8; 2],
    /// Crazyhouse: the pieces each side holds in hand.
    pub pockets: Pockets,
}

impl VariantBoard {
    /// The variant's start position.
    pub fn new(variant: Variant) -> VariantBoard {
        VariantBoard::from_fen(variant, variant.starting_fen(), false)
            .expect("every variant's starting FEN reads")
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.board.turn
    }
}

/// The square a move goes to as masks take it: a castling move's is its rook's.
///
/// [`VariantBoard::generate_legal_piece_moves`]' rule, public for its callers' filters.
pub fn castling_target(board: &LooseBoard, m: LooseMove) -> lerf_types::Square {
    if board.is_castling(m) { board.to_chess960(m).to } else { m.to }
}
