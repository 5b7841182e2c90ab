//! Making a move on a [`LooseBoard`], as python-chess's `push` makes it.

use super::board::LooseBoard;
use super::error::NotPseudoLegal;
use super::layout::bb;
use super::moves::LooseMove;
use lerf_bitboard::Bitboard;
use lerf_types::{Color, Piece, PieceType, Square};

impl LooseBoard {
    /// The move as this board writes it: castling as the king's two-square step in
    /// standard chess (`e1h1` becomes `e1g1` while a king stands on e1), unchanged in
    /// Chess960 (`chess960`) and for any other move.
    pub fn from_chess960(&self, chess960: bool, m: LooseMove) -> LooseMove {
        if chess960
            || m.promotion.is_some()
            || m.drop.is_some()
            || !self.king_on_e_file_start(m.from)
        {
            return m;
        }
        let (base, to) = (m.from as u8 & 56, m.to as u8);
        if to == base + 7 {
            LooseMove::new(m.from, Square::from_index_wrapping(base + 6))
        } else if to == base {
            LooseMove::new(m.from, Square::from_index_wrapping(base + 2))
        } else {
            m
        }
    }

    /// The move with standard castling written as the king taking its rook (`e1g1` becomes
    /// `e1h1` while a king stands on e1 and no rook on g1); other moves unchanged.
    pub fn to_chess960(&self, m: LooseMove) -> LooseMove {
        if !self.king_on_e_file_start(m.from) {
            return m;
        }
        let base = m.from as u8 & 56;
        let rooks = self.layout.rooks;
        let to = m.to as u8;
        if to == base + 6 && !rooks.contains(m.to) {
            LooseMove::new(m.from, Square::from_index_wrapping(base + 7))
        } else if to == base + 2 && !rooks.contains(m.to) {
            LooseMove::new(m.from, Square::from_index_wrapping(base))
        } else {
            m
        }
    }

    /// Whether `from` is e1 or e8 with a king (of either colour) on it.
    #[inline]
    fn king_on_e_file_start(&self, from: Square) -> bool {
        matches!(from, Square::E1 | Square::E8) && self.layout.kings.contains(from)
    }

