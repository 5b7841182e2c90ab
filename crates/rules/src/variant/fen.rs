//! Variant FENs: crazyhouse's pockets (`[Qn]` or a ninth rank `/Qn`, promoted pieces
//! marked `~`) and three-check's checks to give (`3+3` before the counters, or Lichess's
//! checks given, `+1+2`, at the end).

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use lerf_types::{Color, PieceType};

use super::{Pockets, Variant, VariantBoard};
use crate::board::LooseBoard;
use crate::error::LooseFenError;
use crate::fen::EnPassantMode;

/// A pocket's letters into `pockets` (upper case White's).
fn read_pocket(text: &str, pockets: &mut Pockets) -> Result<(), LooseFenError> {
    for c in text.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let pt = match c.to_ascii_lowercase() {
            'p' => PieceType::Pawn,
            'n' => PieceType::Knight,
            'b' => PieceType::Bishop,
            'r' => PieceType::Rook,
            'q' => PieceType::Queen,
            'k' => PieceType::King,
            _ => return Err(LooseFenError::BadCharacter(c)),
        };
        pockets.add(color, pt);
    }
    Ok(())
}

/// `3+3` (checks still to give) or `None`.
fn remaining_checks(text: &str) -> Option<[u8; 2]> {
    let (white, black) = text.split_once('+')?;
    Some([
        white.parse().ok().filter(|&n: &u8| n <= 3)?,
        black.parse().ok().filter(|&n: &u8| n <= 3)?,
    ])
}

impl VariantBoard {
    /// Reads a variant FEN (or EPD: the counters may be left out).
    ///
    /// # Errors
    ///
    /// [`LooseFenError`] naming the malformed field.
    pub fn from_fen(
        variant: Variant,
        fen: &str,
        chess960: bool,
    ) -> Result<VariantBoard, LooseFenError> {
        let mut parts: Vec<&str> = fen.split_whitespace().collect();
        let mut pockets = Pockets::default();
        let mut board_part = String::new();
        if let Some(&first) = parts.first() {
            board_part.push_str(first);
        }
        if variant == Variant::Crazyhouse {
            if let Some(open) = board_part.find('[') {
                let inner = board_part[open + 1..].trim_end_matches(']').to_owned();
                read_pocket(&inner, &mut pockets)?;
                board_part.truncate(open);
            } else if board_part.matches('/').count() == 8 {
                let cut = board_part.rfind('/').unwrap_or(board_part.len());
                let inner = board_part[cut + 1..].to_owned();
                read_pocket(&inner, &mut pockets)?;
                board_part.truncate(cut);
            }
        }
        let mut checks = [3, 3];
        if variant == Variant::ThreeCheck {
            if let Some(i) = parts.iter().skip(1).position(|p| remaining_checks(p).is_some()) {
                checks = remaining_checks(parts.remove(i + 1)).unwrap_or(checks);
            } else if let Some(last) = parts.last().filter(|p| p.starts_with('+')) {
                let given: Vec<u8> = last[1..].split('+').filter_map(|n| n.parse().ok()).collect();
                if given.len() == 2 && given.iter().all(|&n| n <= 3) {
                    checks = [3 - given[0], 3 - given[1]];
                    parts.pop();
                }
            }
        }
        let mut rest = board_part;
        for part in parts.iter().skip(1) {
            rest.push(' ');
            rest.push_str(part);
        }
        let board = LooseBoard::from_fen(&rest, chess960)?;
        Ok(VariantBoard { variant, board, remaining_checks: checks, pockets })
    }

    /// The FEN as python-chess writes it (pockets in brackets, promoted pieces with `~`,
    /// checks to give before the counters).
    pub fn fen(&self) -> String {
        let mut epd = String::new();
        let crazyhouse = self.variant == Variant::Crazyhouse;
        let _ = self.board.write_epd(&mut epd, false, EnPassantMode::Legal, crazyhouse);
        let mut out = String::with_capacity(epd.len() + 16);
        let mut fields = epd.splitn(2, ' ');
        out.push_str(fields.next().unwrap_or(""));
        if crazyhouse {
            out.push('[');
            for color in [Color::White, Color::Black] {
                for pt in [
                    PieceType::Queen,
                    PieceType::Rook,
                    PieceType::Bishop,
                    PieceType::Knight,
                    PieceType::Pawn,
                ] {
                    let letter = pt.to_char();
                    for _ in 0..self.pockets.count(color, pt) {
                        out.push(if color == Color::White {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        });
                    }
                }
            }
            out.push(']');
        }
        if let Some(rest) = fields.next() {
            out.push(' ');
            out.push_str(rest);
        }
        if self.variant == Variant::ThreeCheck {
            let _ = write!(out, " {}+{}", self.remaining_checks[0], self.remaining_checks[1]);
        }
        let _ = write!(out, " {} {}", self.board.halfmove_clock, self.board.fullmove_number);
        out
    }
}
