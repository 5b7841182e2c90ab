//! Builds the attack tables of the slider backends, as raw bytes in `OUT_DIR` that
//! `src/fancy.rs` and `src/pext.rs` include. Native code fills the 107,648
//! entries in milliseconds; the same work in the const evaluator took 2 s of every clean
//! build. The tables come from the same `reference` and `layout` code the crate exports, and
//! `tests/agree.rs` checks every entry of both backends through their lookups.

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

use layout::{BISHOP_SLOTS, ROOK_SLOTS, Slot, TABLE_ENTRIES, magic_index};
use reference::{ray_scan, subsets};

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

/// One entry of a table: a square's slot, the `k`-th subset of its mask in carry-rippler
/// order, and the attacks for that occupancy (the reference ray scan itself: in native code
/// the 107,648 scans take milliseconds).
struct Entry {
    rook: bool,
    sq: usize,
    slot: Slot,
    k: usize,
    subset: u64,
    attacks: u64,
}

/// Every entry, rooks then bishops, square by square.
fn entries() -> impl Iterator<Item = Entry> {
    [(true, &ROOK_SLOTS), (false, &BISHOP_SLOTS)].into_iter().flat_map(|(rook, slots)| {
        slots.iter().enumerate().flat_map(move |(sq, &slot)| {
            subsets(slot.mask).enumerate().map(move |(k, subset)| Entry {
                rook,
                sq,
                slot,
                k,
                subset,
                attacks: ray_scan(rook, sq, subset),
            })
        })
    })
}

/// PEXT order: carry-rippler counts through the mask's bits, so the k-th subset's pext is k.
fn pext_table() -> Vec<u64> {
    let mut table = vec![0; TABLE_ENTRIES];
    for e in entries() {
        table[e.slot.offset as usize + e.k] = e.attacks;
    }
    table
}

/// Fancy-magic order, with the checked-in numbers; a collision between subsets with
/// different attacks would be a wrong magic number, refused here.
fn fancy_table() -> Vec<u64> {
    let mut table = vec![0; TABLE_ENTRIES];
    let mut filled = vec![false; TABLE_ENTRIES];
    for Entry { rook, sq, slot, subset, attacks, .. } in entries() {
        let magic = if rook { numbers::ROOK_MAGICS[sq] } else { numbers::BISHOP_MAGICS[sq] };
        let i = magic_index(slot.mask, magic, slot.offset, slot.shift, subset);
        assert!(
            !filled[i] || table[i] == attacks,
            "magic number of square {sq} (rook: {rook}) maps two attack sets to one entry"
        );
        table[i] = attacks;
        filled[i] = true;
    }
    table
}

fn write_table(path: &Path, table: &[u64], big_endian: bool) {
    let bytes: Vec<u8> = table
        .iter()
        .flat_map(|&bb| if big_endian { bb.to_be_bytes() } else { bb.to_le_bytes() })
        .collect();
    fs::write(path, bytes).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
}
