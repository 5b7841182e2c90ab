//! A Python visitor driven by the Rust reader, called as python-chess's `read_game` calls
//! it: the boards are Python objects (`lerf.Board`, or a variant's board class), pushed and
//! copied through their methods; `ValueError`s of `parse_san` and of setting the board up
//! go to the visitor's `handle_error`.

use lerf_pgn::tree::{Flow, GameVisitor, Headers, PlayBoard};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt};

use crate::board::board::Board;
use crate::pgn::headers::PyHeaders;

/// A board the visitor sees (one object per line of play, pushed in place).
pub struct PyBoard<'py>(pub Bound<'py, PyAny>);

impl<'py> PlayBoard for PyBoard<'py> {
    type Move = Bound<'py, PyAny>;
    type Error = PyErr;

    fn has_moves(&self) -> PyResult<bool> {
        self.0.getattr("move_stack")?.is_truthy()
    }

    fn before_last_move(&self) -> PyResult<PyBoard<'py>> {
        let copy = self.0.call_method0("copy")?;
        copy.call_method0("pop")?;
        Ok(PyBoard(copy))
    }

    fn push(&mut self, mv: &Bound<'py, PyAny>) -> PyResult<()> {
        self.0.call_method1("push", (mv,))?;
        Ok(())
    }
}

/// A Python visitor object, with what python-chess's reader keeps beside it.
pub struct PyVisitor<'py> {
    visitor: Bound<'py, PyAny>,
    skip: Bound<'py, PyAny>,
    managed: Option<Bound<'py, PyAny>>,
}

impl<'py> PyVisitor<'py> {
    /// Drives `visitor`; `module` is `lerf.pgn`.
    pub fn new(
        visitor: Bound<'py, PyAny>,
        module: &Bound<'py, PyModule>,
    ) -> PyResult<PyVisitor<'py>> {
        Ok(PyVisitor { visitor, skip: module.getattr("SKIP")?, managed: None })
    }

    fn call<A: pyo3::call::PyCallArgs<'py>>(
        &self,
        name: &str,
        args: A,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.visitor.call_method1(name, args)
    }

    fn flow(&self, answer: Bound<'py, PyAny>) -> Flow {
        if answer.is(&self.skip) { Flow::Skip } else { Flow::Continue }
    }

    /// Hands a `ValueError` to the visitor's `handle_error`; anything else stops the reading.
    fn recover(&self, error: PyErr) -> PyResult<()> {
        let py = self.visitor.py();
        if !error.is_instance_of::<PyValueError>(py) {
            return Err(error);
        }
        self.call("handle_error", (error.into_value(py),))?;
        Ok(())
    }

    fn setup_from(&self, headers: &Bound<'py, PyAny>) -> PyResult<Option<PyBoard<'py>>> {
        let py = headers.py();
        let variant = match headers.call_method0("variant") {
            Ok(class) => class,
            Err(e) => {
                self.recover(e)?;
                py.get_type::<Board>().into_any()
            }
        };
        let fen = headers.call_method1("get", ("FEN", variant.getattr("starting_fen")?))?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("chess960", headers.call_method0("is_chess960")?)?;
        let board = match variant.call((fen,), Some(&kwargs)) {
            Ok(board) => board,
            Err(e) => {
                self.recover(e)?;
                return Ok(None);
            }
        };
        let chess960 = board.getattr("chess960")?.is_truthy()?
            || board.call_method0("has_chess960_castling_rights")?.is_truthy()?;
        board.setattr("chess960", chess960)?;
        Ok(Some(PyBoard(board)))
    }
}

impl<'py> GameVisitor for PyVisitor<'py> {
    type Board = PyBoard<'py>;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn begin_game(&mut self) -> PyResult<Flow> {
        Ok(self.flow(self.call("begin_game", ())?))
    }

    fn begin_headers(&mut self) -> PyResult<bool> {
        let headers = self.call("begin_headers", ())?;
        let managed = headers.is_instance_of::<PyHeaders>();
        self.managed = managed.then_some(headers);
        Ok(managed)
    }

    fn visit_header(&mut self, name: &str, value: &str) -> PyResult<()> {
        self.call("visit_header", (name, value)).map(drop)
    }

    fn end_headers(&mut self) -> PyResult<Flow> {
        Ok(self.flow(self.call("end_headers", ())?))
    }

    fn setup(&mut self, headers: Option<&Headers>) -> PyResult<Option<PyBoard<'py>>> {
        let py = self.visitor.py();
        let headers = match (&self.managed, headers) {
            (Some(h), _) => h.clone(),
            (None, Some(h)) => PyHeaders::create(py, h.clone())?.into_any(),
            (None, None) => PyHeaders::create(py, Headers::empty())?.into_any(),
        };
        self.setup_from(&headers)
    }

    fn begin_parse_san(&mut self, board: &PyBoard<'py>, san: &str) -> PyResult<Flow> {
        Ok(self.flow(self.call("begin_parse_san", (&board.0, san))?))
    }

    fn parse_san(
        &mut self,
        board: &PyBoard<'py>,
        san: &str,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.call("parse_san", (&board.0, san)) {
            Ok(mv) => Ok(Some(mv)),
            Err(e) => self.recover(e).map(|()| None),
        }
    }

    fn visit_move(&mut self, board: &PyBoard<'py>, mv: &Bound<'py, PyAny>) -> PyResult<()> {
        self.call("visit_move", (&board.0, mv)).map(drop)
    }

    fn visit_board(&mut self, board: &PyBoard<'py>) -> PyResult<()> {
        self.call("visit_board", (&board.0,)).map(drop)
    }

    fn visit_comment(&mut self, comment: &str) -> PyResult<()> {
        self.call("visit_comment", (comment,)).map(drop)
    }

    fn visit_nag(&mut self, nag: i64, digits: &str) -> PyResult<()> {
        let py = self.visitor.py();
        let value = if nag == i64::MAX {
            py.get_type::<PyInt>().call1((digits,))?
        } else {
            nag.into_pyobject(py)?.into_any()
        };
        self.call("visit_nag", (value,)).map(drop)
    }

    fn begin_variation(&mut self) -> PyResult<Flow> {
        Ok(self.flow(self.call("begin_variation", ())?))
    }

    fn end_variation(&mut self) -> PyResult<()> {
        self.call("end_variation", ()).map(drop)
    }

    fn visit_result(&mut self, result: &str) -> PyResult<()> {
        self.call("visit_result", (result,)).map(drop)
    }

    fn end_game(&mut self) -> PyResult<()> {
        self.call("end_game", ()).map(drop)
    }

    fn result(&mut self) -> PyResult<Bound<'py, PyAny>> {
        self.call("result", ())
    }
}
