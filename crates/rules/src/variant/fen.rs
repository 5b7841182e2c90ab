//! Variant FENs: crazyhouse's pockets (`[Qn]` or a ninth rank `/Qn`, promoted pieces
//! marked `~`) and three-check's checks to give (`3+3` before the counters, or Lichess's
//! checks given, `+1+2`, at the end).

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use lerf_types::{Color, PieceType};

use super::pockets::DROPPABLE;
use super::{Pockets, Variant, VariantBoard};
use crate::board::LooseBoard;
use crate::error::LooseFenError;
use crate::fen::{EnPassantMode, python_int};
use crate::layout_fen::is_python_space;

/// A pocket's letters into `pockets` (upper case White's), checked as python-chess checks
/// them: White's letters first.
fn read_pocket(text: &str, pockets: &mut Pockets) -> Result<(), LooseFenError> {
    for white in [true, false] {
        for c in text.chars().filter(|c| c.is_uppercase() == white) {
            // Never upper case here: White's letters are lowered, Black's are not upper.
            let letter = if white { c.to_lowercase().next().unwrap_or(c) } else { c };
            let pt = PieceType::from_char(letter).ok_or(LooseFenError::PocketLetter(letter))?;
            pockets.add(if white { Color::White } else { Color::Black }, pt);
        }
    }
    Ok(())
}

/// Two numbers parted by the first `+` (Python's `int()` reading each), or `None`.
fn two_numbers(text: &str) -> Option<(i64, i64)> {
    let (a, b) = text.split_once('+')?;
    Some((python_int(a)?, python_int(b)?))
}

/// A count of checks as the board holds it: below 0 is 0 (python-chess writes it so).
fn held(n: i64) -> u8 {
    n.clamp(0, 255) as u8
}

/// A variant FEN taken apart: the standard FEN in it, and what it says beside the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantFenParts {
    /// The FEN without the variant's own parts (the pocket, the check counters).
    pub fen: String,
    /// Three-check: the checks each side (by [`Color`] index) must still give.
    pub remaining_checks: [u8; 2],
    /// Crazyhouse: the pieces each side holds in hand.
    pub pockets: Pockets,
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
        let parts = VariantBoard::split_fen(variant, fen)?;
        let board = LooseBoard::from_fen(&parts.fen, chess960)?;
        Ok(VariantBoard {
            variant,
            board,
            remaining_checks: parts.remaining_checks,
            pockets: parts.pockets,
        })
    }

    /// Takes a variant FEN apart as python-chess's variant boards do before reading the
    /// rest as a standard FEN: crazyhouse's pocket (`[Nq]` after the board part, or a
    /// ninth row), three-check's checks to give (`3+3` as the fifth field) or Lichess's
    /// checks given (`+1+2` as the seventh).
    ///
    /// ```
    /// use lerf_rules::variant::{Variant, VariantBoard};
    ///
    /// let parts = VariantBoard::split_fen(Variant::ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2")?;
    /// assert_eq!(parts.fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    /// assert_eq!(parts.remaining_checks, [2, 1]);
    /// # Ok::<(), lerf_rules::LooseFenError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`LooseFenError`] for a variant part python-chess refuses (a pocket letter, a check
    /// counter); the standard part is not read here.
    pub fn split_fen(variant: Variant, fen: &str) -> Result<VariantFenParts, LooseFenError> {
        // As python-chess's variant boards read their FENs: the parts are Python's
        // `str.split()` words.
        let mut parts: Vec<&str> = fen.split(is_python_space).filter(|p| !p.is_empty()).collect();
        let mut pockets = Pockets::default();
        let mut board_part = String::new();
        if let Some(&first) = parts.first() {
            board_part.push_str(first);
        }
        if variant == Variant::Crazyhouse {
            // Lichess's `[..]` after the board is turned into a ninth row, then a ninth row
            // is the pocket.
            if let Some(inner) = board_part.strip_suffix(']') {
                if inner.matches('/').count() != 7 {
                    return Err(LooseFenError::PocketRows);
                }
                board_part = inner.replacen('[', "/", 1);
            }
            if board_part.matches('/').count() == 8 {
                let cut = board_part.rfind('/').unwrap_or(board_part.len());
                let inner = board_part[cut + 1..].to_owned();
                read_pocket(&inner, &mut pockets)?;
                board_part.truncate(cut);
            }
        }
        let mut checks = [3, 3];
        if variant == Variant::ThreeCheck {
            if parts.len() >= 7 && parts[6].starts_with('+') {
                let (w, b) =
                    two_numbers(&parts.remove(6)[1..]).ok_or(LooseFenError::LichessCheckPart)?;
                checks = [held(3 - w), held(3 - b)];
            } else if parts.len() >= 5 && parts[4].contains('+') {
                let (w, b) = two_numbers(parts.remove(4)).ok_or(LooseFenError::CheckPart)?;
                checks = [held(w), held(b)];
            }
        }
        let mut rest = board_part;
        if variant == Variant::Crazyhouse {
            // python-chess's crazyhouse takes `fen.split(None, 1)`: what follows the board
            // part keeps its spacing (and its error messages quote it so).
            let text = fen.trim_start_matches(is_python_space);
            let after = text.find(is_python_space).map_or("", |i| &text[i..]);
            let remainder = after.trim_start_matches(is_python_space);
            if !remainder.is_empty() {
                rest.push(' ');
                rest.push_str(remainder);
            }
        } else {
            for part in parts.iter().skip(1) {
                rest.push(' ');
                rest.push_str(part);
            }
        }
        Ok(VariantFenParts { fen: rest, remaining_checks: checks, pockets })
    }

    /// The FEN as python-chess writes it (pockets in brackets, promoted pieces with `~`,
    /// checks to give before the counters). Promoted pieces are marked in crazyhouse, and
    /// in antichess where a castling right is Chess960's: there a promoted king must not be
    /// taken for the king that castles when the FEN is read back.
    pub fn fen(&self) -> String {
        let mut epd = String::new();
        let crazyhouse = self.variant == Variant::Crazyhouse;
        let promoted = crazyhouse
            || (self.variant == Variant::Antichess && self.board.has_chess960_castling_rights());
        // The en passant square where python-chess's "legal" keeps it, by the variant's rules.
        let mut written = self.board;
        if written.ep_square.is_some() && !self.has_legal_en_passant() {
            written.ep_square = None;
        }
        let _ = written.write_epd(&mut epd, false, EnPassantMode::Always, promoted);
        let mut out = String::with_capacity(epd.len() + 16);
        let mut fields = epd.splitn(2, ' ');
        out.push_str(fields.next().unwrap_or(""));
        if crazyhouse {
            out.push('[');
            for color in [Color::White, Color::Black] {
                // python-chess's order, king to pawn (a king taken in a set-up no game
                // reaches goes to the pocket, as any piece does).
                for pt in DROPPABLE.into_iter().rev() {
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
