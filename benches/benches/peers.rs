//! Single-threaded perft, lerf (on its `Board` walk, as `cargo xtask perft`, and on
//! `Position`) against cozy-chess, shakmaty and chess, on the same five positions in one
//! process. Every library counts the last ply in bulk (its own idiom).
//!
//! `cargo bench -p lerf-benches --bench peers` prints a table of Mnps and lerf's ratio to
//! cozy-chess, and writes it with an SVG chart to `docs/perf/`.

use criterion::{Criterion, Throughput};
use lerf_benches::report::{Measurement, write_report};
use lerf_position::{Board, Position};
use std::hint::black_box;
use std::str::FromStr;
use std::time::Duration;

#[path = "common/cozy.rs"]
mod cozy;
use cozy::cozy_perft;

/// (name, FEN, depth, expected nodes)
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

/// The libraries, in the order of the table: lerf twice, on the walk `cargo xtask perft`
/// takes (`Board`, copy-make) and on the engine's `Position` (do/undo).
pub const LIBRARIES: [&str; 5] = ["lerf", "lerf-position", "cozy-chess", "chess", "shakmaty"];

/// lerf as `cargo xtask perft` counts: the copy-make `Board` walk.
fn lerf_perft(fen: &str, depth: u32) -> u64 {
    let board: Board = fen.parse().expect("valid FEN");
    lerf_movegen::perft_board(&board, depth)
}

/// lerf on the engine's `Position`, making and unmaking each move.
fn lerf_position_perft(fen: &str, depth: u32) -> u64 {
    let mut pos = Position::from_fen(fen).expect("valid FEN");
    lerf_movegen::perft(&mut pos, depth)
}

fn shakmaty_position(fen: &str) -> shakmaty::Chess {
    let fen: shakmaty::fen::Fen = fen.parse().expect("valid FEN");
    fen.into_position(shakmaty::CastlingMode::Standard).expect("legal position")
}

/// Runs one library's perft on one position.
fn perft_of(library: &str, fen: &str, depth: u32) -> u64 {
    match library {
        "lerf" => lerf_perft(fen, depth),
        "lerf-position" => lerf_position_perft(fen, depth),
        "cozy-chess" => {
            cozy_perft(&cozy_chess::Board::from_fen(fen, false).expect("valid FEN"), depth)
        }
        "chess" => chess::MoveGen::movegen_perft_test(
            &chess::Board::from_str(fen).expect("valid FEN"),
            depth as usize,
        ) as u64,
        "shakmaty" => shakmaty::perft(&shakmaty_position(fen), depth),
        _ => unreachable!("unknown library {library}"),
    }
}

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    for (name, fen, depth, nodes) in POSITIONS {
        for library in LIBRARIES {
            assert_eq!(perft_of(library, fen, depth), nodes, "{library} miscounts {name}");
        }
        let mut group = criterion.benchmark_group(format!("peers-{name}"));
        group.throughput(Throughput::Elements(nodes));
        for library in LIBRARIES {
            group.bench_function(library, |b| {
                b.iter(|| perft_of(black_box(library), black_box(fen), depth))
            });
        }
        group.finish();
    }
    criterion.final_summary();

    let measurements: Vec<Measurement> = POSITIONS
        .iter()
        .flat_map(|&(name, _, depth, nodes)| {
            LIBRARIES.iter().filter_map(move |&library| {
                Measurement::from_criterion(&format!("peers-{name}"), library, nodes)
                    .map(|m| m.labelled(name, depth))
            })
        })
        .collect();
    match write_report(&measurements, &LIBRARIES) {
        Ok(table) => println!("\n{table}"),
        Err(e) => eprintln!("could not write the report: {e}"),
    }
}
