//! Files and ranks, `a`–`h` and `1`–`8`.

use crate::{Color, Excerpt, ParseError};
use core::fmt;
use core::str::FromStr;

/// A file (column), `a` to `h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

/// A rank (row), `1` to `8`. Variant `R1` is White's back rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    R1,
    R2,
    R3,
    R4,
    R5,
    R6,
    R7,
    R8,
}

impl File {
    /// All files from a to h.
    pub const ALL: [File; 8] =
        [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    /// The file with index `i`, if `i < 8` (a = 0).
    ///
    /// ```
    /// use lerf_types::File;
    /// assert_eq!(File::from_index(4), Some(File::E));
    /// assert_eq!(File::from_index(8), None);
    /// ```
    #[inline]
    pub const fn from_index(i: u8) -> Option<File> {
        if i < 8 { Some(Self::from_index_wrapping(i)) } else { None }
    }

    /// The file with index `i & 7`: out-of-range values wrap around (`8` is the a-file).
    /// For indices known to be in range (three bits of a square); [`from_index`](File::from_index)
    /// checks instead.
    ///
    /// ```
    /// use lerf_types::File;
    /// assert_eq!(File::from_index_wrapping(7), File::H);
    /// assert_eq!(File::from_index_wrapping(9), File::B); // wraps: 9 & 7
    /// assert_eq!(File::try_from(9u8).ok(), None);
    /// ```
    #[inline]
    pub const fn from_index_wrapping(i: u8) -> File {
        match i & 7 {
            0 => File::A,
            1 => File::B,
            2 => File::C,
            3 => File::D,
            4 => File::E,
            5 => File::F,
            6 => File::G,
            _ => File::H,
        }
    }

    /// The file's index, a = 0 … h = 7.
    ///
    /// ```
    /// use lerf_types::File;
    /// assert_eq!(File::C.index(), 2);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter of the file.
    ///
    /// ```
    /// use lerf_types::File;
    /// assert_eq!(File::E.to_char(), 'e');
    /// ```
    pub const fn to_char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file of a letter `a`–`h` (lowercase only).
    ///
    /// ```
    /// use lerf_types::File;
    /// assert_eq!(File::from_char('g'), Some(File::G));
    /// assert_eq!(File::from_char('G'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(Self::from_index_wrapping(c as u8 - b'a')),
            _ => None,
        }
    }

    /// The file mirrored across the board's vertical axis (a ↔ h).
    ///
    /// ```
    /// use lerf_types::File;
    /// assert_eq!(File::B.flip(), File::G);
    /// ```
    pub const fn flip(self) -> File {
        Self::from_index_wrapping(7 - self as u8)
    }
}

impl Rank {
    /// All ranks from 1 to 8.
    pub const ALL: [Rank; 8] =
        [Rank::R1, Rank::R2, Rank::R3, Rank::R4, Rank::R5, Rank::R6, Rank::R7, Rank::R8];

    /// The rank with index `i`, if `i < 8` (rank 1 = 0).
    ///
    /// ```
    /// use lerf_types::Rank;
    /// assert_eq!(Rank::from_index(3), Some(Rank::R4));
    /// assert_eq!(Rank::from_index(8), None);
    /// ```
    #[inline]
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 8 { Some(Self::from_index_wrapping(i)) } else { None }
    }

    /// The rank with index `i & 7` (rank 1 = 0).
    ///
    /// ```
    /// use lerf_types::Rank;
    /// assert_eq!(Rank::from_index_wrapping(3), Rank::R4);
    /// assert_eq!(Rank::from_index_wrapping(8), Rank::R1); // wraps: 8 & 7
    /// ```
    #[inline]
    pub const fn from_index_wrapping(i: u8) -> Rank {
        match i & 7 {
            0 => Rank::R1,
            1 => Rank::R2,
            2 => Rank::R3,
            3 => Rank::R4,
            4 => Rank::R5,
            5 => Rank::R6,
            6 => Rank::R7,
            _ => Rank::R8,
        }
    }

    /// The rank's index, rank 1 = 0 … rank 8 = 7.
    ///
    /// ```
    /// use lerf_types::Rank;
    /// assert_eq!(Rank::R8.index(), 7);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank as seen from `color`'s side: rank 1 for Black is rank 8.
    ///
    /// ```
    /// use lerf_types::{Color, Rank};
    /// assert_eq!(Rank::R2.relative(Color::Black), Rank::R7);
    /// assert_eq!(Rank::R2.relative(Color::White), Rank::R2);
    /// ```
    #[inline]
    pub const fn relative(self, color: Color) -> Rank {
        Self::from_index_wrapping(self as u8 ^ (color as u8 * 7))
    }

    /// The digit of the rank.
    ///
    /// ```
    /// use lerf_types::Rank;
    /// assert_eq!(Rank::R5.to_char(), '5');
    /// ```
    pub const fn to_char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank of a digit `1`–`8`.
    ///
    /// ```
    /// use lerf_types::Rank;
    /// assert_eq!(Rank::from_char('2'), Some(Rank::R2));
    /// assert_eq!(Rank::from_char('9'), None);
    /// ```
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Self::from_index_wrapping(c as u8 - b'1')),
            _ => None,
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for File {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next().and_then(File::from_char), chars.next()) {
            (Some(file), None) => Ok(file),
            _ => Err(ParseError::File(s.into())),
        }
    }
}

impl TryFrom<u8> for File {
    type Error = ParseError;
    fn try_from(i: u8) -> Result<Self, Self::Error> {
        if i < 8 {
            Ok(Self::from_index_wrapping(i))
        } else {
            Err(ParseError::File(Excerpt::of_number(i)))
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for Rank {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next().and_then(Rank::from_char), chars.next()) {
            (Some(rank), None) => Ok(rank),
            _ => Err(ParseError::Rank(s.into())),
        }
    }
}

impl TryFrom<u8> for Rank {
    type Error = ParseError;
    fn try_from(i: u8) -> Result<Self, Self::Error> {
        if i < 8 {
            Ok(Self::from_index_wrapping(i))
        } else {
            Err(ParseError::Rank(Excerpt::of_number(i)))
        }
    }
}
