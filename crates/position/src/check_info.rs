//! What a search asks about the enemy king at every node, computed once per node instead of
//! by every move.

use crate::position::Position;
use lerf_bitboard::{Bitboard, knight_attacks, pawn_attacks};
use lerf_magics::{bishop_attacks, rook_attacks};

/// Where the side to move could give check, and what shields the enemy king: what
/// [`Position::gives_check_with`] and [`Position::see_ge_with`] need, built once per node by
/// [`Position::check_info`] and shared by every move of that node.
///
/// `do_move` does not compute this (perft, data tools and most move loops never ask); the
/// plain [`Position::gives_check`] and [`Position::see_ge`] compute the part they need on
/// each call instead.
///
/// An engine's move loop (the moves would come from `lerf_movegen::legal_moves`):
///
/// ```
/// use lerf_position::Position;
///
/// let mut pos = Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")?;
/// let moves: Vec<_> = ["h5f7", "c4f7", "h5e5", "h5f5", "d2d3"]
///     .iter()
///     .map(|text| pos.parse_uci(text))
///     .collect::<Result<_, _>>()?;
/// let info = pos.check_info(); // once per node
/// let mut checks = Vec::new();
/// for m in moves {
///     let check = pos.gives_check_with(&info, m);
///     let capture = pos.piece_on(m.to()).is_some();
///     if capture && !pos.see_ge_with(&info, m, 0) {
///         continue; // a losing capture: Qxe5+ gives the queen for a pawn
///     }
///     pos.do_move(m);
///     assert_eq!(pos.in_check(), check);
///     if check {
///         checks.push(pos.uci(m).to_string());
///     }
///     pos.undo_move(m);
/// }
/// assert_eq!(checks, ["h5f7", "c4f7"]);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckInfo {
    /// Indexed by piece type (pawn 1 … king 6; 0 and king empty): the squares from which a
    /// piece of that type of the side to move would attack the enemy king.
    pub check_squares: [Bitboard; 7],
    /// Pieces of either colour that alone shield the enemy king from a slider of the side to
    /// move ([`Position::blockers_for_king`] of the side not to move): moving one of the
    /// side to move's off its line gives a discovered check.
    pub enemy_king_blockers: Bitboard,
    /// The side to move's sliders that pin an enemy piece to its king
    /// ([`Position::pinners`] of the side to move).
    pub pinners: Bitboard,
}

impl Position {
    /// The check information of the side to move (see [`CheckInfo`]): four attack lookups
    /// from the enemy king and one blockers scan.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::{PieceType, Square};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")?;
    /// let info = pos.check_info();
    /// let rook_checks = info.check_squares[PieceType::Rook as usize];
    /// assert_eq!(rook_checks, pos.check_squares(PieceType::Rook));
    /// assert!(rook_checks.contains(Square::A8) && !rook_checks.contains(Square::A7));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn check_info(&self) -> CheckInfo {
        let them = !self.side_to_move();
        let ksq = self.king_square(them);
        let occupied = self.occupied();
        let (bishop, rook) = (bishop_attacks(ksq, occupied), rook_attacks(ksq, occupied));
        let (enemy_king_blockers, pinners, _) = self.slider_blockers(them);
        CheckInfo {
            check_squares: [
                Bitboard::EMPTY,
                pawn_attacks(them, ksq),
                knight_attacks(ksq),
                bishop,
                rook,
                bishop | rook,
                Bitboard::EMPTY,
            ],
            enemy_king_blockers,
            pinners,
        }
    }
}
