//! Antichess (python-chess's giveaway rules, Lichess's antichess): captures are compulsory,
//! the king is an ordinary piece (no check; a pawn may promote to it), and a
//! side without pieces has won.

use alloc::vec::Vec;

use lerf_bitboard::Bitboard;
use lerf_types::{Color, PieceType};

use super::VariantBoard;
use crate::moves::LooseMove;

/// Whether a side has no pieces left.
pub(super) fn is_end(vb: &VariantBoard) -> bool {
    let l = &vb.board.layout;
    !l.of_color(Color::White).any() || !l.of_color(Color::Black).any()
}

/// The pseudo-legal moves, castling whatever attacks the king's path, with a king
/// promotion before each queen promotion (python-chess's order).
pub(super) fn pseudo_legal_moves(vb: &VariantBoard, out: &mut Vec<LooseMove>) {
    let b = &vb.board;
    let mut no_castling = *b;
    no_castling.castling_rights = Bitboard::EMPTY;
    let start = out.len();
    no_castling.generate_pseudo_legal_moves(Bitboard::FULL, Bitboard::FULL, out);
    // No check in antichess: the king castles whatever attacks its path.
    let mut castling = Vec::new();
    b.for_each_castling_move_with(
        Bitboard::FULL,
        Bitboard::FULL,
        |_, _, _| false,
        |m| castling.push(m),
    );
    super::variant_board::insert_castling(b, out, start, &castling);
    let mut i = start;
    while i < out.len() {
        let m = out[i];
        if m.promotion == Some(PieceType::Queen) {
            out.insert(i, LooseMove { promotion: Some(PieceType::King), ..m });
            i += 1;
        }
        i += 1;
    }
}

/// The legal moves: the captures if there is one, else every pseudo-legal move.
pub(super) fn legal_moves(vb: &VariantBoard, out: &mut Vec<LooseMove>) {
    let start = out.len();
    pseudo_legal_moves(vb, out);
    let b = &vb.board;
    if out[start..].iter().any(|&m| b.is_capture(m)) {
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            if b.is_capture(m) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
}

/// How many legal moves there are (`legal_moves`' length), counted from attack sets: the
/// captures when there is one (a capturing promotion five ways, a king among them), else
/// every move, castling included.
pub(super) fn count_legal_moves(vb: &VariantBoard) -> usize {
    let b = &vb.board;
    let l = &b.layout;
    let (ours, theirs) = (l.of_color(b.turn), l.of_color(!b.turn));
    let empty = !l.occupied;
    let pawns = l.pawns & ours;
    let (mut captures, mut quiet) = (0, 0);
    for from in ours & !l.pawns {
        let attacks = l.attacks_mask(from);
        captures += (attacks & theirs).popcount() as usize;
        quiet += (attacks & empty).popcount() as usize;
    }
    let targets = b.pawn_targets(pawns);
    captures += targets.weigh(targets.left, 5) + targets.weigh(targets.right, 5);
    let mut en_passant = Vec::new();
    b.generate_pseudo_legal_ep(Bitboard::FULL, Bitboard::FULL, &mut en_passant);
    captures += en_passant.len();
    if captures > 0 {
        return captures;
    }
    let mut castling = 0;
    b.for_each_castling_move_with(
        Bitboard::FULL,
        Bitboard::FULL,
        |_, _, _| false,
        |_| castling += 1,
    );
    quiet + targets.weigh(targets.single, 5) + targets.double.popcount() as usize + castling
}
