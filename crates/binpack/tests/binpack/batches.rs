//! Training batches (feature `nnue`): one index a piece and side, in range, the two sides'
//! lists each other's colour flip, the king's mirror; summing Stockfish 15.1's network's
//! columns at a row's indices gives lerf-nnue's accumulator for its position; the skipping
//! options and the seed.
#![cfg(feature = "nnue")]

use lerf_binpack::{Batch, BatchOptions, Batches, Entry, MAX_FEATURES, SkipOptions};
use lerf_nnue::{FEATURES, Network};
use lerf_position::Position;
use lerf_types::Color;

use crate::common;

use crate::common::{binpack, damaged};

fn entries(games: usize) -> Vec<Entry> {
    common::random_games(games, 120)
}

/// Batches of `inputs` copies of `bytes`.
fn batches_of(bytes: &[u8], inputs: usize, options: BatchOptions) -> Batches {
    let bytes = bytes.to_vec();
    Batches::new(inputs, move |_| Ok(std::io::Cursor::new(bytes.clone())), options)
}

fn options(size: usize, skip: SkipOptions, cyclic: bool, seed: u64) -> BatchOptions {
    BatchOptions { size, skip, cyclic, seed, threads: 2 }
}

#[test]
fn rows_hold_one_feature_a_piece_and_the_sides_mirror_each_other() {
    let entries = entries(30);
    let bytes = binpack(&entries);
    let mut batches = batches_of(&bytes, 1, options(1000, SkipOptions::default(), false, 1));
    let mut batch = Batch::default();
    let mut row = 0;
    while batches.fill(&mut batch).unwrap() {
        for r in 0..batch.size {
            let e = &entries[row];
            row += 1;
            let pieces = e.board.occupied().popcount() as usize;
            assert_eq!(batch.pieces[r] as usize, pieces);
            let white = &batch.white[r * MAX_FEATURES..(r + 1) * MAX_FEATURES];
            let black = &batch.black[r * MAX_FEATURES..(r + 1) * MAX_FEATURES];
            for side in [white, black] {
                assert!(side[..pieces].iter().all(|&f| (0..FEATURES as i32).contains(&f)));
                assert!(side[pieces..].iter().all(|&f| f == -1));
            }
            // Black's view of the board is White's view of the colour-flipped board.
            let flipped = Position::from(&e.board).flip();
            let mut theirs: Vec<i32> = Vec::new();
            let king = flipped.king_square(Color::White);
            for sq in flipped.occupied() {
                let piece = flipped.piece_on(sq).unwrap();
                theirs.push(lerf_nnue::feature_index(Color::White, king, piece, sq) as i32);
            }
            let mut ours = black[..pieces].to_vec();
            ours.sort_unstable();
            theirs.sort_unstable();
            assert_eq!(ours, theirs, "{}", e.board);
            assert_eq!(batch.us[r], if e.board.side_to_move() == Color::White { 1.0 } else { 0.0 });
            assert_eq!(
                (batch.score[r], batch.outcome[r]),
                (f32::from(e.score), (f32::from(e.result) + 1.0) / 2.0)
            );
        }
    }
    assert_eq!(row, entries.len());
}

#[test]
fn summing_the_networks_columns_gives_its_accumulator() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/oracle/nn-ad9b42354671.nnue");
    let Ok(net) = Network::from_file(path) else {
        eprintln!(
            "skipped: {path} is missing (lerf-nnue's tests export it from Debian's stockfish)"
        );
        return;
    };
    let entries = entries(4);
    let bytes = binpack(&entries);
    let mut batches = batches_of(&bytes, 1, options(64, SkipOptions::default(), false, 1));
    let mut batch = Batch::default();
    assert!(batches.fill(&mut batch).unwrap());
    for r in 0..batch.size {
        let acc = net.accumulator(&entries[r].board).unwrap();
        for (color, indices) in [(Color::White, &batch.white), (Color::Black, &batch.black)] {
            let mut sum: Vec<i16> = net.biases().collect();
            for &f in indices[r * MAX_FEATURES..(r + 1) * MAX_FEATURES].iter().filter(|&&f| f >= 0)
            {
                for (s, w) in sum.iter_mut().zip(net.feature_weights(f as usize)) {
                    *s = s.wrapping_add(w);
                }
            }
            assert_eq!(sum, acc.values(color).collect::<Vec<_>>());
        }
    }
}

