//! Any bytes as PGN through the training rows (`lerf.pgn.positions`' Arrow batches, with
//! the comment column and two tag columns): never a panic; every batch has the schema said
//! up front and a game number in every row; and the rows, and where an error stops them,
//! do not depend on the batch size (one game a batch, or all in one).
#![no_main]

use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_array::{Array, RecordBatch};
use lerf_pgn::rows::{PositionRows, RowOptions};
use libfuzzer_sys::fuzz_target;

/// The rows of `data` in batches of `size`: each row's columns written out, or the error's
/// text where the reading stopped.
fn rows(data: &[u8], size: usize) -> Vec<String> {
    let options = RowOptions {
        tags: vec!["White".into(), "Event".into()],
        comments: true,
        ..Default::default()
    };
    let reader = PositionRows::new(data, options, size);
    let schema = arrow_array::RecordBatchReader::schema(&reader);
    let mut out = Vec::new();
    for batch in reader {
        let batch: RecordBatch = match batch {
            Ok(batch) => batch,
            Err(e) => {
                out.push(format!("error: {e}"));
                break;
            }
        };
        assert_eq!(batch.schema(), schema);
        let games = batch.column_by_name("game").unwrap().as_primitive::<Int64Type>();
        for row in 0..batch.num_rows() {
            let cells: Vec<String> =
                batch.columns().iter().map(|c| format!("{:?}", c.slice(row, 1))).collect();
            out.push(format!("{} {}", games.value(row), cells.join("|")));
        }
        assert_eq!(games.null_count(), 0);
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let one = rows(data, 1);
    let all = rows(data, 1 << 16);
    assert_eq!(one, all);
});
