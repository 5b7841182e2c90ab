//! lerf against cozy-chess, single-threaded perft on the peers bench's five positions, timed
//! in interleaved pairs: each round runs both libraries back to back (alternating which goes
//! first), so both see the same machine load. Reports the median Mnps of each, the median of
//! the per-pair ratios, and their geometric mean over the positions.
//!
//! `cargo bench -p lerf-benches --bench pairs [-- ROUNDS]` (default 15 rounds, about 2
//! minutes) prints the table and writes it to `docs/perf/pairs.md`.

use lerf_benches::pairs::{cpu_model, median, timed};
use lerf_position::Position;
use std::fmt::Write as _;

#[path = "common/cozy.rs"]
mod cozy;
use cozy::cozy_perft;

/// (name, FEN, depth, expected nodes): the peers bench's positions.
const POSITIONS: [(&str, &str, u32, u64); 5] = [
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        5,
        193_690_690,
    ),
    ("pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
    ("pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6, 706_045_033),
    ("pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89_941_194),
];

fn main() {
    let rounds: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(15);
    let cpu = cpu_model();
    let mut table = format!(
        "lerf ÷ cozy-chess 0.3.4 (`pext`), single thread, {rounds} interleaved pairs per \
         position, {cpu}\n\n| | lerf Mnps | cozy-chess Mnps | median of pair ratios |\n\
         |---|---:|---:|---:|\n"
    );
    let mut log_sum = 0.0;
    for (name, fen, depth, nodes) in POSITIONS {
        let cozy_board = cozy_chess::Board::from_fen(fen, false).expect("valid FEN");
        let lerf_run = || {
            let mut pos = Position::from_fen(fen).expect("valid FEN");
            lerf_movegen::perft(&mut pos, depth)
        };
        let cozy_run = || cozy_perft(&cozy_board, depth);
        let (mut lerf, mut cozy, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds {
            let (l, c) = if round % 2 == 0 {
                let l = timed(nodes, lerf_run);
                (l, timed(nodes, cozy_run))
            } else {
                let c = timed(nodes, cozy_run);
                (timed(nodes, lerf_run), c)
            };
            lerf.push(nodes as f64 / l / 1e6);
            cozy.push(nodes as f64 / c / 1e6);
            ratios.push(c / l);
        }
        let ratio = median(&mut ratios);
        log_sum += ratio.ln();
        let line = format!(
            "| {name} d{depth} | {:.0} | {:.0} | **{ratio:.2}×** |",
            median(&mut lerf),
            median(&mut cozy)
        );
        println!("{line}");
        let _ = writeln!(table, "{line}");
    }
    let geomean = (log_sum / POSITIONS.len() as f64).exp();
    let _ = writeln!(table, "| **geometric mean** | | | **{geomean:.2}×** |");
    println!("geometric mean of the ratios: {geomean:.3}");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/perf/pairs.md");
    if let Err(e) = std::fs::write(&path, &table) {
        eprintln!("could not write {}: {e}", path.display());
    }
}
