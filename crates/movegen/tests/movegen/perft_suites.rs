//! Perft against every public suite (copied into `tests/data`), through both walks: the
//! engine's `Position` (do/undo) and the copy-make `Board` walk `cargo xtask perft` takes.
//! Depths whose count exceeds a per-suite node limit are left to `cargo xtask perft --epd`.
//! With LERF_LONG_TESTS=1 (`cargo xtask test --long`, what CI runs) every line runs at least
//! its smallest listed depth: about 8.3 billion nodes a walk, about 40 s in the optimised
//! test profile on 2 cores. By default (the quick run a contributor makes before each
//! change) the limits are a tenth, a line whose every count is over its limit waits for the
//! long run (tricky960.epd's lines given only at depth 6), and the six CPW positions go to
//! depth 4: a few seconds.

use crate::common::parse_suite;
use lerf_movegen::{
    PerftTable, divide_board, divide_parallel_hashed, perft, perft_board, perft_board_parallel,
    perft_hashed, perft_parallel, perft_parallel_hashed,
};
use lerf_position::{Board, Position};

/// Whether the long runs were asked for (`cargo xtask test --long`).
fn long() -> bool {
    std::env::var("LERF_LONG_TESTS").is_ok_and(|v| !v.is_empty() && v != "0")
}

/// A suite's node limit: `full` in the long runs, a tenth of it otherwise.
fn limit(full: u64) -> u64 {
    if long() { full } else { full / 10 }
}

/// Runs every line of `suite` at each listed depth whose count is at most `limit` (or, if
/// none is, at its smallest), and fails with the full list of mismatches.
fn run_suite(name: &str, suite: &str, limit: u64) {
    let mut mismatches = Vec::new();
    let mut runs = 0;
    for line in parse_suite(suite) {
        let mut pos =
            Position::from_fen(line.fen).unwrap_or_else(|e| panic!("{name}:{}: {e}", line.line));
        let smallest = line.counts.iter().map(|&(_, n)| n).min().unwrap_or(0);
        for &(depth, expected) in &line.counts {
            // Over the limit, a line's smallest count still runs in the long runs.
            if expected > limit && (expected != smallest || !long()) {
                continue;
            }
            let board = Board::from(&pos);
            for (walk, got) in
                [("Position", perft(&mut pos, depth)), ("Board", perft_board(&board, depth))]
            {
                runs += 1;
                if got != expected {
                    mismatches.push(format!(
                        "{name}:{} {} D{depth} ({walk}): expected {expected}, got {got}",
                        line.line, line.fen
                    ));
                }
            }
        }
    }
    assert!(mismatches.is_empty(), "{} mismatches:\n{}", mismatches.len(), mismatches.join("\n"));
    assert!(runs > 0);
}

#[test]
fn standard_suite() {
    run_suite("standard.epd", include_str!("../data/standard.epd"), limit(100_000_000));
}

#[test]
fn chess960_suite() {
    run_suite("chess960.epd", include_str!("../data/chess960.epd"), limit(2_000_000));
}

#[test]
fn tricky_suite() {
    run_suite("tricky.epd", include_str!("../data/tricky.epd"), limit(100_000_000));
}

#[test]
fn tricky960_suite() {
    run_suite("tricky960.epd", include_str!("../data/tricky960.epd"), limit(100_000_000));
}

#[test]
fn tricky960_x_fen_originals() {
    // The X-FEN spellings shakmaty uses for tricky960 lines 1-5 give the same counts.
    let xfens = [
        "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1",
        "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1",
        "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1",
        "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
        "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
    ];
    let shredder = parse_suite(include_str!("../data/tricky960.epd"));
    for (xfen, line) in xfens.iter().zip(&shredder) {
        let mut pos = Position::from_fen(xfen).unwrap();
        assert!(pos.is_chess960());
        assert_eq!(pos, Position::from_fen(line.fen).unwrap(), "{xfen}");
        for &(depth, expected) in &line.counts {
            assert_eq!(perft(&mut pos, depth), expected, "{xfen} D{depth}");
            assert_eq!(perft_board(&Board::from(&pos), depth), expected, "{xfen} D{depth} Board");
        }
    }
}

#[test]
fn impossible_positions_accepted_are_exact_and_overflow_is_refused() {
    for line in parse_suite(include_str!("../data/tricky-impossible.epd")) {
        match Position::from_fen(line.fen) {
            Ok(mut pos) => {
                for &(depth, expected) in &line.counts {
                    assert_eq!(
                        perft(&mut pos, depth),
                        expected,
                        "line {} {} D{depth}",
                        line.line,
                        line.fen
                    );
                    let board = Board::from(&pos);
                    assert_eq!(perft_board(&board, depth), expected, "line {} Board", line.line);
                }
            }
            // Only the 270-move position, which no game can reach, may be refused.
            Err(e) => assert_eq!(line.line, 11, "line {} refused: {e}", line.line),
        }
    }
}

#[test]
fn cpw_positions_to_depth_5_or_4() {
    // (FEN, depth 4, depth 5): the Chess Programming Wiki's counts.
    let cpw: [(&str, u64, u64); 6] = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 197_281, 4_865_609),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4_085_603,
            193_690_690,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 43_238, 674_624),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 422_333, 15_833_292),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2_103_487, 89_941_194),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            3_894_594,
            164_075_551,
        ),
    ];
    for (fen, four, five) in cpw {
        let (depth, expected) = if long() { (5, five) } else { (4, four) };
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(perft_parallel(&pos, depth, 2), expected, "{fen}");
        let board = Board::from(&pos);
        assert_eq!(perft_board_parallel(&board, depth, 2), expected, "{fen} Board");
        let divided: u64 = divide_board(&board, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(divided, perft(&mut pos.clone(), 3), "{fen} divide_board");
    }
}

/// The hashed perft equals the suites' counts: with a table small enough that entries are
/// replaced all the time, with two threads sharing it, and for Chess960.
#[test]
fn hashed_perft_is_exact_on_the_suites() {
    let table = PerftTable::with_megabytes(1);
    for (name, suite, limit) in [
        ("standard.epd", include_str!("../data/standard.epd"), 5_000_000),
        ("chess960.epd", include_str!("../data/chess960.epd"), 500_000),
        ("tricky.epd", include_str!("../data/tricky.epd"), 5_000_000),
        ("tricky960.epd", include_str!("../data/tricky960.epd"), 5_000_000),
    ] {
        for line in parse_suite(suite) {
            let mut pos = Position::from_fen(line.fen).unwrap();
            for &(depth, expected) in line.counts.iter().filter(|&&(_, n)| n <= limit) {
                assert_eq!(perft_hashed(&mut pos, depth, &table), expected, "{name}:{}", line.line);
                let threads = perft_parallel_hashed(&pos, depth, 2, &table);
                assert_eq!(threads, expected, "{name}:{} two threads", line.line);
            }
        }
    }
    // Deep enough that the table holds transpositions at several depths.
    let mut kiwipete =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    let big = PerftTable::with_megabytes(16);
    let (depth, expected) = if long() { (5, 193_690_690) } else { (4, 4_085_603) };
    assert_eq!(perft_hashed(&mut kiwipete, depth, &big), expected);
    let divided: u64 =
        divide_parallel_hashed(&kiwipete, depth, 2, &big).iter().map(|(_, n)| n).sum();
    assert_eq!(divided, expected);
}
