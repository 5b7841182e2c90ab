//! Perft of each Lichess variant: lerf_rules::variant against shakmaty 0.30.1's variants
//! (GPL: a benchmark peer only), the same positions and depths, the two interleaved.
//!
//! `cargo bench -p lerf-benches --bench variants -- [ROUNDS]` prints each
//! library's median time and nodes a second and the ratio (lerf's speed ÷ shakmaty's).

use std::hint::black_box;
use std::time::Instant;

use lerf_rules::variant::{Variant, VariantBoard};
use shakmaty::fen::Fen;
use shakmaty::variant::{Variant as SVariant, VariantPosition};
use shakmaty::{CastlingMode, perft};

/// (lerf's variant, shakmaty's, FEN, depth).
const CASES: [(Variant, SVariant, &str, u32); 7] = [
    (
        Variant::Antichess,
        SVariant::Antichess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        5,
    ),
    (
        Variant::Atomic,
        SVariant::Atomic,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        Variant::Crazyhouse,
        SVariant::Crazyhouse,
        "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
        4,
    ),
    (
        Variant::Horde,
        SVariant::Horde,
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
        5,
    ),
    (
        Variant::KingOfTheHill,
        SVariant::KingOfTheHill,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (Variant::RacingKings, SVariant::RacingKings, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", 4),
    (
        Variant::ThreeCheck,
        SVariant::ThreeCheck,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
        5,
    ),
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    let rounds: usize = std::env::args().filter_map(|a| a.parse().ok()).next().unwrap_or(5);
    println!(
        "{:16} {:>10} {:>12} {:>12} {:>7}",
        "variant", "nodes", "lerf ms", "shakmaty ms", "ratio"
    );
    let mut ratios = Vec::new();
    for (ours, theirs, fen, depth) in CASES {
        let board = VariantBoard::from_fen(ours, fen, false).expect("lerf reads the FEN");
        let setup: Fen = fen.parse().expect("shakmaty reads the FEN");
        let pos = VariantPosition::from_setup(theirs, setup.into_setup(), CastlingMode::Standard)
            .expect("shakmaty takes the position");
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut nodes = (0, 0);
        for r in 0..rounds {
            let mut run_lerf = || {
                let t = Instant::now();
                nodes.0 = black_box(&board).perft(depth);
                a.push(t.elapsed().as_secs_f64());
            };
            let mut run_shakmaty = || {
                let t = Instant::now();
                nodes.1 = perft(black_box(&pos), depth);
                b.push(t.elapsed().as_secs_f64());
            };
            if r % 2 == 0 {
                run_lerf();
                run_shakmaty();
            } else {
                run_shakmaty();
                run_lerf();
            }
        }
        assert_eq!(nodes.0, nodes.1, "{ours:?}: the two perfts disagree");
        let (ta, tb) = (median(a), median(b));
        ratios.push(tb / ta);
        println!(
            "{:16} {:>10} {:>12.1} {:>12.1} {:>6.2}x",
            format!("{ours:?}"),
            nodes.0,
            ta * 1e3,
            tb * 1e3,
            tb / ta
        );
    }
    let geo = ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64;
    println!("geometric mean: {:.2}x", geo.exp());
}
