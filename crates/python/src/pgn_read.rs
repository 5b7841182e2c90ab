//! `read_game(handle, Visitor=...)`: lines come from the handle's `readline()` (so the
//! handle is left where python-chess leaves it), the reading is `lerf_pgn::tree`'s. The
//! default `GameBuilder`, `HeadersBuilder` and `SkipVisitor` are run in Rust; any other
//! visitor is called from Rust as python-chess calls it.

use lerf_pgn::tree::{BuildError, Flow, GameVisitor, Headers, ReadFailure, ReadIssue, read_game};
use lerf_position::loose::LooseGame;
use pyo3::exceptions::{PyAssertionError, PyIndexError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use crate::errors::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};
use crate::pgn_headers::{PyHeaders, pgn_module, setup_error};
use crate::pgn_nodes::Game;

/// One failure type for the reading: the handle's or the visitor's exception.
fn flatten<L: Into<PyErr>, V: Into<PyErr>>(failure: ReadFailure<L, V>) -> PyErr {
    match failure {
        ReadFailure::Lines(e) => e.into(),
        ReadFailure::Visitor(e) => e.into(),
    }
}

/// The exception python-chess's `GameBuilder` raises where its variation stack runs out.
pub fn build_error(e: BuildError) -> PyErr {
    match e {
        BuildError::VariationAtRoot => PyAssertionError::new_err(e.to_string()),
        _ => PyIndexError::new_err(e.to_string()),
    }
}

/// The exception object python-chess records for a reading issue.
pub fn issue_exception<'py>(py: Python<'py>, issue: &ReadIssue) -> PyResult<Bound<'py, PyAny>> {
    let err = match issue {
        ReadIssue::San { error, san, fen } => {
            let san = PyString::new(py, san).repr()?.to_string();
            match issue.kind() {
                lerf_pgn::tree::ReadIssueKind::InvalidMove => {
                    InvalidMoveError::new_err(format!("{error}: {san}"))
                }
                lerf_pgn::tree::ReadIssueKind::AmbiguousMove => {
                    AmbiguousMoveError::new_err(format!("{error}: {san} in {fen}"))
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
    ) -> Result<Option<lerf_position::loose::LooseMove>, BuildError> {
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
    ) -> Result<Option<lerf_position::loose::LooseMove>, BuildError> {
        Ok(None)
    }

    fn result(&mut self) -> Result<(), BuildError> {
        Ok(())
    }
}

/// Runs a Rust visitor over the handle's lines.
fn run<V: GameVisitor<Error = BuildError>>(
    handle: &Bound<'_, PyAny>,
    visitor: &mut V,
) -> PyResult<Option<V::Output>> {
    let mut lines = crate::pgn_lines::lines_of(handle)?;
    let result = read_game(&mut lines, visitor).map_err(|f| match f {
        ReadFailure::Lines(e) => e,
        ReadFailure::Visitor(e) => build_error(e),
    });
    lines.finish()?;
    result
}

/// Which of the default visitors a `Visitor` argument (or the visitor it made) is.
enum Native {
    Game,
    Headers,
    Skip,
}

fn native_kind(
    module: &Bound<'_, PyModule>,
    visitor: &Bound<'_, PyAny>,
) -> PyResult<Option<Native>> {
    let py = module.py();
    let class = visitor.get_type();
    if class.is(module.getattr("GameBuilder")?) {
        return Ok(visitor.getattr("Game")?.is(py.get_type::<Game>()).then_some(Native::Game));
    }
    if class.is(module.getattr("HeadersBuilder")?) {
        return Ok(visitor
            .getattr("Headers")?
            .is(py.get_type::<PyHeaders>())
            .then_some(Native::Headers));
    }
    if class.is(module.getattr("SkipVisitor")?) {
        return Ok(Some(Native::Skip));
    }
    Ok(None)
}

/// python-chess's `read_game(handle, Visitor=...)`.
#[pyfunction]
#[pyo3(signature = (handle, visitor_factory))]
pub fn read_game_from<'py>(
    handle: &Bound<'py, PyAny>,
    visitor_factory: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = handle.py();
    let module = pgn_module(py)?;
    let none = || py.None().into_bound(py);
    let visitor = if visitor_factory.is(module.getattr("GameBuilder")?) {
        None
    } else {
        Some(visitor_factory.call0()?)
    };
    let kind = match &visitor {
        None => Some(Native::Game),
        Some(v) => native_kind(module, v)?,
    };
    match kind {
        Some(Native::Game) => {
            let mut reading = crate::pgn_variant::GameReading::new(py);
            let mut lines = crate::pgn_lines::lines_of(handle)?;
            let result = read_game(&mut lines, &mut reading).map_err(flatten);
            lines.finish()?;
            Ok(match result? {
                Some(crate::pgn_variant::Built::Native(read)) => native_game(py, *read)?,
                Some(crate::pgn_variant::Built::Python(game)) => game,
                None => none(),
            })
        }
        Some(Native::Headers) => {
            let mut visitor = HeadersOnly { headers: Headers::empty() };
            Ok(match run(handle, &mut visitor)? {
                Some(headers) => PyHeaders::create(py, headers)?.into_any(),
                None => none(),
            })
        }
        Some(Native::Skip) => Ok(match run(handle, &mut SkipAll)? {
            Some(()) => pyo3::types::PyBool::new(py, true).to_owned().into_any(),
            None => none(),
        }),
        None => {
            let visitor = visitor.expect("a visitor was made");
            let mut adapter = crate::pgn_visit::PyVisitor::new(visitor, module)?;
            let mut lines = crate::pgn_lines::lines_of(handle)?;
            let result = read_game(&mut lines, &mut adapter).map_err(flatten);
            lines.finish()?;
            Ok(result?.unwrap_or_else(none))
        }
    }
}
