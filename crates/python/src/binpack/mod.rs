//! `lerf.binpack`, lerf's own module (python-chess has none): Stockfish's `.binpack`
//! training data read and written by `lerf_binpack`, entries crossing as
//! `(fen, uci, score, ply, result)` tuples a batch at a time (the GIL released while the
//! file is decoded or encoded), and whole files as Arrow streams. The Python half
//! (`python/lerf/binpack.py`) holds `Entry`, `read`, `write` and `to_arrow`.

mod batches;
mod from_rows;
mod output;

use lerf_binpack::{Entry, EntryRows, Reader, Writer, entry_schema};
use lerf_position::{Board, Position};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use std::fs::File;
use std::io::{BufReader, BufWriter};
use std::sync::Mutex;

/// A binpack file's reader.
type FileReader = Reader<BufReader<File>>;

/// An entry as it crosses to Python: FEN, UCI, score, ply, result, Chess960.
type Row = (String, String, i16, u16, i16, bool);
/// An entry as it comes from Python: FEN, UCI, score, ply, result.
type InRow = (String, String, i16, u16, i16);

/// A row from Python as the format holds it: `ValueError` for a number out of the format's
/// range, `TypeError` for a field that is not what it should be. The board and the move
/// may be a `lerf.Board` and a `lerf.Move` (read in Rust), their FEN and UCI, or objects
/// with `fen()` and `uci()`.
fn in_row(row: &Bound<'_, PyAny>) -> PyResult<InRow> {
    type Fields<'py> = (
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
    );
    let (board, mv, score, ply, result): Fields<'_> = row.extract()?;
    let (fen, uci) = (fen_of(&board)?, uci_of(&mv)?);
    let score = number(&score, "score", i64::from(i16::MIN), i64::from(i16::MAX))?;
    let ply = number(&ply, "ply", 0, 0x3fff)?;
    let result = number(&result, "result", -1, 1)?;
    // The ranges checked above fit the types.
    Ok((fen, uci, score as i16, ply as u16, result as i16))
}

/// An entry's board as a FEN: a `lerf.Board`'s (not a subclass's, whose `fen()` may say
/// more) as its `fen()` gives it, without a call into Python; a string as it is; else
/// what the object's `fen()` gives.
fn fen_of(board: &Bound<'_, PyAny>) -> PyResult<String> {
    if board.get_type().is(board.py().get_type::<crate::board::board::Board>()) {
        let board = board.cast::<crate::board::base_board::BaseBoard>()?.borrow();
        return Ok(board.board().fen());
    }
    if let Ok(fen) = board.cast::<pyo3::types::PyString>() {
        return fen.extract();
    }
    board.call_method0("fen").map_err(retyped)?.extract()
}

/// An entry's move as UCI: a `lerf.Move`'s read in Rust, a string as it is, else what the
/// object's `uci()` gives.
fn uci_of(mv: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(mv) = mv.cast::<crate::board::moves::Move>() {
        return Ok(mv.get().data.uci());
    }
    if let Ok(uci) = mv.cast::<pyo3::types::PyString>() {
        return uci.extract();
    }
    mv.call_method0("uci").map_err(retyped)?.extract()
}

/// An object without the method asked for is of the wrong type.
fn retyped(e: PyErr) -> PyErr {
    Python::attach(|py| {
        if e.is_instance_of::<pyo3::exceptions::PyAttributeError>(py) {
            PyTypeError::new_err(e.value(py).to_string())
        } else {
            e
        }
    })
}

/// `value`, an integer from `low` to `high` (a Python `int` or anything with
/// `__index__`, numpy's integers included), or the error naming the field.
fn number(value: &Bound<'_, PyAny>, field: &str, low: i64, high: i64) -> PyResult<i64> {
    let shown = || value.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string());
    let out_of_range =
        || PyValueError::new_err(format!("{field} {} is not from {low} to {high}", shown()));
    match value.extract::<i64>() {
        Ok(v) if (low..=high).contains(&v) => Ok(v),
        Ok(_) => Err(out_of_range()),
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyOverflowError>(value.py()) => {
            Err(out_of_range())
        }
        Err(_) => Err(PyTypeError::new_err(format!("{field} {} is not an integer", shown()))),
    }
}

/// Adds the classes to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<BinpackReader>()?;
    m.add_class::<BinpackWriter>()?;
    m.add_class::<BinpackRows>()?;
    m.add_class::<batches::BinpackBatches>()?;
    m.add_function(pyo3::wrap_pyfunction!(from_rows::binpack_write_rows, m)?)
}

fn open(path: &std::path::Path) -> PyResult<File> {
    File::open(path).map_err(|e| crate::errors::file_error(&e, path))
}

/// Reads a binpack's entries.
#[pyclass(module = "lerf._lerf")]
pub struct BinpackReader {
    /// The reader, and a fault met after some entries, raised on the next call.
    inner: Mutex<(Option<FileReader>, Option<String>)>,
}

#[pymethods]
impl BinpackReader {
    #[new]
    fn new(path: std::path::PathBuf) -> PyResult<BinpackReader> {
        let file = open(&path)?;
        let reader = Reader::new(BufReader::with_capacity(1 << 20, file));
        Ok(BinpackReader { inner: Mutex::new((Some(reader), None)) })
    }

