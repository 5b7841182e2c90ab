//! [`LooseBoard`]: a layout with the side to move, castling rights, en passant square and
//! counters, and the queries that need no move generation.

use super::layout::{Layout, bb, msb, rank_attacks};
use super::moves::LooseMove;
use lerf_bitboard::{Bitboard, RANK_1, RANK_8, between, bishop_pseudo_attacks};
use lerf_magics::bishop_attacks;
use lerf_types::{Color, PieceType, Square};

/// A position as python-chess's `Board` holds it (without the move stack, which
/// [`LooseGame`](super::LooseGame) adds): any [`Layout`], the side to move, the castling
/// rights as the squares of the rooks that keep them, the en passant square (the square
/// a pawn just skipped, whether or not a capture there is possible) and the two counters.
///
/// It is `Copy` (104 bytes). Nothing is validated: [`status`](LooseBoard::status) says what
/// is wrong with a position, and every query answers on any position without panicking,
/// with python-chess 1.11's answers ("pseudo-chess": a side without a king has only
/// pseudo-legal moves, say).
///
/// ```
/// use lerf_rules::{LooseBoard, LooseMove};
///
/// let mut board = LooseBoard::startpos();
/// let e4: LooseMove = "e2e4".parse()?;
/// assert!(board.is_legal(e4));
/// board = board.play(e4).expect("a legal move plays");
/// assert_eq!(board.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
/// assert_eq!(board.legal_moves().len(), 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LooseBoard {
    /// The pieces.
    pub layout: Layout,
    /// The side to move.
    pub turn: Color,
    /// The squares of the rooks that keep castling rights;
    /// [`clean_castling_rights`](LooseBoard::clean_castling_rights) keeps those that are
    /// possible.
    pub castling_rights: Bitboard,
    /// The square a pawn skipped with its last double step (or the FEN's), legal to take
    /// on or not.
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number, from 1, counting after each Black move.
    pub fullmove_number: u32,
    /// Whether castling is written as the king taking its rook (Chess960), and the
    /// castling rights may name any rook.
    pub chess960: bool,
    /// Whether this position was reached by a move ([`play`](LooseBoard::play) sets it):
    /// python-chess then takes the castling rights as they stand, since a move only ever
    /// takes rights away, instead of cleaning them.
    pub played: bool,
}

impl Default for LooseBoard {
    /// The standard start position.
    fn default() -> LooseBoard {
        LooseBoard::startpos()
    }
}

impl LooseBoard {
    /// The standard start position, White to move.
    pub const fn startpos() -> LooseBoard {
        LooseBoard {
            layout: Layout::startpos(),
            turn: Color::White,
            castling_rights: Bitboard(0x8100_0000_0000_0081),
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            chess960: false,
            played: false,
        }
    }

    /// An empty board, White to move, no rights, counters `0 1`.
    pub const fn empty() -> LooseBoard {
        LooseBoard {
            layout: Layout::empty(),
            turn: Color::White,
            castling_rights: Bitboard::EMPTY,
            ep_square: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            chess960: false,
            played: false,
        }
    }

    /// The Chess960 start position numbered `index` (0–959), every rook with its right;
    /// `None` above 959.
    pub fn chess960_start(index: u16) -> Option<LooseBoard> {
        let layout = Layout::chess960(index)?;
        Some(LooseBoard { layout, castling_rights: layout.rooks, chess960: true, ..Self::empty() })
    }

    /// Whether this position was reached by [`play`](LooseBoard::play): its castling rights
    /// are then taken as clean (python-chess's rule while its move stack is not empty).
    pub const fn is_played(&self) -> bool {
        self.played
    }

    /// Sets whether the position counts as reached by a move (see
    /// [`is_played`](LooseBoard::is_played)), for a position restored from storage.
    pub fn set_played(&mut self, played: bool) {
        self.played = played;
    }

    /// Marks the position as set up rather than played (python-chess's `clear_stack`), so
    /// that its castling rights are cleaned again.
    pub fn forget_played(&mut self) {
        self.played = false;
    }

