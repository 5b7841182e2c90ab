//! Builds the attack tables of the slider backends, as raw bytes in `OUT_DIR` that
//! `src/fancy.rs` and `src/pext.rs` include. Native code fills the 107,648
//! entries in milliseconds; the same work in the const evaluator took 2 s of every clean
//! build. The tables come from the same `reference` and `layout` code the crate exports, and
//! `tests/agree.rs` checks every entry against a plain ray scan.

use std::{env, fs, path::Path};

#[allow(dead_code)]
#[path = "src/reference.rs"]
mod reference;

#[allow(dead_code)]
#[path = "src/layout.rs"]
mod layout;

#[allow(dead_code)]
#[path = "src/numbers.rs"]
mod numbers;

use layout::{BISHOP_SLOTS, ROOK_SLOTS, Slot, TABLE_ENTRIES};
use reference::{ray_cut, rays, square_rays, subsets};

fn main() {
    for file in ["build.rs", "src/reference.rs", "src/layout.rs", "src/numbers.rs"] {
        println!("cargo:rerun-if-changed={file}");
    }
    let big_endian = env::var("CARGO_CFG_TARGET_ENDIAN").is_ok_and(|e| e == "big");
    let out = env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let out = Path::new(&out);
    // Both tables are written (milliseconds); the crate includes only its backend's, unless
    // the `all-backends` feature asks for both. Writing both keeps rustdoc working: it does
    // not see RUSTFLAGS, so it may pick the other backend than the build did.
    write_table(&out.join("pext_attacks.bin"), &pext_table(), big_endian);
    write_table(&out.join("fancy_attacks.bin"), &fancy_table(), big_endian);
}

/// Calls `place(slot, square_index, occupancy_subset, attacks)` for every subset of every
/// slot's mask, rooks then bishops, subsets in carry-rippler order.
fn for_each_entry(mut place: impl FnMut(&Slot, usize, u64, u64, u64)) {
    let rays = rays();
    for (rook, slots) in [(true, &ROOK_SLOTS), (false, &BISHOP_SLOTS)] {
        for (sq, slot) in slots.iter().enumerate() {
            let r = square_rays(&rays, rook, sq);
            for (k, subset) in subsets(slot.mask).enumerate() {
                place(slot, sq, k as u64, subset, ray_cut(&r, subset));
            }
        }
    }
}

/// PEXT order: carry-rippler counts through the mask's bits, so the k-th subset's pext is k.
fn pext_table() -> Vec<u64> {
    let mut table = vec![0; TABLE_ENTRIES];
    for_each_entry(|slot, _, k, _, attacks| table[slot.offset as usize + k as usize] = attacks);
    table
}

/// Fancy-magic order: `(subset * magic) >> shift` with the checked-in numbers; a collision
/// between subsets with different attacks would be a wrong magic number, refused here.
fn fancy_table() -> Vec<u64> {
    let mut table = vec![0; TABLE_ENTRIES];
    let mut filled = vec![false; TABLE_ENTRIES];
    for_each_entry(|slot, sq, _, subset, attacks| {
        let rook = slot.offset < layout::ROOK_ENTRIES as u32;
        let magic = if rook { numbers::ROOK_MAGICS[sq] } else { numbers::BISHOP_MAGICS[sq] };
        let i = slot.offset as usize + (subset.wrapping_mul(magic) >> slot.shift) as usize;
        assert!(
            !filled[i] || table[i] == attacks,
            "magic number of square {sq} (rook: {rook}) maps two attack sets to one entry"
        );
        table[i] = attacks;
        filled[i] = true;
    });
    table
}

fn write_table(path: &Path, table: &[u64], big_endian: bool) {
    let bytes: Vec<u8> = table
        .iter()
        .flat_map(|&bb| if big_endian { bb.to_be_bytes() } else { bb.to_le_bytes() })
        .collect();
    fs::write(path, bytes).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}
