//! `pos_is_ok`: the position's views and incremental state checked against each other.

use crate::position::Position;
use core::fmt;
use lerf_bitboard::{Bitboard, RANK_1, RANK_8};
use lerf_types::{CastlingRights, CastlingSide, Color, Piece, PieceType, Rank, Square};

/// The first inconsistency [`Position::pos_is_ok`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Inconsistency(pub &'static str);

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "inconsistent position: {}", self.0)
    }
}

impl core::error::Error for Inconsistency {}

/// Whether a game can give a side these pieces (`pieces` counts them all, its king
/// included): at most 16, at most 8 pawns, and every knight, bishop, rook and queen beyond
/// the initial set one of its pawns promoted. The rule FEN reading and
/// [`Board::from_sets`](crate::Board::from_sets) both apply.
pub(crate) fn game_can_give(
    pieces: u32,
    pawns: u32,
    [knights, bishops, rooks, queens]: [u32; 4],
) -> bool {
    let promoted = knights.saturating_sub(2)
        + bishops.saturating_sub(2)
        + rooks.saturating_sub(2)
        + queens.saturating_sub(1);
    pieces <= 16 && pawns + promoted <= 8
}

/// Whether a double push of `!us` can just have passed `ep` (on `us`'s sixth rank, which
/// the caller checks): the pushed pawn in front of it, the square and the one the pawn came
/// from empty. The rule FEN reading and [`Board::from_sets`](crate::Board::from_sets) both
/// apply.
pub(crate) fn double_push_passed(
    ep: Square,
    us: Color,
    their_pawns: Bitboard,
    occupied: Bitboard,
) -> bool {
    let up = lerf_types::Direction::up(us);
    let pushed = ep.offset(up.reverse()).is_some_and(|p| their_pawns.contains(p));
    let origin_empty = ep.offset(up).is_some_and(|o| !occupied.contains(o));
    pushed && origin_empty && !occupied.contains(ep)
}

fn ensure(ok: bool, what: &'static str) -> Result<(), Inconsistency> {
    if ok { Ok(()) } else { Err(Inconsistency(what)) }
}

