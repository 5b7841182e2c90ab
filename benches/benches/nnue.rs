//! NNUE evaluation: lerf-nnue against nnue-rs 0.4.2 (MIT), the permissive Rust crate that
//! evaluates Stockfish networks, on the one network both read: Stockfish 18's small network
//! (`nn-37f18f62d772`, HalfKAv2_hm 22528 -> 128), cut out of npm's `stockfish` 18.0.8 by
//! `.ci/fetch-oracles` and lerf-nnue's tests (`target/oracle/`). The positions are the
//! Lichess sample's games. Rounds alternate the two libraries; medians and ratios are printed.
//!
//! - full: an evaluation from scratch of each position, from boards parsed beforehand
//!   (lerf's `Board`, nnue-rs's `FenBoard`), and from FEN text (each library's own parser);
//! - incremental: each game played move by move, each position evaluated, the moves taken
//!   back at the end (lerf: `AccumulatorStack::do_move` + `evaluate` on a `Position`, then
//!   `undo_move`; nnue-rs: `update_changes` from the parent's accumulator + `evaluate_accumulator`,
//!   its boards and changed pieces prepared beforehand, outside the timing).
//!
//! Stockfish 15.1's network (width 1024, exported by lerf-nnue's tests into `target/oracle/`)
//! is timed for lerf alone: nnue-rs does not read it.
//!
//! `cargo bench -p lerf-benches --bench nnue -- [ROUNDS]`

use lerf_benches::pairs::{cpu_model, median};
use lerf_nnue::{AccumulatorStack, Network};
use lerf_position::{Board, Position};
use lerf_types::{Color, Move, Piece};
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

const SMALL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/oracle/nn-37f18f62d772.nnue");
const SF15: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/oracle/nn-ad9b42354671.nnue");

/// The Lichess sample's games (standard starts) as moves.
fn games() -> Vec<Vec<Move>> {
    lerf_benches::sample_games::sample_games().into_iter().map(|g| g.moves).collect()
}

fn theirs_piece(p: Piece) -> nnue_rs::Piece {
    use nnue_rs::PieceKind::*;
    let color =
        if p.color() == Color::White { nnue_rs::Color::White } else { nnue_rs::Color::Black };
    nnue_rs::Piece::new(
        color,
        [Pawn, Knight, Bishop, Rook, Queen, King][p.piece_type().index() - 1],
    )
}

type Changes = (Vec<(u8, nnue_rs::Piece)>, Vec<(u8, nnue_rs::Piece)>);

/// nnue-rs's inputs for a game: its board after each ply, and each move's changed pieces.
fn theirs_game(moves: &[Move]) -> (Vec<nnue_rs::FenBoard>, Vec<Changes>) {
    let mut pos = Position::startpos();
    let mut boards = vec![nnue_rs::FenBoard::parse(&pos.to_fen()).unwrap()];
    let mut changes = Vec::new();
    for &m in moves {
        let c = pos.changes(m);
        let (mut removed, mut added) = (Vec::new(), Vec::new());
        for (p, from, to) in c.moved.into_iter().flatten() {
            removed.push((from.index() as u8, theirs_piece(p)));
            added.push((to.index() as u8, theirs_piece(p)));
        }
        removed.extend(
            c.removed.into_iter().flatten().map(|(p, sq)| (sq.index() as u8, theirs_piece(p))),
        );
        added.extend(c.added.map(|(p, sq)| (sq.index() as u8, theirs_piece(p))));
        pos.do_move(m);
        boards.push(nnue_rs::FenBoard::parse(&pos.to_fen()).unwrap());
        changes.push((removed, added));
    }
    (boards, changes)
}

