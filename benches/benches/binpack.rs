//! Binpack decoding and encoding: lerf-binpack against sfbinpack 0.6.5 (GPL, a benchmark
//! peer only), on binpacks of the Lichess sample's games (every position), repeated to a few
//! million entries. Rounds alternate the two libraries; medians.
//!
//! How a score is read depends on how far it is from the previous one (a difference takes
//! one to five 4-bit blocks), so each library is timed on three kinds of scores:
//! - the position's evaluation by Stockfish 15.1's network (`target/oracle/`, exported by
//!   lerf-nnue's tests; the small Stockfish 18 network there if it is not): what training
//!   data holds, differences of two or three blocks in about equal numbers;
//! - none (every score 0, as `cargo xtask pgn --binpack --unscored-as-zero` writes games
//!   without evaluations): one block each;
//! - made up from the position's key: random differences of any length, a branch no
//!   predictor follows (kinder to lerf, which reads the blocks without one, than to
//!   sfbinpack's loop).
//!
//! `cargo bench -p lerf-benches --bench binpack -- [ROUNDS]`

use lerf_benches::pairs::{cpu_model, median};
use lerf_binpack::{Entry, Reader, Writer};
use lerf_position::{Board, Position};
use std::hint::black_box;
use std::time::Instant;

/// The networks the realistic scores come from, the first found.
const NETWORKS: [&str; 2] = [
    concat!(env!("CARGO_MANIFEST_DIR"), "/../target/oracle/nn-ad9b42354671.nnue"),
    concat!(env!("CARGO_MANIFEST_DIR"), "/../target/oracle/nn-37f18f62d772.nnue"),
];

/// The Lichess sample's standard games as entries, each position scored by `score`.
fn entries(mut score: impl FnMut(&Position) -> i16) -> Vec<Entry> {
    let mut out = Vec::new();
    for game in lerf_benches::sample_games::sample_games() {
        let mut pos = Position::startpos();
        for m in game.moves {
            let ply = pos.game_ply() as u16;
            let result = if ply.is_multiple_of(2) { game.result } else { -game.result };
            out.push(Entry { board: Board::from(&pos), mv: m, score: score(&pos), ply, result });
            pos.do_move(m);
        }
    }
    out
}

/// The three inputs (see the module's comment), each named; the network's is left out,
/// with a word, where no network is found.
fn inputs() -> Vec<(String, Vec<Entry>)> {
    let mut out = Vec::new();
    let found = NETWORKS.iter().find_map(|path| {
        let name = std::path::Path::new(path).file_stem()?.to_string_lossy().into_owned();
        Some((name, lerf_nnue::Network::from_file(path).ok()?))
    });
    match found {
        Some((name, net)) => {
            let scored = entries(|pos| {
                let eval = net.evaluate(&Board::from(pos)).unwrap_or(0);
                eval.clamp(-32000, 32000) as i16
            });
            out.push((format!("scored by the network {name}"), scored));
        }
        None => eprintln!(
            "no network in target/oracle (run cargo xtask test first): the decode of realistic \
             scores is left out"
        ),
    }
    out.push(("unscored (0)".to_owned(), entries(|_| 0)));
    let made_up = entries(|pos| {
        let ply = pos.game_ply() as u16;
        ((pos.key() % 601) as i16 - 300) * if ply.is_multiple_of(9) { 7 } else { 1 }
    });
    out.push(("made-up scores".to_owned(), made_up));
    out
}

/// The bytes of `entries` written `copies` times over.
fn binpack_of(entries: &[Entry], copies: usize) -> Vec<u8> {
    let mut writer = Writer::new(Vec::new());
    for _ in 0..copies {
        for e in entries {
            writer.write(e).unwrap();
        }
    }
    writer.finish().unwrap()
}

/// Median seconds of `ours` and `theirs`, run in alternating order `rounds` times.
fn alternate(rounds: usize, mut ours: impl FnMut(), mut theirs: impl FnMut()) -> (f64, f64) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let timed = |f: &mut dyn FnMut(), into: &mut Vec<f64>| {
        let t = Instant::now();
        f();
        into.push(t.elapsed().as_secs_f64());
    };
    for r in 0..rounds {
        if r % 2 == 0 {
            timed(&mut ours, &mut a);
            timed(&mut theirs, &mut b);
        } else {
            timed(&mut theirs, &mut b);
            timed(&mut ours, &mut a);
        }
    }
    (median(&mut a), median(&mut b))
}

/// Median seconds of `job` run `rounds` times (lerf alone: no peer to alternate with).
fn median_seconds(rounds: usize, mut job: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            job();
            t.elapsed().as_secs_f64()
        })
        .collect();
    median(&mut times)
}

