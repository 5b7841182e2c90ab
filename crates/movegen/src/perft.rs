//! Perft: counting the leaves of the legal move tree, the standard test of a move generator.

use crate::MoveList;
use crate::generate::{count_legal_inline, generate_legal_into, legal_moves};
use alloc::{boxed::Box, vec::Vec};
use core::sync::atomic::{AtomicU64, Ordering};
use lerf_position::Position;
use lerf_types::Move;

/// The deepest count the perft functions take. The deepest published count is depth 15
/// of the start position (about 2 × 10²¹ leaves), so this is no limit in practice; it
/// bounds the recursion (and the move lists made for it), which a mistyped depth would
/// otherwise run into a stack overflow.
pub const MAX_PERFT_DEPTH: u32 = 128;

/// Panics, naming the limit, when `depth` is above [`MAX_PERFT_DEPTH`].
#[track_caller]
pub(crate) fn check_depth(depth: u32) {
    assert!(
        depth <= MAX_PERFT_DEPTH,
        "perft depth {depth} is above MAX_PERFT_DEPTH ({MAX_PERFT_DEPTH})"
    );
}

/// The number of legal move sequences of exactly `depth` plies from `pos`. The last ply is
/// counted in bulk, without playing its moves.
///
/// ```
/// use lerf_movegen::perft;
/// use lerf_position::Position;
/// assert_eq!(perft(&mut Position::startpos(), 3), 8902);
/// ```
///
/// # Panics
///
/// If `depth` is above [`MAX_PERFT_DEPTH`] (as do the other perft and divide functions).
#[track_caller]
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    check_depth(depth);
    if depth == 0 {
        return 1;
    }
    // No list below depth 2: an empty Vec, no allocation.
    let mut lists = alloc::vec![MoveList::new(); depth as usize - 1];
    perft_with_lists(pos, depth, &mut lists)
}

/// [`perft`] at `depth` of at least 1, with one move list per ply above the last in
/// `lists`: the lists are made once per count, not once per node (a list returned by value
/// was set to 256 empty moves and then copied, at every node).
fn perft_with_lists(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 1 {
        return count_legal_inline(pos);
    }
    sum_over_moves(pos, lists, |pos, deeper| perft_with_lists(pos, depth - 1, deeper))
}

/// Fills the first of `lists` with the legal moves of `pos`, then plays each and adds what
/// `child` counts below it with the remaining lists: the loop of every perft form's node.
#[inline(always)]
fn sum_over_moves(
    pos: &mut Position,
    lists: &mut [MoveList],
    mut child: impl FnMut(&mut Position, &mut [MoveList]) -> u64,
) -> u64 {
    let (moves, deeper) = lists.split_first_mut().expect("perft: one move list per ply");
    moves.clear();
    generate_legal_into(pos, moves);
    let mut nodes = 0;
    for &m in moves.iter() {
        pos.do_move(m);
        nodes += child(pos, deeper);
        pos.undo_move(m);
    }
    nodes
}

/// Perft split by root move: each legal move with the leaf count below it, in generation
/// order. Depth 0 gives an empty list.
///
/// ```
/// use lerf_movegen::divide;
/// use lerf_position::Position;
/// let mut pos = Position::startpos();
/// let split = divide(&mut pos, 2);
/// assert_eq!(split.len(), 20);
/// assert!(split.iter().all(|&(_, nodes)| nodes == 20));
/// ```
#[track_caller]
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    check_depth(depth);
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
///
/// Needs the `std` feature (on by default) for its threads.
///
/// ```
/// use lerf_movegen::{divide_parallel, perft};
/// use lerf_position::Position;
/// let pos = Position::startpos();
/// let split = divide_parallel(&pos, 3, 2);
/// assert_eq!(split.len(), 20);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 8902);
/// ```
#[cfg(feature = "std")]
pub fn divide_parallel(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    divide_over_threads(pos, depth, threads, perft)
}

/// Counts each root move's subtree with `count`, the root moves shared out over `threads`
/// scoped threads; each thread plays on its own clone of `pos`.
#[cfg(feature = "std")]
fn divide_over_threads(
    pos: &Position,
    depth: u32,
    threads: usize,
    count: impl Fn(&mut Position, u32) -> u64 + Sync,
) -> Vec<(Move, u64)> {
    check_depth(depth);
    if depth == 0 {
        return Vec::new();
    }
    let moves = legal_moves(pos);
    crate::threads::count_over_threads(
        &moves,
        threads,
        || pos.clone(),
        |local, m| {
            local.do_move(m);
            let nodes = count(local, depth - 1);
            local.undo_move(m);
            nodes
        },
    )
}

