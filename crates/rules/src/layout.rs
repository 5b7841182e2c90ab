//! [`Layout`]: where the pieces stand, with nothing checked, as a board editor keeps it.

use lerf_bitboard::{
    Bitboard, FILES, RANKS, between, bishop_pseudo_attacks, king_attacks, knight_attacks, line,
    pawn_attacks,
};
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_types::{Color, Piece, PieceType, Square};

/// The pieces on a board, kept as python-chess's `BaseBoard` keeps them: one bitboard per
/// piece type, one per colour, the occupied squares and the promoted pieces.
///
/// Nothing is checked: a layout may have no king, nine queens or pawns on the back rank.
/// The editing methods ([`set_piece_at`](Layout::set_piece_at),
/// [`remove_piece_at`](Layout::remove_piece_at)) keep the bitboards in step with each other;
/// the fields are public for code that sets them directly, as python-chess allows, and every
/// method answers on any values without panicking (a square whose occupied bit is set but
/// no type bit counts as a king, as in python-chess).
///
/// ```
/// use lerf_rules::Layout;
/// use lerf_types::{Color, Piece, PieceType, Square};
///
/// let mut layout = Layout::empty();
/// layout.set_piece_at(Square::E4, Piece::new(Color::White, PieceType::Queen), false);
/// assert_eq!(layout.piece_at(Square::E4), Some(Piece::W_QUEEN));
/// assert_eq!(layout.attacks_mask(Square::E4).popcount(), 27);
/// assert_eq!(layout.king(Color::White), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Layout {
    /// The pawns of both colours.
    pub pawns: Bitboard,
    /// The knights.
    pub knights: Bitboard,
    /// The bishops.
    pub bishops: Bitboard,
    /// The rooks.
    pub rooks: Bitboard,
    /// The queens.
    pub queens: Bitboard,
    /// The kings.
    pub kings: Bitboard,
    /// The squares of each colour's pieces, indexed by [`Color`] (White first).
    pub by_color: [Bitboard; 2],
    /// Every occupied square.
    pub occupied: Bitboard,
    /// The pieces that were pawns once (python-chess marks them `~` in a FEN).
    pub promoted: Bitboard,
}

/// The bitboard of one square.
#[inline]
pub(crate) fn bb(sq: Square) -> Bitboard {
    Bitboard::from_square(sq)
}

/// The highest square of a non-empty set (python-chess's `msb`).
#[inline]
pub(crate) fn msb(b: Bitboard) -> Square {
    Square::from_index_wrapping(63 - b.0.leading_zeros() as u8)
}

/// The squares on `sq`'s rank, `sq` excluded.
#[inline]
pub(crate) fn rank_rays(sq: Square) -> Bitboard {
    RANKS[sq.rank() as usize] & !bb(sq)
}

/// The squares on `sq`'s file, `sq` excluded.
#[inline]
pub(crate) fn file_rays(sq: Square) -> Bitboard {
    FILES[sq.file() as usize] & !bb(sq)
}

/// What a rook on `sq` sees along its rank, given `occupied`.
#[inline]
pub(crate) fn rank_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) & RANKS[sq.rank() as usize]
}

/// The whole line through `a` and `b` (both included), or nothing when they are not
/// aligned or equal (python-chess's `ray`).
#[inline]
pub fn ray(a: Square, b: Square) -> Bitboard {
    if a == b { Bitboard::EMPTY } else { line(a, b) }
}

impl Layout {
    /// No pieces.
    pub const fn empty() -> Layout {
        let e = Bitboard::EMPTY;
        Layout {
            pawns: e,
            knights: e,
            bishops: e,
            rooks: e,
            queens: e,
            kings: e,
            by_color: [e, e],
            occupied: e,
            promoted: e,
        }
    }

    /// The standard starting position.
    pub const fn startpos() -> Layout {
        Layout {
            pawns: Bitboard(0x00ff_0000_0000_ff00),
            knights: Bitboard(0x4200_0000_0000_0042),
            bishops: Bitboard(0x2400_0000_0000_0024),
            rooks: Bitboard(0x8100_0000_0000_0081),
            queens: Bitboard(0x0800_0000_0000_0008),
            kings: Bitboard(0x1000_0000_0000_0010),
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
            occupied: Bitboard(0xffff_0000_0000_ffff),
            promoted: Bitboard::EMPTY,
        }
    }

