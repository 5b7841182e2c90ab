//! `lerf.pgn.positions`: one row per mainline move, in Arrow's memory layout, filled in
//! Rust (no Python object per row), on one thread or on several; the Python side wraps
//! the buffers as a `pyarrow.RecordBatch`.

use lerf_pgn::{GameResult, ParallelGames, RawTag, ReadError, Reader, ReplayError, Skip, Visitor};
use lerf_position::Position;
use lerf_san::parse_san_bytes;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::fmt::Write as _;
use std::io::Read;
use std::sync::Mutex;

use crate::errors::write_fen_of;

/// A string column: Arrow's offsets (i32) and bytes.
#[derive(Default)]
struct Strings {
    offsets: Vec<i32>,
    data: String,
}

impl Strings {
    fn push(&mut self, text: &str) {
        self.push_with(|data| data.push_str(text));
    }

    /// A value written straight into the column's bytes.
    fn push_with(&mut self, write: impl FnOnce(&mut String)) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        write(&mut self.data);
        self.offsets.push(self.data.len() as i32);
    }

    fn clear(&mut self) {
        self.offsets.clear();
        self.data.clear();
    }

    fn truncate(&mut self, rows: usize) {
        self.offsets.truncate(rows + 1);
        self.data.truncate(self.offsets.last().map_or(0, |&end| end as usize));
    }

    fn append(&mut self, other: &Strings) {
        let shift = self.data.len() as i32;
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        self.offsets.extend(other.offsets.iter().skip(1).map(|o| o + shift));
        self.data.push_str(&other.data);
    }
}

/// The rows of one batch. Booleans are a byte a row here, packed into Arrow's bits when
/// the batch goes to Python.
#[derive(Default)]
struct Columns {
    rows: usize,
    game: Vec<i64>,
    ply: Vec<i32>,
    fen: Strings,
    san: Strings,
    uci: Strings,
    turn: Vec<bool>,
    result: Strings,
    elo: [Vec<i32>; 2],
    elo_valid: [Vec<bool>; 2],
}

impl Columns {
    /// Empties the columns, keeping their memory for the next batch.
    fn clear(&mut self) {
        self.truncate(0);
        for s in [&mut self.fen, &mut self.san, &mut self.uci, &mut self.result] {
            s.clear();
        }
    }

    /// Keeps the first `rows` rows.
    fn truncate(&mut self, rows: usize) {
        self.rows = rows;
        self.game.truncate(rows);
        self.ply.truncate(rows);
        for s in [&mut self.fen, &mut self.san, &mut self.uci, &mut self.result] {
            s.truncate(rows);
        }
        self.turn.truncate(rows);
        for side in 0..2 {
            self.elo[side].truncate(rows);
            self.elo_valid[side].truncate(rows);
        }
    }

    fn append(&mut self, other: Columns) {
        self.rows += other.rows;
        self.game.extend(other.game);
        self.ply.extend(other.ply);
        self.fen.append(&other.fen);
        self.san.append(&other.san);
        self.uci.append(&other.uci);
        self.turn.extend(other.turn);
        self.result.append(&other.result);
        for side in 0..2 {
            self.elo[side].extend(&other.elo[side]);
            self.elo_valid[side].extend(&other.elo_valid[side]);
        }
    }
}

/// Plays each game's mainline and writes a row before each move.
struct Rows {
    out: Columns,
    /// The index in the input of the game read next.
    game: i64,
    fen: Option<String>,
    chess960: bool,
    /// A `Variant` lerf does not play: the game gives no rows.
    unsupported: bool,
    result: String,
    elo: [Option<i32>; 2],
    pos: Position,
    ply: i32,
}

impl Rows {
    fn new(first_game: i64) -> Rows {
        Rows {
            out: Columns::default(),
            game: first_game,
            fen: None,
            chess960: false,
            unsupported: false,
            result: String::new(),
            elo: [None, None],
            pos: Position::startpos(),
            ply: 0,
        }
    }

    /// Reads whole games into the rows until there are `batch_size` or the input ends
    /// (`Ok(true)`). On a failing input, the rows of the game cut short are dropped.
    fn read<R: Read>(
        &mut self,
        reader: &mut Reader<R>,
        batch_size: usize,
    ) -> Result<bool, ReadError> {
        while self.out.rows < batch_size {
            match reader.read_game(self) {
                None => return Ok(true),
                Some(Ok(())) => {}
                Some(Err(e)) => {
                    // The game cut short (its rows end at `ply`) is not given.
                    self.out.truncate(self.out.rows - self.ply as usize);
                    return Err(e);
                }
            }
        }
        Ok(false)
    }

    fn write_row(&mut self, m: lerf_types::Move) {
        let out = &mut self.out;
        out.rows += 1;
        out.game.push(self.game);
        out.ply.push(self.ply);
        let pos = &self.pos;
        out.fen.push_with(|data| write_fen_of(pos, data));
        out.san.push_with(|data| {
            if m == lerf_types::Move::NULL {
                data.push_str("--");
            } else {
                let _ = write!(data, "{}", lerf_san::san(pos, m));
            }
        });
        out.uci.push_with(|data| crate::errors::move_of(pos, m).write_uci(data));
        out.turn.push(self.pos.side_to_move() == lerf_types::Color::White);
        for side in 0..2 {
            out.elo[side].push(self.elo[side].unwrap_or(0));
            out.elo_valid[side].push(self.elo[side].is_some());
        }
    }
}

