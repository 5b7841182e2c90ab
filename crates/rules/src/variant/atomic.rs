//! Atomic: a capture explodes the capturing piece, the captured one and every piece but
//! pawns on the squares around; a king does not capture (it would go up), a king beside the
//! other king is never in check, and exploding the other king wins (even out of check).

use alloc::vec::Vec;

use lerf_bitboard::{Bitboard, RANK_1, RANK_8, king_attacks};
use lerf_types::{Color, Square};

use super::VariantBoard;
use crate::board::LooseBoard;
use crate::layout::bb;
use crate::moves::LooseMove;

/// Whether a side has lost its king.
pub(super) fn is_end(vb: &VariantBoard) -> bool {
    let l = &vb.board.layout;
    !(l.kings & l.of_color(Color::White)).any() || !(l.kings & l.of_color(Color::Black)).any()
}

/// Whether `color`'s king on `sq` would be in check on `board`: attacked by a piece that is
/// not a king, and not beside the other side's king.
fn king_attacked(board: &LooseBoard, color: Color, sq: Square, occupied: Bitboard) -> bool {
    let l = &board.layout;
    if king_attacks(sq).intersects(l.kings & l.of_color(!color)) {
        return false;
    }
    (l.attackers_mask(!color, sq, occupied) & !l.kings).any()
}

/// Whether a king of White's stands beside one of Black's (then no king is in check).
fn kings_connected(board: &LooseBoard) -> bool {
    let l = &board.layout;
    let black = l.kings & l.of_color(Color::Black);
    (l.kings & l.of_color(Color::White)).into_iter().any(|k| king_attacks(k).intersects(black))
}

/// Whether `color` is in check in atomic's sense: its king attacked while no two kings stand
/// side by side. In a set-up with several kings of a side, its king is python-chess's (the
/// highest unpromoted one), as python-chess 1.11.2 judges it.
pub(super) fn is_check(board: &LooseBoard, color: Color) -> bool {
    let l = &board.layout;
    !kings_connected(board)
        && l.king(color).is_some_and(|king| l.attackers_mask(!color, king, l.occupied).any())
}

/// The explosion of a capture on `to`, made on `next` (the position after the capturing
/// move): the piece now on `to` and every piece but pawns around it go, and with them any
/// castling right their squares held.
fn explode(next: &mut LooseBoard, to: Square) {
    let radius = king_attacks(to) & !next.layout.pawns;
    next.castling_rights &= !radius;
    let l = &next.layout;
    let unpromoted_kings = l.kings & radius & !l.promoted;
    if unpromoted_kings.intersects(l.of_color(Color::White)) {
        next.castling_rights &= !RANK_1;
    }
    if unpromoted_kings.intersects(l.of_color(Color::Black)) {
        next.castling_rights &= !RANK_8;
    }
    for sq in (radius | bb(to)) & next.layout.occupied {
        next.layout.remove_piece_at(sq);
    }
}

/// The position after `m`, explosion included (none for an en passant capture whose victim
/// a set-up left out: nothing was taken).
pub(super) fn play(vb: &VariantBoard, m: LooseMove, next: &mut VariantBoard) {
    let capture = vb.board.taken(m).is_some();
    next.board = vb.board.play_unchecked(m);
    if capture {
        explode(&mut next.board, m.to);
    }
}

/// Whether the mover's king survives `m` and is not left in check (unless the other king
/// went up).
fn is_safe(vb: &VariantBoard, m: LooseMove) -> bool {
    let us = vb.board.turn;
    let mut after = *vb;
    play(vb, m, &mut after);
    let l = &after.board.layout;
    if !(l.kings & l.of_color(us)).any() {
        return false;
    }
    if !(l.kings & l.of_color(!us)).any() {
        return true;
    }
    !is_check(&after.board, us)
}

/// The pseudo-legal moves: the standard ones but castling, which is judged by atomic's
/// checks (a king beside the other is not in check), after them.
pub(super) fn pseudo_legal_moves(vb: &VariantBoard, out: &mut Vec<LooseMove>) {
    let b = &vb.board;
    let start = out.len();
    let mut no_castling = *b;
    no_castling.castling_rights = Bitboard::EMPTY;
    no_castling.generate_pseudo_legal_moves(Bitboard::FULL, Bitboard::FULL, out);
    let castle = |board: &LooseBoard, path: Bitboard, occupied: Bitboard| {
        path.into_iter().any(|sq| king_attacked(board, board.turn, sq, occupied))
    };
    let mut castling = Vec::new();
    b.for_each_castling_move_with(Bitboard::FULL, Bitboard::FULL, castle, |m| castling.push(m));
    super::variant_board::insert_castling(b, out, start, &castling);
}

/// The legal moves: pseudo-legal ones (kings do not capture) whose outcome is safe.
///
/// A capture is made and judged whole (the explosion may take the king, or the checker).
/// A quiet move is legal when standard chess finds it legal, or when it leaves the two
/// kings side by side (a king beside the other is never in check, and a king never
/// attacks): that is decided with the standard pins and blockers when the kings are apart
/// and the side to move is not in check, the common case, and by making the move otherwise.
pub(super) fn legal_moves(vb: &VariantBoard, out: &mut Vec<LooseMove>) {
    let b = &vb.board;
    let l = &b.layout;
    let start = out.len();
    pseudo_legal_moves(vb, out);
    let us = b.turn;
    let our_king = l.king(us);
    let their_kings = l.kings & l.of_color(!us);
    // The quick way needs the one king the side has (several, in a set-up no game reaches,
    // are judged by making each move).
    let single = (l.kings & l.of_color(us)).popcount() == 1;
    let quick = our_king.filter(|&k| {
        single
            && their_kings.any()
            && !king_attacks(k).intersects(their_kings)
            && !l.attackers_mask(!us, k, l.occupied).any()
    });
    let blockers = quick.map(|k| b.slider_blockers(k));
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        let from_king = l.kings.intersects(bb(m.from));
        let castling = from_king && b.is_castling(m);
        let capture = !castling && b.is_capture(m);
        // A king that captures goes up with its victim: legal only for a side with another
        // king (a set-up no game reaches), which making the move finds out.
        let legal = if from_king && capture && single {
            false
        } else if let (Some(king), Some(blockers), false, false) =
            (quick, blockers, capture, castling)
        {
            (from_king && king_attacks(m.to).intersects(their_kings))
                || b.is_safe(king, blockers, m)
        } else {
            is_safe(vb, m)
        };
        if legal {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// The legal moves from `from_mask` to `to_mask` of pieces other than the mover's king
/// (whose castling is judged apart): standard pseudo-legal moves, each made and judged
/// whole, as [`legal_moves`] judges them.
pub(super) fn legal_piece_moves(
    vb: &VariantBoard,
    from_mask: Bitboard,
    to_mask: Bitboard,
    out: &mut Vec<LooseMove>,
) {
    let b = &vb.board;
    let start = out.len();
    b.generate_pseudo_legal_moves(from_mask & !b.layout.kings, to_mask, out);
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        if is_safe(vb, m) {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
}