#[test]
fn skipping_is_deterministic_and_does_what_it_says() {
    let entries = entries(30);
    let bytes = binpack(&entries);
    let take = |skip: SkipOptions, seed: u64, cyclic: bool| {
        let mut batches = batches_of(&bytes, 2, options(500, skip, cyclic, seed));
        let mut batch = Batch::default();
        let mut out = Vec::new();
        for _ in 0..if cyclic { 6 } else { 10_000 } {
            if !batches.fill(&mut batch).unwrap() {
                break;
            }
            out.push(batch.clone());
        }
        out
    };
    let all: usize = take(SkipOptions::default(), 1, false).iter().map(|b| b.size).sum();
    assert_eq!(all, 2 * entries.len(), "two inputs, read once");
    let random = SkipOptions { random: 0.5, ..SkipOptions::default() };
    assert_eq!(take(random, 7, false), take(random, 7, false));
    assert_ne!(take(random, 7, false), take(random, 8, false));
    let kept: usize = take(random, 7, false).iter().map(|b| b.size).sum();
    assert!(kept > all / 3 && kept < 2 * all / 3, "{kept} of {all}");
    let early =
        SkipOptions { early_plies: 16, captures: true, in_check: true, ..SkipOptions::default() };
    let expected = entries
        .iter()
        .filter(|e| {
            e.ply >= 16 && !e.board.in_check() && !Position::from(&e.board).is_capture(e.mv)
        })
        .count();
    assert_eq!(take(early, 1, false).iter().map(|b| b.size).sum::<usize>(), 2 * expected);
    // Cycling: batches never run out.
    assert_eq!(take(SkipOptions::default(), 1, true).len(), 6);
}

/// Every row of a stream, as one batch.
fn all_rows(mut batches: Batches) -> (Batch, Option<lerf_binpack::BinpackError>) {
    let (mut all, mut batch) = (Batch::default(), Batch::default());
    loop {
        match batches.fill(&mut batch) {
            Ok(true) => {
                for (to, from) in [(&mut all.white, &batch.white), (&mut all.black, &batch.black)] {
                    to.extend_from_slice(from);
                }
                all.us.extend_from_slice(&batch.us);
                all.score.extend_from_slice(&batch.score);
                all.outcome.extend_from_slice(&batch.outcome);
                all.pieces.extend_from_slice(&batch.pieces);
                all.size += batch.size;
            }
            Ok(false) => return (all, None),
            Err(e) => return (all, Some(e)),
        }
    }
}

#[test]
fn several_threads_give_the_same_batches_in_the_inputs_order() {
    // Three chunks (the file three times over), each of several parts of rows.
    let entries = entries(40);
    let one = binpack(&entries);
    let bytes = [&one[..], &one[..], &one[..]].concat();
    let skip = SkipOptions { early_plies: 10, in_check: true, ..SkipOptions::default() };
    let mut expected = Batch::default();
    for e in entries.iter().cycle().take(3 * entries.len()) {
        if e.ply >= 10 && !e.board.in_check() {
            expected.push(e);
        }
    }
    let random = SkipOptions { random: 0.3, ..skip };
    let by_threads = |threads: usize, skip: SkipOptions| {
        let options = BatchOptions { size: 777, skip, cyclic: false, seed: 5, threads };
        all_rows(batches_of(&bytes, 1, options))
    };
    for threads in [1, 2, 3] {
        let (rows, fault) = by_threads(threads, skip);
        assert!(fault.is_none());
        assert_eq!(rows, expected, "{threads} threads");
        assert_eq!(by_threads(threads, random), by_threads(1, random), "{threads} threads");
    }
    assert!(by_threads(2, random).0.size < expected.size * 4 / 5);
}

#[test]
fn a_fault_ends_the_batches_after_the_rows_before_it() {
    let (bytes, before, expected) = damaged(&binpack(&entries(20)), 7);
    for threads in [1, 2] {
        let options = BatchOptions { size: 1000, threads, ..BatchOptions::default() };
        let (rows, fault) = all_rows(batches_of(&bytes, 1, options));
        assert_eq!(rows.size, before);
        assert_eq!(fault, Some(expected.clone()));
    }
}

#[test]
fn cycling_stops_when_a_pass_keeps_nothing_and_a_missing_file_is_an_error() {
    let bytes = binpack(&entries(3));
    let skip = SkipOptions { early_plies: u16::MAX, ..SkipOptions::default() };
    let (rows, fault) = all_rows(batches_of(&bytes, 2, options(100, skip, true, 0)));
    assert_eq!((rows.size, fault), (0, None));
    let missing = Batches::new(
        1,
        |_| std::fs::File::open("/nonexistent/lerf.binpack"),
        BatchOptions::default(),
    );
    let (rows, fault) = all_rows(missing);
    assert_eq!(rows.size, 0);
    assert!(fault.unwrap().to_string().contains("input 0"));
}
