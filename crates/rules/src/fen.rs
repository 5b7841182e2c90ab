//! FEN, X-FEN and Shredder-FEN for a [`LooseBoard`], read and written as python-chess
//! reads and writes them.

use super::board::LooseBoard;
use super::castling::castling_field_shape;
use super::error::LooseFenError;
use super::layout::Layout;
use super::layout_fen::{PIECE_BYTES, is_python_space};
use super::python_number::{PythonInt, read_int};
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

/// An integer as Python's `int()` reads a word, when it fits an `i64`.
pub(crate) fn python_int(text: &str) -> Option<i64> {
    match read_int(text)? {
        PythonInt::Fits(n) => Some(n),
        PythonInt::Big(_) => None,
    }
}

/// Reads the usual form of a FEN in one pass: an ASCII board part without `~`, then
/// fields parted by single spaces, counters of plain digits. `None` for anything else,
/// which [`LooseBoard::from_fen`] then reads (or refuses) field by field: this only makes
/// the common case fast, and gives the same board whenever it gives one.
fn from_plain_fen(fen: &[u8], chess960: bool) -> Option<LooseBoard> {
    let mut by_piece = [0u64; 16];
    // The square the next piece or digit stands for, counted down from a8 = 56 ^ 0;
    // `column` is the file, and may reach 8 only at a row's end.
    let (mut rank_base, mut column, mut previous) = (56u8, 0u8, 0u8);
    let mut i = 0;
    while let Some(&b) = fen.get(i) {
        let class = FEN_BYTE_CLASS[usize::from(b)];
        if class < 16 {
            // A piece (lerf's piece number), or 0: not a board byte.
            if class == 0 || column >= 8 {
                return None;
            }
            by_piece[usize::from(class)] |= 1 << (rank_base + column);
            column += 1;
        } else if class < 32 {
            // A digit 1-8, never after another.
            if (16..32).contains(&previous) {
                return None;
            }
            column += class - 16;
        } else if class == SLASH {
            if column != 8 || rank_base == 0 {
                return None;
            }
            (rank_base, column) = (rank_base - 8, 0);
        } else {
            break; // a space: the board part ends
        }
        previous = class;
        i += 1;
    }
    if rank_base != 0 || column != 8 {
        return None;
    }
    let layout = Layout::from_piece_sets(&by_piece);
    let mut fields = fen[i..].split(|&b| b == b' ').skip(1);
    let mut board = LooseBoard { layout, chess960, ..LooseBoard::empty() };
    board.turn = match fields.next() {
        None => return Some(board),
        Some(b"w") => Color::White,
        Some(b"b") => Color::Black,
        Some(_) => return None,
    };
    match fields.next() {
        None => return Some(board),
        Some(b"-") => {}
        // Two spaces in a row: python-chess's split() takes them as one, so the fields
        // after are read by the full reader, from their true places.
        Some(b"") => return None,
        Some(b"KQkq") => board.set_castling_fen("KQkq").ok()?,
        Some(castling) => board.set_castling_fen(core::str::from_utf8(castling).ok()?).ok()?,
    }
    board.ep_square = match fields.next() {
        None => return Some(board),
        Some(b"-") => None,
        Some(&[f @ b'a'..=b'h', r @ b'1'..=b'8']) => Square::from_index((r - b'1') * 8 + f - b'a'),
        Some(_) => return None,
    };
    let digits = |text: &[u8]| -> Option<u32> {
        if text.is_empty() || text.len() > 9 || !text.iter().all(u8::is_ascii_digit) {
            return None;
        }
        Some(text.iter().fold(0, |n, &d| n * 10 + u32::from(d - b'0')))
    };
    match fields.next() {
        None => return Some(board),
        Some(text) => board.halfmove_clock = digits(text)?,
    }
    match fields.next() {
        None => return Some(board),
        Some(text) => board.fullmove_number = digits(text)?.max(1),
    }
    fields.next().is_none().then_some(board)
}

/// `/` in [`FEN_BYTE_CLASS`].
const SLASH: u8 = 32;

/// What each byte is in a FEN's board part: 1–14 a piece (lerf's piece number), 17–24 a
/// digit (16 + its value), [`SLASH`], 64 a space; 0 anything else (`~` included, which
/// the plain reader leaves to the full one).
static FEN_BYTE_CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        if let Some(piece) = PIECE_BYTES[i] {
            table[i] = piece as u8;
        }
        i += 1;
    }
    let mut d = b'1';
    while d <= b'8' {
        table[d as usize] = 16 + d - b'0';
        d += 1;
    }
    table[b'/' as usize] = SLASH;
    table[b' ' as usize] = 64;
    table
};

/// Splits ASCII `text` at runs of Python's white space into `fields` (at most 7, enough
/// to tell a FEN with too many fields); returns how many.
fn ascii_fields<'a>(text: &'a str, fields: &mut [&'a str; 7]) -> usize {
    let bytes = text.as_bytes();
    let space = |b: u8| matches!(b, b' ' | b'\t'..=b'\r' | 0x1c..=0x1f);
    let (mut n, mut i) = (0, 0);
    while i < bytes.len() && n < fields.len() {
        while i < bytes.len() && space(bytes[i]) {
            i += 1;
        }
        let start = i;
        while i < bytes.len() && !space(bytes[i]) {
            i += 1;
        }
        if i > start {
            fields[n] = &text[start..i];
            n += 1;
        }
    }
    n
}

