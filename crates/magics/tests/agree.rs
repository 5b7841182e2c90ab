//! Both slider backends against the ray-scan reference: every square, every occupancy
//! subset of its mask (107,648 in all), and random full boards.

use lerf_bitboard::Bitboard;
use lerf_magics::layout::{BISHOP_SLOTS, ROOK_SLOTS, Slot};
use lerf_magics::reference::{ray_scan, subsets};
use lerf_magics::{attacks, bishop_attacks, queen_attacks, rook_attacks};
use lerf_types::{PieceType, Square};
use quickcheck::quickcheck;

type Lookup = fn(Square, Bitboard) -> Bitboard;

/// Calls `check(sq, rook, occupancy)` for every subset of every mask; returns the count.
fn for_every_subset(mut check: impl FnMut(Square, bool, u64)) -> usize {
    let mut count = 0;
    for (rook, slots) in [(true, &ROOK_SLOTS), (false, &BISHOP_SLOTS)] {
        for (sq, &Slot { mask, .. }) in Square::iter().zip(slots.iter()) {
            for occ in subsets(mask) {
                check(sq, rook, occ);
                count += 1;
            }
        }
    }
    count
}

fn exhaustive(rook_lookup: Lookup, bishop_lookup: Lookup) {
    let count = for_every_subset(|sq, rook, occ| {
        let got =
            if rook { rook_lookup(sq, Bitboard(occ)) } else { bishop_lookup(sq, Bitboard(occ)) };
        assert_eq!(got.0, ray_scan(rook, sq as usize, occ), "{sq} rook={rook} occ={occ:#x}");
    });
    assert_eq!(count, 107_648);
}

// The backend not in use is compiled only with the `all-backends` feature (on in the
// workspace's test command, `--all-features`).
#[cfg(any(feature = "all-backends", not(all(target_arch = "x86_64", target_feature = "bmi2"))))]
#[test]
fn fancy_magic_equals_reference_on_every_subset() {
    exhaustive(lerf_magics::fancy::rook_attacks, lerf_magics::fancy::bishop_attacks);
}

#[test]
fn public_backend_equals_reference_on_every_subset() {
    exhaustive(rook_attacks, bishop_attacks);
}

#[cfg(all(target_arch = "x86_64", any(feature = "all-backends", target_feature = "bmi2")))]
#[test]
fn pext_equals_reference_on_every_subset() {
    if !std::arch::is_x86_feature_detected!("bmi2") {
        eprintln!("this CPU has no BMI2: the PEXT backend cannot run here");
        return;
    }
    fn rook(sq: Square, occ: Bitboard) -> Bitboard {
        // SAFETY: BMI2 was detected at run time just above.
        unsafe { lerf_magics::pext::rook_attacks(sq, occ) }
    }
    fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
        // SAFETY: BMI2 was detected at run time just above.
        unsafe { lerf_magics::pext::bishop_attacks(sq, occ) }
    }
    exhaustive(rook, bishop);
}

#[test]
fn backend_name_matches_build() {
    let expected = if cfg!(all(target_arch = "x86_64", target_feature = "bmi2")) {
        "pext"
    } else {
        "fancy-magic"
    };
    assert_eq!(lerf_magics::BACKEND, expected);
}

quickcheck! {
    fn blockers_outside_the_mask_do_not_matter(sq: u8, occ: u64) -> bool {
        let sq = Square::from_index_wrapping(sq);
        let occ = Bitboard(occ);
        let rook = ray_scan(true, sq as usize, occ.0);
        let bishop = ray_scan(false, sq as usize, occ.0);
        rook_attacks(sq, occ).0 == rook
            && bishop_attacks(sq, occ).0 == bishop
            && queen_attacks(sq, occ).0 == rook | bishop
            && attacks(PieceType::Queen, sq, occ).0 == rook | bishop
            && attacks(PieceType::Knight, sq, occ) == lerf_bitboard::knight_attacks(sq)
    }
}
