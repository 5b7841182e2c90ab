//! A binpack's entries as Apache Arrow record batches (feature `arrow`): `fen`, `move` (UCI,
//! castling as the king's two-square move in standard chess), `score`, `ply`, `result` and
//! `rule50`, one row an entry, for pyarrow, polars, DuckDB and Parquet.

use crate::reader::Reader;
use arrow_array::builder::{Int8Builder, Int16Builder, Int32Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, DataType, Field, Schema, SchemaRef};
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

/// The entries of a binpack as record batches of `batch_size` rows (the last may be
/// shorter). A damaged file ends the batches with an error after the rows read before it.
pub struct EntryRows<R> {
    reader: Reader<R>,
    schema: SchemaRef,
    batch_size: usize,
    /// A fault met after some rows: given on the next call.
    pending: Option<crate::BinpackError>,
    failed: bool,
}

impl<R: Read> EntryRows<R> {
    /// Rows of `input`.
    pub fn new(input: R, batch_size: usize) -> EntryRows<R> {
        EntryRows {
            reader: Reader::new(input),
            schema: entry_schema(),
            batch_size: batch_size.max(1),
            pending: None,
            failed: false,
        }
    }
}

impl<R: Read> Iterator for EntryRows<R> {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        if let Some(e) = self.pending.take() {
            self.failed = true;
            return Some(Err(ArrowError::IoError(e.to_string(), std::io::Error::other(e))));
        }
        let mut fen = StringBuilder::with_capacity(self.batch_size, self.batch_size * 60);
        let mut mv = StringBuilder::with_capacity(self.batch_size, self.batch_size * 4);
        let (mut score, mut ply) = (
            Int16Builder::with_capacity(self.batch_size),
            Int32Builder::with_capacity(self.batch_size),
        );
        let (mut result, mut rule50) = (
            Int8Builder::with_capacity(self.batch_size),
            Int32Builder::with_capacity(self.batch_size),
        );
        let mut rows = 0;
        let mut failure = None;
        while rows < self.batch_size {
            match self.reader.next() {
                None => break,
                Some(Err(e)) => {
                    failure = Some(e);
                    break;
                }
                Some(Ok(e)) => {
                    // As python-chess writes them: X-FEN for Chess960, UCI's usual castling.
                    let pos = lerf_position::Position::from(&e.board);
                    fen.append_value(if pos.is_chess960() { pos.to_xfen() } else { pos.to_fen() });
                    mv.append_value(pos.uci(e.mv).to_string());
                    score.append_value(e.score);
                    ply.append_value(i32::from(e.ply));
                    result.append_value(e.result as i8);
                    rule50.append_value(e.board.rule50_count() as i32);
                    rows += 1;
                }
            }
        }
        if let Some(e) = failure {
            // The rows before the fault first; the fault on the next call.
            self.pending = Some(e);
            if rows == 0 {
                return self.next();
            }
        }
        if rows == 0 {
            return None;
        }
        let columns: Vec<ArrayRef> = vec![
            Arc::new(fen.finish()),
            Arc::new(mv.finish()),
            Arc::new(score.finish()),
            Arc::new(ply.finish()),
            Arc::new(result.finish()),
            Arc::new(rule50.finish()),
        ];
        Some(RecordBatch::try_new(self.schema.clone(), columns))
    }
}

impl<R: Read> RecordBatchReader for EntryRows<R> {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}
