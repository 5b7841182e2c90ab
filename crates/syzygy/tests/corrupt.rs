//! Broken table files: truncated, of another kind or material, or with bytes changed. Each
//! is an error naming the file or a value, never a panic (copies of python-chess's sdist's
//! tables, made in a temporary directory; skipped without the sdist).

use lerf_position::Board;
use lerf_syzygy::{SyzygyError, Tablebase};
use std::path::PathBuf;

mod common;
use common::sdist;

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
    let mut rng = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
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
