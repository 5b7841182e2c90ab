//! The slow, obviously right answers that the fast tables are built from and tested against.

/// Rook steps as `(file, rank)`.
pub const ROOK_STEPS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// Bishop steps as `(file, rank)`.
pub const BISHOP_STEPS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// The four steps of a rook (`rook = true`) or a bishop.
pub const fn steps(rook: bool) -> &'static [(i8, i8); 4] {
    if rook { &ROOK_STEPS } else { &BISHOP_STEPS }
}

/// Squares a slider on `sq` attacks, walking each ray until it leaves the board or hits an
/// occupied square (which is included: it may be a capture).
pub const fn ray_scan(rook: bool, sq: usize, occupied: u64) -> u64 {
    let steps = steps(rook);
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        attacks |= ray_scan_one(sq, steps[d].0, steps[d].1, occupied);
        d += 1;
    }
    attacks
}

const fn ray_scan_one(sq: usize, df: i8, dr: i8, occupied: u64) -> u64 {
    let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
    let mut attacks = 0u64;
    while f >= 0 && f < 8 && r >= 0 && r < 8 {
        let bit = 1u64 << (r * 8 + f);
        attacks |= bit;
        if occupied & bit != 0 {
            break;
        }
        f += df;
        r += dr;
    }
    attacks
}

/// The squares whose occupancy can change a slider's attacks from `sq`: its empty-board rays
/// without the last square of each (a piece on the edge blocks nothing beyond it).
pub const fn relevant_mask(rook: bool, sq: usize) -> u64 {
    let steps = steps(rook);
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = steps[d];
        let (mut f, mut r) = ((sq % 8) as i8 + df, (sq / 8) as i8 + dr);
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

/// Software parallel bit extract: the bits of `x` selected by `mask`, packed to the bottom.
pub const fn pext(x: u64, mut mask: u64) -> u64 {
    let mut result = 0u64;
    let mut out = 1u64;
    while mask != 0 {
        if x & mask & mask.wrapping_neg() != 0 {
            result |= out;
        }
        mask &= mask - 1;
        out <<= 1;
    }
    result
}

/// Every subset of `mask`, in carry-rippler order starting from the empty set.
pub fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    core::iter::from_fn(move || {
        let current = next?;
        let following = current.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(current)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_sizes_are_the_classic_ones() {
        let rook_entries: u64 = (0..64).map(|s| 1u64 << relevant_mask(true, s).count_ones()).sum();
        let bishop_entries: u64 =
            (0..64).map(|s| 1u64 << relevant_mask(false, s).count_ones()).sum();
        assert_eq!((rook_entries, bishop_entries), (102_400, 5_248));
        assert_eq!(relevant_mask(true, 0).count_ones(), 12);
        assert_eq!(relevant_mask(true, 8).count_ones(), 11);
        assert_eq!(relevant_mask(true, 27).count_ones(), 10);
        assert_eq!(relevant_mask(false, 0).count_ones(), 6);
        assert_eq!(relevant_mask(true, 0), 0x0001_0101_0101_017e);
        assert_eq!(relevant_mask(false, 27).count_ones(), 9);
    }

    #[test]
    fn subsets_are_all_distinct_and_inside() {
        let mask = relevant_mask(true, 27);
        let all: std::collections::HashSet<u64> = subsets(mask).collect();
        assert_eq!(all.len(), 1 << mask.count_ones());
        assert!(all.iter().all(|s| s & !mask == 0));
    }

    #[test]
    fn software_pext() {
        assert_eq!(pext(0b1011_0000, 0b1111_0000), 0b1011);
        assert_eq!(pext(u64::MAX, 0x8000_0000_0000_0001), 0b11);
        assert_eq!(pext(0x8000_0000_0000_0000, 0x8000_0000_0000_0001), 0b10);
    }
}