impl Visitor for Rows {
    type Output = ();
    type Error = ReplayError;

    fn begin_game(&mut self) {
        (self.fen, self.chess960, self.unsupported, self.elo, self.ply) =
            (None, false, false, [None, None], 0);
        self.result.clear();
        self.result.push('*');
    }

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ReplayError> {
        let value = String::from_utf8_lossy(value.0);
        match name {
            b"FEN" => self.fen = Some(value.into_owned()),
            b"Variant" => {
                let kind = lerf_pgn::variant_kind(&value);
                self.chess960 = kind == lerf_pgn::VariantKind::Chess960;
                self.unsupported = kind == lerf_pgn::VariantKind::Other;
            }
            b"Result" => self.result = value.into_owned(),
            b"WhiteElo" => self.elo[0] = value.trim().parse().ok(),
            b"BlackElo" => self.elo[1] = value.trim().parse().ok(),
            _ => {}
        }
        Ok(())
    }

    fn begin_movetext(&mut self) -> Result<Skip, ReplayError> {
        // Atomic, Crazyhouse...: rows by standard rules would be wrong rows.
        if self.unsupported {
            return Ok(Skip(true));
        }
        let start = match &self.fen {
            None => Some(Position::startpos()),
            Some(fen) => lerf_pgn::position_from_fen_tag(fen, self.chess960).ok(),
        };
        let playable = start.is_some();
        if let Some(pos) = start {
            self.pos = pos;
        }
        Ok(Skip(!playable))
    }

    fn san(&mut self, text: &[u8]) -> Result<(), ReplayError> {
        let m = parse_san_bytes(&self.pos, text).map_err(ReplayError::San)?;
        if m == lerf_types::Move::NULL && self.pos.in_check() {
            return Err(ReplayError::NullMoveInCheck);
        }
        self.write_row(m);
        self.ply += 1;
        if m == lerf_types::Move::NULL {
            self.pos.do_null_move()
        } else {
            self.pos.do_move(m)
        }
        Ok(())
    }

    fn begin_variation(&mut self) -> Result<Skip, ReplayError> {
        Ok(Skip(true))
    }

    fn result(&mut self, result: GameResult) -> Result<(), ReplayError> {
        // python-chess's headers["Result"] takes the movetext's result when the tag is `*`.
        if self.result == "*" {
            self.result.clear();
            let _ = write!(self.result, "{result}");
        }
        Ok(())
    }

    fn end_game(&mut self) {
        // Written last: the movetext's result comes after the moves.
        for _ in 0..self.ply {
            self.out.result.push(&self.result);
        }
        self.game += 1;
    }
}

/// Bytes of input a worker thread takes at a time.
const CHUNK_BYTES: u64 = 1 << 20;

/// Several threads: one cuts the input into chunks of whole games, the others make their
/// rows; the rows come back in the input's order.
struct Pipeline {
    /// The batch being gathered.
    batch: Columns,
    chunks: ParallelGames<(Columns, usize)>,
}

impl Pipeline {
    fn start(input: Box<dyn Read + Send>, first_game: i64, workers: usize) -> Pipeline {
        let chunks =
            ParallelGames::new(input, workers, CHUNK_BYTES, move |chunk: &lerf_pgn::Chunk| {
                let mut rows = Rows::new(first_game + chunk.first_game as i64);
                // Bytes in memory cannot fail to read.
                let _ = rows.read(&mut Reader::new(&chunk.bytes[..]), usize::MAX);
                (rows.out, chunk.games)
            });
        Pipeline { batch: Columns::default(), chunks }
    }
}

enum Source {
    Serial { reader: Reader<Box<dyn Read + Send>>, rows: Box<Rows> },
    Parallel(Box<Pipeline>),
}

/// Reads batches of rows from a PGN source.
#[pyclass(module = "lerf.pgn", name = "PositionReader")]
pub struct PositionReader {
    source: Mutex<Option<Source>>,
    /// A failure of the input, raised after the rows read before it.
    failure: Mutex<Option<String>>,
    games: Mutex<usize>,
}

#[pymethods]
impl PositionReader {
    /// `first_game` is the index the first game's rows get; `threads` the threads making
    /// rows (one more cuts the input when there are several).
    #[new]
    #[pyo3(signature = (source, first_game=0, threads=1))]
    fn py_new(
        source: &Bound<'_, PyAny>,
        first_game: i64,
        threads: usize,
    ) -> PyResult<PositionReader> {
        if !(1..=256).contains(&threads) {
            return Err(PyValueError::new_err(format!("threads go from 1 to 256, not {threads}")));
        }
        let input = crate::pgn::open_source(source)?;
        let source = match threads {
            1 => {
                Source::Serial { reader: Reader::new(input), rows: Box::new(Rows::new(first_game)) }
            }
            n => Source::Parallel(Box::new(Pipeline::start(input, first_game, n))),
        };
        Ok(PositionReader {
            source: Mutex::new(Some(source)),
            failure: Mutex::new(None),
            games: Mutex::new(0),
        })
    }

