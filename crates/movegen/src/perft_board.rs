//! Perft over [`Board`] by copy-make: each child is a copy of its parent's 88 bytes with
//! one move played as the generator hands it over, its check information found once
//! ([`CheckedBoard`]); no Zobrist keys, no undo stack, no move lists. The counts are those
//! of [`perft`](crate::perft) over [`Position`](lerf_position::Position) (the tests compare
//! both on every suite);
//! `cargo xtask perft` takes this path unless a hash table is asked for.

use alloc::vec::Vec;
use core::marker::PhantomData;

use lerf_bitboard::Bitboard;
use lerf_position::Board;
use lerf_types::{Color, Move, PieceType, Square};

use crate::generate::{count_legal_inline, generate_legal_into};
use crate::perft::check_depth;
use crate::reply_counts::replies_for;
use crate::side::{BlackToMove, Side, Sided, WhiteToMove};
use crate::source::CheckedBoard;
use crate::{MoveList, MoveSink};

/// The number of legal move sequences of exactly `depth` plies from `board`, the last ply
/// counted in bulk: the same count as [`perft`](crate::perft), on a lighter walk.
///
/// ```
/// use lerf_movegen::perft_board;
/// use lerf_position::Board;
/// let kiwipete: Board = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
/// assert_eq!(perft_board(&kiwipete, 3), 97_862);
/// # Ok::<(), lerf_position::FenError>(())
/// ```
///
/// # Panics
///
/// If `depth` is above [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH).
#[track_caller]
pub fn perft_board(board: &Board, depth: u32) -> u64 {
    check_depth(depth);
    if depth == 0 {
        return 1;
    }
    walk(board, depth)
}

/// [`perft_board`] at a `depth` of at least 1, specialised on the side to move.
fn walk(board: &Board, depth: u32) -> u64 {
    match board.side_to_move() {
        Color::White => walk_for::<WhiteToMove>(board, depth),
        Color::Black => walk_for::<BlackToMove>(board, depth),
    }
}

/// [`walk`] with `S` to move on `board`. The generator hands each move to [`Children`],
/// which plays it at once on a copy: no move list, and the moving piece's type comes from
/// the generator rather than from the board. The level above the leaves counts its
/// children's moves where it makes them ([`replies_for`]).
fn walk_for<S: Side>(board: &Board, depth: u32) -> u64 {
    match depth {
        1 => count_legal_inline(&Sided::<S>::new(board)),
        2 => {
            let mut nodes = 0;
            replies_for::<S, _>(board, &mut |_, replies| nodes += replies);
            nodes
        }
        _ => {
            let mut children =
                Children::<S::Next> { board, depth: depth - 1, nodes: 0, side: PhantomData };
            generate_legal_into(&Sided::<S>::new(board), &mut children);
            children.nodes
        }
    }
}

/// A sink that plays each move it is handed on a copy of `board` and counts the moves
/// below that child (`S` to move there), `depth` plies deep (at least 2).
struct Children<'a, S: Side> {
    board: &'a Board,
    depth: u32,
    nodes: u64,
    side: PhantomData<S>,
}

impl<S: Side> Children<'_, S> {
    /// Plays `m`, made by a `piece` the generator named, on a copy of the board, and counts
    /// below it.
    #[inline(always)]
    fn play_and_count(&mut self, m: Move, piece: PieceType) {
        let mut child = *self.board;
        child.do_move_by(m, piece);
        self.nodes += walk_for::<S>(&child, self.depth);
    }
}

impl<S: Side> MoveSink for Children<'_, S> {
    /// Castling and en passant, the moves handed over one by one.
    #[inline]
    fn push(&mut self, m: Move) {
        let mut child = *self.board;
        child.do_move(m);
        self.nodes += walk_for::<S>(&child, self.depth);
    }

    #[inline]
    fn push_piece_moves(&mut self, piece: PieceType, from: Square, targets: Bitboard) {
        for to in targets {
            self.play_and_count(Move::new(from, to), piece);
        }
    }

    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, offset: i8, pieces: &[PieceType]) {
        for to in targets {
            let from = Square::from_index_wrapping((to as i8 - offset) as u8);
            for &piece in pieces {
                self.play_and_count(Move::promotion(from, to, piece), PieceType::Pawn);
            }
        }
    }

    #[inline]
    fn push_pawn_moves(&mut self, targets: Bitboard, offset: i8) {
        for to in targets {
            let from = Square::from_index_wrapping((to as i8 - offset) as u8);
            self.play_and_count(Move::new(from, to), PieceType::Pawn);
        }
    }
}

/// Perft split by root move, as [`divide`](crate::divide), on the [`Board`] walk.
///
/// ```
/// use lerf_movegen::divide_board;
/// use lerf_position::Board;
/// let split = divide_board(&Board::default(), 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, nodes)| nodes == 20));
/// ```
#[track_caller]
pub fn divide_board(board: &Board, depth: u32) -> Vec<(Move, u64)> {
    check_depth(depth);
    if depth == 0 {
        return Vec::new();
    }
    root_moves(board).into_iter().map(|m| (m, perft_board(&after(board, m), depth - 1))).collect()
}

/// The legal moves of `board`, in generation order.
fn root_moves(board: &Board) -> Vec<Move> {
    let mut list = MoveList::new();
    generate_legal_into(&CheckedBoard::new(board), &mut list);
    list.iter().copied().collect()
}

/// `board` with `m` played.
fn after(board: &Board, m: Move) -> Board {
    let mut child = *board;
    child.do_move(m);
    child
}

/// [`divide_board`] with the root moves shared out over `threads` threads (each takes the
/// next unclaimed root move); the result in generation order (`std` feature).
///
/// ```
/// use lerf_movegen::divide_board_parallel;
/// use lerf_position::Board;
/// let split = divide_board_parallel(&Board::default(), 3, 2);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 8902);
/// ```
#[cfg(feature = "std")]
#[track_caller]
pub fn divide_board_parallel(board: &Board, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    check_depth(depth);
    if depth == 0 {
        return Vec::new();
    }
    let moves = root_moves(board);
    crate::threads::count_over_threads(
        &moves,
        threads,
        || (),
        |_, m| perft_board(&after(board, m), depth - 1),
    )
}

/// [`perft_board`] over `threads` threads (`std` feature).
///
/// ```
/// use lerf_movegen::perft_board_parallel;
/// use lerf_position::Board;
/// assert_eq!(perft_board_parallel(&Board::default(), 4, 2), 197_281);
/// ```
#[cfg(feature = "std")]
#[track_caller]
pub fn perft_board_parallel(board: &Board, depth: u32, threads: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    divide_board_parallel(board, depth, threads).iter().map(|&(_, n)| n).sum()
}
