//! Damaged table files: a typed error naming the file, never a panic or an answer read
//! out of bounds. The undamaged table (python-chess's sdist ships it) is changed byte by
//! byte, cut short, emptied and given another table's name.

use crate::common;

use std::path::Path;

use crate::common::{Rng, temp_dir};
use lerf_gaviota::{GaviotaError, Tablebase};

/// Probes a few placements of KQvK in `dir`: each answer or a `Corrupt` error naming the
/// file.
fn probe_all(dir: &Path) -> (usize, usize) {
    let mut tables = Tablebase::new();
    tables.add_directory(dir).unwrap();
    let (mut answered, mut refused) = (0, 0);
    for (wk, q, bk) in [(0u8, 9u8, 20u8), (4, 3, 60), (63, 62, 40), (27, 45, 12), (7, 15, 56)] {
        for black in [false, true] {
            match tables.probe_codes(black, None, &[(6, wk), (5, q)], &[(6, bk)]) {
                Ok(_) => answered += 1,
                Err(GaviotaError::Corrupt { path, .. }) => {
                    assert!(path.ends_with("kqk.gtb.cp4"), "{}", path.display());
                    refused += 1;
                }
                Err(e) => panic!("{e}"),
            }
        }
    }
    (answered, refused)
}

#[test]
fn damaged_tables_are_refused_not_misread() {
    let Some(source) = common::sdist_tables() else {
        eprintln!("skipped: python-chess's sdist (its data/gaviota) is not downloaded");
        return;
    };
    let good = std::fs::read(source.join("kqk.gtb.cp4")).unwrap();
    let dir = temp_dir("corrupt");
    let file = dir.join("kqk.gtb.cp4");
    for (cut, what) in
        [(0, "empty"), (30, "header"), (100, "blocks"), (good.len() - 1, "last byte")]
    {
        std::fs::write(&file, &good[..cut]).unwrap();
        assert_eq!(probe_all(&dir).0, 0, "{what}");
    }
    // Another material's table under this name.
    std::fs::write(&file, std::fs::read(source.join("kpk.gtb.cp4")).unwrap()).unwrap();
    assert_eq!(probe_all(&dir).0, 0);
    // Changed bytes anywhere: answered or refused, never a panic.
    let mut rng = Rng(77);
    let mut refused = 0;
    for _ in 0..400 {
        let mut bad = good.clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bad.len() as u64) as usize;
            bad[at] ^= 1 << rng.below(8);
        }
        std::fs::write(&file, &bad).unwrap();
        refused += probe_all(&dir).1;
    }
    assert!(refused > 0);
    std::fs::write(&file, &good).unwrap();
    assert_eq!(probe_all(&dir), (10, 0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn uncompressed_tables_of_the_wrong_length_are_refused() {
    let dir = temp_dir("plain");
    std::fs::write(dir.join("kqk.gtb"), vec![0u8; 1000]).unwrap();
    let mut tables = Tablebase::new();
    tables.add_directory(&dir).unwrap();
    let err = tables.probe_codes(false, None, &[(6, 0), (5, 9)], &[(6, 20)]).unwrap_err();
    assert!(matches!(err, GaviotaError::Corrupt { .. }), "{err}");
    assert!(err.to_string().contains("kqk.gtb"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_tables_and_bad_lists_are_typed_errors() {
    let tables = Tablebase::new();
    let missing = tables.probe_codes(false, None, &[(6, 0), (5, 9)], &[(6, 20)]).unwrap_err();
    assert_eq!(missing, GaviotaError::MissingTable { name: "kqk".into() });
    // Six pieces: no table of the format.
    let six = [(6, 0), (5, 9), (5, 10), (5, 11), (5, 12)];
    assert!(matches!(
        tables.probe_codes(false, None, &six, &[(6, 30)]),
        Err(GaviotaError::MissingTable { .. })
    ));
    assert_eq!(
        tables.probe_codes(false, None, &[(7, 0)], &[(6, 30)]),
        Err(GaviotaError::NotAPosition)
    );
    assert_eq!(
        tables.probe_codes(false, Some(64), &[(6, 0)], &[(6, 30)]),
        Err(GaviotaError::NotAPosition)
    );
    // Bare kings need no table.
    assert_eq!(tables.probe_codes(false, None, &[(6, 0)], &[(6, 30)]), Ok((0, 0)));
    assert_eq!(tables.probe_codes(false, None, &[(6, 0)], &[(6, 1)]), Ok((3, 0)));
}
