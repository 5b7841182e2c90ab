//! Evaluation values and middlegame/endgame score pairs.

use core::fmt;
use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// An evaluation in centipawn-like units, as Stockfish's `Value`.
pub type Value = i32;

/// A middlegame and an endgame [`Value`] packed into one `i32`, so both are added in one
/// instruction: the endgame half sits in the upper 16 bits, the middlegame half in the lower
/// 16, and a negative middlegame half borrows from the upper half (undone by [`Score::eg`]).
///
/// ```
/// use lerf_types::Score;
/// let a = Score::new(100, -50);
/// let b = Score::new(-30, 20);
/// assert_eq!(((a + b).mg(), (a + b).eg()), (70, -30));
/// assert_eq!((-(a * 2)).eg(), 100);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Score(i32);

impl Score {
    /// Both halves zero.
    pub const ZERO: Score = Score(0);

    /// Packs `mg` and `eg` (Stockfish's `make_score`).
    ///
    /// ```
    /// use lerf_types::Score;
    /// let s = Score::new(-20, 35);
    /// assert_eq!((s.mg(), s.eg()), (-20, 35));
    /// ```
    #[inline]
    pub const fn new(mg: i32, eg: i32) -> Score {
        Score(((eg as u32) << 16).wrapping_add(mg as u32) as i32)
    }

    /// The middlegame half.
    ///
    /// ```
    /// use lerf_types::Score;
    /// let s = Score::new(10, -5) + Score::new(3, 4);
    /// assert_eq!(s.mg(), 13);
    /// ```
    #[inline]
    pub const fn mg(self) -> Value {
        self.0 as u16 as i16 as Value
    }

    /// The endgame half.
    ///
    /// ```
    /// use lerf_types::Score;
    /// let s = Score::new(10, -5) + Score::new(3, 4);
    /// assert_eq!(s.eg(), -1);
    /// ```
    #[inline]
    pub const fn eg(self) -> Value {
        ((self.0 as u32).wrapping_add(0x8000) >> 16) as u16 as i16 as Value
    }

    /// The packed `i32`.
    ///
    /// ```
    /// use lerf_types::Score;
    /// assert_eq!(Score::new(0, 1).to_bits(), 1 << 16);
    /// ```
    #[inline]
    pub const fn to_bits(self) -> i32 {
        self.0
    }
}

impl fmt::Debug for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Score(mg: {}, eg: {})", self.mg(), self.eg())
    }
}

impl Add for Score {
    type Output = Score;
    #[inline]
    fn add(self, rhs: Score) -> Score {
        Score(self.0.wrapping_add(rhs.0))
    }
}

impl Sub for Score {
    type Output = Score;
    #[inline]
    fn sub(self, rhs: Score) -> Score {
        Score(self.0.wrapping_sub(rhs.0))
    }
}

impl AddAssign for Score {
    #[inline]
    fn add_assign(&mut self, rhs: Score) {
        *self = *self + rhs;
    }
}

impl SubAssign for Score {
    #[inline]
    fn sub_assign(&mut self, rhs: Score) {
        *self = *self - rhs;
    }
}

impl Neg for Score {
    type Output = Score;
    #[inline]
    fn neg(self) -> Score {
        Score(self.0.wrapping_neg())
    }
}

/// Scales both halves (like Stockfish, this assumes neither half overflows `i16`).
impl Mul<i32> for Score {
    type Output = Score;
    #[inline]
    fn mul(self, rhs: i32) -> Score {
        Score::new(self.mg() * rhs, self.eg() * rhs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::quickcheck;

    #[test]
    fn extremes_round_trip() {
        for mg in [i16::MIN, -1, 0, 1, i16::MAX] {
            for eg in [i16::MIN, -1, 0, 1, i16::MAX] {
                let s = Score::new(mg.into(), eg.into());
                assert_eq!((s.mg(), s.eg()), (mg.into(), eg.into()));
            }
        }
    }

    quickcheck! {
        fn score_round_trips(mg: i16, eg: i16) -> bool {
            let s = Score::new(mg.into(), eg.into());
            s.mg() == i32::from(mg) && s.eg() == i32::from(eg)
        }

        fn arithmetic_is_per_half(a: (i8, i8), b: (i8, i8), k: i8) -> bool {
            let (x, y) = (Score::new(a.0.into(), a.1.into()), Score::new(b.0.into(), b.1.into()));
            let (amg, aeg, bmg, beg, k) = (i32::from(a.0), i32::from(a.1), i32::from(b.0), i32::from(b.1), i32::from(k));
            (x + y).mg() == amg + bmg && (x + y).eg() == aeg + beg
                && (x - y).mg() == amg - bmg && (x - y).eg() == aeg - beg
                && (-x).mg() == -amg && (-x).eg() == -aeg
                && (x * k).mg() == amg * k && (x * k).eg() == aeg * k
        }
    }
}
