//! A [`Bitboard`]'s text forms: a board diagram, a one-line debug form, hex and binary.

use crate::bitboard::Bitboard;
use core::fmt;
use lerf_types::Square;

/// Draws the board: rank 8 on top, a1 at the bottom left, `X` for a member square and `.`
/// for the others, with file letters and rank digits around it.
impl fmt::Display for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..8u8 {
                let mark = if self.contains(Square::from_index_wrapping(rank * 8 + file)) {
                    'X'
                } else {
                    '.'
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        write!(f, "\n   a b c d e f g h")
    }
}

/// One line: the hex value and the squares, `Bitboard(0x0000000010000010 [e1 e4])`. The
/// board diagram is `Display`'s.
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x} [", self.0)?;
        for (i, sq) in self.into_iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{sq}")?;
        }
        f.write_str("])")
    }
}

impl fmt::LowerHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::LowerHex::fmt(&self.0, f)
    }
}

impl fmt::UpperHex for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::UpperHex::fmt(&self.0, f)
    }
}

impl fmt::Binary for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Binary::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_is_one_line() {
        let bb = Bitboard::from(Square::E1) | Square::E4;
        assert_eq!(format!("{bb:?}"), "Bitboard(0x0000000010000010 [e1 e4])");
        assert_eq!(format!("{:?}", Bitboard::EMPTY), "Bitboard(0x0000000000000000 [])");
    }

    #[test]
    fn display_draws_a1_bottom_left() {
        let bb = Bitboard::from(Square::A1) | Square::H8;
        let text = bb.to_string();
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines[0], "8  . . . . . . . X");
        assert_eq!(lines[7], "1  X . . . . . . .");
        assert_eq!(lines[9], "   a b c d e f g h");
        assert_eq!(format!("{bb:?}"), "Bitboard(0x8000000000000001 [a1 h8])");
    }
}
