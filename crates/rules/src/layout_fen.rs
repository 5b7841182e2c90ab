//! The FEN's board part for a [`Layout`], and the Chess960 start positions.

use super::error::LooseFenError;
use super::layout::{Layout, bb};
use core::fmt::{self, Write};
use lerf_bitboard::{Bitboard, RANK_1, RANK_2, RANK_7, RANK_8};
use lerf_position::chess960_back_rank;
use lerf_types::{Color, Piece, PieceType, Square};

/// Whether `c` is white space as Python's `str.strip` and `str.split` see it (its
/// `isspace()`: Unicode's white space and the separators U+001C to U+001F).
///
/// ```
/// assert!(lerf_rules::is_python_space('\u{1c}') && lerf_rules::is_python_space('\u{3000}'));
/// assert!(!lerf_rules::is_python_space('x'));
/// ```
pub fn is_python_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

impl Layout {
    /// Reads the board part of a FEN (`rnbqkbnr/pppppppp/8/...`, `~` after a promoted
    /// piece), surrounding white space ignored. Any arrangement is taken; only the text's
    /// form is checked.
    ///
    /// # Errors
    ///
    /// [`LooseFenError`] naming what is malformed: not 8 rows, a row not 8 squares wide,
    /// two digits in a row, a stray `~` or an unknown character.
    pub fn from_board_fen(fen: &str) -> Result<Layout, LooseFenError> {
        let fen = trim_python_space(fen);
        let bytes = fen.as_bytes();
        if bytes.contains(&b' ') {
            return Err(LooseFenError::BoardHasSeveralParts);
        }
        if bytes.iter().filter(|&&b| b == b'/').count() != 7 {
            return Err(LooseFenError::RowCount);
        }
        let mut layout = Layout::empty();
        // Rows run from the eighth rank down, each from the a-file; python-chess checks a
        // row whole before the next, so the first bad row's first fault is the error.
        let (mut rank, mut width) = (7u8, 0u8);
        let (mut after_digit, mut after_piece) = (false, false);
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'/' => {
                    if width != 8 {
                        return Err(LooseFenError::RowWidth);
                    }
                    (rank, width) = (rank.wrapping_sub(1), 0);
                    (after_digit, after_piece) = (false, false);
                }
                b'1'..=b'8' => {
                    if after_digit {
                        return Err(LooseFenError::ConsecutiveDigits);
                    }
                    width = width.saturating_add(b - b'0');
                    (after_digit, after_piece) = (true, false);
                }
                b'~' => {
                    if !after_piece {
                        return Err(LooseFenError::TildeNotAfterPiece);
                    }
                    // A row already too wide is refused at its end; nothing to mark.
                    if width <= 8 {
                        layout.promoted |= Bitboard(1 << (rank * 8 + width - 1));
                    }
                    (after_digit, after_piece) = (false, false);
                }
                _ => {
                    let Some(piece) = PIECE_BYTES[usize::from(b)] else {
                        return Err(bad_character(fen, i));
                    };
                    width = width.saturating_add(1);
                    if width <= 8 {
                        layout.place(Square::from_index_wrapping(rank * 8 + width - 1), piece);
                    }
                    (after_digit, after_piece) = (false, true);
                }
            }
        }
        if width != 8 {
            return Err(LooseFenError::RowWidth);
        }
        Ok(layout)
    }

    /// The layout of the squares of each piece, indexed by lerf's piece number
    /// (`Piece as usize`, 1–14).
    pub(crate) fn from_piece_sets(by_piece: &[u64; 16]) -> Layout {
        let of = |pt: PieceType| {
            Bitboard(
                by_piece[Piece::new(Color::White, pt) as usize]
                    | by_piece[Piece::new(Color::Black, pt) as usize],
            )
        };
        let white: u64 = by_piece[1..7].iter().fold(0, |a, b| a | b);
        let black: u64 = by_piece[9..15].iter().fold(0, |a, b| a | b);
        Layout {
            pawns: of(PieceType::Pawn),
            knights: of(PieceType::Knight),
            bishops: of(PieceType::Bishop),
            rooks: of(PieceType::Rook),
            queens: of(PieceType::Queen),
            kings: of(PieceType::King),
            by_color: [Bitboard(white), Bitboard(black)],
            occupied: Bitboard(white | black),
            promoted: Bitboard::EMPTY,
        }
    }

    /// Puts `piece` on an empty square (the FEN reader's placing, which never meets a
    /// piece already there).
    #[inline]
    fn place(&mut self, sq: Square, piece: Piece) {
        let bit = bb(sq);
        self.change_type(piece.piece_type(), bit, true);
        self.by_color[piece.color() as usize] |= bit;
        self.occupied |= bit;
    }

    /// The board part of a FEN; with `promoted`, a promoted piece is followed by `~`.
    pub fn write_board_fen(&self, out: &mut impl Write, promoted: bool) -> fmt::Result {
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let sq = Square::from_index_wrapping(rank * 8 + file);
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.write_char(char::from(b'0' + empty))?;
                            empty = 0;
                        }
                        out.write_char(piece.to_char())?;
                        if promoted && self.promoted.contains(sq) {
                            out.write_char('~')?;
                        }
                    }
                }
            }
            if empty > 0 {
                out.write_char(char::from(b'0' + empty))?;
            }
            if rank > 0 {
                out.write_char('/')?;
            }
        }
        Ok(())
    }

    /// The Chess960 start position numbered `index` (0–959, 518 the standard one);
    /// `None` above 959.
    pub fn chess960(index: u16) -> Option<Layout> {
        let rank = chess960_back_rank(index)?;
        let mut layout = Layout::empty();
        for (file, &pt) in rank.iter().enumerate() {
            let white = Square::from_index_wrapping(file as u8);
            layout.set_piece_at(white, Piece::new(Color::White, pt), false);
            layout.set_piece_at(white.flip_rank(), Piece::new(Color::Black, pt), false);
        }
        for sq in RANK_2 | RANK_7 {
            let color = if RANK_2.contains(sq) { Color::White } else { Color::Black };
            layout.set_piece_at(sq, Piece::new(color, PieceType::Pawn), false);
        }
        Some(layout)
    }

    /// The number of the Chess960 start position this is (0–959), or `None` when it is
    /// none of them (pawns not on their ranks, promoted pieces, the two sides' back ranks
    /// not mirrored, or a back rank that is not a Chess960 one).
    pub fn chess960_index(&self) -> Option<u16> {
        let start_ranks = RANK_1 | RANK_2 | RANK_7 | RANK_8;
        if self.by_color[0] != RANK_1 | RANK_2
            || self.by_color[1] != RANK_7 | RANK_8
            || self.pawns != RANK_2 | RANK_7
            || self.promoted.any()
            || self.occupied != start_ranks
        {
            return None;
        }
        let back_rank: [Option<PieceType>; 8] = core::array::from_fn(|file| {
            let white = Square::from_index_wrapping(file as u8);
            let pt = self.piece_type_at(white)?;
            let black = self.piece_at(white.flip_rank())?;
            let same = black.piece_type() == pt && self.types_are_exclusive(white);
            same.then_some(pt)
        });
        let back_rank = back_rank.map(|pt| pt.unwrap_or(PieceType::Pawn));
        (0..960u16).find(|&i| chess960_back_rank(i) == Some(back_rank))
    }

    /// Whether `sq` and its mirror square are each in exactly one type bitboard.
    fn types_are_exclusive(&self, sq: Square) -> bool {
        let types = [self.pawns, self.knights, self.bishops, self.rooks, self.queens, self.kings];
        [sq, sq.flip_rank()].iter().all(|&s| {
            types.iter().filter(|t| t.contains(s)).count() == 1
                && !(self.by_color[0] & self.by_color[1]).contains(s)
        })
    }
}

