//! Castling on a [`LooseBoard`]: which rights are possible, how FEN writes them, and the
//! castling moves.

use super::board::LooseBoard;
use super::error::LooseFenError;
use super::layout::bb;
use super::moves::LooseMove;
use lerf_bitboard::{
    Bitboard, FILE_A, FILE_C, FILE_D, FILE_F, FILE_G, FILE_H, RANK_1, RANK_8, between,
};
use lerf_types::{Color, File, Square};

/// The lowest square of a set as a one-square set (python-chess's `bb & -bb`).
#[inline]
fn lowest(b: Bitboard) -> Bitboard {
    Bitboard(b.0 & b.0.wrapping_neg())
}

/// `color`'s back rank.
#[inline]
pub(crate) fn back_rank(color: Color) -> Bitboard {
    if color == Color::White { RANK_1 } else { RANK_8 }
}

/// Keeps at most one right on each side of the king (the outermost rook), and none when
/// the king is missing from the back rank.
fn chess960_sides(rights: Bitboard, king: Bitboard) -> Bitboard {
    if !king.any() || !rights.any() {
        return Bitboard::EMPTY;
    }
    let king_sq = LooseBoard::top(king);
    let mut a_side = lowest(rights);
    let mut h_side = bb(LooseBoard::top(rights));
    if LooseBoard::top(a_side) > king_sq {
        a_side = Bitboard::EMPTY;
    }
    if LooseBoard::top(h_side) < king_sq {
        h_side = Bitboard::EMPTY;
    }
    a_side | h_side
}

impl LooseBoard {
    /// The castling rights that are possible: a rook of the right colour on its back rank,
    /// the king on e1/e8 with the rooks in the corners (standard chess) or the king on its
    /// back rank between them (Chess960). After [`play`](LooseBoard::play) the rights are
    /// taken as they stand (a move only takes rights away).
    pub fn clean_castling_rights(&self) -> Bitboard {
        if self.played {
            return self.castling_rights;
        }
        self.filtered_castling_rights(self.chess960)
    }

    fn filtered_castling_rights(&self, chess960: bool) -> Bitboard {
        let l = &self.layout;
        let castling = self.castling_rights & l.rooks;
        let white = castling & RANK_1 & l.by_color[0];
        let black = castling & RANK_8 & l.by_color[1];
        let kings = l.kings & !l.promoted;
        if !chess960 {
            let corners = |rank: Bitboard| rank & (FILE_A | FILE_H);
            let white_king = (l.by_color[0] & kings).contains(Square::E1);
            let black_king = (l.by_color[1] & kings).contains(Square::E8);
            let white = if white_king { white & corners(RANK_1) } else { Bitboard::EMPTY };
            let black = if black_king { black & corners(RANK_8) } else { Bitboard::EMPTY };
            return white | black;
        }
        chess960_sides(white, l.by_color[0] & kings & RANK_1)
            | chess960_sides(black, l.by_color[1] & kings & RANK_8)
    }

    /// Whether `color` keeps a castling right.
    pub fn has_castling_rights(&self, color: Color) -> bool {
        self.clean_castling_rights().intersects(back_rank(color))
    }

    /// Whether `color` may still castle towards the h-file.
    pub fn has_kingside_castling_rights(&self, color: Color) -> bool {
        self.has_side_rights(color, |rook, king| rook > king)
    }

    /// Whether `color` may still castle towards the a-file.
    pub fn has_queenside_castling_rights(&self, color: Color) -> bool {
        self.has_side_rights(color, |rook, king| rook < king)
    }

    fn has_side_rights(&self, color: Color, side: impl Fn(u64, u64) -> bool) -> bool {
        let l = &self.layout;
        let king = l.kings & l.of_color(color) & back_rank(color) & !l.promoted;
        if !king.any() {
            return false;
        }
        let rights = self.clean_castling_rights() & back_rank(color);
        rights.into_iter().any(|rook| side(bb(rook).0, king.0))
    }

