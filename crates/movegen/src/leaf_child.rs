//! The children of perft's level above the leaves, made as plain bitboards: a child there
//! is only counted, so it needs its pieces, its check information and its side's castling,
//! not a whole [`Board`] (no copy of the parent's 88 bytes, no counters, no rights of the
//! side that just moved). Kept in locals, the compiler can hold it in registers.

use core::marker::PhantomData;

use lerf_bitboard::Bitboard;
use lerf_position::{Board, CastlingSquares};
use lerf_types::{CastlingRights, CastlingSide, Color, Move, PieceType, Square};

use crate::side::Side;
use crate::source::{
    CastlingCandidate, MoveSource, PieceSets, check_information, standard_castling,
};

/// `parent` after a move that is neither castling, en passant, a promotion nor a double
/// pawn push (those leave more to update: [`Board::do_move`] plays them), with `S` to move.
pub(crate) struct LeafChild<'a, S: Side> {
    /// By piece type, pawn (index 1) to king (index 6); index 0 unused.
    types: [Bitboard; 7],
    /// By colour.
    colors: [Bitboard; 2],
    /// The castling rooks of `S`, king side then queen side.
    rooks: [Option<Square>; 2],
    checkers: Bitboard,
    pinned: Bitboard,
    parent: &'a Board,
    side: PhantomData<S>,
}

impl<'a, S: Side> LeafChild<'a, S> {
    /// `parent` (the other side to move) after its `piece` moved from `from` to `to`,
    /// taking whatever stood there.
    #[inline(always)]
    pub(crate) fn after(parent: &'a Board, from: Square, to: Square, piece: PieceType) -> Self {
        let (us, mover) = (S::US, !S::US);
        debug_assert_eq!(parent.side_to_move(), mover);
        let landing = Bitboard::from(to);
        let path = landing | from;
        let mut types = [Bitboard::EMPTY; 7];
        for pt in PieceType::ALL {
            // A select per type rather than an index by the runtime `piece`, so that
            // every type stays a register.
            let moved = if pt == piece { path } else { Bitboard::EMPTY };
            types[pt as usize] = (parent.pieces_of_type(pt) - landing) ^ moved;
        }
        let mut colors = [Bitboard::EMPTY; 2];
        colors[mover as usize] = parent.pieces_of(mover) ^ path;
        colors[us as usize] = parent.pieces_of(us) - landing;
        // A rook taken on its square takes its castling right with it.
        let rook = |side| parent.castling_rook_square(us, side).filter(|&rook| rook != to);
        let rooks = [rook(CastlingSide::King), rook(CastlingSide::Queen)];
        let mut child = LeafChild {
            types,
            colors,
            rooks,
            checkers: Bitboard::EMPTY,
            pinned: Bitboard::EMPTY,
            parent,
            side: PhantomData,
        };
        (child.checkers, child.pinned) = check_information(&child, us);
        child
    }
}

impl<S: Side> PieceSets for LeafChild<'_, S> {
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }
    #[inline(always)]
    fn pieces_of(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }
    #[inline(always)]
    fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        self.types[pt as usize]
    }
    #[inline(always)]
    fn king_square(&self, color: Color) -> Square {
        (self.types[PieceType::King as usize] & self.colors[color as usize]).first_square()
    }
}

impl<S: Side> MoveSource for LeafChild<'_, S> {
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        S::US
    }
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        PieceSets::occupied(self)
    }
    #[inline(always)]
    fn pieces_of(&self, color: Color) -> Bitboard {
        PieceSets::pieces_of(self, color)
    }
    #[inline(always)]
    fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        PieceSets::pieces_of_type(self, pt)
    }
    #[inline(always)]
    fn king_square(&self, color: Color) -> Square {
        PieceSets::king_square(self, color)
    }
    #[inline(always)]
    fn checkers(&self) -> Bitboard {
        self.checkers
    }
    #[inline(always)]
    fn pinned(&self) -> Bitboard {
        self.pinned
    }
    /// None: the move that made this child was no double push.
    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        None
    }
    #[inline(always)]
    fn en_passant_is_legal(&self, _: Move) -> bool {
        false
    }
    #[inline(always)]
    fn castling_rights(&self) -> CastlingRights {
        let right = |side, rook: Option<Square>| {
            if rook.is_some() { CastlingRights::new(S::US, side) } else { CastlingRights::empty() }
        };
        right(CastlingSide::King, self.rooks[0]) | right(CastlingSide::Queen, self.rooks[1])
    }
    #[inline(always)]
    fn castling_candidate(&self, side: CastlingSide) -> Option<CastlingCandidate> {
        let rook = self.rooks[side as usize]?;
        let (path, king_path) = if self.parent.is_chess960() {
            let squares = CastlingSquares::new(PieceSets::king_square(self, S::US), rook);
            (squares.path, squares.king_path)
        } else {
            standard_castling(S::US, side)
        };
        if PieceSets::occupied(self).intersects(path) {
            return None;
        }
        Some(CastlingCandidate { rook, king_path })
    }
    #[inline(always)]
    fn is_chess960(&self) -> bool {
        self.parent.is_chess960()
    }
    #[inline(always)]
    fn castling_candidates(&self) -> [Option<CastlingCandidate>; 2] {
        // Written out, so that the child is not handed to an out-of-line call (which
        // would keep it in memory).
        [self.castling_candidate(CastlingSide::King), self.castling_candidate(CastlingSide::Queen)]
    }
    #[inline(always)]
    fn side_to_move_may_castle(&self) -> bool {
        self.rooks[0].is_some() || self.rooks[1].is_some()
    }
}
