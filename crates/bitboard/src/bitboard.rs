//! The `Bitboard` newtype: a set of squares, its operators and bit scans (its moves across
//! the board in `shifts.rs`, its squares as an iterator in `squares.rs`, its text forms in
//! `bitboard_fmt.rs`).

use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr, Sub, SubAssign,
};
use lerf_types::Square;

/// A set of squares: bit `n` stands for the square with index `n` (a1 = 0, h8 = 63).
///
/// Bit operators combine bitboards, and a [`Square`] on the right acts as a one-square set.
/// `a - b` is the set difference `a & !b`.
///
/// ```
/// use lerf_bitboard::{Bitboard, RANK_2};
/// use lerf_types::{Direction, Square};
///
/// let pawns = RANK_2 - Square::E2;
/// assert_eq!(pawns.popcount(), 7);
/// assert!((pawns | Square::E2) == RANK_2);
/// assert_eq!(pawns.shift(Direction::North), (RANK_2 - Square::E2) << 8);
/// assert_eq!(pawns.lsb(), Some(Square::A2));
/// assert_eq!(pawns.msb(), Some(Square::H2));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding only `sq`.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::Square;
    /// assert_eq!(Bitboard::from_square(Square::B1), Bitboard(0b10));
    /// ```
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u8)
    }

    /// How many squares the set holds.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// assert_eq!(lerf_bitboard::RANK_2.popcount(), 8);
    /// ```
    #[inline]
    pub const fn popcount(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// assert!(Bitboard::EMPTY.is_empty() && !Bitboard::FULL.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds at least one square.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// assert!(lerf_bitboard::FILE_A.any() && !Bitboard::EMPTY.any());
    /// ```
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the set holds two squares or more (cheaper than a popcount).
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::Square;
    /// assert!(!Bitboard::from(Square::E4).more_than_one());
    /// assert!((Bitboard::from(Square::E4) | Square::D5).more_than_one());
    /// ```
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Whether `sq` is in the set.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::Square;
    /// assert!(lerf_bitboard::FILE_A.contains(Square::A5) && !lerf_bitboard::FILE_A.contains(Square::B5));
    /// ```
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq as u8 & 1 != 0
    }

    /// Whether the two sets share a square.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// assert!(lerf_bitboard::FILE_A.intersects(lerf_bitboard::RANK_1));
    /// assert!(!lerf_bitboard::FILE_A.intersects(lerf_bitboard::FILE_H));
    /// ```
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// The lowest square (closest to a1), or `None` if empty.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::Square;
    /// assert_eq!(lerf_bitboard::RANK_8.lsb(), Some(Square::A8));
    /// assert_eq!(Bitboard::EMPTY.lsb(), None);
    /// ```
    #[inline]
    pub const fn lsb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_wrapping(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest square (closest to h8), or `None` if empty.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::Square;
    /// assert_eq!(lerf_bitboard::FILE_A.msb(), Some(Square::A8));
    /// ```
    #[inline]
    pub const fn msb(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_wrapping(63 - self.0.leading_zeros() as u8))
        }
    }

    /// The lowest square of a set known to be non-empty, such as a king's bitboard: no
    /// branch. For an empty set the answer is meaningless (a debug build panics).
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::Square;
    /// let king = Bitboard::from(Square::G1);
    /// assert_eq!(king.first_square(), Square::G1);
    /// ```
    #[inline]
    pub const fn first_square(self) -> Square {
        debug_assert!(self.0 != 0, "first_square of an empty bitboard");
        Square::from_index_wrapping(self.0.trailing_zeros() as u8)
    }

    /// Removes the lowest square and returns it, or `None` if empty.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::Square;
    /// let mut set = Bitboard::from(Square::C3) | Square::A1;
    /// assert_eq!(set.pop_lsb(), Some(Square::A1));
    /// assert_eq!(set.pop_lsb(), Some(Square::C3));
    /// assert_eq!(set.pop_lsb(), None);
    /// ```
    #[inline]
    pub const fn pop_lsb(&mut self) -> Option<Square> {
        let lsb = self.lsb();
        self.0 &= self.0.wrapping_sub(1);
        lsb
    }

    /// The set mirrored top to bottom (rank 1 ↔ rank 8).
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// assert_eq!(lerf_bitboard::RANK_2.flip_vertical(), lerf_bitboard::RANK_7);
    /// ```
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl From<u64> for Bitboard {
    #[inline]
    fn from(bits: u64) -> Bitboard {
        Bitboard(bits)
    }
}

impl From<Bitboard> for u64 {
    #[inline]
    fn from(bb: Bitboard) -> u64 {
        bb.0
    }
}

macro_rules! bit_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt;)*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $trait<Square> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Square) -> Bitboard {
                Bitboard(self.0 $op Bitboard::from_square(rhs).0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
        impl $assign_trait<Square> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Square) {
                self.0 = self.0 $op Bitboard::from_square(rhs).0;
            }
        }
    )*};
}

bit_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Sub for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Sub<Square> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn sub(self, rhs: Square) -> Bitboard {
        self - Bitboard::from_square(rhs)
    }
}

impl SubAssign for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: Bitboard) {
        *self = *self - rhs;
    }
}

impl SubAssign<Square> for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: Square) {
        *self = *self - rhs;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// Raw shift of the bits (wraps across files); use [`Bitboard::shift`] for board moves.
impl Shl<u32> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shl(self, n: u32) -> Bitboard {
        Bitboard(self.0 << n)
    }
}

/// Raw shift of the bits (wraps across files); use [`Bitboard::shift`] for board moves.
impl Shr<u32> for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn shr(self, n: u32) -> Bitboard {
        Bitboard(self.0 >> n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lerf_types::{Color, Direction};
    use quickcheck::quickcheck;

    #[test]
    fn set_wise_pawn_pushes() {
        use crate::{RANK_2, RANK_3, RANK_4, RANK_7};
        let empty = !(RANK_2 | RANK_7);
        assert_eq!(RANK_2.pawn_pushes(Color::White, empty), RANK_3);
        assert_eq!(RANK_2.pawn_double_pushes(Color::White, empty), RANK_4);
        let blocked = empty - Square::E3;
        assert_eq!(RANK_2.pawn_double_pushes(Color::White, blocked), RANK_4 - Square::E4);
        assert_eq!(RANK_7.pawn_double_pushes(Color::Black, empty), crate::RANK_5);
    }

    fn reference_shift(bb: Bitboard, dir: Direction) -> Bitboard {
        bb.into_iter().filter_map(|sq| sq.offset(dir)).collect()
    }

    quickcheck! {
        fn pop_lsb_agrees_with_lsb(bits: u64) -> bool {
            let mut bb = Bitboard(bits);
            let lsb = bb.lsb();
            let before = bb;
            bb.pop_lsb() == lsb && lsb.map_or(bb.is_empty(), |sq| bb == before - sq)
        }

        fn set_wise_knight_attacks_are_the_union_of_the_table(bits: u64) -> bool {
            let set = Bitboard(bits);
            let union = set.into_iter().fold(Bitboard::EMPTY, |a, sq| a | crate::knight_attacks(sq));
            set.knight_attacks() == union
        }

        fn more_than_one_matches_popcount(bits: u64) -> bool {
            Bitboard(bits).more_than_one() == (bits.count_ones() > 1)
        }

        fn shifts_never_wrap(bits: u64) -> bool {
            let bb = Bitboard(bits);
            Direction::ORTHOGONAL.into_iter().chain(Direction::DIAGONAL)
                .all(|dir| bb.shift(dir) == reference_shift(bb, dir))
        }
    }
}
