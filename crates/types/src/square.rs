//! Squares in little-endian rank-file order (`a1` = 0, `h8` = 63). Files and ranks are
//! in `file_rank.rs`, directions in `direction.rs`.

use crate::{Color, Direction, Excerpt, File, ParseError, Rank};
use core::fmt;
use core::str::FromStr;

macro_rules! squares {
    ($($sq:ident = $n:literal),* $(,)?) => {
        /// A square of the board: a1 = 0, b1 = 1 … h1 = 7, a2 = 8 … h8 = 63.
        ///
        /// A `#[repr(u8)]` enum rather than a bare integer: every value is a real square, so
        /// indexing a 64-entry table with `sq as usize` needs no bounds check, and
        /// `Option<Square>` fits in one byte.
        ///
        /// ```
        /// use lerf_types::{Square, File, Rank};
        /// assert_eq!(Square::A1 as u8, 0);
        /// assert_eq!(Square::H8 as u8, 63);
        /// assert_eq!(Square::new(File::C, Rank::R6), Square::C6);
        /// assert_eq!(Square::C6.to_string(), "c6");
        /// assert_eq!(Square::try_from(28u8), Ok(Square::E4));
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Square { $($sq = $n),* }

        impl Square {
            /// All 64 squares, a1 first, h8 last.
            pub const ALL: [Square; 64] = [$(Square::$sq),*];

            /// The square with index `i`, if `i < 64` (a1 = 0, h8 = 63).
            ///
            /// ```
            /// use lerf_types::Square;
            /// assert_eq!(Square::from_index(28), Some(Square::E4));
            /// assert_eq!(Square::from_index(64), None);
            /// ```
            #[inline]
            pub const fn from_index(i: u8) -> Option<Square> {
                if i < 64 { Some(Self::from_index_wrapping(i)) } else { None }
            }

            /// The square with index `i & 63`: out-of-range values wrap around (`64` is
            /// a1). For indices known to be in range (a bit index, six bits of a move),
            /// where it compiles to nothing; [`from_index`](Square::from_index) and
            /// [`TryFrom<u8>`] check instead.
            ///
            /// ```
            /// use lerf_types::Square;
            /// assert_eq!(Square::from_index_wrapping(63), Square::H8);
            /// assert_eq!(Square::from_index_wrapping(64), Square::A1); // wraps: 64 & 63
            /// assert_eq!(Square::from_index(64), None);
            /// ```
            #[inline]
            pub const fn from_index_wrapping(i: u8) -> Square {
                // A dense match compiles to nothing (the index is the discriminant), where
                // reading `ALL[i]` costs a load on every bit scan.
                match i & 63 {
                    $($n => Square::$sq,)*
                    _ => Square::H8,
                }
            }
        }
    };
}

squares!(
    A1 = 0,
    B1 = 1,
    C1 = 2,
    D1 = 3,
    E1 = 4,
    F1 = 5,
    G1 = 6,
    H1 = 7,
    A2 = 8,
    B2 = 9,
    C2 = 10,
    D2 = 11,
    E2 = 12,
    F2 = 13,
    G2 = 14,
    H2 = 15,
    A3 = 16,
    B3 = 17,
    C3 = 18,
    D3 = 19,
    E3 = 20,
    F3 = 21,
    G3 = 22,
    H3 = 23,
    A4 = 24,
    B4 = 25,
    C4 = 26,
    D4 = 27,
    E4 = 28,
    F4 = 29,
    G4 = 30,
    H4 = 31,
    A5 = 32,
    B5 = 33,
    C5 = 34,
    D5 = 35,
    E5 = 36,
    F5 = 37,
    G5 = 38,
    H5 = 39,
    A6 = 40,
    B6 = 41,
    C6 = 42,
    D6 = 43,
    E6 = 44,
    F6 = 45,
    G6 = 46,
    H6 = 47,
    A7 = 48,
    B7 = 49,
    C7 = 50,
    D7 = 51,
    E7 = 52,
    F7 = 53,
    G7 = 54,
    H7 = 55,
    A8 = 56,
    B8 = 57,
    C8 = 58,
    D8 = 59,
    E8 = 60,
    F8 = 61,
    G8 = 62,
    H8 = 63,
);