    /// The pieces of the side to move.
    #[inline]
    pub(crate) fn ours(&self) -> Bitboard {
        self.layout.of_color(self.turn)
    }

    /// The pieces of the side not to move.
    #[inline]
    pub(crate) fn theirs(&self) -> Bitboard {
        self.layout.of_color(!self.turn)
    }

    /// python-chess tests `if board.ep_square:`, so an en passant square on a1 (index 0)
    /// counts as none there.
    #[inline]
    pub(crate) fn ep_truthy(&self) -> Option<Square> {
        self.ep_square.filter(|&sq| sq != Square::A1)
    }

    /// The pieces giving check to the side to move's king (none without a king).
    pub fn checkers_mask(&self) -> Bitboard {
        match self.layout.king(self.turn) {
            Some(king) => self.layout.attackers_mask(!self.turn, king, self.layout.occupied),
            None => Bitboard::EMPTY,
        }
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers_mask().any()
    }

    /// Whether the side that just moved left its king attacked (an impossible position).
    pub fn was_into_check(&self) -> bool {
        self.layout.king(!self.turn).is_some_and(|king| self.layout.is_attacked_by(self.turn, king))
    }

    /// Whether the move is an en passant capture (judged as for a pseudo-legal move).
    pub fn is_en_passant(&self, m: LooseMove) -> bool {
        let diff = m.to as i32 - m.from as i32;
        self.ep_square == Some(m.to)
            && self.layout.pawns.contains(m.from)
            && matches!(diff.abs(), 7 | 9)
            && !self.layout.occupied.contains(m.to)
    }

    /// What `m` takes as python-chess's `push` finds it (for the variants whose captures
    /// have effects): the piece on its destination, or for en passant the one behind it,
    /// none when a set-up left that square empty; and whether the piece on the destination
    /// was promoted. Castling takes nothing.
    pub(crate) fn taken(&self, m: LooseMove) -> Option<(PieceType, bool)> {
        if m.is_null() || m.drop.is_some() || self.is_castling(m) {
            return None;
        }
        if let Some(pt) = self.layout.piece_type_at(m.to) {
            return Some((pt, self.layout.promoted.contains(m.to)));
        }
        if !self.is_en_passant(m) {
            return None;
        }
        let victim = if self.turn == Color::White { m.to as u8 - 8 } else { m.to as u8 + 8 };
        let pt = self.layout.piece_type_at(Square::from_index(victim)?)?;
        Some((pt, self.layout.promoted.contains(m.to)))
    }

    /// Whether the move captures (judged as for a pseudo-legal move).
    pub fn is_capture(&self, m: LooseMove) -> bool {
        let touched = bb(m.from) ^ bb(m.to);
        touched.intersects(self.theirs()) || self.is_en_passant(m)
    }

    /// Whether the move resets the half-move clock: a capture, a pawn move or a pawn drop.
    pub fn is_zeroing(&self, m: LooseMove) -> bool {
        let touched = bb(m.from) ^ bb(m.to);
        touched.intersects(self.layout.pawns)
            || touched.intersects(self.theirs())
            || m.drop == Some(PieceType::Pawn)
    }

    /// Whether the move is castling: a king moving more than one file, or onto its own rook.
    pub fn is_castling(&self, m: LooseMove) -> bool {
        if !self.layout.kings.contains(m.from) {
            return false;
        }
        let diff = m.from.file() as i32 - m.to.file() as i32;
        diff.abs() > 1 || (self.layout.rooks & self.ours()).contains(m.to)
    }

    /// Whether the move castles towards the h-file.
    pub fn is_kingside_castling(&self, m: LooseMove) -> bool {
        self.is_castling(m) && m.to.file() > m.from.file()
    }

    /// Whether the move castles towards the a-file.
    pub fn is_queenside_castling(&self, m: LooseMove) -> bool {
        self.is_castling(m) && m.to.file() < m.from.file()
    }