    /// Up to `n` entries (none at the end); a damaged file raises `ValueError` naming the
    /// chunk and byte after the entries before the fault.
    fn next_batch(&self, py: Python<'_>, n: usize) -> PyResult<Vec<Row>> {
        let mut guard = self
            .inner
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the reader's lock is poisoned"))?;
        let (reader, pending) = &mut *guard;
        if let Some(message) = pending.take() {
            return Err(PyValueError::new_err(message));
        }
        let Some(reader) = reader.as_mut() else { return Ok(Vec::new()) };
        let (rows, fault) = py.detach(|| {
            let mut rows = Vec::with_capacity(n.min(1 << 16));
            for entry in reader.by_ref().take(n) {
                match entry {
                    Ok(e) => rows.push(row_of(&e)),
                    Err(e) => return (rows, Some(e)),
                }
            }
            (rows, None)
        });
        if let Some(e) = fault {
            guard.0 = None;
            if rows.is_empty() {
                return Err(PyValueError::new_err(e.to_string()));
            }
            // The entries before the fault now, the fault on the next call.
            guard.1 = Some(e.to_string());
        }
        Ok(rows)
    }
}

/// The entry as python-chess writes it: its FEN (X-FEN for Chess960) and the move's UCI.
fn row_of(e: &Entry) -> Row {
    let pos = Position::from(&e.board);
    let fen = if pos.is_chess960() { pos.to_xfen() } else { pos.to_fen() };
    (fen, pos.uci(e.mv).to_string(), e.score, e.ply, e.result, pos.is_chess960())
}

/// Writes entries to a binpack file.
#[pyclass(module = "lerf._lerf")]
pub struct BinpackWriter {
    inner: Mutex<Option<Writer<BufWriter<File>>>>,
}

#[pymethods]
impl BinpackWriter {
    #[new]
    #[pyo3(signature = (path, append=false))]
    fn new(path: std::path::PathBuf, append: bool) -> PyResult<BinpackWriter> {
        let out = output::binpack_output(&path, append)?;
        Ok(BinpackWriter { inner: Mutex::new(Some(Writer::new(out))) })
    }

    /// Writes `rows` (`(fen, uci, score, ply, result)`); `offset` numbers the first for
    /// messages. A bad row raises `ValueError` (`TypeError` for a field of the wrong type)
    /// naming it; the rows before it are written.
    fn write_many(
        &self,
        py: Python<'_>,
        rows: Vec<Bound<'_, PyAny>>,
        offset: usize,
    ) -> PyResult<()> {
        let mut guard = self
            .inner
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the writer's lock is poisoned"))?;
        let writer = guard.as_mut().ok_or_else(|| PyValueError::new_err("the writer is closed"))?;
        // With the GIL, each row's fields as the format holds them, up to a row that does not
        // fit it; then the rows before it written without the GIL, then its error raised.
        let mut taken = Vec::with_capacity(rows.len());
        let mut refused = None;
        for (i, row) in rows.iter().enumerate() {
            match in_row(row) {
                Ok(row) => taken.push(row),
                Err(e) => {
                    let message = format!("entry {}: {}", offset + i, e.value(py));
                    refused = Some(if e.is_instance_of::<PyTypeError>(py) {
                        PyTypeError::new_err(message)
                    } else {
                        PyValueError::new_err(message)
                    });
                    break;
                }
            }
        }
        py.detach(|| {
            for (i, (fen, uci, score, ply, result)) in taken.iter().enumerate() {
                let bad =
                    |why: String| PyValueError::new_err(format!("entry {}: {why}", offset + i));
                let pos = Position::from_fen(fen)
                    .or_else(|_| Position::from_fen_960(fen))
                    .map_err(|e| bad(format!("{e}: {fen:?}")))?;
                let mv = if uci == "0000" {
                    lerf_types::Move::NULL
                } else {
                    pos.parse_uci(uci).map_err(|e| bad(format!("{e}: {uci} in {fen}")))?
                };
                let entry = Entry {
                    board: Board::from(&pos),
                    mv,
                    score: *score,
                    ply: *ply,
                    result: *result,
                };
                writer.write(&entry).map_err(|e| bad(e.to_string()))?;
            }
            Ok::<(), PyErr>(())
        })?;
        refused.map_or(Ok(()), Err)
    }

    /// Writes the last chunk and closes the file.
    fn close(&self, py: Python<'_>) -> PyResult<()> {
        let mut guard = self
            .inner
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the writer's lock is poisoned"))?;
        if let Some(writer) = guard.take() {
            py.detach(|| writer.finish()).map_err(|e| PyOSError::new_err(e.to_string()))?;
        }
        Ok(())
    }
}

/// A binpack's entries as an Arrow stream (read once).
#[pyclass(module = "lerf._lerf")]
pub struct BinpackRows {
    rows: Mutex<Option<EntryRows>>,
}

#[pymethods]
impl BinpackRows {
    #[new]
    #[pyo3(signature = (path, batch_size=65536, threads=1))]
    fn new(path: std::path::PathBuf, batch_size: usize, threads: usize) -> PyResult<BinpackRows> {
        if threads == 0 {
            return Err(pyo3::exceptions::PyValueError::new_err("threads must be at least 1"));
        }
        let file = open(&path)?;
        Ok(BinpackRows {
            rows: Mutex::new(Some(EntryRows::new(
                BufReader::with_capacity(1 << 20, file),
                batch_size,
                threads,
            ))),
        })
    }

    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        crate::arrow_export::schema_capsule(py, entry_schema().as_ref())
    }

    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        crate::arrow_export::stream_capsule(py, &self.rows)
    }
}
