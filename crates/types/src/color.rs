//! The two sides, and a pair of values indexed by side.

use crate::ParseError;
use core::fmt;
use core::ops::{Index, IndexMut, Not};
use core::str::FromStr;

/// A side: White = 0, Black = 1. `!color` is the other side.
///
/// ```
/// use lerf_types::Color;
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!("b".parse::<Color>(), Ok(Color::Black));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The colour's index, White = 0.
    ///
    /// ```
    /// use lerf_types::Color;
    /// assert_eq!((Color::White.index(), Color::Black.index()), (0, 1));
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour with index `i`, if `i < 2` (White = 0).
    ///
    /// ```
    /// use lerf_types::Color;
    /// assert_eq!(Color::from_index(1), Some(Color::Black));
    /// assert_eq!(Color::from_index(2), None);
    /// ```
    #[inline]
    pub const fn from_index(i: u8) -> Option<Color> {
        if i < 2 { Some(Self::from_index_wrapping(i)) } else { None }
    }

    /// The colour with index `i & 1`: out-of-range values wrap around. For an index known
    /// to be 0 or 1; [`from_index`](Color::from_index) checks instead.
    ///
    /// ```
    /// use lerf_types::Color;
    /// assert_eq!(Color::from_index_wrapping(1), Color::Black);
    /// assert_eq!(Color::from_index_wrapping(2), Color::White); // wraps: only the low bit counts
    /// assert_eq!(Color::from_index(2), None);
    /// ```
    #[inline]
    pub const fn from_index_wrapping(i: u8) -> Color {
        if i & 1 == 0 { Color::White } else { Color::Black }
    }

    /// The FEN letter: `w` or `b`.
    ///
    /// ```
    /// use lerf_types::Color;
    /// assert_eq!(Color::Black.to_char(), 'b');
    /// ```
    pub const fn to_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// `value` for White, `-value` for Black.
    ///
    /// ```
    /// use lerf_types::Color;
    /// assert_eq!(Color::White.sign(35), 35);
    /// assert_eq!(Color::Black.sign(35), -35);
    /// ```
    #[inline]
    pub const fn sign(self, value: i32) -> i32 {
        match self {
            Color::White => value,
            Color::Black => -value,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        Color::from_index_wrapping(self as u8 ^ 1)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

impl FromStr for Color {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            _ => Err(ParseError::Color(s.into())),
        }
    }
}

/// One value per side, indexed by [`Color`] instead of a bare `[T; 2]`.
///
/// ```
/// use lerf_types::{ByColor, Color};
/// let mut castled = ByColor::new(false, false);
/// castled[Color::Black] = true;
/// assert!(!castled[Color::White] && castled[Color::Black]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByColor<T>(pub [T; 2]);

impl<T> ByColor<T> {
    /// A pair with White's value first.
    ///
    /// ```
    /// use lerf_types::{ByColor, Color};
    /// let kings = ByColor::new("e1", "e8");
    /// assert_eq!(kings[Color::Black], "e8");
    /// ```
    pub const fn new(white: T, black: T) -> Self {
        ByColor([white, black])
    }

    /// Iterates over `(colour, value)` pairs, White first.
    ///
    /// ```
    /// use lerf_types::{ByColor, Color};
    /// let material = ByColor::new(39, 30);
    /// let pairs: Vec<_> = material.iter().collect();
    /// assert_eq!(pairs, [(Color::White, &39), (Color::Black, &30)]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        Color::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        &self.0[c as usize]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c as usize]
    }
}
