//! Draw rules: the 50-move rule and repetitions, including the cuckoo-table test for a
//! repetition one move away.

use crate::cuckoo;
use crate::position::Position;
use crate::zobrist;
use lerf_bitboard::between;

impl Position {
    /// Whether the position is drawn by the 50-move rule (unless the side to move is mated)
    /// or by a repetition that happened within the last `ply` plies (the search's distance
    /// from its root), or twice before that.
    pub fn is_draw(&self, ply: i32) -> bool {
        let st = self.state();
        if st.rule50 > 99 && (!self.in_check() || self.has_legal_move()) {
            return true;
        }
        st.repetition != 0 && i32::from(st.repetition) < ply
    }

    /// Whether any position since the last irreversible move has occurred before.
    pub fn has_repeated(&self) -> bool {
        let st = self.state();
        let end = usize::from(st.rule50.min(st.plies_from_null));
        self.history().iter().rev().take(end.saturating_sub(3)).any(|s| s.repetition != 0)
    }

    /// Whether the side to move has a move that repeats an earlier position (or, for a
    /// position within `ply` plies of the search root, one that has occurred since then).
    /// Uses the cuckoo tables of reversible moves: no move generation.
    pub fn upcoming_repetition(&self, ply: i32) -> bool {
        let st = self.state();
        let end = usize::from(st.rule50.min(st.plies_from_null));
        let n = self.ply;
        if end < 3 {
            return false;
        }
        let original = st.key;
        let mut other = original ^ self.states[n - 1].key ^ zobrist::side();
        for i in (3..=end.min(n)).step_by(2) {
            other ^= self.states[n - i + 1].key ^ self.states[n - i].key ^ zobrist::side();
            if other != 0 {
                continue;
            }
            let earlier = &self.states[n - i];
            let Some(m) = cuckoo::lookup(original ^ earlier.key) else { continue };
            let (s1, s2) = (m.from(), m.to());
            if between(s1, s2).intersects(self.occupied()) {
                continue;
            }
            let mover = self.piece_on(s1).or(self.piece_on(s2));
            if mover.map(|p| p.color()) != Some(self.side_to_move) {
                continue;
            }
            if ply > i as i32 || earlier.repetition != 0 {
                return true;
            }
        }
        false
    }
}
