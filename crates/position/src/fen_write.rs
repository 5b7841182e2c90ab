//! Writing FEN, X-FEN and Shredder-FEN.

use crate::position::Position;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;
use lerf_types::{CastlingSide, Color, PieceType, Square};

/// How castling rights are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CastlingStyle {
    /// `KQkq`.
    Standard,
    /// `K`/`Q` for the outermost rook, the file letter otherwise.
    XFen,
    /// The file letter always.
    Shredder,
}

impl Position {
    /// The position as FEN, in canonical form: castling as `KQkq` (or Shredder-FEN letters in
    /// Chess960), the en-passant square only when a capture is legal.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// pos.play_uci("c2c4")?;
    /// assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/2P5/8/PP1PPPPP/RNBQKBNR b KQkq - 0 1");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_fen(&self) -> String {
        self.fen_with(self.canonical_style())
    }

    fn fen_with(&self, style: CastlingStyle) -> String {
        let mut fen = String::with_capacity(90);
        let _ = self.write_fen_with(&mut fen, style);
        fen
    }

    /// Writes [`to_fen`](Position::to_fen)'s text to `out` without allocating: for tools
    /// that write millions of FENs into one buffer.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut out = String::new();
    /// Position::startpos().write_fen(&mut out)?;
    /// out.push('\n');
    /// assert_eq!(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    /// # Ok::<(), core::fmt::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_fen<W: Write>(&self, out: &mut W) -> core::fmt::Result {
        self.write_fen_with(out, self.canonical_style())
    }

    /// Writes [`to_xfen`](Position::to_xfen)'s text to `out` without allocating.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_xfen<W: Write>(&self, out: &mut W) -> core::fmt::Result {
        self.write_fen_with(out, CastlingStyle::XFen)
    }

    /// Writes [`to_shredder_fen`](Position::to_shredder_fen)'s text to `out` without
    /// allocating.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_shredder_fen<W: Write>(&self, out: &mut W) -> core::fmt::Result {
        self.write_fen_with(out, CastlingStyle::Shredder)
    }

    /// Appends [`to_fen`](Position::to_fen)'s text to a byte buffer: [`write_fen`]
    /// without the check that text handed to a [`Write`] is UTF-8, for tools that write
    /// FENs by the million into one byte column (the text is ASCII).
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut column = Vec::new();
    /// Position::startpos().append_fen(&mut column);
    /// assert_eq!(column, b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    ///
    /// [`write_fen`]: Position::write_fen
    pub fn append_fen(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.fen_text(self.canonical_style()).as_bytes());
    }

    /// Appends [`to_xfen`](Position::to_xfen)'s text to a byte buffer, as
    /// [`append_fen`](Position::append_fen).
    pub fn append_xfen(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.fen_text(CastlingStyle::XFen).as_bytes());
    }

    /// The castling letters of [`to_fen`](Position::to_fen): `KQkq`, Shredder-FEN's files
    /// in Chess960.
    fn canonical_style(&self) -> CastlingStyle {
        if self.chess960 { CastlingStyle::Shredder } else { CastlingStyle::Standard }
    }

    fn write_fen_with<W: Write>(&self, out: &mut W, style: CastlingStyle) -> core::fmt::Result {
        out.write_str(self.fen_text(style).as_str())
    }

    /// The FEN in `style`, composed on the stack: handed over in one call, as a
    /// `write_char` a letter cost more than the rest of a training row.
    #[inline]
    fn fen_text(&self, style: CastlingStyle) -> FenText {
        let mut fen = FenText::new();
        self.push_board(&mut fen);
        fen.push(b' ');
        fen.push(self.side_to_move().to_char() as u8);
        fen.push(b' ');
        self.push_castling(&mut fen, style);
        fen.push(b' ');
        match self.ep_square() {
            Some(sq) => {
                fen.push(sq.file().to_char() as u8);
                fen.push(sq.rank().to_char() as u8);
            }
            None => fen.push(b'-'),
        }
        fen.push(b' ');
        fen.push_number(self.rule50_count());
        fen.push(b' ');
        fen.push_number(self.fullmove_number());
        fen
    }

    /// The board field: ranks 8 to 1, runs of empty squares as digits.
    fn push_board(&self, fen: &mut FenText) {
        // Walks the occupied squares of each rank (a few) rather than all eight.
        let occupied = self.occupied().0;
        for rank in (0..8).rev() {
            let mut on_rank = (occupied >> (8 * rank)) & 0xFF;
            let mut file = 0;
            while on_rank != 0 {
                let next = on_rank.trailing_zeros() as u8;
                if next > file {
                    fen.push(b'0' + next - file);
                }
                let piece = self.board[8 * rank + usize::from(next)];
                fen.push(piece.map_or(b'?', |pc| LETTERS[pc as usize & 15]));
                file = next + 1;
                on_rank &= on_rank - 1;
            }
            if file < 8 {
                fen.push(b'0' + 8 - file);
            }
            if rank > 0 {
                fen.push(b'/');
            }
        }
    }

    /// The position as X-FEN: castling as `K`/`Q` when the castling rook is the outermost
    /// rook on that side of the king, as its file letter otherwise (the notation most
    /// Chess960 GUIs write). In standard chess it is the same as [`to_fen`](Position::to_fen).
    ///
    /// ```
    /// use lerf_position::Position;
    /// let pos = Position::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")?;
    /// assert_eq!(pos.to_xfen(), "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    /// let inner = Position::from_fen("rk2r3/8/8/8/8/8/8/RK2R2R w EAea - 0 1")?;
    /// assert_eq!(inner.to_xfen(), "rk2r3/8/8/8/8/8/8/RK2R2R w EQkq - 0 1");
    /// assert_eq!(Position::from_fen(&pos.to_xfen())?, pos);
    /// # Ok::<(), lerf_position::FenError>(())
    /// ```
    pub fn to_xfen(&self) -> String {
        self.fen_with(CastlingStyle::XFen)
    }

    /// The position as Shredder-FEN: castling always as the rook's file (`HAha` for the
    /// start position).
    ///
    /// ```
    /// use lerf_position::Position;
    /// assert_eq!(
    ///     Position::startpos().to_shredder_fen(),
    ///     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    /// );
    /// ```
    pub fn to_shredder_fen(&self) -> String {
        self.fen_with(CastlingStyle::Shredder)
    }

    /// The castling field in `style` (`-` without rights).
    fn push_castling(&self, fen: &mut FenText, style: CastlingStyle) {
        // Most positions of a game have no right left: one test.
        if self.castling_rights().is_empty() {
            fen.push(b'-');
            return;
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.can_castle(color, side) {
                    let letter = self.castling_letter(color, side, style);
                    fen.push(match color {
                        Color::White => letter.to_ascii_uppercase(),
                        Color::Black => letter,
                    });
                }
            }
        }
    }

    /// The lowercase letter of `color`'s right on `side` in `style`: `k`/`q`, or the rook's
    /// file (Shredder-FEN always, X-FEN when another rook stands beyond it).
    fn castling_letter(&self, color: Color, side: CastlingSide, style: CastlingStyle) -> u8 {
        let side_letter = match side {
            CastlingSide::King => b'k',
            CastlingSide::Queen => b'q',
        };
        let rook = self.castling_rook_square(color, side);
        let file_letter = || rook.map_or(b'-', |sq| sq.file().to_char() as u8);
        match style {
            CastlingStyle::Standard => side_letter,
            CastlingStyle::XFen if rook.is_some_and(|r| self.is_outermost_rook(color, side, r)) => {
                side_letter
            }
            CastlingStyle::XFen | CastlingStyle::Shredder => file_letter(),
        }
    }

    /// Whether no other rook of `color` stands beyond `rook` on `side` of its king.
    fn is_outermost_rook(&self, color: Color, side: CastlingSide, rook: Square) -> bool {
        let rooks =
            self.pieces(color, PieceType::Rook) & lerf_bitboard::RANKS[rook.rank() as usize];
        match side {
            CastlingSide::King => rooks.into_iter().all(|r| r <= rook),
            CastlingSide::Queen => rooks.into_iter().all(|r| r >= rook),
        }
    }
}

