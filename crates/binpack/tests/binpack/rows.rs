//! Arrow rows (feature `arrow`): one row an entry in the file's order (FEN, UCI move, score,
//! ply, result, 50-move counter), the same record batches on any number of threads, and a
//! damaged file's error after the rows before it.
#![cfg(feature = "arrow")]

use arrow_array::{Array, Int8Array, Int16Array, Int32Array, RecordBatch, StringArray};
use lerf_binpack::{Entry, EntryRows};
use lerf_position::Position;

use crate::common;

use crate::common::{binpack, damaged};

fn entries(games: usize) -> Vec<Entry> {
    common::random_games(games, 90)
}

fn rows(bytes: &[u8], batch_size: usize, threads: usize) -> (Vec<RecordBatch>, Option<String>) {
    let (mut batches, mut fault) = (Vec::new(), None);
    for batch in EntryRows::new(std::io::Cursor::new(bytes.to_vec()), batch_size, threads) {
        match batch {
            Ok(batch) => batches.push(batch),
            Err(e) => fault = Some(e.to_string()),
        }
    }
    (batches, fault)
}

#[test]
fn rows_are_the_entries_in_order_on_any_number_of_threads() {
    let entries = entries(40);
    let one = binpack(&entries);
    // Three chunks: the file three times over.
    let bytes = [&one[..], &one[..], &one[..]].concat();
    let (batches, fault) = rows(&bytes, 1000, 1);
    assert!(fault.is_none());
    assert!(batches.iter().all(|b| b.num_rows() <= 1000));
    let mut row = 0;
    for batch in &batches {
        let col = |i: usize| batch.column(i);
        let fen = col(0).as_any().downcast_ref::<StringArray>().unwrap();
        let uci = col(1).as_any().downcast_ref::<StringArray>().unwrap();
        let score = col(2).as_any().downcast_ref::<Int16Array>().unwrap();
        let ply = col(3).as_any().downcast_ref::<Int32Array>().unwrap();
        let result = col(4).as_any().downcast_ref::<Int8Array>().unwrap();
        let rule50 = col(5).as_any().downcast_ref::<Int32Array>().unwrap();
        for r in 0..batch.num_rows() {
            let e = &entries[row % entries.len()];
            let pos = Position::from(&e.board);
            assert_eq!(fen.value(r), pos.to_fen());
            assert_eq!(uci.value(r), pos.uci(e.mv).to_string());
            assert_eq!(
                (score.value(r), ply.value(r), result.value(r), rule50.value(r)),
                (e.score, i32::from(e.ply), e.result as i8, e.board.rule50_count() as i32)
            );
            row += 1;
        }
    }
    assert_eq!(row, 3 * entries.len());
    for threads in [2, 3] {
        assert_eq!(rows(&bytes, 1000, threads), (batches.clone(), None), "{threads} threads");
    }
}

#[test]
fn a_damaged_file_gives_the_rows_before_the_fault_then_its_error() {
    let (bytes, before, expected) = damaged(&binpack(&entries(10)), 5);
    let expected = expected.to_string();
    for threads in [1, 2] {
        let (batches, fault) = rows(&bytes, 333, threads);
        assert_eq!(batches.iter().map(RecordBatch::num_rows).sum::<usize>(), before);
        assert!(fault.unwrap().contains(&expected));
    }
}