/// The piece of each FEN letter byte.
pub(crate) static PIECE_BYTES: [Option<Piece>; 256] = {
    let mut table = [None; 256];
    let mut i = 0;
    while i < Piece::ALL.len() {
        let piece = Piece::ALL[i];
        table[piece.to_char() as usize] = Some(piece);
        i += 1;
    }
    table
};

/// The error for the character that starts at byte `at` of the board part. (Python's
/// `"\u212a".lower()` is `"k"`, so python-chess reads a Kelvin sign as a white king; lerf
/// reports it as the stray character it is.)
fn bad_character(fen: &str, at: usize) -> LooseFenError {
    LooseFenError::BadCharacter(fen[at..].chars().next().unwrap_or('?'))
}

/// `text` without the white space Python's `str.strip` removes.
pub(crate) fn trim_python_space(text: &str) -> &str {
    let ascii_space =
        |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b..=0x0c | 0x1c..=0x1f);
    let bytes = text.as_bytes();
    let start = bytes.iter().position(|b| !ascii_space(b)).unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|b| !ascii_space(b)).map_or(start, |i| i + 1);
    let trimmed = &text[start..end.max(start)];
    if trimmed.is_ascii() { trimmed } else { trimmed.trim_matches(is_python_space) }
}

impl fmt::Display for Layout {
    /// The FEN's board part (promoted pieces not marked).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_board_fen(f, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_fen_round_trips_with_promoted_pieces() {
        let fen = "rnbqkbnr/pppppppp/8/8/4Q~3/8/PPPPPPPP/RNBQKBNR";
        let layout = Layout::from_board_fen(fen).unwrap();
        let mut out = alloc::string::String::new();
        layout.write_board_fen(&mut out, true).unwrap();
        assert_eq!(out, fen);
        assert_eq!(layout.to_string(), fen.replace('~', ""));
        assert_eq!(Layout::from_board_fen("  8/8/8/8/8/8/8/8\n").unwrap(), Layout::empty());
    }

    #[test]
    fn malformed_board_parts() {
        use LooseFenError::*;
        let cases = [
            ("8/8/8/8/8/8/8", RowCount),
            ("8/8/8/8/8/8/8/7", RowWidth),
            ("8/8/8/8/8/8/8/44", ConsecutiveDigits),
            ("8/8/8/8/8/8/8/~8", TildeNotAfterPiece),
            ("8/8/8/8/8/8/8/7x", BadCharacter('x')),
            ("8/8/8/8/8/8/8/9", BadCharacter('9')),
            ("8/8/8/8 8/8/8/8", BoardHasSeveralParts),
        ];
        for (fen, error) in cases {
            assert_eq!(Layout::from_board_fen(fen), Err(error), "{fen}");
        }
        // A promoted mark after a row has run past eight squares (found by fuzzing
        // `variant_play`: the mark's square was computed before the row was refused, an
        // overflow that panicked where arithmetic is checked).
        for row in ["BBBBBBBBB~", &format!("{}~", "Q".repeat(300))] {
            for fen in [format!("{row}/8/8/8/8/8/8/8"), format!("8/8/8/8/8/8/8/{row}")] {
                assert_eq!(Layout::from_board_fen(&fen), Err(RowWidth), "{fen}");
            }
        }
    }

    #[test]
    fn every_chess960_start_is_numbered_back() {
        for i in 0..960 {
            let layout = Layout::chess960(i).unwrap();
            assert_eq!(layout.occupied & (RANK_1 | RANK_8), RANK_1 | RANK_8);
            assert_eq!(layout.chess960_index(), Some(i));
        }
        assert_eq!(Layout::startpos().chess960_index(), Some(518));
        assert!(Layout::chess960(960).is_none());
        let mut moved = Layout::startpos();
        moved.set_piece_at(Square::E4, Piece::W_PAWN, false);
        assert_eq!(moved.chess960_index(), None);
    }
}
