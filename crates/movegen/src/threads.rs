//! Root moves shared out over threads, for the parallel perft and divide of both walks.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use lerf_types::Move;

/// Counts below each of `moves` with `count`, the moves shared out over `threads` scoped
/// threads (each takes the next unclaimed move, so a long subtree does not hold the others
/// up). Each thread works on its own state, made once by `local`. The counts come back in
/// the order of `moves`.
pub(crate) fn count_over_threads<S>(
    moves: &[Move],
    threads: usize,
    local: impl Fn() -> S + Sync,
    count: impl Fn(&mut S, Move) -> u64 + Sync,
) -> Vec<(Move, u64)> {
    let next = AtomicUsize::new(0);
    let counts: Vec<AtomicU64> = moves.iter().map(|_| AtomicU64::new(0)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(moves.len().max(1)) {
            scope.spawn(|| {
                let mut state = local();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&m) = moves.get(i) else { break };
                    counts[i].store(count(&mut state, m), Ordering::Relaxed);
                }
            });
        }
    });
    // The scope joined every thread, so their stores are visible here.
    moves.iter().copied().zip(counts.into_iter().map(AtomicU64::into_inner)).collect()
}
