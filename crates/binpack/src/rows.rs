//! A binpack's entries as Apache Arrow record batches (feature `arrow`): `fen`, `move` (UCI,
//! castling as the king's two-square move in standard chess), `score`, `ply`, `result` and
//! `rule50`, one row an entry, for pyarrow, polars, DuckDB and Parquet.

use crate::entry::Entry;
use crate::error::BinpackError;
use crate::groups::spread_groups;
use crate::parallel::ParallelReader;
use crate::spread::Spread;
use arrow_array::builder::{Int8Builder, Int16Builder, Int32Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
use std::fmt::Write;
use std::io::Read;
use std::sync::Arc;

/// The rows' columns.
pub fn entry_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("fen", DataType::Utf8, false),
        Field::new("move", DataType::Utf8, false),
        Field::new("score", DataType::Int16, false),
        Field::new("ply", DataType::Int32, false),
        Field::new("result", DataType::Int8, false),
        Field::new("rule50", DataType::Int32, false),
    ]))
}

/// The rows of `entries` as a record batch.
fn record_batch(schema: &SchemaRef, entries: &[Entry]) -> Result<RecordBatch, ArrowError> {
    let n = entries.len();
    let mut fen = StringBuilder::with_capacity(n, n * 60);
    let mut mv = StringBuilder::with_capacity(n, n * 4);
    let (mut score, mut ply) = (Int16Builder::with_capacity(n), Int32Builder::with_capacity(n));
    let (mut result, mut rule50) = (Int8Builder::with_capacity(n), Int32Builder::with_capacity(n));
    for e in entries {
        // As python-chess writes them: X-FEN for Chess960, UCI's usual castling. Written
        // into the columns' buffers, no string a row.
        let pos = lerf_position::Position::from(&e.board);
        let written =
            if pos.is_chess960() { pos.write_xfen(&mut fen) } else { pos.write_fen(&mut fen) };
        written.map_err(|e| ArrowError::ComputeError(e.to_string()))?;
        fen.append_value("");
        write!(mv, "{}", pos.uci(e.mv)).map_err(|e| ArrowError::ComputeError(e.to_string()))?;
        mv.append_value("");
        score.append_value(e.score);
        ply.append_value(i32::from(e.ply));
        result.append_value(e.result as i8);
        rule50.append_value(e.board.rule50_count() as i32);
    }
    let columns: Vec<ArrayRef> = vec![
        Arc::new(fen.finish()),
        Arc::new(mv.finish()),
        Arc::new(score.finish()),
        Arc::new(ply.finish()),
        Arc::new(result.finish()),
        Arc::new(rule50.finish()),
    ];
    RecordBatch::try_new(schema.clone(), columns)
}

/// The entries of a binpack as record batches of `batch_size` rows (the last may be
/// shorter), decoded and made into rows on `threads` threads (one more reads the file), in
/// order. A damaged file ends the batches with an error after the rows read before it.
///
/// ```
/// use lerf_binpack::{Entry, EntryRows, Writer};
/// use lerf_position::Board;
/// use lerf_types::{Move, Square};
///
/// let mut writer = Writer::new(Vec::new());
/// let mv = Move::new(Square::E2, Square::E4);
/// writer.write(&Entry { board: Board::default(), mv, score: 31, ply: 0, result: 0 })?;
/// let bytes = writer.finish()?;
/// let batches: Vec<_> = EntryRows::new(std::io::Cursor::new(bytes), 1024, 2).collect::<Result<_, _>>()?;
/// assert_eq!(batches[0].num_rows(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct EntryRows {
    spread: Spread<Result<Result<RecordBatch, ArrowError>, BinpackError>>,
    schema: SchemaRef,
    done: bool,
}

impl EntryRows {
    /// Rows of `input` in batches of `batch_size`, on `threads` threads (at least one).
    pub fn new<R: Read + Send + 'static>(input: R, batch_size: usize, threads: usize) -> EntryRows {
        let threads = threads.max(1);
        let entries = ParallelReader::new(input, threads);
        let schema = entry_schema();
        let for_rows = schema.clone();
        let make = move |group: Vec<Entry>| record_batch(&for_rows, &group);
        let spread = spread_groups(entries, batch_size, threads, |_| true, make);
        EntryRows { spread, schema, done: false }
    }
}

impl Iterator for EntryRows {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.spread.next()? {
            Ok(batch) => Some(batch),
            Err(e) => {
                self.done = true;
                Some(Err(ArrowError::IoError(e.to_string(), std::io::Error::other(e))))
            }
        }
    }
}

impl RecordBatchReader for EntryRows {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}
