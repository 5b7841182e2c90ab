//! The perft functions refuse a depth above `MAX_PERFT_DEPTH` with a message, before any
//! work, instead of recursing into a stack overflow.

use lerf_movegen::{MAX_PERFT_DEPTH, PerftTable, divide, perft, perft_hashed};
use lerf_position::Position;

#[test]
#[should_panic(expected = "perft depth 129 is above MAX_PERFT_DEPTH (128)")]
fn perft_refuses_a_depth_above_the_limit() {
    perft(&mut Position::startpos(), MAX_PERFT_DEPTH + 1);
}

#[test]
#[should_panic(expected = "above MAX_PERFT_DEPTH")]
fn divide_refuses_a_depth_above_the_limit() {
    divide(&mut Position::startpos(), u32::MAX);
}

#[test]
#[should_panic(expected = "above MAX_PERFT_DEPTH")]
fn hashed_perft_refuses_a_depth_above_the_limit() {
    perft_hashed(&mut Position::startpos(), MAX_PERFT_DEPTH + 1, &PerftTable::with_megabytes(1));
}

#[cfg(feature = "std")]
#[test]
#[should_panic(expected = "above MAX_PERFT_DEPTH")]
fn parallel_divide_refuses_a_depth_above_the_limit() {
    lerf_movegen::divide_parallel(&Position::startpos(), MAX_PERFT_DEPTH + 1, 2);
}

#[test]
fn the_limit_itself_is_taken_where_the_tree_is_small() {
    // A stalemate: the deepest count allowed, over a tree that ends at once.
    let mut stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(perft(&mut stalemate, MAX_PERFT_DEPTH), 0);
}
