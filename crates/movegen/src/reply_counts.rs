//! Every legal move with the number of legal replies to it, counted without making the
//! boards: what perft does on the level above its leaves, and what an engine asks when it
//! wants its opponent's mobility after each move, or which moves mate or stalemate.

use core::marker::PhantomData;

use lerf_bitboard::Bitboard;
use lerf_position::Board;
use lerf_types::{Color, Move, PieceType, Square};

use crate::MoveSink;
use crate::generate::{count_legal_inline, generate_legal_into};
use crate::leaf_child::{LeafChild, Siblings};
use crate::side::{BlackToMove, Side, Sided, WhiteToMove};

/// Calls `f` with each legal move of `board`, in generation order, and the number of legal
/// moves the other side then has.
///
/// The replies are counted on the child's pieces made from the parent's and kept in
/// registers, with no [`Board`] copied or played, for every move but castling and en
/// passant; it is the level above the leaves of [`perft_board`](crate::perft_board), whose
/// counts the tests check on every perft suite.
///
/// ```
/// use lerf_movegen::reply_counts;
/// use lerf_position::Board;
/// // Fool's mate is one move away: after 1. f3 e5 2. g4, Qh4 leaves White no reply.
/// let board: Board = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2".parse()?;
/// let mut mates = Vec::new();
/// reply_counts(&board, |m, replies| {
///     if replies == 0 {
///         mates.push(m.to_uci(false).to_string());
///     }
/// });
/// assert_eq!(mates, ["d8h4"]);
/// # Ok::<(), lerf_position::FenError>(())
/// ```
pub fn reply_counts<F: FnMut(Move, u64)>(board: &Board, mut f: F) {
    match board.side_to_move() {
        Color::White => replies_for::<WhiteToMove, F>(board, &mut f),
        Color::Black => replies_for::<BlackToMove, F>(board, &mut f),
    }
}

/// [`reply_counts`] with `S` to move on `board`.
#[inline(always)]
pub(crate) fn replies_for<S: Side, F: FnMut(Move, u64)>(board: &Board, f: &mut F) {
    let mut sink =
        ReplyCounts::<S::Next, F> { board, siblings: Siblings::of(board), f, side: PhantomData };
    generate_legal_into(&Sided::<S>::new(board), &mut sink);
}

/// A sink that counts the legal replies to each move it is handed (`S` to move after it)
/// and hands both to `f`.
struct ReplyCounts<'a, S: Side, F> {
    board: &'a Board,
    siblings: Siblings<S>,
    f: &'a mut F,
    side: PhantomData<S>,
}

impl<S: Side, F: FnMut(Move, u64)> ReplyCounts<'_, S, F> {
    /// Counts the replies to `m`, in which a `piece` leaves `from` and a `placed` arrives on
    /// `to` (a double push when `double_push`), on a [`LeafChild`].
    #[inline(always)]
    fn count_leaf(&mut self, m: Move, piece: PieceType, placed: PieceType, double_push: bool) {
        let child = LeafChild::<S>::after(
            self.board,
            &self.siblings,
            m.from(),
            m.to(),
            piece,
            placed,
            double_push,
        );
        (self.f)(m, count_legal_inline(&child));
    }
}

impl<S: Side, F: FnMut(Move, u64)> MoveSink for ReplyCounts<'_, S, F> {
    /// Castling and en passant, which move or take a second piece: played on a copy of the
    /// board.
    #[inline]
    fn push(&mut self, m: Move) {
        let mut child = *self.board;
        child.do_move(m);
        (self.f)(m, count_legal_inline(&Sided::<S>::new(&child)));
    }

    #[inline]
    fn push_piece_moves(&mut self, piece: PieceType, from: Square, targets: Bitboard) {
        for to in targets {
            self.count_leaf(Move::new(from, to), piece, piece, false);
        }
    }

    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, offset: i8, pieces: &[PieceType]) {
        for to in targets {
            let from = Square::from_index_wrapping((to as i8 - offset) as u8);
            for &piece in pieces {
                self.count_leaf(Move::promotion(from, to, piece), PieceType::Pawn, piece, false);
            }
        }
    }

    #[inline]
    fn push_pawn_moves(&mut self, targets: Bitboard, offset: i8) {
        let double_push = offset.unsigned_abs() == 16;
        for to in targets {
            let from = Square::from_index_wrapping((to as i8 - offset) as u8);
            let pawn = PieceType::Pawn;
            self.count_leaf(Move::new(from, to), pawn, pawn, double_push);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CheckedBoard, count_legal_of, legal_moves_of};
    use lerf_position::Position;

    /// The moves and counts `reply_counts` gives against the generator's moves, each
    /// played on a copy of the board and counted there.
    fn check(fen: &str, chess960: bool) {
        let pos = if chess960 { Position::from_fen_960(fen) } else { Position::from_fen(fen) };
        let board = Board::from(&pos.unwrap());
        let mut got = Vec::new();
        reply_counts(&board, |m, replies| got.push((m, replies)));
        let expected: Vec<(Move, u64)> = legal_moves_of(&CheckedBoard::new(&board))
            .iter()
            .map(|&m| {
                let mut child = board;
                child.do_move(m);
                (m, count_legal_of(&CheckedBoard::new(&child)))
            })
            .collect();
        assert_eq!(got, expected, "{fen}");
    }

    #[test]
    fn every_move_comes_with_the_replies_the_board_it_makes_has() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "8/8/8/1k1pP1Q1/8/8/8/4K3 w - d6 0 2",
            "4k3/8/8/8/8/8/8/4K2R b K - 0 1",
        ] {
            check(fen, false);
        }
        check("1rk1r3/pppppppp/8/8/8/8/PPPPPPPP/1RK1R3 w EBeb - 0 1", true);
    }

    #[test]
    fn a_position_without_moves_calls_nothing() {
        let mated: Board =
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse().unwrap();
        let mut calls = 0;
        reply_counts(&mated, |_, _| calls += 1);
        assert_eq!(calls, 0);
    }
}
