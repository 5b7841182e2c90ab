//! Directions on the board as changes of square index.

use crate::Color;

/// A step on the board as a change of square index: north is `+8`, east `+1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(i8)]
#[allow(missing_docs)]
pub enum Direction {
    North = 8,
    East = 1,
    South = -8,
    West = -1,
    NorthEast = 9,
    NorthWest = 7,
    SouthEast = -7,
    SouthWest = -9,
    /// Two steps north: a white pawn's double push.
    NorthNorth = 16,
    /// Two steps south: a black pawn's double push.
    SouthSouth = -16,
}

impl Direction {
    /// The four rook directions.
    pub const ORTHOGONAL: [Direction; 4] =
        [Direction::North, Direction::East, Direction::South, Direction::West];
    /// The four bishop directions.
    pub const DIAGONAL: [Direction; 4] =
        [Direction::NorthEast, Direction::NorthWest, Direction::SouthEast, Direction::SouthWest];

    /// The direction a pawn of `color` pushes.
    ///
    /// ```
    /// use lerf_types::{Color, Direction};
    /// assert_eq!(Direction::up(Color::White), Direction::North);
    /// assert_eq!(Direction::up(Color::Black), Direction::South);
    /// ```
    #[inline]
    pub const fn up(color: Color) -> Direction {
        match color {
            Color::White => Direction::North,
            Color::Black => Direction::South,
        }
    }

    /// The opposite direction.
    ///
    /// ```
    /// use lerf_types::Direction;
    /// assert_eq!(Direction::NorthEast.reverse(), Direction::SouthWest);
    /// ```
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
            Direction::NorthEast => Direction::SouthWest,
            Direction::SouthWest => Direction::NorthEast,
            Direction::NorthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthWest,
            Direction::NorthNorth => Direction::SouthSouth,
            Direction::SouthSouth => Direction::NorthNorth,
        }
    }
}
