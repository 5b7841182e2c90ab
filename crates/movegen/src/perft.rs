//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use crate::generate::{count_legal, legal_moves};
use lerf_position::Position;
use lerf_types::Move;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The number of legal move sequences of exactly `depth` plies from `pos`. The last ply is
/// counted in bulk, without playing its moves.
///
/// ```
/// use lerf_movegen::perft;
/// use lerf_position::Position;
/// assert_eq!(perft(&mut Position::startpos(), 3), 8902);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_legal(pos),
        _ => {
            let moves = legal_moves(pos);
            let mut nodes = 0;
            for &m in moves.iter() {
                pos.do_move(m);
                nodes += perft(pos, depth - 1);
                pos.undo_move(m);
            }
            nodes
        }
    }
}

/// Perft split by root move: each legal move with the leaf count below it, in generation
/// order. Depth 0 gives an empty list.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    legal_moves(pos)
        .iter()
        .map(|&m| {
            pos.do_move(m);
            let nodes = perft(pos, depth - 1);
            pos.undo_move(m);
            (m, nodes)
        })
        .collect()
}

/// [`divide`] with the root moves shared out over `threads` threads (each takes the next
/// unclaimed root move). The result is in generation order, as `divide`'s.
pub fn divide_parallel(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let moves = legal_moves(pos);
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![0u64; moves.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(moves.len().max(1)) {
            scope.spawn(|| {
                let mut local = pos.clone();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&m) = moves.get(i) else { break };
                    local.do_move(m);
                    let nodes = perft(&mut local, depth - 1);
                    local.undo_move(m);
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = nodes;
                }
            });
        }
    });
    let counts = results.into_inner().unwrap_or_else(|e| e.into_inner());
    moves.iter().copied().zip(counts).collect()
}

/// [`perft`] over `threads` threads.
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    match depth {
        0 | 1 => perft(&mut pos.clone(), depth),
        _ => divide_parallel(pos, depth, threads).iter().map(|(_, n)| n).sum(),
    }
}
