//! `lerf.pgn.read_games`: games streamed from a `.pgn` or `.pgn.zst` (a path or a binary
//! file object), read as python-chess reads them, each read with the GIL released.

use lerf_pgn::{GameResult, PgnError, RawTag, Reader, ReplayError, Skip, Visitor};
use lerf_position::Position;
use lerf_san::parse_san_bytes;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use std::io::Read;
use std::sync::Mutex;

use crate::board::Board;
use crate::errors::{
    AmbiguousMoveError, IllegalMoveError, InvalidMoveError, move_of, parse_position,
};
use crate::moves::{Move, MoveData};
use lerf_position::loose::{LooseBoard, LooseGame};

/// A game as read: python-chess's headers, its start, its mainline, what went wrong.
#[pyclass(module = "lerf.pgn", name = "Game", frozen)]
pub struct Game {
    headers: Vec<(String, String)>,
    start: LooseBoard,
    moves: Vec<MoveData>,
    errors: Vec<(ErrorClass, String)>,
}

#[derive(Clone, Copy)]
enum ErrorClass {
    Illegal,
    Ambiguous,
    Invalid,
    Value,
}

#[pymethods]
impl Game {
    /// The tags, as python-chess's `Game.headers` holds them: the seven-tag roster first
    /// (with `?` defaults), then the others in file order, `Result` from the movetext when
    /// the tag is missing or `*`.
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (name, value) in &self.headers {
            dict.set_item(name, value)?;
        }
        Ok(dict)
    }

    /// The start position (from the `FEN` tag where there is one).
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, Board>> {
        Board::create(py, LooseGame::new(self.start))
    }

    /// The mainline's moves.
    fn mainline_moves(&self, py: Python<'_>) -> Vec<Py<Move>> {
        self.moves.iter().map(|m| m.shared(py)).collect()
    }

    /// What was recovered from, as python-chess records it in `Game.errors`: exception
    /// instances (`IllegalMoveError`, `AmbiguousMoveError`, `InvalidMoveError`,
    /// `ValueError` for a bad `FEN` tag).
    #[getter]
    fn errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for (class, message) in &self.errors {
            let error = match class {
                ErrorClass::Illegal => IllegalMoveError::new_err(message.clone()),
                ErrorClass::Ambiguous => AmbiguousMoveError::new_err(message.clone()),
                ErrorClass::Invalid => InvalidMoveError::new_err(message.clone()),
                ErrorClass::Value => PyValueError::new_err(message.clone()),
            };
            list.append(error.value(py))?;
        }
        Ok(list)
    }

    fn __repr__(&self) -> String {
        let tag = |name: &str| {
            self.headers.iter().find(|(n, _)| n == name).map_or("?", |(_, v)| v.as_str())
        };
        format!("<Game ({:?} vs. {:?}, {} moves)>", tag("White"), tag("Black"), self.moves.len())
    }
}

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

/// The games of a PGN source, one at a time.
#[pyclass(module = "lerf.pgn", name = "GameReader")]
pub struct GameReader {
    reader: Mutex<Option<Reader<Box<dyn Read + Send>>>>,
}

#[pymethods]
impl GameReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Game>> {
        let taken =
            self.reader.lock().map_err(|_| PyValueError::new_err("reader poisoned"))?.take();
        let Some(mut reader) = taken else { return Ok(None) };
        let (reader, game) = py.detach(move || {
            let game = reader.read_game(&mut Collector::new());
            (reader, game)
        });
        let read = match game {
            None => return Ok(None),
            Some(Err(e)) => return Err(PyOSError::new_err(e.to_string())),
            Some(Ok(read)) => read,
        };
        *self.reader.lock().map_err(|_| PyValueError::new_err("reader poisoned"))? = Some(reader);
        Ok(Some(read))
    }
}

/// `read_games(source)`: `source` is a path (str or path-like) or a binary file object;
/// plain PGN or Zstandard, told by the first bytes.
#[pyfunction]
pub fn read_games(source: &Bound<'_, PyAny>) -> PyResult<GameReader> {
    let input = open_source(source)?;
    Ok(GameReader { reader: Mutex::new(Some(Reader::new(input))) })
}

/// PGN bytes from a path or a binary file object, decompressed when Zstandard.
pub fn open_source(source: &Bound<'_, PyAny>) -> PyResult<Box<dyn Read + Send>> {
    if source.hasattr("read")? {
        lerf_pgn::decompressed(PyFile(source.clone().unbind()))
            .map_err(|e| PyOSError::new_err(e.to_string()))
    } else {
        let path: std::path::PathBuf = source.extract()?;
        lerf_pgn::open(&path).map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
    }
}

/// Plays the mainline (and variations, which python-chess also reads for errors) and keeps
/// what `Game` shows.
struct Collector {
    headers: Vec<(String, String)>,
    fen: Option<String>,
    chess960: bool,
    pos: Position,
    start: Option<LooseBoard>,
    saved: Vec<Position>,
    moves: Vec<MoveData>,
    errors: Vec<(ErrorClass, String)>,
    result: Option<GameResult>,
}