/// A FEN counter: a number of 0 or more, `None` when it does not fit in 32 bits (python-chess
/// takes any size: such a FEN is refused only once its other fields are read, as
/// python-chess would have read them). A negative number of any size is `negative`.
fn counter(
    text: &str,
    error: LooseFenError,
    negative: LooseFenError,
) -> Result<Option<u32>, LooseFenError> {
    match read_int(text).ok_or(error)? {
        PythonInt::Big(digits) if digits.starts_with('-') => Err(negative),
        PythonInt::Big(_) => Ok(None),
        PythonInt::Fits(n) if n < 0 => Err(negative),
        PythonInt::Fits(n) => Ok(u32::try_from(n).ok()),
    }
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
        if let Some(board) = from_plain_fen(fen.as_bytes(), chess960) {
            return Ok(board);
        }
        let mut fields = [""; 7];
        let count = if fen.is_ascii() {
            ascii_fields(fen, &mut fields)
        } else {
            let mut n = 0;
            for (slot, part) in
                fields.iter_mut().zip(fen.split(is_python_space).filter(|p| !p.is_empty()))
            {
                *slot = part;
                n += 1;
            }
            n
        };
        let mut parts = fields[..count].iter().copied();
        let board_part = parts.next().ok_or(LooseFenError::Empty)?;
        let turn = match parts.next() {
            None | Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(_) => return Err(LooseFenError::Turn),
        };
        let castling = parts.next().unwrap_or("-");
        // The castling field's spelling is checked before the fields after it and the
        // board, as python-chess checks it (its meaning comes once the board is read).
        if !castling_field_shape(castling) {
            return Err(LooseFenError::Castling);
        }
        let ep_square = match parts.next() {
            None | Some("-") => None,
            Some(text) => Some(text.parse::<Square>().map_err(|_| LooseFenError::EnPassant)?),
        };
        let halfmove_clock = match parts.next() {
            None => Some(0),
            Some(text) => {
                counter(text, LooseFenError::HalfmoveClock, LooseFenError::NegativeHalfmoveClock)?
            }
        };
        let fullmove_number = match parts.next() {
            None => Some(1),
            Some(text) => {
                counter(text, LooseFenError::FullmoveNumber, LooseFenError::NegativeFullmoveNumber)?
                    .map(|n| n.max(1))
            }
        };
        if parts.next().is_some() {
            return Err(LooseFenError::TooManyParts);
        }
        let layout = Layout::from_board_fen(board_part)?;
        let mut board = LooseBoard { layout, turn, chess960, ..LooseBoard::empty() };
        board.set_castling_fen(castling)?;
        board.ep_square = ep_square;
        board.halfmove_clock = halfmove_clock.ok_or(LooseFenError::HalfmoveClock)?;
        board.fullmove_number = fullmove_number.ok_or(LooseFenError::FullmoveNumber)?;
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
        assert_eq!(python_int("\u{663}"), Some(3));
        assert_eq!(python_int("99999999999999999999"), None);
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
        let spaced = LooseBoard::from_fen("4k3/8/8/8/8/8/8/R3K2R w  K  -   8 2", false).unwrap();
        assert_eq!(spaced.fen(), "4k3/8/8/8/8/8/8/R3K2R w K - 8 2");
        for (fen, error) in [
            ("", LooseFenError::Empty),
            ("8/8/8/8/8/8/8/8 x", LooseFenError::Turn),
            ("8/8/8/8/8/8/8/8 w KQkqK", LooseFenError::Castling),
            ("8/8/8/8/8/8/8/8 w - e9", LooseFenError::EnPassant),
            ("8/8/8/8/8/8/8/8 w - - -1", LooseFenError::NegativeHalfmoveClock),
            ("8/8/8/8/8/8/8/8 w - - -99999999999999999999", LooseFenError::NegativeHalfmoveClock),
            ("8/8/8/8/8/8/8/8 w - - 99999999999999999999", LooseFenError::HalfmoveClock),
            ("8/8/8/8/8/8/8/8 w - - 0 4294967296", LooseFenError::FullmoveNumber),
            // Too large to hold, but a number: the board part is read first.
            ("8/8/8 w - - 99999999999999999999", LooseFenError::RowCount),
            (
                "8/8/8/8/8/8/8/8 w - - 0 -1_0000000000000000000",
                LooseFenError::NegativeFullmoveNumber,
            ),
            ("8/8/8/8/8/8/8/8 w - - x", LooseFenError::HalfmoveClock),
            ("8/8/8/8/8/8/8/8 w - - 0 -1", LooseFenError::NegativeFullmoveNumber),
            ("x w KQkq? - 0 1", LooseFenError::Castling),
            ("8/8/8/8/8/8/8/8 w - - 0 x", LooseFenError::FullmoveNumber),
            ("8/8/8/8/8/8/8/8 w - - 0 1 x", LooseFenError::TooManyParts),
            // Runs of spaces are one separator (found by the `epd_read` fuzz target: the
            // one-pass reader read an empty castling field here, then `h1` as the en
            // passant square and 8 as the clock).
            ("4k3/8/8/8/8/8/8/R3K2R w  h1 8", LooseFenError::Castling),
            ("4k3/8/8/8/8/8/8/R3K2R w  - 8", LooseFenError::EnPassant),
        ] {
            assert_eq!(LooseBoard::from_fen(fen, false), Err(error), "{fen}");
        }
    }
}
