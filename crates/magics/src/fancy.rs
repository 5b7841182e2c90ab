//! Fancy magic bitboards: `(occupied & mask) * magic >> shift` indexes a square's slice of
//! one shared table. Works on every CPU.

use crate::layout::{BISHOP_SLOTS, ROOK_SLOTS, Slot, TABLE_ENTRIES, magic_index};
use crate::numbers::{BISHOP_MAGICS, ROOK_MAGICS};
use lerf_bitboard::Bitboard;
use lerf_types::Square;

/// Everything one square's lookup needs, in one 24-byte record.
#[derive(Debug, Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    offset: u32,
    shift: u32,
}

impl Magic {
    #[inline]
    const fn index(&self, occupied: u64) -> usize {
        magic_index(self.mask, self.magic, self.offset, self.shift, occupied)
    }
}

const fn magics(slots: &[Slot; 64], numbers: &[u64; 64]) -> [Magic; 64] {
    let mut out = [Magic { mask: 0, magic: 0, offset: 0, shift: 0 }; 64];
    let mut sq = 0;
    while sq < 64 {
        let s = slots[sq];
        out[sq] = Magic { mask: s.mask, magic: numbers[sq], offset: s.offset, shift: s.shift };
        sq += 1;
    }
    out
}

const ROOK: [Magic; 64] = magics(&ROOK_SLOTS, &ROOK_MAGICS);
const BISHOP: [Magic; 64] = magics(&BISHOP_SLOTS, &BISHOP_MAGICS);

static ROOK_MAGIC: [Magic; 64] = ROOK;
static BISHOP_MAGIC: [Magic; 64] = BISHOP;
/// Built by `build.rs` (fancy-magic order) and checked entry by entry in `tests/agree.rs`.
static ATTACKS: [Bitboard; TABLE_ENTRIES] = crate::table_bytes::attack_table(include_bytes!(
    concat!(env!("OUT_DIR"), "/fancy_attacks.bin")
));

/// Squares a rook on `sq` attacks when `occupied` holds the pieces on the board.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(&ROOK_MAGIC[sq as usize], occupied)
}

/// Squares a bishop on `sq` attacks when `occupied` holds the pieces on the board.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(&BISHOP_MAGIC[sq as usize], occupied)
}

#[inline]
fn lookup(magic: &Magic, occupied: Bitboard) -> Bitboard {
    let index = magic.index(occupied.0);
    // SAFETY: `>> shift` leaves popcount(mask) bits whatever the magic number, and every
    // slot's slice [offset, offset + 2^popcount(mask)) lies inside ATTACKS (asserted in
    // `layout`). Measured: +18% lookups/s over a checked index (benches/attacks).
    unsafe { *ATTACKS.get_unchecked(index) }
}
