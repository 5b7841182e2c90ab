//! Castling rights as a four-bit set.

use crate::{Color, ParseError};
use core::fmt;
use core::str::FromStr;

bitflags::bitflags! {
    /// Which castlings are still allowed: WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4,
    /// BLACK_OOO = 8, as Stockfish numbers them, so the set is also a 0..16 table index.
    ///
    /// ```
    /// use lerf_types::{CastlingRights, Color};
    /// let rights = CastlingRights::WHITE | CastlingRights::BLACK_OO;
    /// assert_eq!(rights.bits(), 7);
    /// assert_eq!(rights & CastlingRights::for_color(Color::Black), CastlingRights::BLACK_OO);
    /// ```
    #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
    pub struct CastlingRights: u8 {
        /// White castles on the king side.
        const WHITE_OO = 1;
        /// White castles on the queen side.
        const WHITE_OOO = 2;
        /// Black castles on the king side.
        const BLACK_OO = 4;
        /// Black castles on the queen side.
        const BLACK_OOO = 8;
        /// Both of White's castlings.
        const WHITE = Self::WHITE_OO.bits() | Self::WHITE_OOO.bits();
        /// Both of Black's castlings.
        const BLACK = Self::BLACK_OO.bits() | Self::BLACK_OOO.bits();
        /// Both king-side castlings.
        const KING_SIDE = Self::WHITE_OO.bits() | Self::BLACK_OO.bits();
        /// Both queen-side castlings.
        const QUEEN_SIDE = Self::WHITE_OOO.bits() | Self::BLACK_OOO.bits();
        /// All four.
        const ANY = 15;
    }
}

impl CastlingRights {
    /// The four single rights in index order (WHITE_OO first).
    pub const SINGLE: [CastlingRights; 4] = [
        CastlingRights::WHITE_OO,
        CastlingRights::WHITE_OOO,
        CastlingRights::BLACK_OO,
        CastlingRights::BLACK_OOO,
    ];

    /// Both rights of `color`.
    ///
    /// ```
    /// use lerf_types::{CastlingRights, Color};
    /// assert_eq!(CastlingRights::for_color(Color::Black), CastlingRights::BLACK_OO | CastlingRights::BLACK_OOO);
    /// ```
    #[inline]
    pub const fn for_color(color: Color) -> CastlingRights {
        match color {
            Color::White => CastlingRights::WHITE,
            Color::Black => CastlingRights::BLACK,
        }
    }

    /// The single right of `color` on `side`.
    ///
    /// ```
    /// use lerf_types::{CastlingRights, CastlingSide, Color};
    /// assert_eq!(CastlingRights::new(Color::White, CastlingSide::Queen), CastlingRights::WHITE_OOO);
    /// ```
    #[inline]
    pub const fn new(color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights::from_bits_truncate(1 << (2 * color as u8 + side as u8))
    }

    /// The set as a table index, 0..16.
    ///
    /// ```
    /// use lerf_types::CastlingRights;
    /// assert_eq!(CastlingRights::ANY.index(), 15);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self.bits() as usize
    }

    /// For a single right: its colour and side. `None` for any other set.
    ///
    /// ```
    /// use lerf_types::{CastlingRights, CastlingSide, Color};
    /// assert_eq!(CastlingRights::BLACK_OO.single(), Some((Color::Black, CastlingSide::King)));
    /// assert_eq!(CastlingRights::WHITE.single(), None);
    /// ```
    pub const fn single(self) -> Option<(Color, CastlingSide)> {
        match self.bits() {
            1 => Some((Color::White, CastlingSide::King)),
            2 => Some((Color::White, CastlingSide::Queen)),
            4 => Some((Color::Black, CastlingSide::King)),
            8 => Some((Color::Black, CastlingSide::Queen)),
            _ => None,
        }
    }
}

/// The FEN letters of the single rights, in `SINGLE` order.
const FEN_LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];

/// The rights as FEN writes them: `KQkq` order, `-` for none.
///
/// ```
/// use lerf_types::CastlingRights;
/// assert_eq!((CastlingRights::WHITE_OO | CastlingRights::BLACK).to_string(), "Kkq");
/// assert_eq!(CastlingRights::empty().to_string(), "-");
/// ```
impl fmt::Display for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (right, letter) in CastlingRights::SINGLE.into_iter().zip(FEN_LETTERS) {
            if self.contains(right) {
                fmt::Write::write_char(f, letter)?;
            }
        }
        Ok(())
    }
}

/// Reads `-` or the letters `KQkq`, each at most once, in any order. The letters only
/// say which rights exist; which rook each one uses is the position's business (X-FEN and
/// Shredder-FEN castling are read by `Position::from_fen`).
///
/// ```
/// use lerf_types::CastlingRights;
/// assert_eq!("qK".parse(), Ok(CastlingRights::WHITE_OO | CastlingRights::BLACK_OOO));
/// assert_eq!("-".parse(), Ok(CastlingRights::empty()));
/// assert!("KK".parse::<CastlingRights>().is_err());
/// assert!("".parse::<CastlingRights>().is_err());
/// ```
impl FromStr for CastlingRights {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseError::CastlingRights(s.into());
        if s == "-" {
            return Ok(CastlingRights::empty());
        }
        if s.is_empty() {
            return Err(err());
        }
        let mut rights = CastlingRights::empty();
        for c in s.chars() {
            let i = FEN_LETTERS.iter().position(|&l| l == c).ok_or_else(err)?;
            let right = CastlingRights::SINGLE[i];
            if rights.contains(right) {
                return Err(err());
            }
            rights |= right;
        }
        Ok(rights)
    }
}

/// The side of the board a castling goes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum CastlingSide {
    /// Towards the h-file: the king ends on g, the rook on f (`O-O`).
    King = 0,
    /// Towards the a-file: the king ends on c, the rook on d (`O-O-O`).
    Queen = 1,
}

impl CastlingSide {
    /// King side, then queen side.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// The file the king stands on after castling.
    ///
    /// ```
    /// use lerf_types::{CastlingSide, File};
    /// assert_eq!(CastlingSide::Queen.king_to_file(), File::C);
    /// ```
    pub const fn king_to_file(self) -> crate::File {
        match self {
            CastlingSide::King => crate::File::G,
            CastlingSide::Queen => crate::File::C,
        }
    }

    /// The file the rook stands on after castling.
    ///
    /// ```
    /// use lerf_types::{CastlingSide, File};
    /// assert_eq!(CastlingSide::Queen.rook_to_file(), File::D);
    /// ```
    pub const fn rook_to_file(self) -> crate::File {
        match self {
            CastlingSide::King => crate::File::F,
            CastlingSide::Queen => crate::File::D,
        }
    }
}
