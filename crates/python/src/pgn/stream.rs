//! `lerf.pgn.read_games`: games streamed from a `.pgn` or `.pgn.zst` (a path or a binary
//! file object), read as python-chess's `read_game` reads a file opened with UTF-8
//! (undecodable bytes replaced) and universal newlines; each game is read with the GIL
//! released and handed over as a `Game`.

use lerf_pgn::tree::{ReadFailure, ReadLines, TreeBuilder, read_game};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use std::io::{BufReader, Read};
use std::sync::Mutex;

/// A binary file object read through its `read` method.
struct PyFile(Py<PyAny>);

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        Python::attach(|py| {
            let data = self
                .0
                .bind(py)
                .call_method1("read", (buf.len(),))
                .map_err(std::io::Error::other)?;
            let bytes = data.cast::<PyBytes>().map_err(|_| {
                std::io::Error::other(
                    "the file object's read() did not return bytes: open it in binary mode ('rb')",
                )
            })?;
            let bytes = bytes.as_bytes();
            let n = bytes.len().min(buf.len());
            buf[..n].copy_from_slice(&bytes[..n]);
            Ok(n)
        })
    }
}

/// The lines of a PGN source.
type SourceLines = ReadLines<BufReader<Box<dyn Read + Send>>>;

/// The games of a PGN source, one at a time.
#[pyclass(module = "lerf.pgn", name = "GameReader")]
pub struct GameReader {
    reader: Mutex<Option<(SourceLines, TreeBuilder)>>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let taken =
            self.reader.lock().map_err(|_| PyValueError::new_err("reader poisoned"))?.take();
        let Some((mut lines, mut builder)) = taken else { return Ok(None) };
        let (lines, builder, game) = py.detach(move || {
            let game = read_game(&mut lines, &mut builder);
            (lines, builder, game)
        });
        let read = match game {
            Ok(None) => return Ok(None),
            Err(ReadFailure::Lines(e)) => return Err(PyOSError::new_err(e.to_string())),
            Err(ReadFailure::Visitor(e)) => return Err(crate::errors::build_error(e)),
            Ok(Some(read)) => read,
        };
        *self.reader.lock().map_err(|_| PyValueError::new_err("reader poisoned"))? =
            Some((lines, builder));
        crate::pgn::read::native_game(py, read).map(Some)
    }
}

/// `read_games(source)`: `source` is a path (str or path-like) or a binary file object;
/// plain PGN or Zstandard, told by the first bytes.
#[pyfunction]
pub fn read_games(source: &Bound<'_, PyAny>) -> PyResult<GameReader> {
    let input = open_source(source)?;
    let lines = ReadLines::new(BufReader::with_capacity(1 << 16, input));
    Ok(GameReader { reader: Mutex::new(Some((lines, TreeBuilder::new()))) })
}

/// A source read through a Python file object, dropped with the GIL released. A Zstandard
/// source decompresses on a thread of its own, which takes the GIL to call the file object's
/// `read` and is joined when the source is dropped; Python drops a reader holding the GIL,
/// so a drop while that thread waited for the GIL hung for ever (a reader of a `.pgn.zst`
/// file object deleted after its first game).
struct DropsDetached(Option<Box<dyn Read + Send>>);

impl Read for DropsDetached {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.0.as_mut().map_or(Ok(0), |inner| inner.read(buf))
    }
}

impl Drop for DropsDetached {
    fn drop(&mut self) {
        if let Some(inner) = self.0.take() {
            // Without an interpreter to attach to, the closure is dropped unrun, and the
            // source with it.
            Python::try_attach(|py| py.detach(move || drop(inner)));
        }
    }
}

/// PGN bytes from a path or a binary file object, decompressed when Zstandard.
pub fn open_source(source: &Bound<'_, PyAny>) -> PyResult<Box<dyn Read + Send>> {
    if source.hasattr("read")? {
        let input = lerf_pgn::decompressed(PyFile(source.clone().unbind()))
            .map_err(|e| PyOSError::new_err(e.to_string()))?;
        Ok(Box::new(DropsDetached(Some(input))))
    } else {
        let path: std::path::PathBuf = source.extract()?;
        lerf_pgn::open(&path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
    }
}