impl Position {
    /// Checks the position's invariants. The quick checks (kings, en-passant rank, side not
    /// to move not in check) always run; with `full`, also: bitboards against the board and
    /// each other, piece counts, pawns off the back ranks, castling masks and rooks, and
    /// every key, the material and the check information recomputed from scratch.
    ///
    /// Debug builds run the quick checks after every `do_move` and `undo_move`.
    ///
    /// # Errors
    ///
    /// The first [`Inconsistency`] found.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let mut pos = Position::startpos();
    /// pos.play_uci("g1f3")?;
    /// assert_eq!(pos.pos_is_ok(true), Ok(()));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn pos_is_ok(&self, full: bool) -> Result<(), Inconsistency> {
        for color in Color::ALL {
            let kings = self.pieces(color, PieceType::King);
            ensure(kings.popcount() == 1, "a side does not have exactly one king")?;
            ensure(
                self.piece_on(kings.first_square()) == Some(Piece::new(color, PieceType::King)),
                "the board and the king bitboard disagree",
            )?;
            ensure(
                self.king_squares[color] == kings.first_square(),
                "the cached king square is stale",
            )?;
        }
        let us = self.side_to_move;
        if let Some(ep) = self.ep_square() {
            ensure(ep.rank() == Rank::R6.relative(us), "en-passant square on the wrong rank")?;
        }
        ensure(
            !self.is_attacked_by(self.king_square(!us), us, self.occupied()),
            "the side not to move is in check",
        )?;
        if full { self.full_checks() } else { Ok(()) }
    }

    fn full_checks(&self) -> Result<(), Inconsistency> {
        let (white, black) = (self.by_color[Color::White], self.by_color[Color::Black]);
        ensure(!white.intersects(black), "white and black bitboards overlap")?;
        ensure(
            (white | black) == self.occupied(),
            "colour bitboards do not make up the occupancy",
        )?;
        let mut union = Bitboard::EMPTY;
        for pt in PieceType::ALL {
            let bb = self.pieces_of_type(pt);
            ensure(!bb.intersects(union), "piece-type bitboards overlap")?;
            union |= bb;
        }
        ensure(union == self.occupied(), "piece-type bitboards do not make up the occupancy")?;
        for sq in lerf_types::Square::iter() {
            let expected = Color::ALL.into_iter().find_map(|c| {
                PieceType::ALL
                    .into_iter()
                    .find(|&pt| self.pieces(c, pt).contains(sq))
                    .map(|pt| Piece::new(c, pt))
            });
            ensure(self.piece_on(sq) == expected, "the board and the bitboards disagree")?;
        }
        for pc in Piece::ALL {
            ensure(
                self.count(pc) == self.pieces(pc.color(), pc.piece_type()).popcount(),
                "piece counts do not match the bitboards",
            )?;
        }
        ensure(
            !self.pieces_of_type(PieceType::Pawn).intersects(RANK_1 | RANK_8),
            "a pawn on the first or last rank",
        )?;
        self.check_castling()?;
        self.check_incremental_state()
    }

    fn check_castling(&self) -> Result<(), Inconsistency> {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if !self.can_castle(color, side) {
                    continue;
                }
                let right = CastlingRights::new(color, side);
                let rook = self
                    .castling_rook_square(color, side)
                    .ok_or(Inconsistency("castling right without a rook square"))?;
                ensure(
                    self.piece_on(rook) == Some(Piece::new(color, PieceType::Rook)),
                    "castling rook missing",
                )?;
                ensure(
                    self.castling_rights_mask[rook as usize] == right,
                    "castling mask of a rook square",
                )?;
                ensure(
                    self.castling_rights_mask[self.king_square(color) as usize].contains(right),
                    "castling mask of a king square",
                )?;
            }
        }
        Ok(())
    }

    fn check_incremental_state(&self) -> Result<(), Inconsistency> {
        let st = self.state();
        let mut recomputed = self.clone();
        recomputed.set_keys_from(&self.piece_keys());
        let fresh = *recomputed.state();
        ensure(st.key == fresh.key, "the key differs from a recomputation")?;
        ensure(st.pawn_key == fresh.pawn_key, "the pawn key differs from a recomputation")?;
        ensure(
            st.material_key == fresh.material_key,
            "the material key differs from a recomputation",
        )?;
        ensure(
            st.minor_piece_key == fresh.minor_piece_key,
            "the minor-piece key differs from a recomputation",
        )?;
        ensure(
            st.non_pawn_key == fresh.non_pawn_key,
            "a non-pawn key differs from a recomputation",
        )?;
        ensure(
            st.non_pawn_material == fresh.non_pawn_material,
            "non-pawn material differs from a recomputation",
        )?;
        ensure(st.checkers == self.compute_checkers(), "checkers differ from a recomputation")?;
        ensure(st.checkers.popcount() <= 2, "more than two checkers")?;
        recomputed.set_check_info();
        let again = recomputed.state();
        ensure(st.blockers == again.blockers, "blockers differ from a recomputation")?;
        ensure(st.pinners == again.pinners, "pinners differ from a recomputation")?;
        if let Some(ep) = st.ep_square {
            ensure(
                self.en_passant_capture_exists(ep),
                "en-passant square without a legal capture",
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lerf_types::Square;

    #[test]
    fn a_stale_king_square_is_reported() {
        let mut pos = Position::startpos();
        assert_eq!(pos.pos_is_ok(true), Ok(()));
        pos.king_squares[Color::Black] = Square::D8;
        assert_eq!(pos.pos_is_ok(false), Err(Inconsistency("the cached king square is stale")));
    }

    #[test]
    fn king_moves_and_castling_keep_the_cache() {
        let mut pos =
            Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid FEN");
        for text in ["e1g1", "e8c8", "g1g2", "c8b8"] {
            let m = pos.parse_uci(text).expect("legal move");
            pos.do_move(m);
            assert_eq!(pos.pos_is_ok(true), Ok(()), "after {text}");
        }
        assert_eq!(pos.king_square(Color::White), Square::G2);
        assert_eq!(pos.king_square(Color::Black), Square::B8);
    }
}
