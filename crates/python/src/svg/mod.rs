//! python-chess's `chess.svg` (`lerf.svg`): the drawing is Python (`python/lerf/svg.py`,
//! string building measured faster than enough: see the package README); here are the
//! notebook hooks, `_repr_svg_` on `BaseBoard`, `Board`, `Piece` and `SquareSet`, which
//! call it with python-chess's arguments so that a value shows itself in Jupyter, VS Code
//! and anything else that renders IPython's rich output.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

use crate::board::base_board::BaseBoard;
use crate::board::board::Board;
use crate::board::moves::Piece;
use crate::board::squareset::SquareSet;

static BOARD: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static PIECE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The arguments of `lerf.svg.board` for one value (`board=` or `squares=`) at a size.
fn arguments<'py>(
    name: &str,
    value: &Bound<'py, PyAny>,
    size: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let kwargs = PyDict::new(value.py());
    kwargs.set_item(name, value)?;
    kwargs.set_item("size", size)?;
    Ok(kwargs)
}

/// `lerf.svg.board(**kwargs)`.
fn draw_board<'py>(py: Python<'py>, kwargs: &Bound<'py, PyDict>) -> PyResult<Bound<'py, PyAny>> {
    BOARD.import(py, "lerf.svg", "board")?.call((), Some(kwargs))
}

#[pymethods]
impl BaseBoard {
    /// The board as SVG, 400 pixels square (what a notebook shows).
    fn _repr_svg_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        draw_board(slf.py(), &arguments("board", slf.as_any(), 400)?)
    }
}

#[pymethods]
impl Board {
    /// The board as SVG, 390 pixels square, with the last move and a king in check marked.
    fn _repr_svg_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let any = slf.as_any();
        let kwargs = arguments("board", any, 390)?;
        if any.getattr("move_stack")?.is_truthy()? {
            kwargs.set_item("lastmove", any.call_method0("peek")?)?;
        }
        if any.call_method0("is_check")?.is_truthy()? {
            kwargs.set_item("check", any.call_method1("king", (any.getattr("turn")?,))?)?;
        }
        draw_board(slf.py(), &kwargs)
    }
}

#[pymethods]
impl Piece {
    /// The piece as SVG, 45 pixels square.
    fn _repr_svg_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        PIECE.import(slf.py(), "lerf.svg", "piece")?.call1((slf, 45))
    }
}

#[pymethods]
impl SquareSet {
    /// The squares marked on an empty board, 390 pixels square.
    fn _repr_svg_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        draw_board(slf.py(), &arguments("squares", slf.as_any(), 390)?)
    }
}
