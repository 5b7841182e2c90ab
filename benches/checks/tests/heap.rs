//! How a binary uses `lerf_benches::heap`: the counting allocator installed, then the heap
//! per value of a collection measured.

use lerf_benches::heap::{CountingAllocator, bytes_per_value};

#[global_allocator]
static HEAP: CountingAllocator = CountingAllocator;

#[test]
fn a_boxed_u64_costs_its_slot_and_a_malloc_chunk() {
    let (per_value, boxes) = bytes_per_value(100, || (0..100u64).map(Box::new).collect::<Vec<_>>());
    assert_eq!(boxes.len(), 100);
    // Each value: its 8-byte slot in the Vec's buffer, and a 32-byte malloc chunk.
    assert!((per_value - 40.0).abs() < 0.5, "{per_value}");
}
