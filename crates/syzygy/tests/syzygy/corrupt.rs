//! Broken table files: truncated, of another kind or material, or with bytes changed. Each
//! is an error naming the file or a value, never a panic (copies of python-chess's sdist's
//! tables, made in a temporary directory; skipped without the sdist).

use lerf_position::Board;
use lerf_syzygy::{SyzygyError, Tablebase};
use std::path::PathBuf;

use crate::common::sdist;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lerf-syzygy-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn broken_files_are_errors_naming_them() {
    let Some(src) = sdist().map(|d| d.join("data/syzygy/regular")) else {
        eprintln!(
            "skipped: python-chess's sdist is not in target/ (cargo xtask test downloads it)"
        );
        return;
    };
    let wdl = std::fs::read(src.join("KRvK.rtbw")).unwrap();
    let board: Board = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap();
    let cases: [(&str, Vec<u8>); 5] = [
        ("truncated", wdl[..wdl.len() / 2].to_vec()),
        ("empty", Vec::new()),
        ("magic", [&[0u8; 4][..], &wdl[4..]].concat()),
        ("dtz", std::fs::read(src.join("KRvK.rtbz")).unwrap()),
        ("material", std::fs::read(src.join("KPvK.rtbw")).unwrap()),
    ];
    for (why, bytes) in cases {
        let dir = scratch(why);
        std::fs::write(dir.join("KRvK.rtbw"), bytes).unwrap();
        let mut tb = Tablebase::new();
        assert_eq!(tb.add_directory(&dir).unwrap(), 1);
        match tb.probe_wdl(&board) {
            Err(SyzygyError::Corrupt { path, .. }) => assert!(path.ends_with("KRvK.rtbw"), "{why}"),
            other => panic!("{why}: {other:?}"),
        }
        assert!(tb.open_all().is_err(), "{why}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn changed_bytes_never_panic() {
    let Some(src) = sdist().map(|d| d.join("data/syzygy/regular")) else { return };
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
    let boards: Vec<Board> = [
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "8/8/8/3k4/8/8/8/R3K3 b - - 0 1",
        "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
    ]
    .iter()
    .map(|f| f.parse().unwrap())
    .collect();
    let dir = scratch("flips");
    for name in ["KRvK.rtbw", "KRvK.rtbz", "KPvK.rtbw", "KPvK.rtbz"] {
        let original = std::fs::read(src.join(name)).unwrap();
        for _ in 0..150 {
            let mut bytes = original.clone();
            for _ in 0..1 + next() % 16 {
                let at = (next() % bytes.len() as u64) as usize;
                bytes[at] = next() as u8;
            }
            std::fs::write(dir.join(name), &bytes).unwrap();
            let mut tb = Tablebase::new();
            tb.add_file(dir.join(name));
            for b in &boards {
                let _ = tb.probe_wdl_table(b);
                let _ = tb.probe_dtz_table(b, 2);
            }
        }
        std::fs::remove_file(dir.join(name)).unwrap();
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A standard table given another family's magic number and suffix: KRvK's index is the
/// same in every family (three unique pieces lead), so a variant tablebase must read the
/// standard values through a `Placement`; with its bytes changed it never panics.
#[test]
fn variant_families_read_their_files_and_survive_changed_bytes() {
    use lerf_syzygy::{Placement, TableKind, TableVariant};
    use lerf_types::{Color, PieceType, Square};
    let Some(src) = sdist().map(|d| d.join("data/syzygy/regular")) else { return };
    let original = std::fs::read(src.join("KRvK.rtbw")).unwrap();
    let mut standard = Tablebase::new();
    standard.add_file(src.join("KRvK.rtbw"));
    let dir = scratch("families");
    let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
    for variant in [TableVariant::Atomic, TableVariant::Suicide, TableVariant::Giveaway] {
        let name = format!("KRvK.{}", variant.suffix(TableKind::Wdl));
        let mut bytes = original.clone();
        bytes[..4].copy_from_slice(&variant.magic(TableKind::Wdl));
        std::fs::write(dir.join(&name), &bytes).unwrap();
        let mut tables = Tablebase::with_variant(variant);
        assert!(tables.add_file(dir.join(&name)), "{name}");
        assert!(!Tablebase::new().add_file(dir.join(&name)), "{name} is no standard table");
        let mut compared = 0;
        for _ in 0..200 {
            let squares: Vec<u64> = (0..3).map(|_| next() % 64).collect();
            if squares[0] == squares[1] || squares[0] == squares[2] || squares[1] == squares[2] {
                continue;
            }
            let turn = if next() & 1 == 0 { Color::White } else { Color::Black };
            let sq = |i: usize| Square::from_index(squares[i] as u8).unwrap();
            let mut p = Placement::new(turn);
            p.put(sq(0), Color::White, PieceType::King).unwrap();
            p.put(sq(1), Color::White, PieceType::Rook).unwrap();
            p.put(sq(2), Color::Black, PieceType::King).unwrap();
            let fen = format!(
                "{} {} - - 0 1",
                placement_fen(&[(sq(0), 'K'), (sq(1), 'R'), (sq(2), 'k')]),
                if turn == Color::White { 'w' } else { 'b' }
            );
            // Positions a game can reach are compared with the standard table.
            if let Ok(board) = fen.parse::<Board>()
                && let Ok(want) = standard.probe_wdl_table(&board)
            {
                assert_eq!(tables.probe_wdl_table_of(&p), Ok(want), "{name} {fen}");
                compared += 1;
            }
        }
        assert!(compared > 50, "{name}: {compared} positions compared");
        // Standard chess's searching probes refuse another family's tablebase.
        let board: Board = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse().unwrap();
        assert!(matches!(tables.probe_wdl(&board), Err(SyzygyError::WrongVariant { .. })));
        for _ in 0..100 {
            let mut broken = bytes.clone();
            for _ in 0..1 + next() % 16 {
                let at = 4 + (next() % (broken.len() as u64 - 4)) as usize;
                broken[at] = next() as u8;
            }
            std::fs::write(dir.join(&name), &broken).unwrap();
            let mut tables = Tablebase::with_variant(variant);
            tables.add_file(dir.join(&name));
            let mut p = Placement::new(Color::White);
            p.put(Square::from_index(4).unwrap(), Color::White, PieceType::King).unwrap();
            p.put(Square::from_index(0).unwrap(), Color::White, PieceType::Rook).unwrap();
            p.put(Square::from_index(60).unwrap(), Color::Black, PieceType::King).unwrap();
            let _ = tables.probe_wdl_table_of(&p);
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// A xorshift generator from `seed` (not 0): the tests' changes are the same every run.
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// The board part of a FEN with `pieces` on their squares.
fn placement_fen(pieces: &[(lerf_types::Square, char)]) -> String {
    let mut rows = Vec::new();
    for rank in (0..8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..8 {
            match pieces.iter().find(|(sq, _)| sq.index() == rank * 8 + file) {
                Some((_, c)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(*c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}
