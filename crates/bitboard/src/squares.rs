//! A [`Bitboard`]'s squares as an iterator, and bitboards collected from squares.

use crate::bitboard::Bitboard;
use core::iter::FusedIterator;
use lerf_types::Square;

impl Bitboard {
    /// An iterator over the squares, lowest first.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::Square;
    /// let squares: Vec<Square> = (Bitboard::from(Square::H1) | Square::A2).iter().collect();
    /// assert_eq!(squares, [Square::H1, Square::A2]);
    /// ```
    #[inline]
    pub const fn iter(self) -> Squares {
        Squares(self)
    }
}

/// The squares of a [`Bitboard`], lowest first (from the back: highest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_lsb()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.popcount() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.popcount() as usize
    }
}

impl DoubleEndedIterator for Squares {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        let msb = self.0.msb()?;
        self.0 ^= msb;
        Some(msb)
    }
}

impl ExactSizeIterator for Squares {}
impl FusedIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, |bb, sq| bb | sq)
    }
}

impl Extend<Square> for Bitboard {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            *self |= sq;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::quickcheck;

    quickcheck! {
        fn iteration_is_ordered_and_counts(bits: u64) -> bool {
            let bb = Bitboard(bits);
            let squares: Vec<Square> = bb.into_iter().collect();
            squares.len() == bb.popcount() as usize
                && squares.windows(2).all(|w| w[0] < w[1])
                && squares.iter().all(|&sq| bb.contains(sq))
                && squares.iter().copied().collect::<Bitboard>() == bb
                && bb.into_iter().rev().eq(squares.iter().rev().copied())
        }
    }
}
