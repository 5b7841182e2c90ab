//! Where each square's slice of the shared attack table starts, for both backends.
//!
//! Rooks come first (102,400 entries), then bishops (5,248): 107,648 in all. A square's slice
//! holds `2^bits` entries, `bits` being the size of its relevant-occupancy mask, so every
//! index a lookup computes is in range by construction, whatever the magic numbers.

use crate::reference::relevant_mask;

/// Entries in the rook part of the table.
pub const ROOK_ENTRIES: usize = 102_400;
/// Entries in the bishop part of the table.
pub const BISHOP_ENTRIES: usize = 5_248;
/// Entries in the whole shared table.
pub const TABLE_ENTRIES: usize = ROOK_ENTRIES + BISHOP_ENTRIES;

/// A square's relevant-occupancy mask and the start of its slice in the shared table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    /// The squares whose occupancy matters.
    pub mask: u64,
    /// Where the square's slice of the shared table starts.
    pub offset: u32,
    /// `64 - popcount(mask)`: the shift that leaves exactly `popcount(mask)` index bits.
    pub shift: u32,
}

/// Where `occupied` falls in a square's slice under fancy magics: `offset + ((occupied &
/// mask) * magic >> shift)`. The lookup (`fancy`) and the table builder (`build.rs`) share
/// it, so the table is filled in exactly the order it is read.
#[inline]
pub const fn magic_index(mask: u64, magic: u64, offset: u32, shift: u32, occupied: u64) -> usize {
    offset as usize + ((occupied & mask).wrapping_mul(magic) >> shift) as usize
}

/// The slots of a rook (`rook = true`) or bishop, square by square.
pub const fn slots(rook: bool) -> [Slot; 64] {
    let mut slots = [Slot { mask: 0, offset: 0, shift: 0 }; 64];
    let mut offset = if rook { 0 } else { ROOK_ENTRIES };
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(rook, sq);
        slots[sq] = Slot { mask, offset: offset as u32, shift: 64 - mask.count_ones() };
        offset += 1 << mask.count_ones();
        sq += 1;
    }
    slots
}

/// The rook slots.
pub const ROOK_SLOTS: [Slot; 64] = slots(true);
/// The bishop slots.
pub const BISHOP_SLOTS: [Slot; 64] = slots(false);

/// Whether the slots follow one another with no gap or overlap, from `start` to `end`.
const fn tiles(slots: &[Slot; 64], start: usize, end: usize) -> bool {
    let mut next = start;
    let mut sq = 0;
    while sq < 64 {
        let s = slots[sq];
        if s.offset as usize != next || s.mask.count_ones() + s.shift != 64 {
            return false;
        }
        next += 1 << s.mask.count_ones();
        sq += 1;
    }
    next == end
}

// The unchecked table reads in `fancy` and `pext` rest on these: every index they compute is
// `offset + (a value below 2^popcount(mask))`, which these assertions keep inside the table.
const _: () = assert!(tiles(&ROOK_SLOTS, 0, ROOK_ENTRIES));
const _: () = assert!(tiles(&BISHOP_SLOTS, ROOK_ENTRIES, TABLE_ENTRIES));
