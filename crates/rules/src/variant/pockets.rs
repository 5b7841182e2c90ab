//! Crazyhouse's pockets: the pieces each side holds in hand.

use lerf_types::{Color, PieceType};

/// The piece types a pocket holds, in python-chess's order of dropping. A king reaches a
/// pocket only when taken in a set-up no game reaches; python-chess then lists its drops
/// among the moves (while its `is_pseudo_legal` refuses them), and so does lerf.
pub(crate) const DROPPABLE: [PieceType; 6] = PieceType::ALL;

/// What each side holds in hand: a count for each piece type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Pockets {
    counts: [[u8; 6]; 2],
}

impl Pockets {
    /// How many pieces of type `pt` `color` holds.
    #[inline]
    pub fn count(&self, color: Color, pt: PieceType) -> u8 {
        self.counts[color as usize][pt as usize - 1]
    }

    /// Puts one piece of type `pt` in `color`'s pocket (counts stop at 255).
    pub fn add(&mut self, color: Color, pt: PieceType) {
        let n = &mut self.counts[color as usize][pt as usize - 1];
        *n = n.saturating_add(1);
    }

    /// Sets how many pieces of type `pt` `color` holds.
    ///
    /// ```
    /// use lerf_rules::variant::Pockets;
    /// use lerf_types::{Color, PieceType};
    ///
    /// let mut pockets = Pockets::default();
    /// pockets.set(Color::Black, PieceType::Knight, 2);
    /// assert_eq!(pockets.count(Color::Black, PieceType::Knight), 2);
    /// assert!(pockets.is_empty(Color::White));
    /// ```
    #[inline]
    pub fn set(&mut self, color: Color, pt: PieceType, n: u8) {
        self.counts[color as usize][pt as usize - 1] = n;
    }

    /// Takes one piece of type `pt` from `color`'s pocket, if there is one.
    pub fn remove(&mut self, color: Color, pt: PieceType) -> bool {
        let n = &mut self.counts[color as usize][pt as usize - 1];
        if *n == 0 {
            return false;
        }
        *n -= 1;
        true
    }

    /// Whether `color` holds nothing.
    pub fn is_empty(&self, color: Color) -> bool {
        self.counts[color as usize].iter().all(|&n| n == 0)
    }
}