    /// Whether the move takes castling rights away.
    fn reduces_castling_rights(&self, m: LooseMove) -> bool {
        let rights = self.clean_castling_rights();
        let touched = bb(m.from) ^ bb(m.to);
        let unpromoted_kings = self.layout.kings & !self.layout.promoted;
        touched.intersects(rights)
            || (rights.intersects(RANK_1)
                && touched.intersects(unpromoted_kings & self.layout.by_color[0]))
            || (rights.intersects(RANK_8)
                && touched.intersects(unpromoted_kings & self.layout.by_color[1]))
    }

    /// Whether no position before the move can come back after it: a capture, a pawn
    /// move, a move that gives up castling rights, or any move when an en passant capture
    /// is legal now.
    pub fn is_irreversible(&self, m: LooseMove) -> bool {
        self.is_zeroing(m) || self.reduces_castling_rights(m) || self.has_legal_en_passant()
    }

    /// The side to move's pieces that alone stand between their king and an enemy slider.
    pub(crate) fn slider_blockers(&self, king: Square) -> Bitboard {
        let l = &self.layout;
        let straight = l.rooks | l.queens;
        let snipers = (super::layout::rank_rays(king) & straight)
            | (super::layout::file_rays(king) & straight)
            | (bishop_pseudo_attacks(king) & (l.bishops | l.queens));
        let mut blockers = Bitboard::EMPTY;
        for sniper in (snipers & self.theirs()).into_iter().rev() {
            let b = between(king, sniper) & l.occupied;
            if b.any() && !b.more_than_one() {
                blockers |= b;
            }
        }
        blockers & self.ours()
    }

    /// Whether taking en passant with `capturer` would open a line to `king` along the
    /// rank (or a diagonal) once both pawns leave it.
    pub(crate) fn ep_skewered(&self, king: Square, capturer: Square, ep: Square) -> bool {
        let last_double =
            if self.turn == Color::White { (ep as u8).wrapping_sub(8) } else { ep as u8 + 8 };
        let last_double = Square::from_index_wrapping(last_double);
        let occupancy = (self.layout.occupied & !bb(last_double) & !bb(capturer)) | bb(ep);
        let l = &self.layout;
        let straight = self.theirs() & (l.rooks | l.queens);
        let diagonal = self.theirs() & (l.bishops | l.queens);
        rank_attacks(king, occupancy).intersects(straight)
            || bishop_attacks(king, occupancy).intersects(diagonal)
    }

    /// Whether `color` has too little material to ever mate (python-chess's rule: it
    /// looks at the material and the bishops' square colours only).
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        let l = &self.layout;
        let own = l.of_color(color);
        if own.intersects(l.pawns | l.rooks | l.queens) {
            return false;
        }
        if own.intersects(l.knights) {
            return own.popcount() <= 2 && !(l.of_color(!color) & !l.kings & !l.queens).any();
        }
        if own.intersects(l.bishops) {
            let same_color = !l.bishops.intersects(lerf_bitboard::DARK_SQUARES)
                || !l.bishops.intersects(lerf_bitboard::LIGHT_SQUARES);
            return same_color && !l.pawns.any() && !l.knights.any();
        }
        true
    }

    /// Whether neither side can mate.
    pub fn is_insufficient_material(&self) -> bool {
        self.has_insufficient_material(Color::White) && self.has_insufficient_material(Color::Black)
    }

    /// The Chess960 start number of this position (0–959), `None` when it is not a start
    /// position with White to move, no en passant square and every rook's right.
    pub fn chess960_index(&self) -> Option<u16> {
        self.chess960_index_ignoring(false, false)
    }

    /// [`chess960_index`](LooseBoard::chess960_index), optionally ignoring the side to move
    /// and the castling rights (the counters are never looked at).
    pub fn chess960_index_ignoring(&self, turn: bool, castling: bool) -> Option<u16> {
        if self.ep_truthy().is_some()
            || (!turn && self.turn != Color::White)
            || (!castling && self.clean_castling_rights() != self.layout.rooks)
        {
            return None;
        }
        self.layout.chess960_index()
    }

    /// The highest square of a set (python-chess's `msb`), for the other modules.
    #[inline]
    pub(crate) fn top(b: Bitboard) -> Square {
        msb(b)
    }
}
