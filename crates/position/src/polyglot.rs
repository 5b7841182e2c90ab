//! Polyglot opening-book keys.

use crate::polyglot_random::RANDOM;
use crate::position::Position;
use lerf_types::{CastlingSide, Color};

impl Position {
    /// The position's key in the Polyglot opening-book format, so a Polyglot `.bin` book can
    /// be probed directly.
    ///
    /// One deliberate difference: Polyglot hashes the en-passant file whenever a pawn of the
    /// side to move stands next to the pawn that just moved two squares, while lerf keeps an
    /// en-passant square only when the capture is legal. The keys differ only when that pawn
    /// is pinned or the capture would leave the king in check.
    ///
    /// ```
    /// use lerf_position::Position;
    /// assert_eq!(Position::startpos().polyglot_key(), 0x463b_9618_1691_fc9c);
    /// ```
    pub fn polyglot_key(&self) -> u64 {
        let mut key = 0u64;
        for sq in self.occupied() {
            let Some(pc) = self.piece_on(sq) else { continue };
            let white = usize::from(pc.color() == Color::White);
            let kind = 2 * (pc.piece_type() as usize - 1) + white;
            key ^= RANDOM[64 * kind + sq as usize];
        }
        let rights = [
            (Color::White, CastlingSide::King),
            (Color::White, CastlingSide::Queen),
            (Color::Black, CastlingSide::King),
            (Color::Black, CastlingSide::Queen),
        ];
        for (i, (color, side)) in rights.into_iter().enumerate() {
            if self.can_castle(color, side) {
                key ^= RANDOM[768 + i];
            }
        }
        if let Some(ep) = self.ep_square() {
            key ^= RANDOM[772 + ep.file() as usize];
        }
        if self.side_to_move() == Color::White {
            key ^= RANDOM[780];
        }
        key
    }
}
