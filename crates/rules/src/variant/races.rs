//! The races: king of the hill (a king on the four centre squares wins) and racing kings
//! (no checks; the first king on the eighth rank wins, Black may draw by answering).

use alloc::vec::Vec;

use lerf_bitboard::{Bitboard, RANK_8, king_attacks, knight_attacks};
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_types::{Color, PieceType};

use crate::board::LooseBoard;
use crate::moves::LooseMove;

/// d4, e4, d5, e5.
pub(super) const HILL: Bitboard = Bitboard((1 << 27) | (1 << 28) | (1 << 35) | (1 << 36));

/// Whether a king (of either side) stands on the hill.
pub(super) fn king_on_hill(board: &LooseBoard) -> bool {
    board.layout.kings.intersects(HILL)
}

/// Whether `color`'s king stands on the hill.
pub(super) fn king_on_hill_of(board: &LooseBoard, color: Color) -> bool {
    (board.layout.kings & board.layout.of_color(color)).intersects(HILL)
}

/// Whether `color`'s king is on the eighth rank.
pub(super) fn in_goal(board: &LooseBoard, color: Color) -> bool {
    (board.layout.kings & board.layout.of_color(color)).intersects(RANK_8)
}

/// Whether a racing-kings game is over: a king on the eighth rank, unless White got there
/// first and Black, to move, can still join it there (which draws).
pub(super) fn racing_end(board: &LooseBoard) -> bool {
    let l = &board.layout;
    if !l.kings.intersects(RANK_8) {
        return false;
    }
    let black_kings = l.kings & l.of_color(Color::Black);
    if board.turn == Color::White || black_kings.intersects(RANK_8) || !black_kings.any() {
        return true;
    }
    // A goal square attacked through the black king counts as free, as python-chess judges
    // it (a slider behind the king would be giving check, which no game allows).
    let black_king = LooseBoard::top(black_kings);
    let goals = king_attacks(black_king) & RANK_8 & !l.of_color(Color::Black);
    goals.into_iter().all(|sq| l.attackers_mask(Color::White, sq, l.occupied).any())
}

/// The legal moves of racing kings: the standard ones that give no check.
pub(super) fn racing_legal_moves(board: &LooseBoard, out: &mut Vec<LooseMove>) {
    racing_legal_moves_masked(board, Bitboard::FULL, Bitboard::FULL, out);
}

/// [`racing_legal_moves`] from `from_mask` to `to_mask`.
pub(super) fn racing_legal_moves_masked(
    board: &LooseBoard,
    from_mask: Bitboard,
    to_mask: Bitboard,
    out: &mut Vec<LooseMove>,
) {
    let start = out.len();
    board.generate_legal_moves(from_mask, to_mask, out);
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        if !gives_check(board, m) {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Whether `m`, a legal move of racing kings (no pawns there, so no castling, en passant or
/// promotion), checks the other king: another piece of the mover's seen through the square
/// left, or the moved piece from its new square. As the position after it would say,
/// without making it.
fn gives_check(board: &LooseBoard, m: LooseMove) -> bool {
    let l = &board.layout;
    let us = board.turn;
    let Some(king) = l.king(!us) else { return false };
    let (from, to) = (Bitboard::from_square(m.from), Bitboard::from_square(m.to));
    if l.pawns.any() || m.promotion.is_some() || m.drop.is_some() || l.kings.contains(m.to) {
        // Not a racing kings position (or a king taken, in a set-up where the side not to
        // move stands in check: the king left, if any, decides): the general way.
        return board.play_unchecked(m).is_check();
    }
    let occupied = (l.occupied & !from) | to;
    if (l.attackers_mask(us, king, occupied) & !from).any() {
        return true;
    }
    let attacks = match l.piece_type_at(m.from) {
        Some(PieceType::Knight) => knight_attacks(m.to),
        Some(PieceType::King) => king_attacks(m.to),
        Some(PieceType::Bishop) => bishop_attacks(m.to, occupied),
        Some(PieceType::Rook) => rook_attacks(m.to, occupied),
        Some(PieceType::Queen) => bishop_attacks(m.to, occupied) | rook_attacks(m.to, occupied),
        _ => return board.play_unchecked(m).is_check(),
    };
    attacks.contains(king)
}
