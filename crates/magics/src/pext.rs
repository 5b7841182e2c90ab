//! PEXT slider attacks: the BMI2 instruction `pext(occupied, mask)` is the index into a
//! square's slice, with no multiplication and no magic numbers.
//!
//! The functions carry `#[target_feature(enable = "bmi2")]`. In a build with BMI2 enabled
//! (`-C target-cpu=native` on a BMI2 machine) they are plain safe calls; elsewhere a caller
//! must check `is_x86_feature_detected!("bmi2")` first.

use crate::layout::{BISHOP_SLOTS, ROOK_SLOTS, Slot, TABLE_ENTRIES};
use crate::reference::{ray_cut, rays};
use core::arch::x86_64::_pext_u64;
use lerf_bitboard::Bitboard;
use lerf_types::Square;

const fn fill(table: &mut [Bitboard; TABLE_ENTRIES], rook: bool, slots: &[Slot; 64]) {
    let rays = rays();
    let mut sq = 0;
    while sq < 64 {
        let Slot { mask, offset, .. } = slots[sq];
        // Carry-rippler order counts through the mask's bits, so the k-th subset is the one
        // whose pext is k: the index is a counter.
        let mut index = offset as usize;
        let mut subset = 0u64;
        loop {
            table[index] = Bitboard(ray_cut(&rays, rook, sq, subset));
            index += 1;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        sq += 1;
    }
}

const fn build_table() -> [Bitboard; TABLE_ENTRIES] {
    let mut table = [Bitboard::EMPTY; TABLE_ENTRIES];
    fill(&mut table, true, &ROOK_SLOTS);
    fill(&mut table, false, &BISHOP_SLOTS);
    table
}

static ROOK: [Slot; 64] = ROOK_SLOTS;
static BISHOP: [Slot; 64] = BISHOP_SLOTS;
#[allow(long_running_const_eval)]
static ATTACKS: [Bitboard; TABLE_ENTRIES] = build_table();

#[inline]
#[target_feature(enable = "bmi2")]
fn lookup(slot: &Slot, occupied: Bitboard) -> Bitboard {
    let index = slot.offset as usize + _pext_u64(occupied.0, slot.mask) as usize;
    // SAFETY: pext returns fewer than 2^popcount(mask) values, and every slot's slice
    // [offset, offset + 2^popcount(mask)) lies inside ATTACKS (asserted in `layout`).
    // Measured: +18% lookups/s over a checked index (benches/attacks).
    unsafe { *ATTACKS.get_unchecked(index) }
}

/// Squares a rook on `sq` attacks when `occupied` holds the pieces on the board.
///
/// # Safety
///
/// The CPU must support BMI2 (`is_x86_feature_detected!("bmi2")`, or a build with
/// `target_feature = "bmi2"`).
#[inline]
#[target_feature(enable = "bmi2")]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(&ROOK[sq as usize], occupied)
}

/// Squares a bishop on `sq` attacks when `occupied` holds the pieces on the board.
///
/// # Safety
///
/// The CPU must support BMI2 (`is_x86_feature_detected!("bmi2")`, or a build with
/// `target_feature = "bmi2"`).
#[inline]
#[target_feature(enable = "bmi2")]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    lookup(&BISHOP[sq as usize], occupied)
}
