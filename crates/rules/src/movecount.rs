//! Counting a [`LooseBoard`]'s legal moves without listing them, for perft's last ply: the
//! moves of pieces that cannot expose their king are counted from their attack sets, the
//! pawns' set-wise; only the king's, the pinned pieces' and en passant are listed and
//! checked one by one, as [`generate_legal_moves`](LooseBoard::generate_legal_moves) checks
//! them.

use super::board::LooseBoard;
use alloc::vec::Vec;
use lerf_bitboard::{Bitboard, FILE_A, FILE_H, RANK_1, RANK_3, RANK_4, RANK_5, RANK_6, RANK_8};
use lerf_types::Color;

impl LooseBoard {
    /// How many legal moves the side to move has: `generate_legal_moves(FULL, FULL, ..)`'s
    /// length.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_rules::LooseBoard;
    ///
    /// let board: LooseBoard = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
    /// let mut moves = Vec::new();
    /// board.generate_legal_moves(Bitboard::FULL, Bitboard::FULL, &mut moves);
    /// assert_eq!(board.count_legal_moves(), moves.len());
    /// # Ok::<(), lerf_rules::LooseFenError>(())
    /// ```
    pub fn count_legal_moves(&self) -> usize {
        let l = &self.layout;
        let ours = self.ours();
        let kings = l.kings & ours;
        if !kings.any() {
            let mut listed = Vec::new();
            self.generate_castling_moves(Bitboard::FULL, Bitboard::FULL, &mut listed);
            self.generate_pseudo_legal_ep(Bitboard::FULL, Bitboard::FULL, &mut listed);
            return self.count_free(ours & !l.pawns, l.pawns & ours) + listed.len();
        }
        let king = LooseBoard::top(kings);
        let blockers = self.slider_blockers(king);
        if l.attackers_mask(!self.turn, king, l.occupied).any() {
            let mut moves = Vec::new();
            self.generate_legal_moves(Bitboard::FULL, Bitboard::FULL, &mut moves);
            return moves.len();
        }
        // Listed and checked: the king's moves (castling among them), the pinned pieces'
        // (their en passant included), and the other pawns' en passant.
        let checked = (blockers & ours) | Bitboard::from_square(king);
        let free_pawns = l.pawns & ours & !checked;
        let mut listed = Vec::new();
        self.generate_pseudo_legal_moves(checked, Bitboard::FULL, &mut listed);
        self.generate_pseudo_legal_ep(free_pawns, Bitboard::FULL, &mut listed);
        let safe = listed.iter().filter(|&&m| self.is_safe(king, blockers, m)).count();
        safe + self.count_free(ours & !l.pawns & !checked, free_pawns)
    }

    /// The moves of `pieces` (not pawns) and `pawns` by their moves alone, en passant left
    /// out: promotions count four.
    fn count_free(&self, pieces: Bitboard, pawns: Bitboard) -> usize {
        let l = &self.layout;
        let ours = self.ours();
        let mut n = 0;
        for from in pieces {
            n += (l.attacks_mask(from) & !ours).popcount() as usize;
        }
        let targets = self.pawn_targets(pawns);
        for t in [targets.left, targets.right, targets.single] {
            n += targets.weigh(t, 4);
        }
        n + targets.double.popcount() as usize
    }

    /// Where `pawns` (the side to move's) go by their moves alone: their captures to either
    /// side, single and double steps (python-chess's: from the first rank too), en passant
    /// left out.
    pub(crate) fn pawn_targets(&self, pawns: Bitboard) -> PawnTargets {
        let theirs = self.theirs();
        let empty = !self.layout.occupied;
        match self.turn {
            Color::White => {
                let single = (pawns << 8) & empty;
                PawnTargets {
                    left: ((pawns & !FILE_A) << 7) & theirs,
                    right: ((pawns & !FILE_H) << 9) & theirs,
                    single,
                    double: (single << 8) & empty & (RANK_3 | RANK_4),
                }
            }
            Color::Black => {
                let single = (pawns >> 8) & empty;
                PawnTargets {
                    left: ((pawns & !FILE_H) >> 7) & theirs,
                    right: ((pawns & !FILE_A) >> 9) & theirs,
                    single,
                    double: (single >> 8) & empty & (RANK_6 | RANK_5),
                }
            }
        }
    }
}

/// The squares pawns reach, by kind of move (each a pawn's own: one pawn reaches a square
/// of each set at most once).
pub(crate) struct PawnTargets {
    pub(crate) left: Bitboard,
    pub(crate) right: Bitboard,
    pub(crate) single: Bitboard,
    pub(crate) double: Bitboard,
}

impl PawnTargets {
    /// The moves to `targets`, a move to the first or last rank counting `promotions`.
    pub(crate) fn weigh(&self, targets: Bitboard, promotions: usize) -> usize {
        let last = RANK_1 | RANK_8;
        (targets & !last).popcount() as usize + promotions * (targets & last).popcount() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{Variant, VariantBoard};

    /// Every position of random games of king of the hill, horde, crazyhouse and antichess
    /// (kings in check, pinned pieces, en passant, promotions, no king at all): the counts
    /// (the board's, and the variant's) are the lists' lengths.
    #[test]
    fn the_count_is_the_lists_length() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for variant in
            [Variant::KingOfTheHill, Variant::Horde, Variant::Crazyhouse, Variant::Antichess]
        {
            for game in 0..60 {
                // Giveaway's start (antichess with castling rights) for half the games.
                let mut board = if variant == Variant::Antichess && game % 2 == 1 {
                    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
                    VariantBoard::from_fen(variant, fen, false).unwrap()
                } else {
                    VariantBoard::new(variant)
                };
                for _ in 0..120 {
                    let mut moves = Vec::new();
                    board.board.generate_legal_moves(Bitboard::FULL, Bitboard::FULL, &mut moves);
                    assert_eq!(board.board.count_legal_moves(), moves.len(), "{}", board.fen());
                    assert_eq!(
                        board.count_legal_moves(),
                        board.legal_moves().len(),
                        "{}",
                        board.fen()
                    );
                    checked += 1;
                    let all = board.legal_moves();
                    if all.is_empty() {
                        break;
                    }
                    board = board.play_unchecked(all[next() as usize % all.len()]);
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
