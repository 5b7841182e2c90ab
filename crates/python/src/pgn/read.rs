//! `read_game(handle, Visitor=...)`: lines come from the handle's `readline()` (so the
//! handle is left where python-chess leaves it), the reading is `lerf_pgn::tree`'s. The
//! default `GameBuilder`, `HeadersBuilder` and `SkipVisitor` are run in Rust; any other
//! visitor is called from Rust as python-chess calls it.

use lerf_pgn::tree::{BuildError, Flow, GameVisitor, Headers, ReadFailure, ReadIssue};
use lerf_rules::LooseGame;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyList, PyString};

use crate::errors::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError, build_error};
use crate::pgn::headers::{PyHeaders, pgn_module, setup_error};
use crate::pgn::lines::{RawError, RawLines, Skimmed};
use crate::pgn::nodes::Game;

/// One failure type for the reading: the handle's or the visitor's exception.
fn flatten<L: Into<PyErr>, V: Into<PyErr>>(failure: ReadFailure<L, V>) -> PyErr {
    match failure {
        ReadFailure::Lines(e) => e.into(),
        ReadFailure::Visitor(e) => e.into(),
    }
}

/// The exception object python-chess records for a reading issue.
pub fn issue_exception<'py>(py: Python<'py>, issue: &ReadIssue) -> PyResult<Bound<'py, PyAny>> {
    let err = match issue {
        ReadIssue::San { error, san, fen } => {
            let text = san;
            let san = PyString::new(py, san).repr()?.to_string();
            match issue.kind() {
                lerf_pgn::tree::ReadIssueKind::InvalidMove => InvalidMoveError::new_err(
                    crate::board::san_errors::invalid_message(py, error, text),
                ),
                lerf_pgn::tree::ReadIssueKind::AmbiguousMove => {
                    AmbiguousMoveError::new_err(format!("{error}: {san} in {fen}"))
                }
                _ if matches!(error, lerf_san::loose::LooseSanError::NoMatchingMove { .. }) => {
                    IllegalMoveError::new_err(format!("{error} in {fen}"))
                }
                _ => IllegalMoveError::new_err(format!("{error}: {san} in {fen}")),
            }
        }
        ReadIssue::Setup(e) => setup_error(e),
    };
    Ok(err.into_value(py).into_bound(py).into_any())
}

/// A game read by the native builder, as a `Game` object; its issues are logged and kept
/// in `errors` as python-chess's `GameBuilder.handle_error` does.
pub fn native_game<'py>(
    py: Python<'py>,
    read: lerf_pgn::tree::TreeRead,
) -> PyResult<Bound<'py, PyAny>> {
    let mut tree = read.tree;
    let headers = std::mem::replace(&mut tree.headers, Headers::empty());
    let errors = PyList::empty(py);
    let game = Game::create(py, tree, headers, errors.clone())?;
    if !read.issues.is_empty() {
        let logger = pgn_module(py)?.getattr("LOGGER")?;
        for issue in &read.issues {
            let error = issue_exception(py, issue)?;
            logger.call_method1("error", ("%s while parsing %r", &error, &game))?;
            errors.append(error)?;
        }
    }
    Ok(game.into_any())
}

/// Reads only the headers of a game, then passes over its movetext.
struct HeadersOnly {
    headers: Headers,
}

impl GameVisitor for HeadersOnly {
    type Board = LooseGame;
    type Output = Headers;
    type Error = BuildError;

    fn begin_headers(&mut self) -> Result<bool, BuildError> {
        self.headers = Headers::empty();
        Ok(true)
    }

    fn visit_header(&mut self, name: &str, value: &str) -> Result<(), BuildError> {
        let _ = self.headers.insert(name, value);
        Ok(())
    }

    fn end_headers(&mut self) -> Result<Flow, BuildError> {
        Ok(Flow::Skip)
    }

    fn setup(&mut self, _: Option<&Headers>) -> Result<Option<LooseGame>, BuildError> {
        Ok(None)
    }

    fn parse_san(
        &mut self,
        _: &LooseGame,
        _: &str,
    ) -> Result<Option<lerf_rules::LooseMove>, BuildError> {
        Ok(None)
    }

    fn result(&mut self) -> Result<Headers, BuildError> {
        Ok(std::mem::replace(&mut self.headers, Headers::empty()))
    }
}

/// Passes over a game.
struct SkipAll;

impl GameVisitor for SkipAll {
    type Board = LooseGame;
    type Output = ();
    type Error = BuildError;

    fn begin_game(&mut self) -> Result<Flow, BuildError> {
        Ok(Flow::Skip)
    }

    fn setup(&mut self, _: Option<&Headers>) -> Result<Option<LooseGame>, BuildError> {
        Ok(None)
    }

    fn parse_san(
        &mut self,
        _: &LooseGame,
        _: &str,
    ) -> Result<Option<lerf_rules::LooseMove>, BuildError> {
        Ok(None)
    }

    fn result(&mut self) -> Result<(), BuildError> {
        Ok(())
    }
}

/// Runs a Rust visitor over the handle's lines: in blocks where the handle takes it,
/// through `readline()` otherwise (or when the block reading gives the game back).
fn run<V: GameVisitor>(
    handle: &Bound<'_, PyAny>,
    visitor: &mut V,
    error: impl Fn(V::Error) -> PyErr,
) -> PyResult<Option<V::Output>> {
    if let Some(mut lines) = RawLines::open(handle)? {
        match lerf_pgn::tree::read_game(&mut lines, visitor) {
            Err(ReadFailure::Lines(RawError::Refused)) => lines.refuse()?,
            Err(ReadFailure::Lines(RawError::Py(e))) => return Err(e),
            Err(ReadFailure::Visitor(e)) => {
                lines.finish()?;
                return Err(error(e));
            }
            Ok(result) => {
                lines.finish()?;
                return Ok(result);
            }
        }
    }
    let mut lines = crate::pgn::lines::lines_of(handle)?;
    let result = lerf_pgn::tree::read_game(&mut lines, visitor).map_err(|f| match f {
        ReadFailure::Lines(e) => e,
        ReadFailure::Visitor(e) => error(e),
    });
    lines.finish()?;
    result
}

