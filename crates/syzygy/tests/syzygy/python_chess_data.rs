//! The tables and expected values python-chess ships in its source distribution (every 3-
//! and 4-piece Syzygy table, `data/endgame.epd`): GPL data, so not in this repository.
//! `cargo xtask test` downloads the sdist into `target/` before the Rust tests; this test
//! reads it there (or from `LERF_PYTHON_CHESS_SDIST`) and skips, with a message, without it.

use lerf_position::Board;
use lerf_syzygy::{SyzygyError, TableKind, Tablebase, Wdl};
use std::path::PathBuf;

use crate::common::sdist;

fn tables() -> Option<(Tablebase, PathBuf)> {
    let Some(dir) = sdist() else {
        eprintln!(
            "skipped: python-chess's sdist is not in target/ (cargo xtask test downloads it)"
        );
        return None;
    };
    let mut tb = Tablebase::new();
    let added = tb.add_directory(dir.join("data/syzygy/regular")).expect("the directory reads");
    assert_eq!(added, 70);
    assert_eq!(tb.len(), (35, 35));
    Some((tb, dir))
}

fn board(fen: &str) -> Board {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn endgame_epd_gives_python_chess_values() {
    let Some((tb, dir)) = tables() else { return };
    let text = std::fs::read_to_string(dir.join("data/endgame.epd")).unwrap();
    let mut checked = 0;
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let fen = format!("{} {} {} {} 0 1", fields[0], fields[1], fields[2], fields[3]);
        let b = board(&fen);
        let mut expect = std::collections::HashMap::new();
        for op in fields[4].split(';').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = op.split_once(' ').unwrap();
            expect.insert(k, v.parse::<i32>().unwrap());
        }
        assert_eq!(tb.probe_wdl_table(&b).unwrap(), expect["wdl_table"], "line {}: {fen}", n + 1);
        assert_eq!(tb.probe_wdl(&b).unwrap().value(), expect["wdl"], "line {}: {fen}", n + 1);
        assert_eq!(tb.probe_dtz(&b).unwrap(), expect["dtz"], "line {}: {fen}", n + 1);
        checked += 1;
    }
    assert_eq!(checked, 200);
}

#[test]
fn python_chess_table_cases() {
    let Some((tb, _)) = tables() else { return };
    for (fen, wdl) in [
        ("8/8/8/5N2/5K2/2kB4/8/8 b - - 0 1", -2),
        ("7B/5kNK/8/8/8/8/8/8 w - - 0 1", 2),
        ("N7/8/2k5/8/7K/8/8/B7 w - - 0 1", 2),
        ("8/8/1NkB4/8/7K/8/8/8 w - - 1 1", 0),
        ("8/8/8/2n5/2b1K3/2k5/8/8 w - - 0 1", -2),
        ("8/8/2K5/4P3/8/8/8/3r3k b - - 1 1", 0),
        ("8/8/2K5/8/4P3/8/8/3r3k b - - 1 1", 2),
        ("7k/6b1/6K1/8/8/8/8/3R4 b - - 12 7", -2),
        ("7k/8/8/4K3/3B4/4B3/8/8 b - - 12 7", 0),
        ("7k/8/8/4K2B/8/4B3/8/8 w - - 12 7", 2),
        ("8/8/8/k2Pp3/8/8/8/4K3 w - e6 0 2", 0),
    ] {
        assert_eq!(tb.probe_wdl_table(&board(fen)).unwrap(), wdl, "{fen}");
    }
    // En passant wins what the table calls a draw.
    assert_eq!(tb.probe_wdl(&board("8/8/8/k2Pp3/8/8/8/4K3 w - e6 0 2")).unwrap(), Wdl::Win);
    let ep = board("8/8/8/8/2pP4/2K5/4k3/8 b - d3 0 1");
    assert_eq!(tb.probe_dtz_no_ep(&ep).unwrap(), -1);
    assert_eq!(tb.probe_dtz(&ep).unwrap(), 1);
    // DTZ tables store one side to move.
    assert_eq!(tb.probe_dtz_table(&board("7n/6k1/4R3/4K3/8/8/8/8 w - - 0 1"), 2).unwrap(), None);
    assert_eq!(
        tb.probe_dtz_table(&board("7n/6k1/4R3/4K3/8/8/8/8 b - - 1 1"), -2).unwrap(),
        Some(8)
    );
    assert_eq!(tb.probe_dtz_table(&board("8/1K6/1P6/8/8/8/6n1/7k w - - 0 1"), 2).unwrap(), Some(2));
    assert_eq!(tb.probe_dtz(&board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")).unwrap(), 23);
    assert_eq!(tb.probe_dtz(&board("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")).unwrap(), -28);
    assert_eq!(tb.probe_dtz(&board("K7/R7/8/8/8/8/8/k7 b - - 0 1")).unwrap(), -20);
}

#[test]
fn missing_tables_and_castling_are_errors() {
    let Some((tb, _)) = tables() else { return };
    let five = board("4k3/8/8/8/8/8/PP6/R3K3 w - - 0 1");
    assert_eq!(
        tb.probe_wdl(&five),
        Err(SyzygyError::MissingTable { name: "KRPPvK".into(), kind: TableKind::Wdl })
    );
    assert_eq!(
        tb.probe_wdl(&board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")),
        Err(SyzygyError::CastlingRights)
    );
    assert_eq!(tb.probe_wdl_table(&board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")), Ok(2));
    assert_eq!(tb.probe_wdl(&board("4k3/8/8/8/8/8/8/4K3 w - - 0 1")), Ok(Wdl::Draw));
}

#[test]
fn root_moves_rank_wins_first() {
    let Some((tb, _)) = tables() else { return };
    let b = board("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    let roots = tb.root_moves(&b).unwrap();
    assert_eq!(roots.len(), 15);
    // The root's DTZ is the best move's.
    assert_eq!(roots[0].wdl, Wdl::Win);
    assert_eq!(roots[0].dtz, tb.probe_dtz(&b).unwrap());
    assert!(
        roots.windows(2).all(|w| (-w[0].wdl.value(), w[0].dtz) <= (-w[1].wdl.value(), w[1].dtz))
    );
}

#[test]
fn threads_share_one_tablebase() {
    let Some((tb, dir)) = tables() else { return };
    let text = std::fs::read_to_string(dir.join("data/endgame.epd")).unwrap();
    let boards: Vec<Board> = text
        .lines()
        .map(|line| {
            let f: Vec<&str> = line.splitn(5, ' ').collect();
            board(&format!("{} {} {} {} 0 1", f[0], f[1], f[2], f[3]))
        })
        .collect();
    let probe_all = |tb: &Tablebase| -> Vec<(i32, i32)> {
        boards
            .iter()
            .map(|b| (tb.probe_wdl(b).unwrap().value(), tb.probe_dtz(b).unwrap()))
            .collect()
    };
    // Threads open the tables (first use) and probe at the same time.
    let results: Vec<Vec<(i32, i32)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4).map(|_| s.spawn(|| probe_all(&tb))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let expected = probe_all(&tb);
    assert!(results.iter().all(|r| *r == expected));
}