    /// The bitboard of one piece type (both colours).
    #[inline]
    pub const fn of_type(&self, pt: PieceType) -> Bitboard {
        match pt {
            PieceType::Pawn => self.pawns,
            PieceType::Knight => self.knights,
            PieceType::Bishop => self.bishops,
            PieceType::Rook => self.rooks,
            PieceType::Queen => self.queens,
            PieceType::King => self.kings,
        }
    }

    /// Runs `f` on each type's bitboard with its type, pawns to kings: the way a change
    /// that depends on a type reaches every bitboard without a branch or a jump table on
    /// it (which moves make unpredictable).
    #[inline]
    fn each_type_mut(&mut self, mut f: impl FnMut(&mut Bitboard, PieceType)) {
        f(&mut self.pawns, PieceType::Pawn);
        f(&mut self.knights, PieceType::Knight);
        f(&mut self.bishops, PieceType::Bishop);
        f(&mut self.rooks, PieceType::Rook);
        f(&mut self.queens, PieceType::Queen);
        f(&mut self.kings, PieceType::King);
    }

    /// Flips `mask` in the bitboard of `pt` (with `or`: sets it), without a branch on `pt`.
    #[inline]
    pub(crate) fn change_type(&mut self, pt: PieceType, mask: Bitboard, or: bool) {
        self.each_type_mut(|b, t| {
            let m = if pt == t { mask.0 } else { 0 };
            b.0 = if or { b.0 | m } else { b.0 ^ m };
        });
    }

    /// The pieces of one colour.
    #[inline]
    pub const fn of_color(&self, color: Color) -> Bitboard {
        self.by_color[color as usize]
    }

    /// The squares of `color`'s pieces of type `pt`.
    #[inline]
    pub const fn pieces_mask(&self, pt: PieceType, color: Color) -> Bitboard {
        Bitboard(self.of_type(pt).0 & self.of_color(color).0)
    }

    /// The piece type on `sq`: `None` when the square is not occupied; a square occupied
    /// but in no type bitboard counts as a king.
    #[inline]
    pub fn piece_type_at(&self, sq: Square) -> Option<PieceType> {
        // Without a branch per type: the square's bit of each type bitboard, pawns lowest,
        // and the lowest one set names the type (pawn first, as python-chess looks).
        let s = sq as u32;
        let bit = |b: Bitboard| (b.0 >> s) & 1;
        if bit(self.occupied) == 0 {
            return None;
        }
        let types = bit(self.pawns)
            | bit(self.knights) << 1
            | bit(self.bishops) << 2
            | bit(self.rooks) << 3
            | bit(self.queens) << 4
            | 1 << 5;
        PieceType::from_index(types.trailing_zeros() as u8 + 1)
    }

