//! A global allocator that counts the heap in use, for measuring what values cost in memory.
//!
//! A binary that wants the figures installs it as its `#[global_allocator]` and measures
//! with [`bytes_per_value`]: `benches/checks/tests/heap.rs` is the example, run as a test
//! (this crate has no doctests: they would build the benchmarks' dependencies into `cargo
//! test`), and `benches/checks/tests/memory.rs` and the `parse` bench use it so.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

static REQUESTED: AtomicUsize = AtomicUsize::new(0);
static CHUNKS: AtomicUsize = AtomicUsize::new(0);
static COUNTING: AtomicBool = AtomicBool::new(true);

/// Turns counting on or off. Off, the allocator costs one relaxed load more than the system
/// one: timings taken then are fair to libraries that allocate. Counts taken while it was
/// off are meaningless until the values allocated then are gone.
pub fn set_counting(on: bool) {
    COUNTING.store(on, Ordering::Relaxed);
}

/// What glibc's malloc takes for a request of `size` bytes on x86-64: an 8-byte header,
/// rounded up to 16 bytes, at least 32.
pub const fn malloc_chunk(size: usize) -> usize {
    let chunk = (size + 8 + 15) & !15;
    if chunk < 32 { 32 } else { chunk }
}

/// The system allocator, counting live bytes as requested and as malloc chunks.
#[derive(Debug, Clone, Copy, Default)]
pub struct CountingAllocator;

fn add(size: usize) {
    if !COUNTING.load(Ordering::Relaxed) {
        return;
    }
    REQUESTED.fetch_add(size, Ordering::Relaxed);
    CHUNKS.fetch_add(malloc_chunk(size), Ordering::Relaxed);
}

fn remove(size: usize) {
    if !COUNTING.load(Ordering::Relaxed) {
        return;
    }
    REQUESTED.fetch_sub(size, Ordering::Relaxed);
    CHUNKS.fetch_sub(malloc_chunk(size), Ordering::Relaxed);
}

// SAFETY: every call is forwarded to `System` with the same arguments; the counters only
// observe.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        add(layout.size());
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        add(layout.size());
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        remove(layout.size());
        // SAFETY: the caller's contract for `dealloc` is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        remove(layout.size());
        add(new_size);
        // SAFETY: the caller's contract for `realloc` is passed on unchanged.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Live heap: (bytes requested, bytes in malloc chunks). Meaningful only in a binary that
/// installed [`CountingAllocator`].
pub fn live() -> (usize, usize) {
    (REQUESTED.load(Ordering::Relaxed), CHUNKS.load(Ordering::Relaxed))
}

/// The resident set size of this process in bytes (Linux; `None` elsewhere).
pub fn resident_bytes() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

/// Bytes per value that building `values` with `build` costs, heap included: the growth of
/// the live heap in malloc chunks (the `Vec`'s own buffer counts too), divided by the count.
pub fn bytes_per_value<T>(count: usize, build: impl FnOnce() -> Vec<T>) -> (f64, Vec<T>) {
    let before = live().1;
    let values = build();
    let after = live().1;
    (after.saturating_sub(before) as f64 / count.max(1) as f64, values)
}
