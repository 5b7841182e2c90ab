//! A `no_std` user of lerf, built in CI to keep the library crates free of `std`.
#![no_std]

extern crate alloc;

use core::alloc::{GlobalAlloc, Layout};
use core::sync::atomic::{AtomicUsize, Ordering};
use lerf_bitboard::Bitboard;
use lerf_movegen::{legal_moves, perft};
use lerf_position::Position;
use lerf_types::Square;

/// Perft of a FEN given as bytes, or `u64::MAX` if the FEN is refused.
#[unsafe(no_mangle)]
pub extern "C" fn lerf_perft(fen: *const u8, len: usize, depth: u32) -> u64 {
    // SAFETY: the caller passes a pointer to `len` readable bytes.
    let bytes = unsafe { core::slice::from_raw_parts(fen, len) };
    let Ok(text) = core::str::from_utf8(bytes) else { return u64::MAX };
    match Position::from_fen(text) {
        Ok(mut pos) => perft(&mut pos, depth),
        Err(_) => u64::MAX,
    }
}

/// The SAN of the start position's first legal move, written into `out`; its length.
#[unsafe(no_mangle)]
pub extern "C" fn lerf_first_san(out: *mut u8, cap: usize) -> usize {
    let pos = Position::startpos();
    let first = legal_moves(&pos)[0];
    let text = lerf_san::san(&pos, first);
    let san = text.as_str().as_bytes();
    let n = san.len().min(cap);
    // SAFETY: the caller passes a pointer to `cap` writable bytes; n ≤ cap.
    unsafe { core::ptr::copy_nonoverlapping(san.as_ptr(), out, n) };
    n
}

/// How many squares a rook on d4 attacks on an empty board.
#[unsafe(no_mangle)]
pub extern "C" fn lerf_rook_d4() -> u32 {
    lerf_magics::rook_attacks(Square::D4, Bitboard::EMPTY).popcount()
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}

/// A bump allocator over a static arena: enough for a check that only has to link.
struct Arena;

const ARENA_BYTES: usize = 1 << 20;
static mut ARENA: [u8; ARENA_BYTES] = [0; ARENA_BYTES];
static USED: AtomicUsize = AtomicUsize::new(0);

// SAFETY: hands out disjoint, aligned slices of the arena; never the same bytes twice.
unsafe impl GlobalAlloc for Arena {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let mut start = 0;
        let claimed = USED.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |used| {
            start = used.next_multiple_of(layout.align());
            let end = start.checked_add(layout.size())?;
            (end <= ARENA_BYTES).then_some(end)
        });
        match claimed {
            // SAFETY: start + size ≤ ARENA_BYTES, inside the arena.
            Ok(_) => unsafe { (&raw mut ARENA).cast::<u8>().add(start) },
            Err(_) => core::ptr::null_mut(),
        }
    }

    unsafe fn dealloc(&self, _: *mut u8, _: Layout) {}
}

#[global_allocator]
static ALLOCATOR: Arena = Arena;

/// Legal moves of a loose board (lerf-rules) read from a FEN given as bytes, or `u32::MAX`.
#[unsafe(no_mangle)]
pub extern "C" fn lerf_loose_moves(fen: *const u8, len: usize) -> u32 {
    // SAFETY: the caller passes a pointer to `len` readable bytes.
    let bytes = unsafe { core::slice::from_raw_parts(fen, len) };
    let Ok(text) = core::str::from_utf8(bytes) else { return u32::MAX };
    match lerf_rules::LooseBoard::from_fen(text, false) {
        Ok(board) => board.legal_moves().len() as u32,
        Err(_) => u32::MAX,
    }
}
