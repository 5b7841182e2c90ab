//! The side to move as a type, for walks specialised on it.

use core::marker::PhantomData;

use lerf_bitboard::Bitboard;
use lerf_position::Board;
use lerf_types::{CastlingRights, CastlingSide, Color, Move, PieceType, Square};

use crate::source::{CastlingCandidate, CheckedBoard, MoveSource, holds_castling_rook};

/// The side to move of a walk's node, known at compile time: each level's generator,
/// check information and bulk count are made for one side, and the next level's for the
/// other.
pub(crate) trait Side {
    /// The side to move.
    const US: Color;
    /// The side to move one ply further down.
    type Next: Side;
}

/// White to move.
pub(crate) struct WhiteToMove;
/// Black to move.
pub(crate) struct BlackToMove;

impl Side for WhiteToMove {
    const US: Color = Color::White;
    type Next = BlackToMove;
}

impl Side for BlackToMove {
    const US: Color = Color::Black;
    type Next = WhiteToMove;
}

/// A [`CheckedBoard`] whose side to move is `S`, a constant for the generator.
pub(crate) struct Sided<'a, S: Side>(CheckedBoard<'a>, PhantomData<S>);

impl<'a, S: Side> Sided<'a, S> {
    /// `board`, with `S` to move, and its check information.
    #[inline(always)]
    pub(crate) fn new(board: &'a Board) -> Sided<'a, S> {
        Sided(CheckedBoard::for_side(board, S::US), PhantomData)
    }
}

impl<S: Side> MoveSource for Sided<'_, S> {
    #[inline(always)]
    fn side_to_move(&self) -> Color {
        S::US
    }
    #[inline(always)]
    fn occupied(&self) -> Bitboard {
        self.0.occupied()
    }
    #[inline(always)]
    fn pieces_of(&self, color: Color) -> Bitboard {
        self.0.pieces_of(color)
    }
    #[inline(always)]
    fn pieces_of_type(&self, pt: PieceType) -> Bitboard {
        self.0.pieces_of_type(pt)
    }
    #[inline(always)]
    fn king_square(&self, color: Color) -> Square {
        self.0.king_square(color)
    }
    #[inline(always)]
    fn checkers(&self) -> Bitboard {
        self.0.checkers()
    }
    #[inline(always)]
    fn pinned(&self) -> Bitboard {
        self.0.pinned()
    }
    #[inline(always)]
    fn ep_square(&self) -> Option<Square> {
        self.0.ep_square()
    }
    #[inline(always)]
    fn en_passant_is_legal(&self, m: Move) -> bool {
        self.0.en_passant_is_legal(m)
    }
    #[inline(always)]
    fn castling_rights(&self) -> CastlingRights {
        self.0.castling_rights()
    }
    #[inline(always)]
    fn castling_candidate(&self, side: CastlingSide) -> Option<CastlingCandidate> {
        self.0.castling_candidate(side)
    }
    #[inline(always)]
    fn is_chess960(&self) -> bool {
        self.0.is_chess960()
    }
    #[inline(always)]
    fn side_to_move_may_castle(&self) -> bool {
        holds_castling_rook(self.0.board(), S::US)
    }
}
