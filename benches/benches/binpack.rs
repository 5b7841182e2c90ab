//! Binpack decoding and encoding: lerf-binpack against sfbinpack 0.6.5 (GPL, a benchmark
//! peer only), on a binpack of the Lichess sample's games (every position, with a score),
//! repeated to a few million entries. Rounds alternate the two libraries; medians.
//!
//! `cargo bench -p lerf-benches --bench binpack -- [ROUNDS]`

use lerf_benches::pairs::{cpu_model, median};
use lerf_binpack::{Entry, Reader, Writer};
use lerf_position::{Board, Position};
use std::hint::black_box;
use std::time::Instant;

/// The Lichess sample's standard games as entries (scores made up from the position).
fn entries() -> Vec<Entry> {
    let mut out = Vec::new();
    for game in lerf_benches::sample_games::sample_games() {
        let mut pos = Position::startpos();
        for m in game.moves {
            let ply = pos.game_ply() as u16;
            let score =
                ((pos.key() % 601) as i16 - 300) * if ply.is_multiple_of(9) { 7 } else { 1 };
            let result = if ply.is_multiple_of(2) { game.result } else { -game.result };
            out.push(Entry { board: Board::from(&pos), mv: m, score, ply, result });
            pos.do_move(m);
        }
    }
    out
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

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    let rounds: usize = std::env::args().filter_map(|a| a.parse().ok()).next().unwrap_or(7);
    let one = entries();
    let mut writer = Writer::new(Vec::new());
    let copies = 80;
    for _ in 0..copies {
        for e in &one {
            writer.write(e).unwrap();
        }
    }
    let bytes = writer.finish().unwrap();
    let n = one.len() * copies;
    println!(
        "{n} entries ({} positions x{copies}), {:.2} bytes an entry; {}; {rounds} rounds, medians",
        one.len(),
        bytes.len() as f64 / n as f64,
        cpu_model()
    );
    // sfbinpack's pass, alternated with each of lerf's two ways through the file. Each pass
    // adds up every entry's score and piece count, so that no decoding is left out.
    let finish = |sum: i64, count: usize| {
        black_box(sum);
        assert_eq!(count, n);
    };
    let mut theirs = || {
        let mut reader = sfbinpack::CompressedTrainingDataEntryReader::from_slice(&bytes).unwrap();
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
        let (sum, count) = Reader::new(&bytes[..])
            .fold((0, 0), |(sum, count), e| (sum + weight(&e.unwrap()), count + 1));
        finish(sum, count);
    };
    let lent = || {
        let (mut sum, mut count) = (0, 0);
        let mut reader = Reader::new(&bytes[..]);
        while let Some(e) = reader.next_entry() {
            sum += weight(e.unwrap());
            count += 1;
        }
        finish(sum, count);
    };
    let (a, b) = alternate(rounds, iterated, &mut theirs);
    println!(
        "decode, one thread, lerf's Iterator: lerf {:.1} M entries/s, sfbinpack {:.1} M/s: {:.2}x",
        n as f64 / a / 1e6,
        n as f64 / b / 1e6,
        b / a
    );
    let (a, b) = alternate(rounds, lent, &mut theirs);
    println!(
        "decode, one thread, lerf's Reader::next_entry (lent): lerf {:.1} M entries/s, sfbinpack {:.1} M/s: {:.2}x",
        n as f64 / a / 1e6,
        n as f64 / b / 1e6,
        b / a
    );
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
                for e in &one {
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
