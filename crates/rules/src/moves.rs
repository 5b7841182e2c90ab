//! [`LooseMove`]: a move as python-chess's `Move` has it, text in and out.

use core::fmt;
use core::str::FromStr;
use lerf_types::{ParseError, PieceType, Square};

/// A move as UCI text states it, without a position: origin, destination, the piece a pawn
/// promotes to, or the piece dropped (crazyhouse's `N@f3`, which a standard board does not
/// play). The null move is a1a1 with neither.
///
/// Castling is the king's move: two squares (`e1g1`) in standard chess, onto its own rook
/// (`e1h1`) in Chess960.
///
/// ```
/// use lerf_rules::LooseMove;
/// use lerf_types::{PieceType, Square};
/// let m: LooseMove = "e7e8q".parse()?;
/// assert_eq!(m.promotion, Some(PieceType::Queen));
/// assert_eq!(m.to_string(), "e7e8q");
/// assert_eq!("N@f3".parse::<LooseMove>()?.drop, Some(PieceType::Knight));
/// assert!("0000".parse::<LooseMove>()?.is_null());
/// assert!("e2e2".parse::<LooseMove>().is_err(), "0000 is the null move's only text");
/// # Ok::<(), lerf_types::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LooseMove {
    /// The origin square (the drop square for a drop).
    pub from: Square,
    /// The destination square.
    pub to: Square,
    /// The piece type a pawn becomes, if any.
    pub promotion: Option<PieceType>,
    /// The piece type dropped, if this is a drop.
    pub drop: Option<PieceType>,
}

impl LooseMove {
    /// The null move: passes the turn.
    pub const NULL: LooseMove =
        LooseMove { from: Square::A1, to: Square::A1, promotion: None, drop: None };

    /// A move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> LooseMove {
        LooseMove { from, to, promotion: None, drop: None }
    }

    /// A pawn's move that promotes to `piece`.
    #[inline]
    pub const fn promotion(from: Square, to: Square, piece: PieceType) -> LooseMove {
        LooseMove { from, to, promotion: Some(piece), drop: None }
    }

    /// Whether this is the null move (python-chess's `not move`): a1 to a1, nothing
    /// promoted or dropped.
    #[inline]
    pub fn is_null(self) -> bool {
        self == LooseMove::NULL
    }
}

impl fmt::Display for LooseMove {
    /// UCI: `e2e4`, `e7e8q`, `N@f3`, `0000`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(drop) = self.drop {
            return write!(f, "{}@{}", drop.to_char().to_ascii_uppercase(), self.to);
        }
        if self.is_null() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from, self.to)?;
        match self.promotion {
            Some(pt) => write!(f, "{}", pt.to_char()),
            None => Ok(()),
        }
    }
}

/// The square named by two characters (`e4`).
fn square_of(file: char, rank: char) -> Option<Square> {
    match (file, rank) {
        ('a'..='h', '1'..='8') => {
            let index = (rank as u8 - b'1') * 8 + (file as u8 - b'a');
            Square::from_index(index)
        }
        _ => None,
    }
}

/// A piece type's lower-case letter, `p` to `k`.
fn piece_type_of(c: char) -> Option<PieceType> {
    match c {
        'p' => Some(PieceType::Pawn),
        'n' => Some(PieceType::Knight),
        'b' => Some(PieceType::Bishop),
        'r' => Some(PieceType::Rook),
        'q' => Some(PieceType::Queen),
        'k' => Some(PieceType::King),
        _ => None,
    }
}

impl FromStr for LooseMove {
    type Err = ParseError;

    /// Reads UCI as python-chess does: `0000`, a drop `X@sq` (any case), or two squares and
    /// an optional lower-case piece letter (`p` and `k` included), the squares different.
    fn from_str(s: &str) -> Result<LooseMove, ParseError> {
        let err = || ParseError::Move(s.into());
        if s == "0000" {
            return Ok(LooseMove::NULL);
        }
        let mut chars = [' '; 5];
        let mut len = 0;
        for c in s.chars() {
            if len == 5 {
                return Err(err());
            }
            chars[len] = c;
            len += 1;
        }
        if len == 4 && chars[1] == '@' {
            let drop = piece_type_of(chars[0].to_ascii_lowercase()).ok_or_else(err)?;
            let to = square_of(chars[2], chars[3]).ok_or_else(err)?;
            return Ok(LooseMove { from: to, to, promotion: None, drop: Some(drop) });
        }
        if len < 4 {
            return Err(err());
        }
        let from = square_of(chars[0], chars[1]).ok_or_else(err)?;
        let to = square_of(chars[2], chars[3]).ok_or_else(err)?;
        let promotion = match len {
            5 => Some(piece_type_of(chars[4]).ok_or_else(err)?),
            _ => None,
        };
        if from == to {
            return Err(err());
        }
        Ok(LooseMove { from, to, promotion, drop: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_round_trips() {
        for text in ["e2e4", "e7e8q", "a2a1n", "g7g8k", "B@f4", "P@e4", "0000"] {
            let m: LooseMove = text.parse().unwrap();
            assert_eq!(m.to_string(), text);
        }
        assert_eq!("n@f3".parse::<LooseMove>().unwrap().to_string(), "N@f3");
    }

    #[test]
    fn bad_uci() {
        for text in ["", "N", "z1g3", "Q@g9", "e2e2", "e7e8Q", "e2e4qq", "é2e4", "a1"] {
            assert!(text.parse::<LooseMove>().is_err(), "{text}");
        }
    }
}