impl Square {
    /// The square on `file` and `rank`.
    ///
    /// ```
    /// use lerf_types::{File, Rank, Square};
    /// assert_eq!(Square::new(File::D, Rank::R5), Square::D5);
    /// ```
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Self::from_index_wrapping((rank as u8) << 3 | file as u8)
    }

    /// The square's index, a1 = 0 … h8 = 63.
    ///
    /// ```
    /// use lerf_types::Square;
    /// assert_eq!(Square::B2.index(), 9);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The square's file.
    ///
    /// ```
    /// use lerf_types::{File, Square};
    /// assert_eq!(Square::F7.file(), File::F);
    /// ```
    #[inline]
    pub const fn file(self) -> File {
        File::from_index_wrapping(self as u8)
    }

    /// The square's rank.
    ///
    /// ```
    /// use lerf_types::{Rank, Square};
    /// assert_eq!(Square::F7.rank(), Rank::R7);
    /// ```
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::from_index_wrapping(self as u8 >> 3)
    }

    /// The square as seen from `color`'s side: for Black the board is mirrored top to bottom
    /// (`s ^ 56`), so a1 becomes a8.
    ///
    /// ```
    /// use lerf_types::{Color, Square};
    /// assert_eq!(Square::G1.relative(Color::White), Square::G1);
    /// assert_eq!(Square::G1.relative(Color::Black), Square::G8);
    /// ```
    #[inline]
    pub const fn relative(self, color: Color) -> Square {
        Self::from_index_wrapping(self as u8 ^ (color as u8 * 56))
    }

    /// The square mirrored top to bottom (a1 ↔ a8), whatever the side.
    ///
    /// ```
    /// use lerf_types::Square;
    /// assert_eq!(Square::C2.flip_rank(), Square::C7);
    /// ```
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Self::from_index_wrapping(self as u8 ^ 56)
    }

    /// The square mirrored left to right (a1 ↔ h1).
    ///
    /// ```
    /// use lerf_types::Square;
    /// assert_eq!(Square::C2.flip_file(), Square::F2);
    /// ```
    #[inline]
    pub const fn flip_file(self) -> Square {
        Self::from_index_wrapping(self as u8 ^ 7)
    }

    /// The square one step in `dir`, or `None` where that step leaves the board, including
    /// steps that would wrap from the h-file to the a-file or back.
    ///
    /// ```
    /// use lerf_types::{Direction, Square};
    /// assert_eq!(Square::E4.offset(Direction::NorthEast), Some(Square::F5));
    /// assert_eq!(Square::H4.offset(Direction::East), None);
    /// assert_eq!(Square::A1.offset(Direction::South), None);
    /// ```
    #[inline]
    pub const fn offset(self, dir: Direction) -> Option<Square> {
        let target = self as i8 + dir as i8;
        if target < 0 || target > 63 {
            return None;
        }
        let to = Self::from_index_wrapping(target as u8);
        let file_step = (to.file() as i8 - self.file() as i8).abs();
        if file_step > 1 { None } else { Some(to) }
    }

    /// Chebyshev (king-move) distance between two squares.
    ///
    /// ```
    /// use lerf_types::Square;
    /// assert_eq!(Square::A1.distance(Square::H8), 7);
    /// assert_eq!(Square::E4.distance(Square::F6), 2);
    /// ```
    #[inline]
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self.file() as i8 - other.file() as i8).unsigned_abs();
        let dr = (self.rank() as i8 - other.rank() as i8).unsigned_abs();
        if df > dr { df } else { dr }
    }

    /// Whether the square is dark (a1 is dark).
    ///
    /// ```
    /// use lerf_types::Square;
    /// assert!(Square::A1.is_dark() && !Square::H1.is_dark());
    /// ```
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() as u8 + self.rank() as u8).is_multiple_of(2)
    }

    /// Iterates over all 64 squares, a1 first.
    ///
    /// ```
    /// use lerf_types::Square;
    /// assert_eq!(Square::iter().len(), 64);
    /// assert_eq!(Square::iter().next_back(), Some(Square::H8));
    /// ```
    pub fn iter() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        Self::ALL.into_iter()
    }
}

impl TryFrom<u8> for Square {
    type Error = ParseError;
    fn try_from(i: u8) -> Result<Self, Self::Error> {
        if i < 64 {
            Ok(Self::from_index_wrapping(i))
        } else {
            Err(ParseError::Square(Excerpt::of_number(i)))
        }
    }
}

impl From<Square> for u8 {
    fn from(sq: Square) -> u8 {
        sq as u8
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().to_char(), self.rank().to_char())
    }
}

impl FromStr for Square {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next().and_then(File::from_char), chars.next().and_then(Rank::from_char)) {
            (Some(file), Some(rank)) if chars.next().is_none() => Ok(Square::new(file, rank)),
            _ => Err(ParseError::Square(s.into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quickcheck::quickcheck;

    #[test]
    fn encoding_is_little_endian_rank_file() {
        assert_eq!(Square::A1 as u8, 0);
        assert_eq!(Square::H1 as u8, 7);
        assert_eq!(Square::A2 as u8, 8);
        assert_eq!(Square::E4 as u8, 28);
        assert_eq!(Square::H8 as u8, 63);
        for (i, sq) in Square::iter().enumerate() {
            assert_eq!(sq as usize, i);
        }
        assert_eq!(Square::iter().len(), 64);
    }

    #[test]
    fn parse_and_display() {
        for sq in Square::iter() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        for bad in ["", "e", "e9", "i1", "E4", "e44", "4e", "e0", " e4"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseError::Square(bad.into())), "{bad}");
        }
        assert!(Square::try_from(64u8).is_err());
    }

    #[test]
    fn offset_never_wraps() {
        for sq in Square::iter() {
            for dir in Direction::ORTHOGONAL.into_iter().chain(Direction::DIAGONAL) {
                let df = match dir as i8 {
                    1 | 9 | -7 => 1,
                    -1 | 7 | -9 => -1,
                    _ => 0,
                };
                let dr = (dir as i8 - df).signum();
                let f = sq.file() as i8 + df;
                let r = sq.rank() as i8 + dr;
                let expect = ((0..8).contains(&f) && (0..8).contains(&r)).then(|| {
                    Square::new(
                        File::from_index_wrapping(f as u8),
                        Rank::from_index_wrapping(r as u8),
                    )
                });
                assert_eq!(sq.offset(dir), expect, "{sq} {dir:?}");
            }
        }
    }

    #[test]
    fn distance_is_chebyshev() {
        assert_eq!(Square::A1.distance(Square::H8), 7);
        assert_eq!(Square::E4.distance(Square::F6), 2);
        assert_eq!(Square::E4.distance(Square::E4), 0);
    }

    quickcheck! {
        fn square_file_rank_round_trip(i: u8) -> bool {
            let sq = Square::from_index_wrapping(i);
            Square::new(sq.file(), sq.rank()) == sq && sq as u8 == i & 63
        }

        fn relative_twice_is_identity(i: u8) -> bool {
            let sq = Square::from_index_wrapping(i);
            [Color::White, Color::Black].iter().all(|&c| sq.relative(c).relative(c) == sq)
                && sq.relative(Color::White) == sq
                && sq.relative(Color::Black).rank() == sq.rank().relative(Color::Black)
        }
    }
}
