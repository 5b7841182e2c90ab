//! The rows' `nnue` column (feature `nnue`): each row's value is the network's evaluation of
//! the row's `fen`, on one thread and on several, null in variant games. Uses Stockfish
//! 15.1's network where lerf-nnue's tests exported it (`target/oracle/`), and skips, saying
//! so, elsewhere.
#![cfg(feature = "nnue")]

use std::sync::Arc;

use arrow_array::{Array, Int32Array, RecordBatch, StringArray};
use lerf_nnue::Network;
use lerf_pgn::rows::{NnueColumn, ParallelRows, PositionRows, RowOptions};
use lerf_position::Position;

const NETWORK: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/oracle/nn-ad9b42354671.nnue");
const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lichess-2025-05-sample.pgn");

fn check(batches: &[RecordBatch], net: &Network) -> usize {
    let mut rows = 0;
    for batch in batches {
        let fen =
            batch.column_by_name("fen").unwrap().as_any().downcast_ref::<StringArray>().unwrap();
        let variant = batch
            .column_by_name("variant")
            .unwrap()
            .as_any()
            .downcast_ref::<StringArray>()
            .unwrap();
        let nnue =
            batch.column_by_name("nnue").unwrap().as_any().downcast_ref::<Int32Array>().unwrap();
        for i in 0..batch.num_rows() {
            if variant.value(i) != "chess" {
                assert!(nnue.is_null(i));
                continue;
            }
            let pos = Position::from_fen(fen.value(i)).unwrap();
            assert_eq!(nnue.value(i), net.evaluate(&pos).unwrap(), "{}", fen.value(i));
            rows += 1;
        }
    }
    rows
}

#[test]
fn the_nnue_column_is_the_networks_evaluation_of_each_fen() {
    let Ok(net) = Network::from_file(NETWORK) else {
        eprintln!(
            "skipped: {NETWORK} is missing (lerf-nnue's tests export it from Debian's stockfish)"
        );
        return;
    };
    let net = Arc::new(net);
    let options = RowOptions { nnue: Some(NnueColumn(net.clone())), ..RowOptions::default() };
    let pgn = std::fs::read(SAMPLE).unwrap();
    let pgn = &pgn[..pgn.len() / 4];
    let one: Vec<RecordBatch> =
        PositionRows::new(pgn, options.clone(), 4096).map(Result::unwrap).collect();
    let rows = check(&one, &net);
    assert!(rows > 5000, "{rows}");
    let many: Vec<RecordBatch> =
        ParallelRows::new(std::io::Cursor::new(pgn.to_vec()), options, 4096, 2)
            .map(Result::unwrap)
            .collect();
    assert_eq!(check(&many, &net), rows);
    // A variant game's rows are null.
    let atomic = b"[Variant \"Atomic\"]\n\n1. e4 e5 2. Nf3 *\n";
    let options = RowOptions { nnue: Some(NnueColumn(net.clone())), ..RowOptions::default() };
    let batch = PositionRows::new(&atomic[..], options, 16).next().unwrap().unwrap();
    assert_eq!(batch.column_by_name("nnue").unwrap().null_count(), 3);
}

#[test]
fn a_tag_cannot_take_the_nnue_columns_name() {
    let options = RowOptions { tags: vec!["nnue".into()], ..RowOptions::default() };
    assert!(options.check().is_err());
}