    /// The legal move from `from` to `to` (promoting to `promotion`, or to a queen when a
    /// pawn reaches the last rank and none is given); standard castling may be given as the
    /// king's step or as king takes rook.
    pub fn find_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceType>,
    ) -> Option<LooseMove> {
        let m = self.move_looked_for(from, to, promotion);
        self.is_legal(m).then_some(m)
    }

    /// The move [`find_move`](LooseBoard::find_move) looks for: a pawn reaching the last
    /// rank makes a queen unless `promotion` says otherwise; castling as the board writes
    /// it.
    pub fn move_looked_for(
        &self,
        from: Square,
        to: Square,
        promotion: Option<PieceType>,
    ) -> LooseMove {
        let last_ranks = Bitboard(0xff00_0000_0000_00ff);
        let promotion = match promotion {
            None if self.layout.pawns.contains(from) && last_ranks.contains(to) => {
                Some(PieceType::Queen)
            }
            p => p,
        };
        self.from_chess960(self.chess960, LooseMove { from, to, promotion, drop: None })
    }

    /// The position after `m`, which must be pseudo-legal or the null move (anything else
    /// is refused, the board untouched). Castling may be written either way.
    ///
    /// # Errors
    ///
    /// [`NotPseudoLegal`] for any other move.
    pub fn play(&self, m: LooseMove) -> Result<LooseBoard, NotPseudoLegal> {
        let m960 = self.checked_chess960(m)?;
        Ok(self.play_chess960(m960))
    }

    /// `m` with castling as king takes rook, if `m` is pseudo-legal or null (written either
    /// way); otherwise the error [`play`](LooseBoard::play) gives.
    pub(crate) fn checked_chess960(&self, m: LooseMove) -> Result<LooseMove, NotPseudoLegal> {
        let m960 = self.to_chess960(m);
        if m.is_null() || self.is_pseudo_legal(m) || (m960 != m && self.is_pseudo_legal(m960)) {
            Ok(m960)
        } else {
            Err(NotPseudoLegal(m))
        }
    }

    /// The position after `m`, made as python-chess's `push` makes it whatever the move: a
    /// move from an empty square only passes the turn and moves the counters. Prefer
    /// [`play`](LooseBoard::play) unless the move is known to be pseudo-legal.
    pub fn play_unchecked(&self, m: LooseMove) -> LooseBoard {
        self.play_chess960(self.to_chess960(m))
    }

    /// [`play_unchecked`](LooseBoard::play_unchecked) for a move already passed through
    /// [`to_chess960`](LooseBoard::to_chess960).
    pub(crate) fn play_chess960(&self, m: LooseMove) -> LooseBoard {
        let mut next = *self;
        next.make_chess960(m);
        next
    }

    /// [`play_chess960`](LooseBoard::play_chess960) in place. Making the move where the
    /// board lies, instead of in a copy returned by value, spares reading back a struct
    /// just written field by field (a stalled store forward on each move).
    pub(crate) fn make_chess960(&mut self, m: LooseMove) {
        let (us, ep_square) = (self.turn, self.ep_square);
        let zeroing = !m.is_null() && m.drop.is_none() && self.is_zeroing(m);
        self.castling_rights = self.clean_castling_rights();
        self.played = true;
        self.ep_square = None;
        self.halfmove_clock = if zeroing { 0 } else { self.halfmove_clock.saturating_add(1) };
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = !us;
        if m.is_null() {
            return;
        }
        if let Some(drop) = m.drop {
            self.layout.set_piece_at(m.to, Piece::new(us, drop), false);
            return;
        }
        self.move_pieces(us, ep_square, m);
    }

    /// The piece moves of [`make_chess960`](LooseBoard::make_chess960), on a board whose
    /// turn has passed already: `us` moved, from a position whose en passant square was
    /// `ep_square`.
    fn move_pieces(&mut self, us: Color, ep_square: Option<Square>, m: LooseMove) {
        let (from_bb, to_bb) = (bb(m.from), bb(m.to));
        let mut promoted = self.layout.promoted.intersects(from_bb);
        // The board is changed once, at the end: reading back bitboards just written
        // piecewise stalls, and each type's bitboard then changes without a branch.
        let Some(moving) = self.layout.piece_type_at(m.from) else { return };
        let mut piece_type = moving;
        let captured = if m.from == m.to { None } else { self.layout.piece_type_at(m.to) };
        self.castling_rights &= !to_bb & !from_bb;
        if piece_type == PieceType::King && !promoted {
            self.castling_rights &= !super::castling::back_rank(us);
        } else if captured == Some(PieceType::King) && !self.layout.promoted.intersects(to_bb) {
            match (us, m.to as u8 >> 3) {
                (Color::White, 7) => self.castling_rights &= !super::castling::back_rank(!us),
                (Color::Black, 0) => self.castling_rights &= !super::castling::back_rank(!us),
                _ => {}
            }
        }
        if piece_type == PieceType::Pawn {
            let diff = m.to as i32 - m.from as i32;
            let from_rank = m.from as u8 >> 3;
            if diff == 16 && from_rank == 1 {
                self.ep_square = Square::from_index(m.from as u8 + 8);
            } else if diff == -16 && from_rank == 6 {
                self.ep_square = Square::from_index(m.from as u8 - 8);
            } else if ep_square == Some(m.to) && matches!(diff.abs(), 7 | 9) && captured.is_none() {
                let down: i32 = if us == Color::White { -8 } else { 8 };
                if let Some(victim) = Square::from_index((m.to as i32 + down) as u8) {
                    self.layout.remove_piece_at(victim);
                }
            }
        }
        if let Some(p) = m.promotion {
            promoted = true;
            piece_type = p;
        }
        let castling = piece_type == PieceType::King
            && (self.layout.of_color(us) & !from_bb).intersects(to_bb);
        if castling {
            let a_side = m.to.file() < m.from.file();
            self.layout.remove_piece_at(m.from);
            self.layout.remove_piece_at(m.to);
            let rank = if us == Color::White { 0 } else { 56 };
            let (king_file, rook_file) = if a_side { (2, 3) } else { (6, 5) };
            let at = |file: u8| Square::from_index_wrapping(rank + file);
            self.layout.set_piece_at(at(king_file), Piece::new(us, PieceType::King), false);
            self.layout.set_piece_at(at(rook_file), Piece::new(us, PieceType::Rook), false);
        } else {
            let piece = Piece::new(us, piece_type);
            self.layout.relocate((m.from, moving), (m.to, captured), piece, promoted);
        }
    }
}
