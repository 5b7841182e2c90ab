//! Static exchange evaluation.

use crate::position::{Position, piece_value};
use lerf_bitboard::Bitboard;
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_types::{Move, MoveKind, PieceType, Value};

impl Position {
    /// Static exchange evaluation: whether playing `m` and then letting both sides capture on
    /// its destination, cheapest attacker first and each free to stop, nets at least
    /// `threshold` for the mover (in [`PIECE_VALUES`](crate::PIECE_VALUES) units). Pinned
    /// pieces do not take part while their pinner is on the board. Castling, en passant and
    /// promotions count as 0.
    ///
    /// ```
    /// use lerf_position::Position;
    /// // A pawn takes a knight defended by a pawn: wins a knight for a pawn.
    /// let pos = Position::from_fen("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let m = pos.parse_uci("e4d5").unwrap();
    /// assert!(pos.see_ge(m, 781 - 208));
    /// assert!(!pos.see_ge(m, 781 - 208 + 1));
    /// ```
    pub fn see_ge(&self, m: Move, threshold: Value) -> bool {
        if m.kind() != MoveKind::Normal {
            return 0 >= threshold;
        }
        let (from, to) = (m.from(), m.to());
        let value_on = |sq| self.piece_on(sq).map_or(0, |pc| piece_value(pc.piece_type()));
        let mut swap = value_on(to) - threshold;
        if swap < 0 {
            return false;
        }
        swap = value_on(from) - swap;
        if swap <= 0 {
            return true;
        }
        let mut occupied = self.occupied() ^ from ^ to;
        let mut stm = self.side_to_move;
        let mut attackers = self.attackers_to(to, occupied);
        let mut res = 1;
        let diagonal = self.pieces_of_types(PieceType::Bishop, PieceType::Queen);
        let orthogonal = self.pieces_of_types(PieceType::Rook, PieceType::Queen);
        loop {
            stm = !stm;
            attackers &= occupied;
            let mut stm_attackers = attackers & self.pieces_of(stm);
            if stm_attackers.is_empty() {
                break;
            }
            if (self.pinners(!stm) & occupied).any() {
                stm_attackers -= self.blockers_for_king(stm);
                if stm_attackers.is_empty() {
                    break;
                }
            }
            res ^= 1;
            // PieceType::ALL runs pawn to king: the cheapest attacker comes first.
            let Some(pt) = PieceType::ALL
                .into_iter()
                .find(|&pt| (stm_attackers & self.pieces_of_type(pt)).any())
            else {
                break;
            };
            if pt == PieceType::King {
                // The king may only take last: if the other side still attacks, it cannot.
                return if (attackers - self.pieces_of(stm)).any() {
                    res ^ 1 != 0
                } else {
                    res != 0
                };
            }
            swap = piece_value(pt) - swap;
            if swap < res {
                break;
            }
            let attacker: Bitboard =
                (stm_attackers & self.pieces_of_type(pt)).first_square().into();
            occupied ^= attacker;
            if matches!(pt, PieceType::Pawn | PieceType::Bishop | PieceType::Queen) {
                attackers |= bishop_attacks(to, occupied) & diagonal;
            }
            if matches!(pt, PieceType::Rook | PieceType::Queen) {
                attackers |= rook_attacks(to, occupied) & orthogonal;
            }
        }
        res != 0
    }
}