    /// Whether some castling right exists only in Chess960 (a rook off the corners, or a
    /// king off e1/e8).
    pub fn has_chess960_castling_rights(&self) -> bool {
        let rights =
            if self.played { self.castling_rights } else { self.filtered_castling_rights(true) };
        let corners = Bitboard(0x8100_0000_0000_0081);
        let kings = self.layout.kings;
        rights.intersects(!corners)
            || (rights.intersects(RANK_1)
                && !(self.layout.by_color[0] & kings).contains(Square::E1))
            || (rights.intersects(RANK_8)
                && !(self.layout.by_color[1] & kings).contains(Square::E8))
    }

    /// The castling field as Shredder-FEN writes it: the rooks' files, White's upper case
    /// first, h-side first; `-` for none.
    pub fn castling_shredder_fen(&self) -> alloc::string::String {
        let rights = self.clean_castling_rights();
        let mut out = alloc::string::String::new();
        for (rank, upper) in [(RANK_1, true), (RANK_8, false)] {
            for sq in (rights & rank).into_iter().rev() {
                let c = sq.file().to_char();
                out.push(if upper { c.to_ascii_uppercase() } else { c });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// The castling field as X-FEN writes it: `K`/`Q` for the outermost rook on a side, the
    /// rook's file when another rook stands further out; `-` for none.
    pub fn castling_xfen(&self) -> alloc::string::String {
        let rights = self.clean_castling_rights();
        let mut out = alloc::string::String::new();
        for color in [Color::White, Color::Black] {
            let Some(king) = self.layout.king(color) else { continue };
            let rank = back_rank(color);
            let rooks = self.layout.of_color(color) & self.layout.rooks & rank;
            for rook in (rights & rank).into_iter().rev() {
                let a_side = rook.file() < king.file();
                let others = rooks & !bb(rook);
                let outer = others.into_iter().any(|o| (o.file() < rook.file()) == a_side);
                let c = match (outer, a_side) {
                    (true, _) => rook.file().to_char(),
                    (false, true) => 'q',
                    (false, false) => 'k',
                };
                out.push(if color == Color::White { c.to_ascii_uppercase() } else { c });
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// Sets the castling rights from a FEN castling field (`KQkq`, X-FEN or Shredder-FEN,
    /// or `-`): `K`/`Q` name the outermost rook on that side of the king (the corner when
    /// there is none), a file letter names the rook on that file.
    ///
    /// # Errors
    ///
    /// [`LooseFenError::Castling`] when the field is not `-` nor up to two White letters
    /// followed by up to two Black ones; the rights are then unchanged.
    pub fn set_castling_fen(&mut self, field: &str) -> Result<(), LooseFenError> {
        if field == "KQkq" {
            // The usual field: each letter's rook, as the loop below would find it.
            self.castling_rights = self.outermost_rook(Color::White, true)
                | self.outermost_rook(Color::White, false)
                | self.outermost_rook(Color::Black, true)
                | self.outermost_rook(Color::Black, false);
            return Ok(());
        }
        if !castling_field_shape(field) {
            return Err(LooseFenError::Castling);
        }
        self.castling_rights = Bitboard::EMPTY;
        if field == "-" {
            return Ok(());
        }
        for flag in field.chars() {
            let color = if flag.is_ascii_uppercase() { Color::White } else { Color::Black };
            let rank = back_rank(color);
            self.castling_rights |= match flag.to_ascii_lowercase() {
                'k' => self.outermost_rook(color, true),
                'q' => self.outermost_rook(color, false),
                c => File::from_char(c).map_or(Bitboard::EMPTY, Bitboard::file) & rank,
            };
        }
        Ok(())
    }

    /// The square a `K` (`kingside`) or `Q` castling letter names for `color`: its
    /// outermost rook on that side of the king, or the corner when there is no king; with
    /// no rook at all, `K` names the corner and `Q` nothing (python-chess compares the
    /// king with the rooks' lowest and highest square, -1 when there is none).
    fn outermost_rook(&self, color: Color, kingside: bool) -> Bitboard {
        let rank = back_rank(color);
        let rooks = self.layout.of_color(color) & self.layout.rooks & rank;
        let king = self.layout.king(color).map(|k| k as i32);
        let low = if rooks.any() { rooks.0.trailing_zeros() as i32 } else { -1 };
        let high = if rooks.any() { 63 - rooks.0.leading_zeros() as i32 } else { -1 };
        match kingside {
            true if king.is_some_and(|k| k < high) => bb(Square::from_index_wrapping(high as u8)),
            true => FILE_H & rank,
            false if king.is_some_and(|k| low < k) => lowest(rooks),
            false => FILE_A & rank,
        }
    }

    /// Whether any of `path` is attacked by the side not to move, sliders seen through
    /// `occupied`.
    fn attacked_for_king(&self, path: Bitboard, occupied: Bitboard) -> bool {
        path.into_iter().any(|sq| self.layout.attackers_mask(!self.turn, sq, occupied).any())
    }

    /// The castling moves (legal ones only: empty paths, no square of the king's path
    /// attacked), restricted to the king in `from_mask` and the rooks in `to_mask`, h-side
    /// first; written as king to rook in Chess960 and as the king's two-square step
    /// otherwise.
    pub fn generate_castling_moves(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut alloc::vec::Vec<LooseMove>,
    ) {
        self.for_each_castling_move(from_mask, to_mask, |m| out.push(m));
    }

    /// Calls `f` with each castling move that
    /// [`generate_castling_moves`](LooseBoard::generate_castling_moves) lists, in its order.
    pub(crate) fn for_each_castling_move(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        f: impl FnMut(LooseMove),
    ) {
        self.for_each_castling_move_with(from_mask, to_mask, LooseBoard::attacked_for_king, f);
    }

    /// [`for_each_castling_move`](LooseBoard::for_each_castling_move) with what "attacked"
    /// means given by `attacked(board, path, occupied)` (a variant's rule, e.g. atomic's,
    /// where a king beside the other king is never in check).
    pub(crate) fn for_each_castling_move_with(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        attacked: impl Fn(&LooseBoard, Bitboard, Bitboard) -> bool,
        mut f: impl FnMut(LooseMove),
    ) {
        let rank = back_rank(self.turn);
        let l = &self.layout;
        let king = lowest(self.ours() & l.kings & !l.promoted & rank & from_mask);
        if !king.any() {
            return;
        }
        let king_sq = LooseBoard::top(king);
        for candidate in (self.clean_castling_rights() & rank & to_mask).into_iter().rev() {
            let rook = bb(candidate);
            let a_side = rook.0 < king.0;
            let king_to = if a_side { FILE_C } else { FILE_G } & rank;
            let rook_to = if a_side { FILE_D } else { FILE_F } & rank;
            let king_path = between(king_sq, LooseBoard::top(king_to));
            let rook_path = between(candidate, LooseBoard::top(rook_to));
            let occupied = l.occupied;
            let blocked =
                ((occupied ^ king ^ rook) & (king_path | rook_path | king_to | rook_to)).any();
            if blocked
                || attacked(self, king_path | king, occupied ^ king)
                || attacked(self, king_to, occupied ^ king ^ rook ^ rook_to)
            {
                continue;
            }
            f(self.from_chess960(self.chess960, LooseMove::new(king_sq, candidate)));
        }
    }
}

/// python-chess's castling field pattern: `-`, or up to two of `KQA`–`H` then up to two of
/// `kqa`–`h`.
pub(crate) fn castling_field_shape(field: &str) -> bool {
    if field == "-" {
        return true;
    }
    let white = |c: &u8| matches!(c, b'K' | b'Q' | b'A'..=b'H');
    let black = |c: &u8| matches!(c, b'k' | b'q' | b'a'..=b'h');
    let bytes = field.as_bytes();
    let upper = bytes.iter().take_while(|c| white(c)).count();
    let rest = &bytes[upper..];
    upper <= 2 && rest.len() <= 2 && rest.iter().all(black)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_field_shapes() {
        for good in ["-", "", "KQkq", "K", "kq", "HAha", "Gd", "KQ"] {
            assert!(castling_field_shape(good), "{good}");
        }
        for bad in ["KQK", "kqK", "KQkqk", "X", "--", "KQkq-", "qkQ"] {
            assert!(!castling_field_shape(bad), "{bad}");
        }
    }
}