/// One thread's decode of `bytes` (`n` entries), sfbinpack's pass alternated with each of
/// lerf's two ways through the file. Each pass adds up every entry's score and piece
/// count, so that no decoding is left out.
fn decode(rounds: usize, bytes: &[u8], n: usize) {
    let finish = |sum: i64, count: usize| {
        black_box(sum);
        assert_eq!(count, n);
    };
    let mut theirs = || {
        let mut reader = sfbinpack::CompressedTrainingDataEntryReader::from_slice(bytes).unwrap();
        let (mut sum, mut count) = (0i64, 0usize);
        while reader.has_next() {
            let e = reader.next();
            sum += i64::from(e.score) + i64::from(e.pos.occupied().count());
            count += 1;
        }
        finish(sum, count);
    };
    let weight = |e: &Entry| i64::from(e.score) + i64::from(e.board.occupied().popcount());
    let iterated = || {
        let (sum, count) = Reader::new(bytes)
            .fold((0, 0), |(sum, count), e| (sum + weight(&e.unwrap()), count + 1));
        finish(sum, count);
    };
    let lent = || {
        let (mut sum, mut count) = (0, 0);
        let mut reader = Reader::new(bytes);
        while let Some(e) = reader.next_entry() {
            sum += weight(e.unwrap());
            count += 1;
        }
        finish(sum, count);
    };
    let (a, b) = alternate(rounds, iterated, &mut theirs);
    println!(
        "  decode, one thread, lerf's Iterator: lerf {:.1} M entries/s, sfbinpack {:.1} M/s: {:.2}x",
        n as f64 / a / 1e6,
        n as f64 / b / 1e6,
        b / a
    );
    let (a, b) = alternate(rounds, lent, &mut theirs);
    println!(
        "  decode, one thread, lerf's Reader::next_entry (lent): lerf {:.1} M entries/s, sfbinpack {:.1} M/s: {:.2}x",
        n as f64 / a / 1e6,
        n as f64 / b / 1e6,
        b / a
    );
}

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    let rounds: usize = std::env::args().filter_map(|a| a.parse().ok()).next().unwrap_or(7);
    let copies = 80;
    let inputs = inputs();
    println!("{}; {rounds} rounds, medians", cpu_model());
    for (name, one) in &inputs {
        let (bytes, n) = (binpack_of(one, copies), one.len() * copies);
        println!(
            "{name}: {n} entries ({} positions x{copies}), {:.2} bytes an entry",
            one.len(),
            bytes.len() as f64 / n as f64
        );
        decode(rounds, &bytes, n);
    }
    // The rest on the first input (the network's scores where there is a network).
    let one = &inputs[0].1;
    let (bytes, n) = (binpack_of(one, copies), one.len() * copies);
    println!("{}:", inputs[0].0);
    // The threaded rows read the file five times over (a binpack's chunks concatenate into
    // a binpack): a reader's first chunks fault in the pages of its fresh entry buffers,
    // which a file of six chunks mostly measured (7.7-8.6 M entries/s on one decoding
    // thread, 10.3-13.9 with the file five times longer); a training file is gigabytes.
    let (long, long_n) = (bytes.repeat(5), n * 5);
    for threads in [1, 2] {
        let seconds = median_seconds(rounds, || {
            let reader =
                lerf_binpack::ParallelReader::new(std::io::Cursor::new(long.clone()), threads);
            let mut count = 0;
            for e in reader {
                black_box(e.unwrap().score);
                count += 1;
            }
            assert_eq!(count, long_n);
        });
        println!(
            "decode, lerf ParallelReader, {threads} decoding thread(s) + 1 reading, the file x5: {:.1} M entries/s",
            long_n as f64 / seconds / 1e6
        );
    }

    // Training batches of 8,192 (HalfKAv2_hm indices of both sides), nothing skipped.
    for threads in [1, 2] {
        let seconds = median_seconds(rounds, || {
            let input = long.clone();
            let options = lerf_binpack::BatchOptions { threads, ..Default::default() };
            let mut batches = lerf_binpack::Batches::new(
                1,
                move |_| Ok(std::io::Cursor::new(input.clone())),
                options,
            );
            let (mut batch, mut rows) = (lerf_binpack::Batch::default(), 0);
            while batches.fill(&mut batch).unwrap() {
                rows += batch.size;
            }
            assert_eq!(rows, long_n);
        });
        println!(
            "batches of 8192, lerf Batches, {threads} decoding and {threads} row-making thread(s), the file x5: {:.2} M entries/s",
            long_n as f64 / seconds / 1e6
        );
    }

    // Writing the same entries (each library's entries made beforehand, outside the timing).
    let their_entries: Vec<sfbinpack::TrainingDataEntry> =
        sfbinpack::CompressedTrainingDataEntryReader::from_slice(&bytes)
            .map(|mut r| {
                let mut out = Vec::new();
                while r.has_next() && out.len() < one.len() {
                    out.push(r.next());
                }
                out
            })
            .unwrap();
    let (a, b) = alternate(
        rounds,
        || {
            let mut writer = Writer::new(Vec::with_capacity(bytes.len()));
            for _ in 0..copies {
                for e in one {
                    writer.write(e).unwrap();
                }
            }
            black_box(writer.finish().unwrap().len());
        },
        || {
            let mut writer = sfbinpack::CompressedTrainingDataEntryWriter::new_in_memory().unwrap();
            for _ in 0..copies {
                for e in &their_entries {
                    writer.write_entry(e).unwrap();
                }
            }
            black_box(writer.into_bytes().unwrap().len());
        },
    );
    println!(
        "encode, one thread: lerf {:.1} M entries/s, sfbinpack {:.1} M/s: {:.2}x",
        n as f64 / a / 1e6,
        n as f64 / b / 1e6,
        b / a
    );
}
