//! Move generation on a [`LooseBoard`], in python-chess's order.
//!
//! Pseudo-legal moves: each non-pawn piece from the highest square down, its destinations
//! from the highest down; castling; pawn captures (promotions as queen, rook, bishop,
//! knight); single steps; double steps; en passant. Legal moves filter those (or, in
//! check, the evasions: king steps first) by whether the king stays safe. Every generator
//! takes an origin and a destination mask, and appends to a `Vec` the caller may reuse.

use super::board::LooseBoard;
use super::layout::{bb, ray};
use super::moves::LooseMove;
use alloc::vec::Vec;
use lerf_bitboard::{
    Bitboard, RANK_3, RANK_4, RANK_5, RANK_6, RANKS, between, king_attacks, pawn_attacks,
};
use lerf_types::{Color, PieceType, Square};

/// The promotions python-chess generates for a pawn reaching the last rank, in its order.
const PROMOTIONS: [PieceType; 4] =
    [PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight];

/// Appends a pawn move, as four promotions when it reaches the first or last rank.
#[inline]
fn push_pawn_move(out: &mut Vec<LooseMove>, from: Square, to: Square) {
    if matches!(to as u8 >> 3, 0 | 7) {
        out.extend(PROMOTIONS.map(|pt| LooseMove::promotion(from, to, pt)));
    } else {
        out.push(LooseMove::new(from, to));
    }
}

impl LooseBoard {
    /// Appends the pseudo-legal moves from `from_mask` to `to_mask`: every move of the side
    /// to move's pieces by their moves alone, the king's safety not checked (castling is
    /// included only when fully legal).
    pub fn generate_pseudo_legal_moves(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut Vec<LooseMove>,
    ) {
        let l = &self.layout;
        let ours = self.ours();
        for from in (ours & !l.pawns & from_mask).into_iter().rev() {
            for to in (l.attacks_mask(from) & !ours & to_mask).into_iter().rev() {
                out.push(LooseMove::new(from, to));
            }
        }
        if from_mask.intersects(l.kings) {
            self.generate_castling_moves(from_mask, to_mask, out);
        }
        let pawns = l.pawns & ours & from_mask;
        if !pawns.any() {
            return;
        }
        for from in pawns.into_iter().rev() {
            for to in (pawn_attacks(self.turn, from) & self.theirs() & to_mask).into_iter().rev() {
                push_pawn_move(out, from, to);
            }
        }
        let empty = !l.occupied;
        let (single, double) = match self.turn {
            Color::White => {
                let single = (pawns << 8) & empty;
                (single, (single << 8) & empty & (RANK_3 | RANK_4))
            }
            Color::Black => {
                let single = (pawns >> 8) & empty;
                (single, (single >> 8) & empty & (RANK_6 | RANK_5))
            }
        };
        let back = |to: Square, steps: u8| match self.turn {
            Color::White => Square::from_index_wrapping(to as u8 - 8 * steps),
            Color::Black => Square::from_index_wrapping(to as u8 + 8 * steps),
        };
        for to in (single & to_mask).into_iter().rev() {
            push_pawn_move(out, back(to, 1), to);
        }
        for to in (double & to_mask).into_iter().rev() {
            out.push(LooseMove::new(back(to, 2), to));
        }
        if self.ep_truthy().is_some() {
            self.generate_pseudo_legal_ep(from_mask, to_mask, out);
        }
    }

    /// Appends the pseudo-legal en passant captures: the side to move's pawns on their
    /// fifth rank next to the en passant square, which must be empty.
    pub fn generate_pseudo_legal_ep(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut Vec<LooseMove>,
    ) {
        let Some(ep) = self.ep_truthy() else { return };
        if !to_mask.contains(ep) || self.layout.occupied.contains(ep) {
            return;
        }
        let fifth = RANKS[if self.turn == Color::White { 4 } else { 3 }];
        let capturers =
            self.layout.pawns & self.ours() & from_mask & pawn_attacks(!self.turn, ep) & fifth;
        for from in capturers.into_iter().rev() {
            out.push(LooseMove::new(from, ep));
        }
    }

    /// Appends the pseudo-legal captures, en passant last.
    pub fn generate_pseudo_legal_captures(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut Vec<LooseMove>,
    ) {
        self.generate_pseudo_legal_moves(from_mask, to_mask & self.theirs(), out);
        self.generate_pseudo_legal_ep(from_mask, to_mask, out);
    }