fn row(name: &str, n: usize, ours: &mut [f64], theirs: &mut [f64]) -> f64 {
    let (a, b) = (median(ours), median(theirs));
    let ratio = b / a;
    println!("{name:34} {:>12.0} {:>12.0} {:>7.2}x", n as f64 / a / 1e3, n as f64 / b / 1e3, ratio);
    ratio
}

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    let rounds: usize = std::env::args().filter_map(|a| a.parse().ok()).next().unwrap_or(9);
    if !Path::new(SMALL).exists() {
        eprintln!(
            "{SMALL} is missing: run .ci/fetch-oracles, then cargo test -p lerf-nnue --test nnue_rs"
        );
        return;
    }
    let ours = Network::from_file(SMALL).unwrap();
    let theirs = nnue_rs::Network::from_file(SMALL).unwrap();
    let games = games();
    let mut positions = Vec::new();
    for moves in &games {
        let mut pos = Position::startpos();
        for &m in moves {
            pos.do_move(m);
            positions.push(pos.clone());
        }
    }
    let boards: Vec<Board> = positions.iter().map(Board::from).collect();
    let fens: Vec<String> = positions.iter().map(Position::to_fen).collect();
    let their_boards: Vec<nnue_rs::FenBoard> =
        fens.iter().map(|f| nnue_rs::FenBoard::parse(f).unwrap()).collect();
    for (b, t) in boards.iter().zip(&their_boards) {
        assert_eq!(ours.evaluate(b).unwrap(), theirs.evaluate(t), "the libraries disagree");
    }
    let their_games: Vec<_> = games.iter().map(|g| theirs_game(g)).collect();
    let longest = games.iter().map(Vec::len).max().unwrap_or(0) + 1;
    let mut accs: Vec<nnue_rs::Accumulator> =
        (0..longest).map(|_| theirs.empty_accumulator()).collect();
    let mut stack = AccumulatorStack::new(&ours, &Position::startpos()).unwrap();

    let n = positions.len();
    println!("{} positions of {} games; {}; {rounds} rounds, medians", n, games.len(), cpu_model());
    println!("{:34} {:>12} {:>12} {:>8}", "k evaluations a second", "lerf", "nnue-rs", "ratio");
    let mut t: [Vec<f64>; 6] = Default::default();
    let time = |f: &mut dyn FnMut() -> i64| {
        let start = Instant::now();
        black_box(f());
        start.elapsed().as_secs_f64()
    };
    for r in 0..rounds {
        let mut jobs: [(usize, Box<dyn FnMut() -> i64>); 6] = [
            (0, Box::new(|| boards.iter().map(|b| i64::from(ours.evaluate(b).unwrap())).sum())),
            (1, Box::new(|| their_boards.iter().map(|b| i64::from(theirs.evaluate(b))).sum())),
            (
                2,
                Box::new(|| {
                    fens.iter()
                        .map(|f| i64::from(ours.evaluate(&f.parse::<Board>().unwrap()).unwrap()))
                        .sum()
                }),
            ),
            (3, Box::new(|| fens.iter().map(|f| i64::from(theirs.evaluate_fen(f).unwrap())).sum())),
            (
                4,
                Box::new(|| {
                    let mut sum = 0;
                    for moves in &games {
                        let mut pos = Position::startpos();
                        stack.reset(&ours, &pos).unwrap();
                        for &m in moves {
                            stack.do_move(&mut pos, m);
                            sum += i64::from(stack.evaluate(&ours, &pos));
                        }
                        for &m in moves.iter().rev() {
                            stack.undo_move(&mut pos, m);
                        }
                    }
                    sum
                }),
            ),
            (
                5,
                Box::new(|| {
                    let mut sum = 0;
                    for (boards, changes) in &their_games {
                        accs[0] = theirs.accumulator(&boards[0]);
                        for (i, (removed, added)) in changes.iter().enumerate() {
                            let (done, rest) = accs.split_at_mut(i + 1);
                            theirs.update_changes(
                                &boards[i],
                                &boards[i + 1],
                                removed,
                                added,
                                &done[i],
                                &mut rest[0],
                            );
                            sum += i64::from(theirs.evaluate_accumulator(
                                &rest[0],
                                nnue_rs::Board::side_to_move(&boards[i + 1]),
                            ));
                        }
                    }
                    sum
                }),
            ),
        ];
        if r % 2 == 1 {
            for pair in jobs.chunks_mut(2) {
                pair.swap(0, 1);
            }
        }
        for (slot, job) in jobs.iter_mut() {
            t[*slot].push(time(job.as_mut()));
        }
    }
    let [a, b, c, d, e, f] = &mut t;
    row("full, from boards", n, a, b);
    row("full, from FEN text", n, c, d);
    row("incremental along the games", n, e, f);

    if let Ok(sf15) = Network::from_file(SF15) {
        let mut times: Vec<f64> = (0..rounds)
            .map(|_| {
                time(&mut || boards.iter().map(|b| i64::from(sf15.evaluate(b).unwrap())).sum())
            })
            .collect();
        println!(
            "Stockfish 15.1's network (width 1024), lerf full from boards: {:.0} k/s",
            n as f64 / median(&mut times) / 1e3
        );
    }
}
