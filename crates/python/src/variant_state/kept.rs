//! The state a variant board keeps beside its position (three-check's checks still to give,
//! crazyhouse's pockets), with the state before each move on the stack, so that `pop`
//! restores it: kept in the Rust board, so `push` and `pop` run no Python.

use lerf_rules::variant::{Pockets, Variant, VariantBoard};
use lerf_types::{Color, PieceType};

/// The state as Python sees it (`_variant_state`): White's and Black's checks to give,
/// then White's pocket (pawns, knights, bishops, rooks, queens, kings), then Black's.
pub type StateTuple = [u8; 14];

/// The state beside the position at one moment.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Extra {
    /// The checks each side (by [`Color`] index) must still give.
    pub checks: [u8; 2],
    /// What each side holds in hand.
    pub pockets: Pockets,
}

impl Default for Extra {
    /// Three checks each to give, empty pockets: every variant's start.
    fn default() -> Extra {
        Extra { checks: [3, 3], pockets: Pockets::default() }
    }
}

impl Extra {
    /// The state of `vb`.
    pub fn of(vb: &VariantBoard) -> Extra {
        Extra { checks: vb.remaining_checks, pockets: vb.pockets }
    }

    /// The tuple Python sees.
    pub fn to_tuple(self) -> StateTuple {
        let mut t = [0; 14];
        t[..2].copy_from_slice(&self.checks);
        for (c, color) in Color::ALL.into_iter().enumerate() {
            for (i, pt) in PieceType::ALL.into_iter().enumerate() {
                t[2 + 6 * c + i] = self.pockets.count(color, pt);
            }
        }
        t
    }

    /// The state of a tuple of Python's (`None` unless 14 numbers); a number is held
    /// between 0 and 255 (python-chess lets checks go below 0, which reads as 0).
    pub fn from_numbers(numbers: &[i64]) -> Option<Extra> {
        if numbers.len() != 14 {
            return None;
        }
        let held = |n: i64| n.clamp(0, 255) as u8;
        let mut extra = Extra { checks: [held(numbers[0]), held(numbers[1])], ..Extra::default() };
        for (c, color) in Color::ALL.into_iter().enumerate() {
            for (i, pt) in PieceType::ALL.into_iter().enumerate() {
                extra.pockets.set(color, pt, held(numbers[2 + 6 * c + i]));
            }
        }
        Some(extra)
    }
}

/// The state now and before each move of the stack's end (`history[i]` before the
/// `history.len() - i`-th last move): what a three-check or crazyhouse board keeps.
#[derive(Clone, Default, Debug)]
pub struct Kept {
    /// The state now.
    pub now: Extra,
    /// The state before each of the last `history.len()` moves, oldest first.
    pub history: Vec<Extra>,
}

impl Kept {
    /// Whether `variant` keeps state beside its position.
    #[inline]
    pub fn kept_by(variant: Variant) -> bool {
        matches!(variant, Variant::ThreeCheck | Variant::Crazyhouse)
    }

    /// The board of `variant` at `board` with this state.
    #[inline]
    pub fn board(&self, variant: Variant, board: &lerf_rules::LooseBoard) -> VariantBoard {
        VariantBoard {
            variant,
            board: *board,
            remaining_checks: self.now.checks,
            pockets: self.now.pockets,
        }
    }

    /// A move was played from the state now to `after`.
    #[inline]
    pub fn pushed(&mut self, after: Extra) {
        self.history.push(self.now);
        self.now = after;
    }

    /// A move was taken back, `moves_left` moves remain on the stack: the state before
    /// it, if it is known (a copy keeps only the states it was given; states of more moves
    /// than the stack holds are dropped first).
    #[inline]
    pub fn popped(&mut self, moves_left: usize) {
        self.history.truncate(moves_left + 1);
        if let Some(before) = self.history.pop() {
            self.now = before;
        }
    }
}
