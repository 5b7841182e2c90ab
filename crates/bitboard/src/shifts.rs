//! A set of squares moved across the board as a whole: one step in a direction (squares
//! leaving the board drop out), and the pawn and knight moves of a whole set. These need the
//! board's files and ranks (`consts.rs`), which the set type itself does not.

use crate::Bitboard;
use crate::consts::{FILE_A, FILE_B, FILE_G, FILE_H, RANK_2, RANK_3, RANK_6, RANK_7};
use lerf_types::{Color, Direction};

impl Bitboard {
    /// The set moved one step in `dir`. Squares that would leave the board, including across
    /// the a/h edge, drop out instead of wrapping.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::{Direction, Square};
    /// assert_eq!(Bitboard::from(Square::E4).shift(Direction::NorthEast), Bitboard::from(Square::F5));
    /// assert!(Bitboard::from(Square::H4).shift(Direction::East).is_empty()); // no wrap to a5
    /// ```
    #[inline]
    pub const fn shift(self, dir: Direction) -> Bitboard {
        let b = self.0;
        Bitboard(match dir {
            Direction::North => b << 8,
            Direction::South => b >> 8,
            Direction::NorthNorth => b << 16,
            Direction::SouthSouth => b >> 16,
            Direction::East => (b & !FILE_H.0) << 1,
            Direction::West => (b & !FILE_A.0) >> 1,
            Direction::NorthEast => (b & !FILE_H.0) << 9,
            Direction::NorthWest => (b & !FILE_A.0) << 7,
            Direction::SouthEast => (b & !FILE_H.0) >> 7,
            Direction::SouthWest => (b & !FILE_A.0) >> 9,
        })
    }

    /// Squares attacked by a whole set of `color`'s pawns.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::{Color, Square};
    /// let pawns = Bitboard::from(Square::A2) | Square::E2;
    /// let hit: Vec<_> = pawns.pawn_attacks(Color::White).into_iter().collect();
    /// assert_eq!(hit, [Square::B3, Square::D3, Square::F3]);
    /// ```
    #[inline]
    pub const fn pawn_attacks(self, color: Color) -> Bitboard {
        match color {
            Color::White => {
                Bitboard(self.shift(Direction::NorthEast).0 | self.shift(Direction::NorthWest).0)
            }
            Color::Black => {
                Bitboard(self.shift(Direction::SouthEast).0 | self.shift(Direction::SouthWest).0)
            }
        }
    }

    /// Squares attacked by a whole set of knights, without a loop: the eight jumps as
    /// shifts of the set.
    ///
    /// ```
    /// use lerf_bitboard::{Bitboard, knight_attacks};
    /// use lerf_types::Square;
    /// let knights = Bitboard::from(Square::B1) | Square::G8;
    /// assert_eq!(knights.knight_attacks(), knight_attacks(Square::B1) | knight_attacks(Square::G8));
    /// ```
    #[inline]
    pub const fn knight_attacks(self) -> Bitboard {
        let b = self.0;
        let one = ((b >> 1) & !FILE_H.0) | ((b << 1) & !FILE_A.0);
        let two = ((b >> 2) & !(FILE_G.0 | FILE_H.0)) | ((b << 2) & !(FILE_A.0 | FILE_B.0));
        Bitboard((one << 16) | (one >> 16) | (two << 8) | (two >> 8))
    }

    /// Squares attacked twice by a set of `color`'s pawns.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::{Color, Square};
    /// let pawns = Bitboard::from(Square::C2) | Square::E2;
    /// assert_eq!(pawns.pawn_double_attacks(Color::White), Bitboard::from(Square::D3));
    /// ```
    #[inline]
    pub const fn pawn_double_attacks(self, color: Color) -> Bitboard {
        match color {
            Color::White => {
                Bitboard(self.shift(Direction::NorthEast).0 & self.shift(Direction::NorthWest).0)
            }
            Color::Black => {
                Bitboard(self.shift(Direction::SouthEast).0 & self.shift(Direction::SouthWest).0)
            }
        }
    }

    /// Single pushes of a set of `color`'s pawns onto the squares in `empty`.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::{Color, Square};
    /// let pawns = Bitboard::from(Square::E7);
    /// let empty = !Bitboard::from(Square::E5);
    /// assert_eq!(pawns.pawn_pushes(Color::Black, empty), Bitboard::from(Square::E6));
    /// ```
    #[inline]
    pub const fn pawn_pushes(self, color: Color, empty: Bitboard) -> Bitboard {
        Bitboard(self.shift(Direction::up(color)).0 & empty.0)
    }

    /// Double pushes of a set of `color`'s pawns: from the second rank through an empty
    /// third rank to an empty fourth.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::{Color, Square};
    /// let pawns = Bitboard::from(Square::E2) | Square::D2;
    /// let empty = !(Bitboard::from(Square::D3) | Square::E2 | Square::D2);
    /// assert_eq!(pawns.pawn_double_pushes(Color::White, empty), Bitboard::from(Square::E4));
    /// ```
    #[inline]
    pub const fn pawn_double_pushes(self, color: Color, empty: Bitboard) -> Bitboard {
        let (start, third) = match color {
            Color::White => (RANK_2, RANK_3),
            Color::Black => (RANK_7, RANK_6),
        };
        let once = Bitboard(Bitboard(self.0 & start.0).pawn_pushes(color, empty).0 & third.0);
        once.pawn_pushes(color, empty)
    }
}