/// `read_headers` (`collect`) or `skip_game` on a file read in blocks: `Some(None)` at
/// the end, `None` when the file must be read through `readline()`.
fn skim(handle: &Bound<'_, PyAny>, collect: bool) -> PyResult<Option<Option<Headers>>> {
    let Some(mut lines) = RawLines::open(handle)? else { return Ok(None) };
    match lines.skim(collect)? {
        Skimmed::Game(headers) => {
            lines.finish()?;
            Ok(Some(Some(headers)))
        }
        Skimmed::End => {
            lines.finish()?;
            Ok(Some(None))
        }
        Skimmed::Refused => {
            lines.refuse()?;
            Ok(None)
        }
    }
}

/// Which of the default visitors a `Visitor` argument (or the visitor it made) is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Native {
    Game,
    Headers,
    Skip,
}

/// `lerf.pgn`'s `GameBuilder`, `HeadersBuilder` and `SkipVisitor` classes.
static DEFAULT_VISITORS: PyOnceLock<[Py<PyAny>; 3]> = PyOnceLock::new();

fn default_visitors(py: Python<'_>) -> PyResult<&[Py<PyAny>; 3]> {
    DEFAULT_VISITORS.get_or_try_init(py, || {
        let module = pgn_module(py)?;
        Ok([
            module.getattr("GameBuilder")?.unbind(),
            module.getattr("HeadersBuilder")?.unbind(),
            module.getattr("SkipVisitor")?.unbind(),
        ])
    })
}

/// The default visitor a class (or a visitor made by a factory) is, if it is one made of
/// lerf's own classes.
fn native_kind(visitor: &Bound<'_, PyAny>, made: bool) -> PyResult<Option<Native>> {
    let py = visitor.py();
    let [game, headers, skip] = default_visitors(py)?;
    let class = if made { visitor.get_type().into_any() } else { visitor.clone() };
    if class.is(game) {
        return Ok(
            (!made || visitor.getattr("Game")?.is(py.get_type::<Game>())).then_some(Native::Game)
        );
    }
    if class.is(headers) {
        let own = !made || visitor.getattr("Headers")?.is(py.get_type::<PyHeaders>());
        return Ok(own.then_some(Native::Headers));
    }
    Ok(class.is(skip).then_some(Native::Skip))
}

/// Reads one game with a default visitor run in Rust.
fn read_native<'py>(handle: &Bound<'py, PyAny>, kind: Native) -> PyResult<Bound<'py, PyAny>> {
    let py = handle.py();
    let none = || py.None().into_bound(py);
    let collect = kind == Native::Headers;
    if kind != Native::Game
        && let Some(skimmed) = skim(handle, collect)?
    {
        return Ok(match skimmed {
            None => none(),
            Some(headers) if collect => PyHeaders::create(py, headers)?.into_any(),
            Some(_) => PyBool::new(py, true).to_owned().into_any(),
        });
    }
    Ok(match kind {
        Native::Game => match run(handle, &mut crate::pgn::variant::GameReading::new(py), |e| e)? {
            Some(crate::pgn::variant::Built::Native(read)) => native_game(py, *read)?,
            Some(crate::pgn::variant::Built::Python(game)) => game,
            None => none(),
        },
        Native::Headers => {
            match run(handle, &mut HeadersOnly { headers: Headers::empty() }, build_error)? {
                Some(headers) => PyHeaders::create(py, headers)?.into_any(),
                None => none(),
            }
        }
        Native::Skip => match run(handle, &mut SkipAll, build_error)? {
            Some(()) => PyBool::new(py, true).to_owned().into_any(),
            None => none(),
        },
    })
}

/// Reads the next game of a file opened in text mode (or an `io.StringIO`) with
/// python-chess's rules; returns what the visitor made of it (a `Game` by default), or
/// `None` at the end. The handle is left after the game, where python-chess leaves it.
/// `GameBuilder`, `HeadersBuilder` and `SkipVisitor` run in Rust; any other visitor is
/// called as python-chess calls it.
#[pyfunction]
#[pyo3(signature = (handle, *, Visitor=None))]
#[allow(non_snake_case)]
pub fn read_game<'py>(
    handle: &Bound<'py, PyAny>,
    Visitor: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = handle.py();
    let Some(factory) = Visitor else { return read_native(handle, Native::Game) };
    if let Some(kind) = native_kind(factory, false)? {
        return read_native(handle, kind);
    }
    let visitor = factory.call0()?;
    if let Some(kind) = native_kind(&visitor, true)? {
        return read_native(handle, kind);
    }
    let mut adapter = crate::pgn::visit::PyVisitor::new(visitor, pgn_module(py)?)?;
    let mut lines = crate::pgn::lines::lines_of(handle)?;
    let result = lerf_pgn::tree::read_game(&mut lines, &mut adapter).map_err(flatten);
    lines.finish()?;
    Ok(result?.unwrap_or_else(|| py.None().into_bound(py)))
}

/// The headers of the next game, its movetext skipped (`None` at the end).
#[pyfunction]
pub fn read_headers<'py>(handle: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    read_native(handle, Native::Headers)
}

/// Skips the next game; `False` at the end.
#[pyfunction]
pub fn skip_game(handle: &Bound<'_, PyAny>) -> PyResult<bool> {
    read_native(handle, Native::Skip)?.is_truthy()
}
