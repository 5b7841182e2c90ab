//! Reading an engine's `info` lines: lerf-protocol against vampirc-uci 0.11.1 on the same
//! 10,000 lines, shaped as Stockfish writes them (depth, seldepth, multipv, score, nodes,
//! nps, hashfull, tbhits, time and a 12-move pv of legal moves from random games).
//!
//! `cargo bench -p lerf-benches --bench uci` prints each library's lines a second and the
//! ratio.

use criterion::{Criterion, Throughput};
use lerf_benches::Prng;
use lerf_movegen::legal_moves;
use lerf_position::Position;
use lerf_protocol::uci::EngineMessage;
use std::hint::black_box;
use std::time::Duration;

const LINES: usize = 10_000;

/// Stockfish-shaped `info` lines whose pvs are legal lines from random positions.
fn info_lines() -> Vec<String> {
    let mut rng = Prng::new(0x5eed);
    let mut lines = Vec::with_capacity(LINES);
    while lines.len() < LINES {
        let mut pos = Position::startpos();
        for _ in 0..(rng.next_u64() % 40) {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            pos.do_move(moves[(rng.next_u64() % moves.len() as u64) as usize]);
        }
        let mut pv = Vec::new();
        for _ in 0..12 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
            pv.push(pos.uci(m).to_string());
            pos.do_move(m);
        }
        if pv.is_empty() {
            continue; // a finished game: no pv to report
        }
        let depth = 1 + rng.next_u64() % 40;
        let nodes = rng.next_u64() % 100_000_000;
        lines.push(format!(
            "info depth {depth} seldepth {} multipv 1 score cp {} nodes {nodes} nps {} hashfull {} tbhits 0 time {} pv {}",
            depth + rng.next_u64() % 10,
            (rng.next_u64() % 600) as i64 - 300,
            nodes / 2 + 1,
            rng.next_u64() % 1000,
            rng.next_u64() % 100_000,
            pv.join(" ")
        ));
    }
    lines
}

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    let lines = info_lines();
    // Both read every field of every line.
    for line in lines.iter().take(100) {
        let EngineMessage::Info(info) = line.parse::<EngineMessage>().expect("an info line") else {
            panic!()
        };
        assert!(info.skipped.is_empty() && !info.pv.is_empty());
        let theirs = vampirc_uci::parse_one(line);
        assert!(matches!(theirs, vampirc_uci::UciMessage::Info(_)), "{line}: {theirs:?}");
    }
    let mut criterion = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .configure_from_args();
    let mut group = criterion.benchmark_group("uci-info");
    group.throughput(Throughput::Elements(LINES as u64));
    group.bench_function("lerf-protocol", |b| {
        b.iter(|| {
            for line in &lines {
                black_box(line.parse::<EngineMessage>().ok());
            }
        })
    });
    group.bench_function("vampirc-uci", |b| {
        b.iter(|| {
            for line in &lines {
                black_box(vampirc_uci::parse_one(line));
            }
        })
    });
    group.finish();
    criterion.final_summary();
}