impl Collector {
    fn new() -> Collector {
        Collector {
            headers: lerf_pgn::SEVEN_TAG_ROSTER
                .iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect(),
            fen: None,
            chess960: false,
            pos: Position::startpos(),
            start: None,
            saved: Vec::new(),
            moves: Vec::new(),
            errors: Vec::new(),
            result: None,
        }
    }
}

impl Visitor for Collector {
    type Output = Game;
    type Error = ReplayError;

    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ReplayError> {
        let (name, value) = (
            String::from_utf8_lossy(name).into_owned(),
            String::from_utf8_lossy(value.0).into_owned(),
        );
        match name.as_str() {
            "FEN" => self.fen = Some(value.clone()),
            "Variant" => match lerf_pgn::variant_kind(&value) {
                lerf_pgn::VariantKind::Chess960 => self.chess960 = true,
                lerf_pgn::VariantKind::Standard => self.chess960 = false,
                // python-chess records the name and plays standard chess; a variant it
                // plays and lerf does not is recorded too (its moves may then not play).
                lerf_pgn::VariantKind::Unknown | lerf_pgn::VariantKind::Other => {
                    self.chess960 = false;
                    self.errors.push((ErrorClass::Value, format!("unsupported variant: {value}")));
                }
            },
            _ => {}
        }
        match self.headers.iter_mut().find(|(n, _)| *n == name) {
            Some(entry) => entry.1 = value,
            None => self.headers.push((name, value)),
        }
        Ok(())
    }

    fn begin_movetext(&mut self) -> Result<Skip, ReplayError> {
        let board = match &self.fen {
            None => Ok((Position::startpos(), LooseBoard::startpos())),
            Some(fen) => parse_position(fen, self.chess960).map(|pos| {
                let chess960 = pos.is_chess960();
                let start = LooseBoard::from_fen(fen, chess960).unwrap_or_default();
                (pos, start)
            }),
        };
        match board {
            Ok((pos, start)) => {
                self.pos = pos;
                self.start = Some(start);
                Ok(Skip(false))
            }
            Err(e) => {
                let message = Python::attach(|py| e.value(py).to_string());
                self.errors.push((ErrorClass::Value, message));
                Ok(Skip(true))
            }
        }
    }

    fn san(&mut self, text: &[u8]) -> Result<(), ReplayError> {
        let m = parse_san_bytes(&self.pos, text).map_err(ReplayError::San)?;
        if self.saved.is_empty() {
            self.moves.push(move_of(&self.pos, m));
        }
        if m == lerf_types::Move::NULL {
            if self.pos.in_check() {
                return Err(ReplayError::NullMoveInCheck);
            }
            self.pos.do_null_move();
        } else {
            self.pos.do_move(m);
        }
        Ok(())
    }

    fn begin_variation(&mut self) -> Result<Skip, ReplayError> {
        let mut start = self.pos.clone();
        match start.last_move() {
            Some(lerf_types::Move::NULL) => start.undo_null_move(),
            Some(m) => start.undo_move(m),
            None => return Ok(Skip(true)),
        }
        self.saved.push(std::mem::replace(&mut self.pos, start));
        Ok(Skip(false))
    }

    fn end_variation(&mut self) -> Result<(), ReplayError> {
        if let Some(pos) = self.saved.pop() {
            self.pos = pos;
        }
        Ok(())
    }

    fn result(&mut self, result: GameResult) -> Result<(), ReplayError> {
        self.result = Some(result);
        Ok(())
    }

    fn error(&mut self, error: PgnError<ReplayError>) {
        let message = format!("{} (line {}, column {})", error.kind, error.line, error.column);
        let class = match &error.kind {
            lerf_pgn::PgnErrorKind::Visitor(ReplayError::San(e)) => match e.kind {
                lerf_san::SanErrorKind::Ambiguous => ErrorClass::Ambiguous,
                lerf_san::SanErrorKind::Syntax | lerf_san::SanErrorKind::UnknownPiece(_) => {
                    ErrorClass::Invalid
                }
                _ => ErrorClass::Illegal,
            },
            lerf_pgn::PgnErrorKind::ResultInVariation => ErrorClass::Invalid,
            kind if kind.is_python_chess_error() => ErrorClass::Illegal,
            _ => return,
        };
        self.errors.push((class, message));
    }

    fn end_game(&mut self) -> Game {
        let mut done = std::mem::replace(self, Collector::new());
        if let Some(result) = done.result {
            let entry = done.headers.iter_mut().find(|(n, _)| n == "Result");
            if let Some(entry) = entry.filter(|e| e.1 == "*") {
                entry.1 = result.to_string();
            }
        }
        let start = done.start.unwrap_or_else(LooseBoard::startpos);
        Game { headers: done.headers, start, moves: done.moves, errors: done.errors }
    }
}
