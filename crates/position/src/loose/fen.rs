//! FEN, X-FEN and Shredder-FEN for a [`LooseBoard`], read and written as python-chess
//! reads and writes them.

use super::board::LooseBoard;
use super::error::LooseFenError;
use super::layout::Layout;
use super::layout_fen::is_python_space;
use alloc::string::String;
use core::fmt::{self, Write};
use core::str::FromStr;
use lerf_types::{Color, Square};

/// Which en passant square a FEN states.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum EnPassantMode {
    /// Only when an en passant capture is legal (python-chess's default, `"legal"`).
    #[default]
    Legal,
    /// When an en passant capture is pseudo-legal (X-FEN, `"xfen"`).
    PseudoLegal,
    /// After every double step, as the FEN standard says (`"fen"`).
    Always,
}

/// An integer as Python's `int()` reads a word: an optional sign, digits, single
/// underscores between digits.
fn python_int(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let bytes = digits.as_bytes();
    if bytes.is_empty() || !bytes[0].is_ascii_digit() || !bytes[bytes.len() - 1].is_ascii_digit() {
        return None;
    }
    let mut value: i64 = 0;
    let mut after_underscore = false;
    for &b in bytes {
        match b {
            b'0'..=b'9' => {
                value = value.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
                after_underscore = false;
            }
            b'_' if !after_underscore => after_underscore = true,
            _ => return None,
        }
    }
    Some(if negative { -value } else { value })
}

/// A FEN counter: a number of 0 or more that fits in 32 bits.
fn counter(text: &str, error: LooseFenError) -> Result<u32, LooseFenError> {
    python_int(text).and_then(|n| u32::try_from(n).ok()).ok_or(error)
}

impl LooseBoard {
    /// Reads a FEN as python-chess's `Board(fen, chess960=...)` does: fields after the
    /// board part may be left out (`w - - 0 1` then), any arrangement of pieces is taken,
    /// the castling field may be `KQkq`, X-FEN or Shredder-FEN, and the en passant square
    /// is kept as written.
    ///
    /// # Errors
    ///
    /// [`LooseFenError`] naming the malformed field.
    pub fn from_fen(fen: &str, chess960: bool) -> Result<LooseBoard, LooseFenError> {
        let mut parts = fen.split(is_python_space).filter(|p| !p.is_empty());
        let board_part = parts.next().ok_or(LooseFenError::Empty)?;
        let turn = match parts.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(_) => return Err(LooseFenError::Turn),
        };
        let castling = parts.next().unwrap_or("-");
        let ep_square = match parts.next() {
            None | Some("-") => None,
            Some(text) => Some(text.parse::<Square>().map_err(|_| LooseFenError::EnPassant)?),
        };
        let halfmove_clock = match parts.next() {
            None => 0,
            Some(text) => counter(text, LooseFenError::HalfmoveClock)?,
        };
        let fullmove_number = match parts.next() {
            None => 1,
            Some(text) => counter(text, LooseFenError::FullmoveNumber)?.max(1),
        };
        if parts.next().is_some() {
            return Err(LooseFenError::TooManyParts);
        }
        let layout = Layout::from_board_fen(board_part)?;
        let mut board = LooseBoard { layout, turn, chess960, ..LooseBoard::empty() };
        board.set_castling_fen(castling)?;
        board.ep_square = ep_square;
        board.halfmove_clock = halfmove_clock;
        board.fullmove_number = fullmove_number;
        Ok(board)
    }

    /// Writes the EPD's four fields (board, side to move, castling, en passant): castling
    /// as Shredder-FEN with `shredder`, else X-FEN; promoted pieces marked `~` with
    /// `promoted`.
    pub fn write_epd(
        &self,
        out: &mut impl Write,
        shredder: bool,
        en_passant: EnPassantMode,
        promoted: bool,
    ) -> fmt::Result {
        self.layout.write_board_fen(out, promoted)?;
        out.write_str(if self.turn == Color::White { " w " } else { " b " })?;
        let castling = if shredder { self.castling_shredder_fen() } else { self.castling_xfen() };
        out.write_str(&castling)?;
        let ep = match en_passant {
            EnPassantMode::Always => self.ep_square,
            EnPassantMode::PseudoLegal => {
                self.ep_square.filter(|_| self.has_pseudo_legal_en_passant())
            }
            EnPassantMode::Legal => self.ep_square.filter(|_| self.has_legal_en_passant()),
        };
        match ep {
            Some(sq) => write!(out, " {sq}"),
            None => out.write_str(" -"),
        }
    }

    /// Writes the FEN: the EPD's fields, then the half-move clock and move number.
    pub fn write_fen(
        &self,
        out: &mut impl Write,
        shredder: bool,
        en_passant: EnPassantMode,
        promoted: bool,
    ) -> fmt::Result {
        self.write_epd(out, shredder, en_passant, promoted)?;
        write!(out, " {} {}", self.halfmove_clock, self.fullmove_number)
    }

    /// The FEN as python-chess writes it by default: X-FEN castling, the en passant square
    /// only when a capture there is legal.
    pub fn fen(&self) -> String {
        let mut out = String::with_capacity(90);
        let _ = self.write_fen(&mut out, false, EnPassantMode::Legal, false);
        out
    }
}

impl FromStr for LooseBoard {
    type Err = LooseFenError;

    /// [`LooseBoard::from_fen`] for standard chess.
    fn from_str(fen: &str) -> Result<LooseBoard, LooseFenError> {
        LooseBoard::from_fen(fen, false)
    }
}

impl fmt::Display for LooseBoard {
    /// [`LooseBoard::fen`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f, false, EnPassantMode::Legal, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_integers() {
        assert_eq!(python_int("12"), Some(12));
        assert_eq!(python_int("+3"), Some(3));
        assert_eq!(python_int("-0"), Some(0));
        assert_eq!(python_int("1_000"), Some(1000));
        for bad in ["", "-", "1__0", "_1", "1_", "x", "1.0", "--1"] {
            assert_eq!(python_int(bad), None, "{bad}");
        }
    }

    #[test]
    fn short_and_long_fens() {
        let board = LooseBoard::from_fen("8/8/8/8/8/8/8/8", false).unwrap();
        assert_eq!(board.fen(), "8/8/8/8/8/8/8/8 w - - 0 1");
        let board: LooseBoard = "4k3/8/8/8/8/8/8/4K3 b - - 5 0".parse().unwrap();
        assert_eq!(board.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 5 1");
        for (fen, error) in [
            ("", LooseFenError::Empty),
            ("8/8/8/8/8/8/8/8 x", LooseFenError::Turn),
            ("8/8/8/8/8/8/8/8 w KQkqK", LooseFenError::Castling),
            ("8/8/8/8/8/8/8/8 w - e9", LooseFenError::EnPassant),
            ("8/8/8/8/8/8/8/8 w - - -1", LooseFenError::HalfmoveClock),
            ("8/8/8/8/8/8/8/8 w - - 0 x", LooseFenError::FullmoveNumber),
            ("8/8/8/8/8/8/8/8 w - - 0 1 x", LooseFenError::TooManyParts),
        ] {
            assert_eq!(LooseBoard::from_fen(fen, false), Err(error), "{fen}");
        }
    }
}
