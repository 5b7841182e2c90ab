//! The rows of an input as record batches: on the calling thread ([`PositionRows`]) or on
//! several ([`ParallelRows`]).

use std::io::Read;

use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};

use super::columns::Columns;
use super::options::{RowOptions, row_schema};
use super::visit::RowVisitor;
use crate::{ParallelGames, ReadError, Reader};

/// Reads whole games from `reader` into `rows` until it holds `batch_size` rows or the
/// input ends (`Ok(true)`). On a failing input the rows of the game cut short are dropped.
fn fill<R: Read>(
    rows: &mut RowVisitor,
    reader: &mut Reader<R>,
    batch_size: usize,
) -> Result<bool, ReadError> {
    while rows.out.rows < batch_size {
        match reader.read_game(rows) {
            None => return Ok(true),
            Some(Ok(())) => {}
            Some(Err(e)) => {
                let keep = rows.out.rows - rows.ply as usize;
                rows.out.truncate(keep);
                return Err(e);
            }
        }
    }
    Ok(false)
}

/// The input's failure as Arrow's I/O error (which reaches Python as an `OSError`).
fn io_error(e: ReadError) -> ArrowError {
    ArrowError::IoError(e.to_string(), std::io::Error::other(e))
}

/// Rows of a PGN input read on this thread, a batch of whole games (at least
/// `batch_size` rows, but the last) at a time. An input without a row gives no batch;
/// [`schema`](RecordBatchReader::schema) is known before.
pub struct PositionRows<R> {
    reader: Reader<R>,
    rows: RowVisitor,
    schema: SchemaRef,
    batch_size: usize,
    first_game: i64,
    done: bool,
    /// A failure of the input, given after the rows read before it.
    failure: Option<ReadError>,
}

impl<R: Read> PositionRows<R> {
    /// Rows of `input` (plain PGN; see [`crate::open`] for `.pgn.zst`).
    pub fn new(input: R, options: RowOptions, batch_size: usize) -> PositionRows<R> {
        PositionRows::starting_at(input, options, batch_size, 0)
    }

    /// Rows of `input` whose first game is numbered `first_game` (a shard of a larger
    /// input).
    pub fn starting_at(
        input: R,
        options: RowOptions,
        batch_size: usize,
        first_game: i64,
    ) -> PositionRows<R> {
        PositionRows {
            reader: Reader::new(input),
            schema: row_schema(&options),
            rows: RowVisitor::new(options, first_game),
            batch_size: batch_size.max(1),
            first_game,
            done: false,
            failure: None,
        }
    }

    /// Games read so far.
    pub fn games(&self) -> i64 {
        self.rows.game - self.first_game
    }
}

impl<R: Read> Iterator for PositionRows<R> {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(e) = self.failure.take() {
            return Some(Err(io_error(e)));
        }
        if self.done {
            return None;
        }
        if self.rows.out.rows == 0 {
            // A batch is a little over `batch_size` rows (whole games); capped so that a
            // huge batch size does not reserve memory no input fills.
            self.rows.out.reserve(self.batch_size.min(1 << 20) + 256);
        }
        match fill(&mut self.rows, &mut self.reader, self.batch_size) {
            Ok(end) => self.done = end,
            Err(e) => {
                self.done = true;
                self.failure = Some(e);
            }
        }
        if self.rows.out.rows == 0 {
            return self.failure.take().map(|e| Err(io_error(e)));
        }
        Some(self.rows.out.take_batch(&self.schema, self.rows_comments(), self.rows.has_nnue()))
    }
}

impl<R> PositionRows<R> {
    fn rows_comments(&self) -> bool {
        self.schema.column_with_name("comment").is_some()
    }
}

impl<R: Read> RecordBatchReader for PositionRows<R> {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// Bytes of input a worker thread takes at a time.
const CHUNK_BYTES: u64 = 1 << 20;

/// Rows of a PGN input made on `threads` threads from chunks of whole games (one more
/// thread cuts the input), in the input's order: the same rows as [`PositionRows`].
pub struct ParallelRows {
    chunks: ParallelGames<(Columns, usize)>,
    batch: Columns,
    schema: SchemaRef,
    comments: bool,
    nnue: bool,
    batch_size: usize,
    games: i64,
    done: bool,
    failure: Option<ReadError>,
}

impl ParallelRows {
    /// Rows of `input` on `threads` worker threads.
    pub fn new<R: Read + Send + 'static>(
        input: R,
        options: RowOptions,
        batch_size: usize,
        threads: usize,
    ) -> ParallelRows {
        ParallelRows::starting_at(input, options, batch_size, threads, 0)
    }

    /// [`new`](ParallelRows::new) with the first game numbered `first_game`.
    pub fn starting_at<R: Read + Send + 'static>(
        input: R,
        options: RowOptions,
        batch_size: usize,
        threads: usize,
        first_game: i64,
    ) -> ParallelRows {
        let schema = row_schema(&options);
        let comments = options.comments;
        let nnue = options.nnue_network().is_some();
        let tags = options.tags.len();
        let chunks =
            ParallelGames::new(input, threads, CHUNK_BYTES, move |chunk: &crate::Chunk| {
                let mut rows =
                    RowVisitor::new(options.clone(), first_game + chunk.first_game as i64);
                // Bytes in memory cannot fail to read.
                let _ = fill(&mut rows, &mut Reader::new(&chunk.bytes[..]), usize::MAX);
                (rows.out, chunk.games)
            });
        ParallelRows {
            chunks,
            batch: Columns::new(tags),
            schema,
            comments,
            nnue,
            batch_size: batch_size.max(1),
            games: 0,
            done: false,
            failure: None,
        }
    }

    /// Games read so far.
    pub fn games(&self) -> i64 {
        self.games
    }
}

impl Iterator for ParallelRows {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(e) = self.failure.take() {
            return Some(Err(io_error(e)));
        }
        while !self.done && self.batch.rows < self.batch_size {
            match self.chunks.next() {
                None => self.done = true,
                Some(Ok((columns, games))) => {
                    self.batch.append(columns);
                    self.games += games as i64;
                }
                Some(Err(e)) => {
                    self.done = true;
                    self.failure = Some(e);
                }
            }
        }
        if self.batch.rows == 0 {
            return self.failure.take().map(|e| Err(io_error(e)));
        }
        Some(self.batch.take_batch(&self.schema, self.comments, self.nnue))
    }
}

impl RecordBatchReader for ParallelRows {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}