/// [`perft`] over `threads` threads (`std` feature).
///
/// ```
/// use lerf_movegen::perft_parallel;
/// use lerf_position::Position;
/// assert_eq!(perft_parallel(&Position::startpos(), 4, 2), 197_281);
/// ```
#[cfg(feature = "std")]
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    match depth {
        0 | 1 => perft(&mut pos.clone(), depth),
        _ => divide_parallel(pos, depth, threads).iter().map(|(_, n)| n).sum(),
    }
}

/// A table of perft subtree counts keyed by position and depth, shared by threads without
/// locks, for the deep counts that perft checkers run.
///
/// Each entry holds the count with its depth, and a check word (the position's key and depth
/// mixed with the data): a torn write from two threads at once, or another position that
/// falls in the same slot, fails the check and reads as a miss. Buckets have two entries;
/// a store replaces the shallower one, so the big subtrees stay.
///
/// ```
/// use lerf_movegen::{PerftTable, perft, perft_hashed};
/// use lerf_position::Position;
/// let table = PerftTable::with_megabytes(1);
/// let mut pos = Position::startpos();
/// assert_eq!(perft_hashed(&mut pos, 4, &table), perft(&mut pos, 4));
/// assert_eq!(perft_hashed(&mut pos, 4, &table), 197_281); // from the table this time
/// ```
pub struct PerftTable {
    buckets: Box<[[Entry; 2]]>,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

/// Subtrees shallower than this are counted, not looked up: a depth-1 count costs less than
/// a probe's cache miss, while depth-2 subtrees repeat often enough to pay (start position,
/// depth 8, 64 MiB: 14.6 s probing from depth 2, 21.5 s from depth 3).
const MIN_HASHED_DEPTH: u32 = 2;

/// Counts at or above this do not fit beside the depth in 64 bits and are not stored.
const COUNT_LIMIT: u64 = 1 << 56;

/// Keys that make the same position at different depths different entries.
const DEPTH_KEYS: [u64; 64] = {
    let mut keys = [0u64; 64];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut i = 0;
    while i < 64 {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        keys[i] = state.wrapping_mul(0x2545_f491_4f6c_dd1d);
        i += 1;
    }
    keys
};

impl PerftTable {
    /// A table of about `megabytes` MiB (at least one bucket).
    ///
    /// ```
    /// use lerf_movegen::PerftTable;
    /// let table = PerftTable::with_megabytes(16);
    /// assert!(table.size_in_bytes() <= 16 << 20);
    /// assert!(table.size_in_bytes() > 15 << 20);
    /// ```
    pub fn with_megabytes(megabytes: usize) -> PerftTable {
        let bytes = megabytes.saturating_mul(1 << 20);
        let count = (bytes / core::mem::size_of::<[Entry; 2]>()).max(1);
        PerftTable { buckets: (0..count).map(|_| Default::default()).collect() }
    }

    /// The table's size in bytes.
    ///
    /// ```
    /// use lerf_movegen::PerftTable;
    /// assert!(PerftTable::with_megabytes(0).size_in_bytes() > 0); // at least one bucket
    /// ```
    pub fn size_in_bytes(&self) -> usize {
        core::mem::size_of_val(&*self.buckets)
    }

    fn bucket(&self, hash: u64) -> &[Entry; 2] {
        // Multiply-high maps the hash onto any bucket count evenly.
        let index = ((u128::from(hash) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let hash = key ^ DEPTH_KEYS[depth as usize % 64];
        self.bucket(hash).iter().find_map(|entry| {
            let data = entry.data.load(Ordering::Relaxed);
            let valid = entry.check.load(Ordering::Relaxed) ^ data == hash;
            (valid && data & 0xff == u64::from(depth)).then_some(data >> 8)
        })
    }

    fn store(&self, key: u64, depth: u32, count: u64) {
        if count >= COUNT_LIMIT || depth > 0xff {
            return;
        }
        let hash = key ^ DEPTH_KEYS[depth as usize % 64];
        let data = count << 8 | u64::from(depth);
        let bucket = self.bucket(hash);
        let stored_depth = |e: &Entry| e.data.load(Ordering::Relaxed) & 0xff;
        let entry = if stored_depth(&bucket[0]) <= stored_depth(&bucket[1]) {
            &bucket[0]
        } else {
            &bucket[1]
        };
        entry.check.store(hash ^ data, Ordering::Relaxed);
        entry.data.store(data, Ordering::Relaxed);
    }
}

impl core::fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "PerftTable({} buckets)", self.buckets.len())
    }
}

