//! lerf against cozy-chess, single-threaded perft on the peers bench's five positions, timed
//! in interleaved rounds: each round runs lerf's `Board` walk (what `cargo xtask perft`
//! takes), its `Position` walk and cozy-chess back to back (the order turning), so all see
//! the same machine load. Reports the median Mnps of each, the median of the per-round
//! ratios to cozy-chess, and their geometric mean over the positions.
//!
//! `cargo bench -p lerf-benches --bench pairs [-- ROUNDS]` (default 15 rounds, about 2
//! minutes) prints the table and writes it to `docs/perf/pairs.md`.

use lerf_benches::pairs::{cpu_model, median, timed};
use lerf_position::{Board, Position};
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

/// The runs of one round, in a turning order so that none always goes first.
fn round_order(round: usize) -> [usize; 3] {
    [round % 3, (round + 1) % 3, (round + 2) % 3]
}

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    let rounds: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(15);
    let cpu = cpu_model();
    let mut table = format!(
        "lerf ÷ cozy-chess 0.3.4 (`pext`), single thread, {rounds} interleaved rounds per \
         position (lerf's `Board` walk, as `cargo xtask perft`; its `Position` walk; \
         cozy-chess), {cpu}\n\n| | lerf Mnps | lerf `Position` Mnps | cozy-chess Mnps | \
         median of ratios | `Position` ÷ cozy |\n|---|---:|---:|---:|---:|---:|\n"
    );
    let (mut log_sum, mut log_sum_position) = (0.0, 0.0);
    for (name, fen, depth, nodes) in POSITIONS {
        let cozy_board = cozy_chess::Board::from_fen(fen, false).expect("valid FEN");
        let board: Board = fen.parse().expect("valid FEN");
        let runs: [&dyn Fn() -> u64; 3] = [
            &|| lerf_movegen::perft_board(&board, depth),
            &|| {
                let mut pos = Position::from_fen(fen).expect("valid FEN");
                lerf_movegen::perft(&mut pos, depth)
            },
            &|| cozy_perft(&cozy_board, depth),
        ];
        let mut mnps: [Vec<f64>; 3] = Default::default();
        let (mut ratios, mut position_ratios) = (Vec::new(), Vec::new());
        for round in 0..rounds {
            let mut seconds = [0.0; 3];
            for i in round_order(round) {
                seconds[i] = timed(nodes, runs[i]);
                mnps[i].push(nodes as f64 / seconds[i] / 1e6);
            }
            ratios.push(seconds[2] / seconds[0]);
            position_ratios.push(seconds[2] / seconds[1]);
        }
        let (ratio, position_ratio) = (median(&mut ratios), median(&mut position_ratios));
        log_sum += ratio.ln();
        log_sum_position += position_ratio.ln();
        let [board_mnps, position_mnps, cozy_mnps] = mnps.map(|mut v| median(&mut v));
        let line = format!(
            "| {name} d{depth} | {board_mnps:.0} | {position_mnps:.0} | {cozy_mnps:.0} | \
             **{ratio:.2}×** | {position_ratio:.2}× |"
        );
        println!("{line}");
        let _ = writeln!(table, "{line}");
    }
    let geomean = (log_sum / POSITIONS.len() as f64).exp();
    let geomean_position = (log_sum_position / POSITIONS.len() as f64).exp();
    let _ = writeln!(
        table,
        "| **geometric mean** | | | | **{geomean:.2}×** | {geomean_position:.2}× |"
    );
    println!("geometric mean of the ratios: {geomean:.3} (Position walk: {geomean_position:.3})");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/perf/pairs.md");
    if let Err(e) = std::fs::write(&path, &table) {
        eprintln!("could not write {}: {e}", path.display());
    }
}
