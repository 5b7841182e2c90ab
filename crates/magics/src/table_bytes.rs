//! The slider table `build.rs` wrote, taken as bytes into the binary and seen as bitboards.

use crate::layout::TABLE_ENTRIES;
use lerf_bitboard::Bitboard;

/// Bytes of a table `build.rs` wrote (in the target's byte order) as the table itself. The
/// `include_bytes!` argument must have exactly `TABLE_ENTRIES * 8` bytes, or the build fails.
pub(crate) const fn attack_table(bytes: &[u8; TABLE_ENTRIES * 8]) -> [Bitboard; TABLE_ENTRIES] {
    // SAFETY: Bitboard is a `repr(transparent)` u64, every bit pattern is a valid u64, and
    // the two arrays have the same size (the types say so).
    unsafe { core::mem::transmute::<[u8; TABLE_ENTRIES * 8], [Bitboard; TABLE_ENTRIES]>(*bytes) }
}