/// [`perft`] with a [`PerftTable`] of subtree counts: a subtree met again by transposition
/// is counted once. Exact as long as no two positions share a 64-bit key.
///
/// ```
/// use lerf_movegen::{PerftTable, perft_hashed};
/// use lerf_position::Position;
/// let table = PerftTable::with_megabytes(8);
/// let mut kiwipete = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")?;
/// assert_eq!(perft_hashed(&mut kiwipete, 4, &table), 4_085_603);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[track_caller]
pub fn perft_hashed(pos: &mut Position, depth: u32, table: &PerftTable) -> u64 {
    check_depth(depth);
    if depth < MIN_HASHED_DEPTH {
        return perft(pos, depth);
    }
    let mut lists = alloc::vec![MoveList::new(); depth as usize - 1];
    hashed_with_lists(pos, depth, table, &mut lists)
}

/// [`perft_hashed`] with one move list per ply above the last, as [`perft_with_lists`].
fn hashed_with_lists(
    pos: &mut Position,
    depth: u32,
    table: &PerftTable,
    lists: &mut [MoveList],
) -> u64 {
    if depth < MIN_HASHED_DEPTH {
        return perft_with_lists(pos, depth, lists);
    }
    let key = pos.key();
    if let Some(count) = table.probe(key, depth) {
        return count;
    }
    let nodes =
        sum_over_moves(pos, lists, |pos, deeper| hashed_with_lists(pos, depth - 1, table, deeper));
    table.store(key, depth, nodes);
    nodes
}

/// [`divide_parallel`] with a shared [`PerftTable`] (`std` feature).
///
/// ```
/// use lerf_movegen::{PerftTable, divide_parallel_hashed};
/// use lerf_position::Position;
/// let table = PerftTable::with_megabytes(1);
/// let split = divide_parallel_hashed(&Position::startpos(), 4, 2, &table);
/// assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 197_281);
/// ```
#[cfg(feature = "std")]
pub fn divide_parallel_hashed(
    pos: &Position,
    depth: u32,
    threads: usize,
    table: &PerftTable,
) -> Vec<(Move, u64)> {
    divide_over_threads(pos, depth, threads, |p, d| perft_hashed(p, d, table))
}

/// [`perft_hashed`] over `threads` threads sharing the table (`std` feature).
///
/// ```
/// use lerf_movegen::{PerftTable, perft_parallel_hashed};
/// use lerf_position::Position;
/// let table = PerftTable::with_megabytes(4);
/// assert_eq!(perft_parallel_hashed(&Position::startpos(), 5, 2, &table), 4_865_609);
/// ```
#[cfg(feature = "std")]
pub fn perft_parallel_hashed(
    pos: &Position,
    depth: u32,
    threads: usize,
    table: &PerftTable,
) -> u64 {
    match depth {
        0 | 1 => perft(&mut pos.clone(), depth),
        _ => divide_parallel_hashed(pos, depth, threads, table).iter().map(|(_, n)| n).sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_answers_only_for_the_key_and_depth_stored() {
        let table = PerftTable::with_megabytes(0);
        assert_eq!(table.buckets.len(), 1);
        table.store(0xabcd, 3, 5);
        assert_eq!(table.probe(0xabcd, 3), Some(5));
        assert_eq!(table.probe(0xabce, 3), None);
        assert_eq!(table.probe(0xabcd, 4), None);
        // A deeper count pushes out the shallower one; the deepest stays.
        table.store(0x1111, 5, 50);
        table.store(0x2222, 4, 40);
        assert_eq!(table.probe(0x1111, 5), Some(50));
        assert_eq!(table.probe(0x2222, 4), Some(40));
        assert_eq!(table.probe(0xabcd, 3), None);
        table.store(0x3333, 2, 1 << 60); // too big to store beside the depth
        assert_eq!(table.probe(0x3333, 2), None);
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let table = PerftTable::with_megabytes(0);
        table.store(0xabcd, 3, 5);
        // Another thread's data half-written over this entry: the check word no longer fits.
        for entry in table.buckets[0].iter() {
            if entry.data.load(Ordering::Relaxed) >> 8 == 5 {
                entry.data.store(7 << 8 | 3, Ordering::Relaxed);
            }
        }
        assert_eq!(table.probe(0xabcd, 3), None);
    }
}
