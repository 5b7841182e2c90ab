//! [`Board`]'s attacks and legality, found when a move is looked for rather than kept
//! up to date: whether a square is attacked, whether a move leaves its king safe, which
//! castling is legal.

use crate::board::Board;
use crate::castling::castling_destinations;
use crate::do_move::en_passant_victim;
use lerf_bitboard::{Bitboard, between, king_attacks, knight_attacks, pawn_attacks};
use lerf_magics::{bishop_attacks, rook_attacks};
use lerf_types::{CastlingSide, Color, Move, MoveKind, PieceType, Square};

impl Board {
    /// Whether a piece of `!us` attacks `sq` with `occupied` as the board's occupancy, among
    /// `them` (the enemy pieces that are left). Asked mostly about a king's square, which
    /// changes little within a game, so the slider attack tables' few entries it reads stay
    /// in the cache (measured faster than walking each slider's path through `between`).
    #[inline(always)]
    fn attacked(&self, sq: Square, us: Color, occupied: Bitboard, them: Bitboard) -> bool {
        let kings = king_attacks(sq) & self.by_type[PieceType::King as usize];
        (self.pawn_and_knight_attacks(sq, us) | kings | self.slider_attacks(sq, occupied))
            .intersects(them)
    }

    /// The pawns and knights (of both sides) that attack `sq`, pawns as `!us`'s would.
    #[inline(always)]
    fn pawn_and_knight_attacks(&self, sq: Square, us: Color) -> Bitboard {
        let t = &self.by_type;
        (pawn_attacks(us, sq) & t[PieceType::Pawn as usize])
            | (knight_attacks(sq) & t[PieceType::Knight as usize])
    }

    /// The rooks, bishops and queens (of both sides) that attack `sq` with `occupied` as
    /// the board's occupancy.
    #[inline(always)]
    fn slider_attacks(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let t = &self.by_type;
        let queens = t[PieceType::Queen as usize];
        (rook_attacks(sq, occupied) & (t[PieceType::Rook as usize] | queens))
            | (bishop_attacks(sq, occupied) & (t[PieceType::Bishop as usize] | queens))
    }

    /// The pieces that give the side to move check.
    pub(crate) fn checkers(&self) -> Bitboard {
        let us = self.side_to_move;
        let king = self.king_square(us);
        (self.pawn_and_knight_attacks(king, us) | self.slider_attacks(king, self.occupied()))
            & self.by_color[!us]
    }

    /// Whether the side to move is in check.
    ///
    /// ```
    /// use lerf_position::Board;
    /// let board: Board = "4k3/8/8/8/8/8/8/r3K3 w - - 0 1".parse()?;
    /// assert!(board.in_check());
    /// # Ok::<(), lerf_position::FenError>(())
    /// ```
    pub fn in_check(&self) -> bool {
        let us = self.side_to_move;
        self.attacked(self.king_square(us), us, self.occupied(), self.by_color[!us])
    }

    /// Whether `m`, a move the piece on its origin can make (a pseudo-legal move of the
    /// side to move, en passant included, castling not: see
    /// [`castling_move`](Board::castling_move)), leaves its own king unattacked: the one
    /// test left to make it legal.
    ///
    /// ```
    /// use lerf_position::Board;
    /// use lerf_types::{Move, Square};
    /// // The bishop on e2 shields its king from the rook on e8.
    /// let board: Board = "k3r3/8/8/8/8/8/4B3/4K3 w - - 0 1".parse()?;
    /// assert!(!board.leaves_king_safe(Move::new(Square::E2, Square::D3)));
    /// assert!(board.leaves_king_safe(Move::new(Square::E1, Square::D1)));
    /// # Ok::<(), lerf_position::FenError>(())
    /// ```
    #[inline(always)]
    pub fn leaves_king_safe(&self, m: Move) -> bool {
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        let king = self.king_square(us);
        if from == king || m.kind() == MoveKind::EnPassant {
            return self.king_or_en_passant_safe(m);
        }
        // Another piece moves: the king stays, and only what stands on `to` is taken. No
        // enemy king can stand next to ours, so the kings' steps need no look.
        let occupied = (self.occupied() ^ from) | to;
        let them = self.by_color[!us] - to;
        !(self.pawn_and_knight_attacks(king, us) | self.slider_attacks(king, occupied))
            .intersects(them)
    }

    /// [`leaves_king_safe`](Board::leaves_king_safe) for a king's move or en passant.
    fn king_or_en_passant_safe(&self, m: Move) -> bool {
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        let king = self.king_square(us);
        let king_after = if from == king { to } else { king };
        let victim = match m.kind() {
            MoveKind::EnPassant => en_passant_victim(us, to),
            _ => to,
        };
        let victim = Bitboard::from(victim);
        let occupied = ((self.occupied() ^ from) - victim) | to;
        let them = self.by_color[!us] - victim;
        !self.attacked(king_after, us, occupied, them)
    }

    /// The side to move's castling on `side`, if it is legal: the right is held, the squares
    /// king and rook cross are empty, and no square the king stands on, crosses or reaches
    /// is attacked (Chess960 included: the move is the king taking its own rook).
    ///
    /// ```
    /// use lerf_position::Board;
    /// use lerf_types::{CastlingSide, Square};
    /// let board: Board = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse()?;
    /// let m = board.castling_move(CastlingSide::Queen).expect("legal");
    /// assert_eq!((m.from(), m.to()), (Square::E1, Square::A1));
    /// # Ok::<(), lerf_position::FenError>(())
    /// ```
    pub fn castling_move(&self, side: CastlingSide) -> Option<Move> {
        let us = self.side_to_move;
        let rook = self.castling_rook_square(us, side)?;
        let king = self.king_square(us);
        let (king_to, rook_to) = castling_destinations(us, king, rook);
        let others = self.occupied() ^ king ^ rook;
        let crossed = between(king, king_to) | king_to;
        if ((crossed | between(rook, rook_to) | rook_to) & others).any() {
            return None;
        }
        let them = self.by_color[!us];
        let occupied = self.occupied();
        if (crossed | king).into_iter().any(|sq| self.attacked(sq, us, occupied, them)) {
            return None;
        }
        // A Chess960 rook may have shielded the king's new square from a slider.
        let after = others | king_to | rook_to;
        (!self.attacked(king_to, us, after, them)).then(|| Move::castling(king, rook))
    }

    /// Whether the side to move may take en passant onto `ep` and stay safe.
    pub(crate) fn en_passant_capture_exists(&self, ep: Square) -> bool {
        let us = self.side_to_move;
        let capturers = pawn_attacks(!us, ep) & self.pieces(us, PieceType::Pawn);
        capturers.into_iter().any(|from| self.king_or_en_passant_safe(Move::en_passant(from, ep)))
    }
}
