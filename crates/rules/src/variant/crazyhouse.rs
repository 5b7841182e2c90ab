//! Crazyhouse: a captured piece goes to the capturer's pocket (a promoted one as a pawn)
//! and may be dropped, as a move, on an empty square (a pawn not on the first or last
//! rank).

use alloc::vec::Vec;

use lerf_bitboard::{Bitboard, RANK_1, RANK_8, between};
use lerf_types::PieceType;

use super::VariantBoard;
use super::pockets::DROPPABLE;
use crate::board::LooseBoard;
use crate::moves::LooseMove;

/// The squares a drop may go to: every empty one, only between the king and its one
/// checker when in check, none in double check.
fn drop_squares(board: &LooseBoard) -> Bitboard {
    let empty = !board.layout.occupied;
    let checkers = board.checkers_mask();
    if !checkers.any() {
        return empty;
    }
    match (board.layout.king(board.turn), checkers.popcount()) {
        (Some(king), 1) => between(king, LooseBoard::top(checkers)) & empty,
        _ => Bitboard::EMPTY,
    }
}

/// The legal moves: the standard ones, then the drops (each piece type in hand from pawn
/// to queen, then a king, each square from a1 up).
pub(super) fn legal_moves(vb: &VariantBoard, out: &mut Vec<LooseMove>) {
    let b = &vb.board;
    b.generate_legal_moves(Bitboard::FULL, Bitboard::FULL, out);
    if !vb.pockets.is_empty(b.turn) {
        drops(vb, drop_squares(b), out);
    }
}

/// How many legal drops there are.
pub(super) fn count_drops(vb: &VariantBoard) -> usize {
    let us = vb.board.turn;
    if vb.pockets.is_empty(us) {
        return 0;
    }
    let squares = drop_squares(&vb.board);
    DROPPABLE
        .iter()
        .filter(|&&pt| vb.pockets.count(us, pt) > 0)
        .map(|&pt| {
            let allowed =
                if pt == PieceType::Pawn { squares & !(RANK_1 | RANK_8) } else { squares };
            allowed.popcount() as usize
        })
        .sum()
}

/// Appends the drops the side to move's pocket allows on `squares`.
pub(super) fn drops(vb: &VariantBoard, squares: Bitboard, out: &mut Vec<LooseMove>) {
    let us = vb.board.turn;
    for pt in DROPPABLE {
        if vb.pockets.count(us, pt) == 0 {
            continue;
        }
        let allowed = if pt == PieceType::Pawn { squares & !(RANK_1 | RANK_8) } else { squares };
        for to in allowed {
            out.push(LooseMove { from: to, to, promotion: None, drop: Some(pt) });
        }
    }
}

/// The position after `m`: a drop leaves the pocket, a capture enters the capturer's.
pub(super) fn play(vb: &VariantBoard, m: LooseMove, next: &mut VariantBoard) {
    let b = &vb.board;
    let us = b.turn;
    if let Some(pt) = m.drop {
        next.pockets.remove(us, pt);
    } else if let Some((pt, promoted)) = b.taken(m) {
        next.pockets.add(us, if promoted { PieceType::Pawn } else { pt });
    }
    next.board = b.play_unchecked(m);
}