    /// The colour of the piece on `sq` (White when both colour bitboards hold it).
    #[inline]
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The piece on `sq`; its colour is White only when White's bitboard holds it.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let pt = self.piece_type_at(sq)?;
        let color = if self.by_color[0].contains(sq) { Color::White } else { Color::Black };
        Some(Piece::new(color, pt))
    }

    /// `color`'s king: the highest of its kings that is not a promoted piece.
    #[inline]
    pub fn king(&self, color: Color) -> Option<Square> {
        let kings = self.of_color(color) & self.kings & !self.promoted;
        kings.any().then(|| msb(kings))
    }

    /// The squares the piece on `sq` attacks (none for an empty square); pins ignored.
    pub fn attacks_mask(&self, sq: Square) -> Bitboard {
        let mask = bb(sq);
        if self.pawns.intersects(mask) {
            let color = if self.by_color[0].intersects(mask) { Color::White } else { Color::Black };
            pawn_attacks(color, sq)
        } else if self.knights.intersects(mask) {
            knight_attacks(sq)
        } else if self.kings.intersects(mask) {
            king_attacks(sq)
        } else {
            let mut attacks = Bitboard::EMPTY;
            if (self.bishops | self.queens).intersects(mask) {
                attacks = bishop_attacks(sq, self.occupied);
            }
            if (self.rooks | self.queens).intersects(mask) {
                attacks |= rook_attacks(sq, self.occupied);
            }
            attacks
        }
    }

    /// `color`'s pieces that attack `sq`, sliders seen through `occupied` (pins ignored;
    /// a pawn that could be taken en passant is not attacked by it).
    #[inline]
    pub fn attackers_mask(&self, color: Color, sq: Square, occupied: Bitboard) -> Bitboard {
        let rooks = self.queens | self.rooks;
        let bishops = self.queens | self.bishops;
        let attackers = (king_attacks(sq) & self.kings)
            | (knight_attacks(sq) & self.knights)
            | (rook_attacks(sq, occupied) & rooks)
            | (bishop_attacks(sq, occupied) & bishops)
            | (pawn_attacks(!color, sq) & self.pawns);
        attackers & self.of_color(color)
    }

    /// Whether `color` attacks `sq` (sliders blocked by the pieces on the board).
    #[inline]
    pub fn is_attacked_by(&self, color: Color, sq: Square) -> bool {
        self.attackers_mask(color, sq, self.occupied).any()
    }

    /// The line along which the piece on `sq` is pinned to `color`'s king, king and pinner
    /// included; every square when it is not pinned or `color` has no king. An empty `sq`
    /// is pinned when a slider would pin a piece standing there.
    pub fn pin_mask(&self, color: Color, sq: Square) -> Bitboard {
        let Some(king) = self.king(color) else { return Bitboard::FULL };
        let square = bb(sq);
        let straight = self.rooks | self.queens;
        let lines = [
            (file_rays(king), straight),
            (rank_rays(king), straight),
            (bishop_pseudo_attacks(king), self.bishops | self.queens),
        ];
        for (rays, sliders) in lines {
            if !rays.intersects(square) {
                continue;
            }
            let snipers = rays & sliders & self.of_color(!color);
            for sniper in snipers.into_iter().rev() {
                if between(sniper, king) & (self.occupied | square) == square {
                    return ray(king, sniper);
                }
            }
            break;
        }
        Bitboard::FULL
    }

    /// Takes the piece off `sq` and returns its type (`None`, and nothing changed, when the
    /// square is not occupied).
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<PieceType> {
        let pt = self.piece_type_at(sq)?;
        let mask = bb(sq);
        self.change_type(pt, mask, false);
        self.occupied ^= mask;
        self.clear_colors(mask);
        self.promoted &= !mask;
        Some(pt)
    }

    /// A move's change of the board in one write per bitboard, exactly as removing the
    /// piece of type `moving` from `from` (where [`piece_type_at`](Layout::piece_type_at)
    /// found it), then putting `piece` on `to` (`promoted`: as a promoted piece) with
    /// [`set_piece_at`](Layout::set_piece_at) over what stood there (`captured`, found
    /// after the removal) would: the same bits even for a layout whose bitboards disagree,
    /// as python-chess's own moves leave them. Reading back bitboards just written
    /// piecewise would stall; here each type's bitboard changes without a branch.
    #[inline]
    pub(crate) fn relocate(
        &mut self,
        (from, moving): (Square, PieceType),
        (to, captured): (Square, Option<PieceType>),
        piece: Piece,
        promoted: bool,
    ) {
        let (f, t) = (bb(from).0, bb(to).0);
        // What the emptying of `to` takes away, when something stood there.
        let taken = if captured.is_some() { t } else { 0 };
        let pt = piece.piece_type();
        self.each_type_mut(|b, ty| {
            let off = if moving == ty { f } else { 0 } ^ if captured == Some(ty) { t } else { 0 };
            b.0 = (b.0 ^ off) | if pt == ty { t } else { 0 };
        });
        let white = piece.color() == Color::White;
        let [w, b] = self.by_color;
        let keep = !(f | taken);
        self.by_color = [
            Bitboard((w.0 & keep) ^ if white { t } else { 0 }),
            Bitboard((b.0 & keep) ^ if white { 0 } else { t }),
        ];
        self.occupied = Bitboard(self.occupied.0 ^ f ^ taken ^ t);
        self.promoted = Bitboard((self.promoted.0 & keep) ^ if promoted { t } else { 0 });
    }

    /// Takes `mask` out of both colours' bitboards, written as one pair: a move reads the
    /// pair back at once, and two narrow writes would stall that read.
    #[inline]
    fn clear_colors(&mut self, mask: Bitboard) {
        let [white, black] = self.by_color;
        self.by_color = [white & !mask, black & !mask];
    }

    /// Puts `piece` on `sq`, replacing what stood there; `promoted` marks it as a promoted
    /// piece.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece, promoted: bool) {
        self.remove_piece_at(sq);
        let mask = bb(sq);
        self.change_type(piece.piece_type(), mask, true);
        self.occupied ^= mask;
        self.by_color[piece.color() as usize] ^= mask;
        if promoted {
            self.promoted ^= mask;
        }
    }

    /// Every occupied square with its piece, highest square first (python-chess's
    /// `piece_map` order).
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied.into_iter().rev().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Every bitboard passed through `f` (python-chess's `apply_transform`).
    pub fn transform(&mut self, mut f: impl FnMut(Bitboard) -> Bitboard) {
        let [white, black] = &mut self.by_color;
        for b in [
            &mut self.pawns,
            &mut self.knights,
            &mut self.bishops,
            &mut self.rooks,
            &mut self.queens,
            &mut self.kings,
            white,
            black,
            &mut self.occupied,
            &mut self.promoted,
        ] {
            *b = f(*b);
        }
    }

    /// Turned upside down with the colours swapped (python-chess's `apply_mirror`).
    pub fn mirror(&mut self) {
        self.transform(Bitboard::flip_vertical);
        self.by_color.swap(0, 1);
    }

    /// python-chess's board equality: the occupied squares, White's pieces and the six
    /// type bitboards (not Black's bitboard, not the promoted pieces).
    pub fn same_pieces(&self, other: &Layout) -> bool {
        self.occupied == other.occupied
            && self.by_color[0] == other.by_color[0]
            && self.pawns == other.pawns
            && self.knights == other.knights
            && self.bishops == other.bishops
            && self.rooks == other.rooks
            && self.queens == other.queens
            && self.kings == other.kings
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lerf_types::Square::*;

    #[test]
    fn the_start_position_is_consistent() {
        let l = Layout::startpos();
        assert_eq!(l.by_color[0] | l.by_color[1], l.occupied);
        let types = l.pawns | l.knights | l.bishops | l.rooks | l.queens | l.kings;
        assert_eq!(types, l.occupied);
        assert_eq!(l.piece_at(E1), Some(Piece::W_KING));
        assert_eq!(l.piece_at(D8), Some(Piece::B_QUEEN));
        assert_eq!(l.king(Color::Black), Some(E8));
    }

    #[test]
    fn editing_keeps_the_bitboards_in_step() {
        let mut l = Layout::startpos();
        assert_eq!(l.remove_piece_at(E2), Some(PieceType::Pawn));
        assert_eq!(l.remove_piece_at(E2), None);
        l.set_piece_at(E4, Piece::B_ROOK, false);
        l.set_piece_at(D1, Piece::W_QUEEN, true);
        assert_eq!(l.piece_at(E4), Some(Piece::B_ROOK));
        assert_eq!(l.promoted, bb(D1));
        l.set_piece_at(D1, Piece::W_BISHOP, false);
        assert_eq!(l.promoted, Bitboard::EMPTY);
        assert_eq!(l.by_color[0] | l.by_color[1], l.occupied);
    }

    #[test]
    fn rays_and_pins() {
        assert_eq!(ray(A1, A1), Bitboard::EMPTY);
        assert_eq!(ray(B2, D4), lerf_bitboard::DIAGONAL_A1H8);
        assert_eq!(ray(A1, B3), Bitboard::EMPTY);
        let mut l = Layout::empty();
        l.set_piece_at(E1, Piece::W_KING, false);
        l.set_piece_at(E3, Piece::W_KNIGHT, false);
        l.set_piece_at(E8, Piece::B_ROOK, false);
        assert_eq!(l.pin_mask(Color::White, E3), lerf_bitboard::FILE_E);
        assert_eq!(l.pin_mask(Color::White, D3), Bitboard::FULL);
        assert_eq!(l.pin_mask(Color::Black, E3), Bitboard::FULL, "no black king");
    }

    #[test]
    fn an_occupied_square_of_no_type_counts_as_a_king() {
        let mut l = Layout::empty();
        l.occupied = bb(C3);
        assert_eq!(l.piece_type_at(C3), Some(PieceType::King));
        assert_eq!(l.piece_at(C3), Some(Piece::B_KING));
        assert_eq!(l.color_at(C3), None);
    }

    #[test]
    fn the_piece_type_of_a_square_is_looked_up_pawn_first() {
        let mut l = Layout::startpos();
        for sq in Square::ALL {
            let by_chain = [
                (l.pawns, PieceType::Pawn),
                (l.knights, PieceType::Knight),
                (l.bishops, PieceType::Bishop),
                (l.rooks, PieceType::Rook),
                (l.queens, PieceType::Queen),
            ]
            .iter()
            .find(|(b, _)| b.contains(sq))
            .map(|&(_, pt)| pt);
            let expected = l.occupied.contains(sq).then(|| by_chain.unwrap_or(PieceType::King));
            assert_eq!(l.piece_type_at(sq), expected, "{sq:?}");
        }
        // Bitboards written to overlap: the first type in pawn-to-queen order wins.
        l.knights |= bb(E2);
        l.queens |= bb(B1);
        assert_eq!(l.piece_type_at(E2), Some(PieceType::Pawn));
        assert_eq!(l.piece_type_at(B1), Some(PieceType::Knight));
    }
}
