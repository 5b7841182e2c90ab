//! Setting positions up from FEN, lerf against shakmaty and cozy-chess on the same 100,000
//! FENs from random games: parsing alone, parsing then generating the legal moves, and the
//! memory each parsed position takes when held in a `Vec`.
//!
//! `cargo bench -p lerf-benches --bench parse` prints a table (ns per position, bytes per
//! position) and writes it to `docs/perf/parse.md`.

use criterion::{Criterion, Throughput};
use lerf_benches::heap::{CountingAllocator, bytes_per_value, resident_bytes, set_counting};
use lerf_benches::random_game_fens;
use shakmaty::Position as _;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

#[global_allocator]
static HEAP: CountingAllocator = CountingAllocator;

const COUNT: usize = 100_000;
const LIBRARIES: [&str; 3] = ["lerf", "shakmaty", "cozy-chess"];

fn lerf_parse(fen: &str) -> lerf_position::Position {
    lerf_position::Position::from_fen(fen).expect("valid FEN")
}

fn shakmaty_parse(fen: &str) -> shakmaty::Chess {
    let setup = shakmaty::fen::Fen::from_ascii(fen.as_bytes()).expect("valid FEN");
    setup.into_position(shakmaty::CastlingMode::Standard).expect("legal position")
}

fn cozy_parse(fen: &str) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(fen, false).expect("valid FEN")
}

fn cozy_count(board: &cozy_chess::Board) -> usize {
    let mut n = 0;
    board.generate_moves(|moves| {
        n += moves.len();
        false
    });
    n
}

/// Parses every FEN with `library`; returns a checksum so nothing is optimised away.
fn parse_all(library: &str, fens: &[String]) -> usize {
    match library {
        "lerf" => fens.iter().map(|f| lerf_parse(f).side_to_move() as usize).sum(),
        "shakmaty" => fens.iter().map(|f| shakmaty_parse(f).turn() as usize).sum(),
        "cozy-chess" => fens.iter().map(|f| cozy_parse(f).side_to_move() as usize).sum(),
        _ => unreachable!("unknown library {library}"),
    }
}

/// Parses every FEN and counts its legal moves.
fn parse_and_generate_all(library: &str, fens: &[String]) -> usize {
    match library {
        "lerf" => fens.iter().map(|f| lerf_movegen::legal_moves(&lerf_parse(f)).len()).sum(),
        "shakmaty" => fens.iter().map(|f| shakmaty_parse(f).legal_moves().len()).sum(),
        "cozy-chess" => fens.iter().map(|f| cozy_count(&cozy_parse(f))).sum(),
        _ => unreachable!("unknown library {library}"),
    }
}

/// Bytes per parsed position held in a `Vec` (heap in malloc chunks, the `Vec` included),
/// and the growth of the resident set per position.
fn memory_per_position(library: &str, fens: &[String]) -> (f64, f64) {
    fn held<T>(fens: &[String], parse: impl Fn(&str) -> T) -> (f64, f64) {
        let rss_before = resident_bytes().unwrap_or(0);
        let (bytes, values) = bytes_per_value(fens.len(), || {
            let mut values = Vec::with_capacity(fens.len());
            values.extend(fens.iter().map(|f| parse(f)));
            values
        });
        let rss = resident_bytes().unwrap_or(0).saturating_sub(rss_before);
        drop(black_box(values));
        (bytes, rss as f64 / fens.len() as f64)
    }
    match library {
        "lerf" => held(fens, lerf_parse),
        "shakmaty" => held(fens, shakmaty_parse),
        "cozy-chess" => held(fens, cozy_parse),
        _ => unreachable!("unknown library {library}"),
    }
}

fn mean_ns(group: &str, library: &str) -> Option<f64> {
    lerf_benches::report::Measurement::from_criterion(group, library, 1).map(|m| m.seconds * 1e9)
}

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    let fens = random_game_fens(COUNT, 0x51ab);
    for library in LIBRARIES {
        assert_eq!(
            parse_and_generate_all(library, &fens[..1000]),
            parse_and_generate_all("lerf", &fens[..1000]),
            "{library} disagrees on the legal moves"
        );
    }
    let memory: Vec<(f64, f64)> = LIBRARIES.iter().map(|l| memory_per_position(l, &fens)).collect();
    // Timings without the counters' atomic adds, which would tax only the allocating library.
    set_counting(false);

    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    for (group, run) in [
        ("parse", parse_all as fn(&str, &[String]) -> usize),
        ("parse-legal", parse_and_generate_all),
    ] {
        let mut g = criterion.benchmark_group(group);
        g.throughput(Throughput::Elements(COUNT as u64));
        for library in LIBRARIES {
            g.bench_function(library, |b| b.iter(|| run(black_box(library), black_box(&fens))));
        }
        g.finish();
    }
    criterion.final_summary();

    let mut table = String::from(
        "| per position (100,000 FENs from random games) | parse | parse + legal moves | \
         memory held in a Vec | resident set growth |\n|---|---:|---:|---:|---:|\n",
    );
    for (library, (bytes, rss)) in LIBRARIES.iter().zip(&memory) {
        let ns = |group| {
            mean_ns(group, library)
                .map_or("–".to_owned(), |t| format!("{:.0} ns", t / COUNT as f64))
        };
        let _ = writeln!(
            table,
            "| {library} | {} | {} | {bytes:.0} B | {rss:.0} B |",
            ns("parse"),
            ns("parse-legal")
        );
    }
    println!("\n{table}");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/perf/parse.md");
    if let Err(e) = std::fs::write(&path, &table) {
        eprintln!("could not write {}: {e}", path.display());
    }
}
