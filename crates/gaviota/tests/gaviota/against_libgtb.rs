//! lerf-gaviota against the Gaviota probing code in C (Debian's `libgaviotatb`, loaded at
//! run time; the tests skip, saying so, without it):
//! - every placement of the published three-piece tables (python-chess's sdist ships
//!   them), either side to move and either side owning the piece: the same answer;
//! - the index of every one of the 145 tables up to five pieces: uncompressed tables
//!   made here, empty but for a marked entry at the index lerf computes for each of many
//!   random placements, must give the C code that entry back;
//! - en passant and swapped colours: random tables of KPvK and KPvKP, random positions
//!   with en passant squares: the same answer.

use crate::common;

use std::io::{Seek, SeekFrom, Write};

use crate::common::{Rng, start, temp_dir};
use lerf_gaviota::{Tablebase, placement_index, table_names, table_size};

const KING: u8 = 6;
const PAWN: u8 = 1;

fn letter_piece(c: char) -> u8 {
    match c {
        'p' => 1,
        'n' => 2,
        'b' => 3,
        'r' => 4,
        'q' => 5,
        _ => KING,
    }
}

#[test]
fn every_three_piece_placement_answers_as_the_c_code() {
    let Some(dir) = common::sdist_tables() else {
        eprintln!("skipped: python-chess's sdist (its data/gaviota) is not downloaded");
        return;
    };
    let Some(gtb) = start(&dir, 4) else {
        eprintln!("skipped: libgaviotatb is not installed (Debian: libgaviotatb-dev)");
        return;
    };
    let mut tables = Tablebase::new();
    assert_eq!(tables.add_directory(&dir).unwrap(), 5);
    // Every placement with LERF_LONG_TESTS (`cargo xtask test --long`, what CI runs); in the
    // quick run a quarter of them, every square still taken by each man (12 s -> 4 s).
    let part: u8 = if common::long_tests() { 1 } else { 4 };
    let mut compared = 0;
    for piece in [5, 4, 3, 2, PAWN] {
        for wk in 0..64u8 {
            for bk in 0..64u8 {
                for x in 0..64u8 {
                    if wk == bk || x == wk || x == bk || (piece == PAWN && !(8..56).contains(&x)) {
                        continue;
                    }
                    if (wk + bk + x) % part != 0 {
                        continue;
                    }
                    for black_to_move in [false, true] {
                        // The piece White's, then Black's (found with the colours swapped).
                        for (white, black) in [
                            (vec![(KING, wk), (piece, x)], vec![(KING, bk)]),
                            (vec![(KING, wk)], vec![(KING, bk), (piece, x)]),
                        ] {
                            let ours = tables.probe_codes(black_to_move, None, &white, &black).ok();
                            let theirs = gtb.probe(black_to_move, None, &white, &black);
                            assert_eq!(
                                ours, theirs,
                                "{white:?} {black:?} black to move: {black_to_move}"
                            );
                            compared += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(compared > 4_000_000 / usize::from(part), "{compared}");
}

/// One side's pieces: (type 1-6, square).
type Pieces = Vec<(u8, u8)>;

/// Random squares for a table's pieces (each side king first), distinct, pawns on ranks
/// 2 to 7.
fn placement(name: &str, rng: &mut Rng) -> (Pieces, Pieces) {
    let (white, black) = name[1..].split_once('k').expect("two kings");
    let mut used = Vec::new();
    let mut side = |letters: &str| -> Vec<(u8, u8)> {
        std::iter::once('k')
            .chain(letters.chars())
            .map(|c| {
                let piece = letter_piece(c);
                loop {
                    let sq = rng.below(64) as u8;
                    if !used.contains(&sq) && (piece != PAWN || (8..56).contains(&sq)) {
                        used.push(sq);
                        return (piece, sq);
                    }
                }
            })
            .collect()
    };
    let w = side(white);
    let b = side(black);
    (w, b)
}

#[test]
fn every_tables_index_is_the_c_codes() {
    let placements: usize =
        std::env::var("LERF_GAVIOTA_PLACEMENTS").ok().and_then(|v| v.parse().ok()).unwrap_or(60);
    let dir = temp_dir("index");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // name, side to move, placement, marker
    type Probe = (&'static str, bool, Pieces, Pieces, u8);
    let mut probes: Vec<Probe> = Vec::new();
    for name in table_names() {
        let size = table_size(name).unwrap();
        let mut file = std::fs::File::create(dir.join(format!("{name}.gtb"))).unwrap();
        file.set_len(2 * size).unwrap();
        let mut taken = std::collections::HashSet::new();
        for i in 0..placements {
            let (w, b) = placement(name, &mut rng);
            let side = rng.below(2);
            let ws: Vec<u8> = w.iter().map(|p| p.1).collect();
            let bs: Vec<u8> = b.iter().map(|p| p.1).collect();
            let Some(idx) = placement_index(name, &ws, &bs) else { continue };
            assert!(idx < size, "{name}: index {idx} of {size}");
            if !taken.insert((side, idx)) {
                continue;
            }
            // Markers 4..=255 (0 is a draw, 3 an illegal position: the C code's answers
            // for an unmarked entry and a refused placement).
            let marker = 4 + (i % 252) as u8;
            file.seek(SeekFrom::Start(side * size + idx)).unwrap();
            file.write_all(&[marker]).unwrap();
            probes.push((*name, side == 1, w, b, marker));
        }
    }
    let Some(gtb) = start(&dir, 0) else {
        eprintln!("skipped: libgaviotatb is not installed (Debian: libgaviotatb-dev)");
        let _ = std::fs::remove_dir_all(&dir);
        return;
    };
    let mut tables = Tablebase::new();
    assert_eq!(tables.add_directory(&dir).unwrap(), 145);
    let mut mismatched = Vec::new();
    for (name, black_to_move, w, b, marker) in &probes {
        let theirs = gtb.probe(*black_to_move, None, w, b);
        let ours = tables.probe_codes(*black_to_move, None, w, b).ok();
        if ours != theirs {
            mismatched.push((name, w.clone(), b.clone(), *marker, ours, theirs));
        }
    }
    drop(gtb);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(probes.len() > 145 * placements / 2, "{}", probes.len());
    assert!(
        mismatched.is_empty(),
        "{} of {} differ, first: {:?}",
        mismatched.len(),
        probes.len(),
        &mismatched[..mismatched.len().min(5)]
    );
}

#[test]
fn en_passant_and_swapped_colours_answer_as_the_c_code() {
    let dir = temp_dir("ep");
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for name in ["kpk", "kpkp", "kqk"] {
        let size = table_size(name).unwrap() as usize;
        let bytes: Vec<u8> = (0..2 * size).map(|_| rng.next() as u8).collect();
        std::fs::write(dir.join(format!("{name}.gtb")), bytes).unwrap();
    }
    let Some(gtb) = start(&dir, 0) else {
        eprintln!("skipped: libgaviotatb is not installed (Debian: libgaviotatb-dev)");
        let _ = std::fs::remove_dir_all(&dir);
        return;
    };
    let mut tables = Tablebase::new();
    tables.add_directory(&dir).unwrap();
    let mut with_capture = 0;
    for _ in 0..40_000 {
        // A pawn that has just moved two squares, an enemy pawn beside it (or not), the
        // kings anywhere else; either colour to move.
        let black_to_move = rng.below(2) == 1;
        let file = rng.below(8) as u8;
        let (pushed, ep) =
            if black_to_move { (24 + file, 16 + file) } else { (32 + file, 40 + file) };
        let beside = if file == 0 {
            pushed + 1
        } else if file == 7 {
            pushed - 1
        } else if rng.below(2) == 0 {
            pushed + 1
        } else {
            pushed - 1
        };
        let mut used = vec![pushed, beside, ep];
        let mut square = |rng: &mut Rng| loop {
            let sq = rng.below(64) as u8;
            if !used.contains(&sq) {
                used.push(sq);
                return sq;
            }
        };
        let (wk, bk) = (square(&mut rng), square(&mut rng));
        let capturer = rng.below(4) != 0;
        let (mut white, mut black) = (vec![(KING, wk)], vec![(KING, bk)]);
        let (mover, other) =
            if black_to_move { (&mut black, &mut white) } else { (&mut white, &mut black) };
        other.push((PAWN, pushed));
        if capturer {
            mover.push((PAWN, beside));
            with_capture += 1;
        }
        let ep = (rng.below(8) != 0).then_some(ep);
        let ours = tables.probe_codes(black_to_move, ep, &white, &black).ok();
        let theirs = gtb.probe(black_to_move, ep, &white, &black);
        assert_eq!(ours, theirs, "{white:?} {black:?} black to move {black_to_move}, ep {ep:?}");
    }
    drop(gtb);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(with_capture > 20_000);
}