    /// Appends the legal moves from `from_mask` to `to_mask`. A side without a king has
    /// its pseudo-legal moves; with several kings, the highest one is protected.
    pub fn generate_legal_moves(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut Vec<LooseMove>,
    ) {
        out.reserve(64);
        let kings = self.layout.kings & self.ours();
        if !kings.any() {
            self.generate_pseudo_legal_moves(from_mask, to_mask, out);
            return;
        }
        let king = LooseBoard::top(kings);
        let blockers = self.slider_blockers(king);
        let checkers = self.layout.attackers_mask(!self.turn, king, self.layout.occupied);
        let start = out.len();
        if checkers.any() {
            self.generate_evasions(king, checkers, from_mask, to_mask, out);
        } else {
            self.generate_pseudo_legal_moves(from_mask, to_mask, out);
        }
        // `is_safe` for each move, with its cheap cases first: a move of a piece that is
        // neither the king, nor pinned, nor possibly taking en passant is safe.
        let may_take_en_passant = self.ep_square.is_some();
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            let safe = if m.from != king
                && !blockers.contains(m.from)
                && !(may_take_en_passant && self.is_en_passant(m))
            {
                true
            } else {
                self.is_safe(king, blockers, m)
            };
            if safe {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Appends the legal en passant captures.
    pub fn generate_legal_ep(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut Vec<LooseMove>,
    ) {
        let start = out.len();
        self.generate_pseudo_legal_ep(from_mask, to_mask, out);
        let mut kept = start;
        for i in start..out.len() {
            let m = out[i];
            if !self.is_into_check(m) {
                out[kept] = m;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// Appends the legal captures, en passant last.
    pub fn generate_legal_captures(
        &self,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut Vec<LooseMove>,
    ) {
        self.generate_legal_moves(from_mask, to_mask & self.theirs(), out);
        self.generate_legal_ep(from_mask, to_mask, out);
    }

    /// Every legal move, in python-chess's order.
    pub fn legal_moves(&self) -> Vec<LooseMove> {
        let mut out = Vec::new();
        self.generate_legal_moves(Bitboard::FULL, Bitboard::FULL, &mut out);
        out
    }

    /// Every pseudo-legal move, in python-chess's order.
    pub fn pseudo_legal_moves(&self) -> Vec<LooseMove> {
        let mut out = Vec::new();
        self.generate_pseudo_legal_moves(Bitboard::FULL, Bitboard::FULL, &mut out);
        out
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut out = Vec::new();
        self.generate_legal_moves(Bitboard::FULL, Bitboard::FULL, &mut out);
        !out.is_empty()
    }

    /// Whether an en passant capture is pseudo-legal.
    pub fn has_pseudo_legal_en_passant(&self) -> bool {
        let mut out = Vec::new();
        self.generate_pseudo_legal_ep(Bitboard::FULL, Bitboard::FULL, &mut out);
        !out.is_empty()
    }

    /// Whether an en passant capture is legal.
    pub fn has_legal_en_passant(&self) -> bool {
        let mut out = Vec::new();
        self.generate_legal_ep(Bitboard::FULL, Bitboard::FULL, &mut out);
        !out.is_empty()
    }

    /// The moves out of check: king steps off the checking lines, then (against a single
    /// checker) captures and blocks by the other pieces, and en passant taking a checking
    /// pawn.
    fn generate_evasions(
        &self,
        king: Square,
        checkers: Bitboard,
        from_mask: Bitboard,
        to_mask: Bitboard,
        out: &mut Vec<LooseMove>,
    ) {
        let l = &self.layout;
        let sliders = checkers & (l.bishops | l.rooks | l.queens);
        let mut attacked = Bitboard::EMPTY;
        for checker in sliders.into_iter().rev() {
            attacked |= ray(king, checker) & !bb(checker);
        }
        if from_mask.contains(king) {
            let steps = king_attacks(king) & !self.ours() & !attacked & to_mask;
            for to in steps.into_iter().rev() {
                out.push(LooseMove::new(king, to));
            }
        }
        let checker = LooseBoard::top(checkers);
        if bb(checker) != checkers {
            return;
        }
        let target = between(king, checker) | checkers;
        self.generate_pseudo_legal_moves(!l.kings & from_mask, target & to_mask, out);
        if let Some(ep) = self.ep_truthy().filter(|&ep| !target.contains(ep)) {
            let last_double = ep as i32 + if self.turn == Color::White { -8 } else { 8 };
            if last_double == checker as i32 {
                self.generate_pseudo_legal_ep(from_mask, to_mask, out);
            }
        }
    }

    /// Whether a generated move keeps the side to move's king (on `king`, shielded by
    /// `blockers`) out of check.
    pub(crate) fn is_safe(&self, king: Square, blockers: Bitboard, m: LooseMove) -> bool {
        if m.from == king {
            self.is_castling(m) || !self.layout.is_attacked_by(!self.turn, m.to)
        } else if self.is_en_passant(m) {
            self.layout.pin_mask(self.turn, m.from).contains(m.to)
                && !self.ep_skewered(king, m.from, m.to)
        } else {
            !blockers.contains(m.from) || ray(m.from, m.to).contains(king)
        }
    }

    /// Whether a pseudo-legal move would leave the side to move's king in check.
    pub fn is_into_check(&self, m: LooseMove) -> bool {
        let Some(king) = self.layout.king(self.turn) else { return false };
        let checkers = self.layout.attackers_mask(!self.turn, king, self.layout.occupied);
        if checkers.any() {
            let mut evasions = Vec::new();
            self.generate_evasions(king, checkers, bb(m.from), bb(m.to), &mut evasions);
            if !evasions.contains(&m) {
                return true;
            }
        }
        !self.is_safe(king, self.slider_blockers(king), m)
    }

    /// Whether the move is pseudo-legal: a move of one of the side to move's pieces by its
    /// own moves (castling only when legal), a pawn promoting exactly when it reaches the
    /// last rank. Null moves and drops are not.
    pub fn is_pseudo_legal(&self, m: LooseMove) -> bool {
        let l = &self.layout;
        let (from, to) = (bb(m.from), bb(m.to));
        let ours = self.ours();
        // (An origin in `ours` but not occupied, on a board whose bitboards disagree, holds
        // no piece for python-chess either.)
        if m.is_null() || m.drop.is_some() || !(ours & l.occupied).intersects(from) {
            return false;
        }
        // Knights and sliders first, the moves a game mostly makes: one look each.
        if m.promotion.is_none() && !(l.pawns | l.kings).intersects(from) {
            return (l.attacks_mask(m.from) & !ours).intersects(to);
        }
        if l.pawns.intersects(from) {
            return !ours.intersects(to) && self.is_pseudo_legal_pawn_move(m);
        }
        // A king (also when a pawn or another piece shares its square in an odd arrangement,
        // which the full test below sorts out), or a promotion by a piece that is no pawn.
        self.is_pseudo_legal_rest(m)
    }

    /// [`is_pseudo_legal`](LooseBoard::is_pseudo_legal) for the moves its quick tests leave:
    /// king moves (castling among them) and promotions of pieces that are no pawns.
    #[inline(never)]
    fn is_pseudo_legal_rest(&self, m: LooseMove) -> bool {
        let Some(piece) = self.layout.piece_type_at(m.from) else { return false };
        if m.promotion.is_some() {
            let last = if self.turn == Color::White { 7 } else { 0 };
            if piece != PieceType::Pawn || m.to as u8 >> 3 != last {
                return false;
            }
        }
        if piece == PieceType::King {
            // An ordinary king step needs no look at castling (either makes it pseudo-legal).
            if !self.ours().contains(m.to) && self.layout.attacks_mask(m.from).contains(m.to) {
                return true;
            }
            let castle = self.from_chess960(self.chess960, LooseMove::new(m.from, m.to));
            let mut found = false;
            self.for_each_castling_move(Bitboard::FULL, Bitboard::FULL, |c| found |= c == castle);
            if found {
                return true;
            }
        }
        if self.ours().contains(m.to) {
            return false;
        }
        if piece == PieceType::Pawn {
            return self.is_pseudo_legal_pawn_move(m);
        }
        self.layout.attacks_mask(m.from).contains(m.to)
    }

    /// Whether [`generate_pseudo_legal_moves`](LooseBoard::generate_pseudo_legal_moves)
    /// lists `m`, a move from one of the side to move's pawns (found without listing).
    fn is_pseudo_legal_pawn_move(&self, m: LooseMove) -> bool {
        let to = bb(m.to);
        let last_ranks = RANKS[0] | RANKS[7];
        // Pawn moves to the first or last rank are listed as the four promotions only.
        let promotion_fits = if last_ranks.intersects(to) {
            matches!(m.promotion, Some(p) if PROMOTIONS.contains(&p))
        } else {
            m.promotion.is_none()
        };
        let empty = !self.layout.occupied;
        let (single, double_ranks) = match self.turn {
            Color::White => ((bb(m.from) << 8) & empty, RANK_3 | RANK_4),
            Color::Black => ((bb(m.from) >> 8) & empty, RANK_6 | RANK_5),
        };
        let double = match self.turn {
            Color::White => (single << 8) & empty & double_ranks,
            Color::Black => (single >> 8) & empty & double_ranks,
        };
        let capture = pawn_attacks(self.turn, m.from) & self.theirs();
        if (capture | single).intersects(to) {
            return promotion_fits;
        }
        if double.intersects(to) {
            return m.promotion.is_none();
        }
        let fifth = RANKS[if self.turn == Color::White { 4 } else { 3 }];
        self.ep_truthy() == Some(m.to)
            && !self.layout.occupied.intersects(to)
            && fifth.contains(m.from)
            && pawn_attacks(!self.turn, m.to).contains(m.from)
            && m.promotion.is_none()
    }

    /// Whether the move is legal.
    pub fn is_legal(&self, m: LooseMove) -> bool {
        self.is_pseudo_legal(m) && !self.is_into_check(m)
    }
}
