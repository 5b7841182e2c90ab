//! Static exchange evaluation.

use crate::check_info::CheckInfo;
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
    ///
    /// The exchange needs the pins on both sides; the side not to move's are computed on the
    /// call (a blockers scan) when the exchange gets that far. A search that asks for many
    /// moves of a node passes the node's [`CheckInfo`] to
    /// [`see_ge_with`](Position::see_ge_with) instead.
    pub fn see_ge(&self, m: Move, threshold: Value) -> bool {
        self.see_ge_from(m, threshold, None)
    }

    /// [`see_ge`](Position::see_ge) with the node's [`CheckInfo`], which must be this
    /// position's.
    ///
    /// ```
    /// use lerf_position::Position;
    /// // d4xe5, and d6xe5 takes back: a pawn for a pawn.
    /// let pos = Position::from_fen("4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1")?;
    /// let info = pos.check_info();
    /// let m = pos.parse_uci("d4e5")?;
    /// assert!(pos.see_ge_with(&info, m, 0));
    /// assert!(!pos.see_ge_with(&info, m, 1));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn see_ge_with(&self, info: &CheckInfo, m: Move, threshold: Value) -> bool {
        self.see_ge_from(m, threshold, Some((info.pinners, info.enemy_king_blockers)))
    }

    /// `enemy_pins`: the side to move's pinners and the enemy king's blockers, if known.
    fn see_ge_from(
        &self,
        m: Move,
        threshold: Value,
        mut enemy_pins: Option<(Bitboard, Bitboard)>,
    ) -> bool {
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
            // The pins on `stm`: (pinners of the other side, blockers of stm's king).
            let (pinners, blockers) = if stm == self.side_to_move {
                (self.state().pinners, self.state().blockers)
            } else {
                *enemy_pins.get_or_insert_with(|| {
                    let (blockers, pinners, _) = self.slider_blockers(stm);
                    (pinners, blockers)
                })
            };
            if (pinners & occupied).any() {
                stm_attackers -= blockers;
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