    /// How many games have been read so far (games with no rows included).
    #[getter]
    fn games(&self) -> PyResult<usize> {
        Ok(*self.games.lock().map_err(poisoned)?)
    }

    /// The next batch: whole games up to at least `batch_size` rows (fewer at the end),
    /// as a dict of Arrow buffers (bytes); `None` when the input is done. A failing input
    /// raises `OSError` once the rows before it have been given.
    fn next_batch<'py>(
        &self,
        py: Python<'py>,
        batch_size: usize,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        if batch_size == 0 {
            return Err(PyValueError::new_err("batch_size must be at least 1"));
        }
        if let Some(message) = self.failure.lock().map_err(poisoned)?.take() {
            return Err(PyOSError::new_err(message));
        }
        let Some(mut source) = self.source.lock().map_err(poisoned)?.take() else {
            return Ok(None);
        };
        let (mut source, games, failure, done) = py.detach(move || {
            let (games, failure, done) = next_rows(&mut source, batch_size);
            (source, games, failure, done)
        });
        *self.games.lock().map_err(poisoned)? += games;
        let columns = source.columns();
        let batch = if columns.rows == 0 { None } else { Some(to_dict(py, columns)?) };
        // The memory stays for the next batch (no fresh pages each time).
        columns.clear();
        if !done {
            *self.source.lock().map_err(poisoned)? = Some(source);
        }
        if let Some(message) = failure {
            if batch.is_none() {
                return Err(PyOSError::new_err(message));
            }
            *self.failure.lock().map_err(poisoned)? = Some(message);
        }
        Ok(batch)
    }
}

fn poisoned<T>(_: T) -> PyErr {
    PyValueError::new_err("the reader failed in another thread")
}

impl Source {
    /// The rows made for the batch being read.
    fn columns(&mut self) -> &mut Columns {
        match self {
            Source::Serial { rows, .. } => &mut rows.out,
            Source::Parallel(pipeline) => &mut pipeline.batch,
        }
    }
}

/// Rows of whole games into the source's columns, at least `batch_size` unless the input
/// ends; the games read, a failure, and whether the input is done.
fn next_rows(source: &mut Source, batch_size: usize) -> (usize, Option<String>, bool) {
    match source {
        Source::Serial { reader, rows } => {
            let before = reader.games();
            let read = rows.read(reader, batch_size);
            let games = reader.games() - before;
            match read {
                Ok(done) => (games, None, done),
                Err(e) => (games - 1, Some(e.to_string()), true),
            }
        }
        Source::Parallel(pipeline) => {
            let mut games = 0;
            while pipeline.batch.rows < batch_size {
                match pipeline.chunks.next() {
                    None => return (games, None, true),
                    Some(Ok((rows, n))) => {
                        pipeline.batch.append(rows);
                        games += n;
                    }
                    Some(Err(e)) => return (games, Some(e.to_string()), true),
                }
            }
            (games, None, false)
        }
    }
}

fn packed<'py>(py: Python<'py>, bits: &[bool]) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, bits.len().div_ceil(8), |out| {
        for (i, _) in bits.iter().enumerate().filter(|(_, on)| **on) {
            out[i / 8] |= 1 << (i % 8);
        }
        Ok(())
    })
}

/// Little-endian bytes of each value, written straight into Python's buffer.
fn ints<'py, const N: usize, T: Copy>(
    py: Python<'py>,
    values: &[T],
    bytes: fn(T) -> [u8; N],
) -> PyResult<Bound<'py, PyBytes>> {
    PyBytes::new_with(py, values.len() * N, |out| {
        for (slot, &value) in out.chunks_exact_mut(N).zip(values) {
            slot.copy_from_slice(&bytes(value));
        }
        Ok(())
    })
}

fn to_dict<'py>(py: Python<'py>, c: &Columns) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("rows", c.rows)?;
    d.set_item("game", ints(py, &c.game, i64::to_le_bytes)?)?;
    d.set_item("ply", ints(py, &c.ply, i32::to_le_bytes)?)?;
    for (name, s) in [("fen", &c.fen), ("san", &c.san), ("uci", &c.uci), ("result", &c.result)] {
        let offsets = ints(py, &s.offsets, i32::to_le_bytes)?;
        d.set_item(name, (offsets, PyBytes::new(py, s.data.as_bytes())))?;
    }
    d.set_item("turn", packed(py, &c.turn)?)?;
    for (name, side) in [("white_elo", 0), ("black_elo", 1)] {
        let values = ints(py, &c.elo[side], i32::to_le_bytes)?;
        d.set_item(name, (values, packed(py, &c.elo_valid[side])?))?;
    }
    Ok(d)
}