/// Room for the longest FEN: 64 pieces and 7 slashes, side, four castling letters, an en
/// passant square and two clocks of ten digits each, with the spaces between (103 bytes),
/// rounded up to a power of two so that indexing needs no bounds check.
const FEN_MAX: usize = 128;
const _: () = assert!(71 + 2 + 5 + 3 + 2 * 11 <= FEN_MAX && FEN_MAX.is_power_of_two());

/// FEN letters by `Piece` value (0 for the values no piece has).
const LETTERS: [u8; 16] = *b"\0PNBRQK\0\0pnbrqk\0";

/// A FEN being written, on the stack.
struct FenText {
    bytes: [u8; FEN_MAX],
    len: usize,
}

impl FenText {
    fn new() -> FenText {
        FenText { bytes: [0; FEN_MAX], len: 0 }
    }

    fn push(&mut self, byte: u8) {
        // The mask only spares the bounds check: a FEN never reaches `FEN_MAX`.
        self.bytes[self.len & (FEN_MAX - 1)] = byte;
        self.len += 1;
    }

    /// `n` in decimal.
    fn push_number(&mut self, mut n: u32) {
        let mut digits = [0u8; 10];
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        for &d in &digits[i..] {
            self.push(d);
        }
    }

    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len.min(FEN_MAX)]
    }

    fn as_str(&self) -> &str {
        // Only ASCII is pushed, so this never fails.
        core::str::from_utf8(self.as_bytes()).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_piece_has_its_letter() {
        for pc in lerf_types::Piece::ALL {
            assert_eq!(LETTERS[pc as usize] as char, pc.to_char());
        }
    }

    #[test]
    fn clocks_are_written_in_decimal_at_any_size() {
        for n in [0, 7, 10, 99, 100, 65_535, u32::MAX] {
            let mut fen = FenText::new();
            fen.push_number(n);
            assert_eq!(fen.as_str(), alloc::format!("{n}"));
        }
    }

    #[test]
    fn the_largest_clocks_and_every_field_round_trip() {
        let fens = [
            alloc::format!(
                "r3k2r/pppp1ppp/8/3Pp3/8/8/PPP2PPP/R3K2R w KQkq e6 65535 {}",
                crate::MAX_FULLMOVE_NUMBER
            ),
            "1r2k1r1/8/8/8/8/8/8/R3KR2 b FAgb - 0 1".into(),
            "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
        ];
        for fen in fens {
            let pos = Position::from_fen(&fen).expect("a valid FEN");
            assert_eq!(pos.to_fen(), fen);
            let mut out = String::from("x");
            pos.write_fen(&mut out).expect("a String takes any text");
            assert_eq!(out[1..], fen);
        }
    }

    #[test]
    fn byte_buffers_get_the_same_text_as_writers() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/pppp1ppp/8/3Pp3/8/8/PPP2PPP/R3K2R w Kq e6 3 20",
            "1r2k1r1/8/8/8/8/8/8/R3KR2 b FAgb - 0 1",
            "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1",
            "8/8/8/8/8/8/8/K6k w - - 0 1",
        ];
        for fen in fens {
            let chess960 = fen.contains('F') || fen.starts_with("rk");
            let pos = if chess960 {
                Position::from_fen_960(fen).expect("a valid X-FEN")
            } else {
                Position::from_fen(fen).expect("a valid FEN")
            };
            let mut bytes = b"x".to_vec();
            pos.append_fen(&mut bytes);
            assert_eq!(bytes[1..], *pos.to_fen().as_bytes(), "{fen}");
            bytes.clear();
            pos.append_xfen(&mut bytes);
            assert_eq!(bytes, pos.to_xfen().as_bytes(), "{fen}");
        }
    }
}
