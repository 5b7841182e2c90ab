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

/// `lerf.svg.board(**kwargs)`.
fn draw_board<'py>(py: Python<'py>, kwargs: &Bound<'py, PyDict>) -> PyResult<Bound<'py, PyAny>> {
    BOARD.import(py, "lerf.svg", "board")?.call((), Some(kwargs))
}

#[pymethods]
impl BaseBoard {
    /// The board as SVG, 400 pixels square (what a notebook shows).
    fn _repr_svg_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let kwargs = PyDict::new(py);
        kwargs.set_item("board", slf)?;
        kwargs.set_item("size", 400)?;
        draw_board(py, &kwargs)
    }
}

#[pymethods]
impl Board {
    /// The board as SVG, 390 pixels square, with the last move and a king in check marked.
    fn _repr_svg_<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let kwargs = PyDict::new(py);
        kwargs.set_item("board", slf)?;
        kwargs.set_item("size", 390)?;
        let any = slf.as_any();
        if any.getattr("move_stack")?.is_truthy()? {
            kwargs.set_item("lastmove", any.call_method0("peek")?)?;
        }
        if any.call_method0("is_check")?.is_truthy()? {
            kwargs.set_item("check", any.call_method1("king", (any.getattr("turn")?,))?)?;
        }
        draw_board(py, &kwargs)
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
        let py = slf.py();
        let kwargs = PyDict::new(py);
        kwargs.set_item("squares", slf)?;
        kwargs.set_item("size", 390)?;
        draw_board(py, &kwargs)
    }
}
