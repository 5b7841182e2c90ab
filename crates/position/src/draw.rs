//! Draw rules: the 50-move rule and repetitions, including the cuckoo-table test for a
//! repetition one move away.

use crate::cuckoo;
use crate::position::Position;
use crate::zobrist;
use lerf_bitboard::between;

/// How far back, in plies, repetitions are looked for: 150, the 75-move rule. An earlier
/// occurrence of the current position further back than this lies before a stretch of 150
/// plies without a capture or pawn move, so the game was already drawn by the 75-move rule
/// before the position came back; no rule needs it. Within this distance detection is
/// exact, in games of any length, and each scan costs at most 75 key comparisons.
pub const MAX_REPETITION_DISTANCE: usize = 150;

/// The number of plies back that can hold the current position: the smaller of the 50-move
/// counter, the plies since the last null move, and [`MAX_REPETITION_DISTANCE`].
#[inline]
pub(crate) fn repetition_window(rule50: u16, plies_from_null: u16) -> usize {
    usize::from(rule50.min(plies_from_null)).min(MAX_REPETITION_DISTANCE)
}

impl Position {
    /// The distance in plies to the previous occurrence of the current position (same
    /// pieces, side to move, castling rights and en-passant square), or 0 if there is none
    /// within the repetition window (back to the last capture, pawn move or null move, and at
    /// most [`MAX_REPETITION_DISTANCE`]). Negative when that earlier occurrence had itself
    /// occurred before: the position is then on the board for at least the third time.
    ///
    /// Computed when asked: a scan of at most 75 keys, or twice that when a repetition is
    /// found.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     pos.play_uci(text)?;
    /// }
    /// assert_eq!(pos.repetition(), 4);
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     pos.play_uci(text)?;
    /// }
    /// assert_eq!(pos.repetition(), -4);
    /// # Ok::<(), lerf_position::UciError>(())
    /// ```
    pub fn repetition(&self) -> i32 {
        self.repetition_at(self.ply)
    }

    /// [`repetition`](Position::repetition) for the position at stack slot `n`.
    fn repetition_at(&self, n: usize) -> i32 {
        match self.previous_occurrence(n) {
            None => 0,
            // Plies within the window: at most 150.
            Some(i) if self.previous_occurrence(n - i).is_some() => -(i as i32),
            Some(i) => i as i32,
        }
    }

    /// How many plies back the position at stack slot `n` occurred last, within its
    /// repetition window.
    fn previous_occurrence(&self, n: usize) -> Option<usize> {
        let st = &self.states[n];
        // plies_from_null never exceeds the plies on the stack, so n - i stays in range.
        let end = repetition_window(st.rule50, st.plies_from_null).min(n);
        (4..=end).step_by(2).find(|&i| self.states[n - i].key == st.key)
    }

    /// Whether the position is drawn by the 50-move rule (unless the side to move is mated)
    /// or by a repetition that happened within the last `ply` plies (the search's distance
    /// from its root), or twice before that.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     pos.play_uci(text)?;
    /// }
    /// // The start position again, 4 plies after it first occurred: a draw for a search whose
    /// // root is more than 4 plies back, not yet for one rooted closer.
    /// assert!(pos.is_draw(5));
    /// assert!(!pos.is_draw(4));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn is_draw(&self, ply: i32) -> bool {
        let st = self.state();
        if st.rule50 > 99 && (!self.in_check() || self.has_legal_move()) {
            return true;
        }
        let repetition = self.repetition();
        repetition != 0 && repetition < ply
    }

    /// Whether any position since the last irreversible move has occurred before.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// assert!(!pos.has_repeated());
    /// for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
    ///     pos.play_uci(text)?;
    /// }
    /// assert!(pos.has_repeated());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn has_repeated(&self) -> bool {
        let st = self.state();
        let end = repetition_window(st.rule50, st.plies_from_null);
        (0..end.saturating_sub(3)).any(|k| self.previous_occurrence(self.ply - k).is_some())
    }

    /// Whether the side to move has a move that repeats an earlier position (or, for a
    /// position within `ply` plies of the search root, one that has occurred since then).
    /// Uses the cuckoo tables of reversible moves: no move generation.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// for text in ["g1f3", "g8f6", "f3g1"] {
    ///     pos.play_uci(text)?;
    /// }
    /// // Black can play Ng8, back to the start position.
    /// assert!(pos.upcoming_repetition(10));
    /// assert!(!Position::startpos().upcoming_repetition(10));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn upcoming_repetition(&self, ply: i32) -> bool {
        let st = self.state();
        let end = repetition_window(st.rule50, st.plies_from_null);
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
            if ply > i as i32 || self.previous_occurrence(n - i).is_some() {
                return true;
            }
        }
        false
    }
}
