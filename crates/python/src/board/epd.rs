//! EPD operations between Python and lerf-san: python-chess's `epd(**operations)`
//! arguments converted, the operands given back as Python values, the errors in
//! python-chess's words, and a variant's Python board as the position moves are read and
//! written in.

use lerf_rules::{LooseBoard, LooseGame, LooseMove};
use lerf_san::epd::{EpdError, EpdOperand, EpdPosition, OpcodeFault, Operation, opcode_fault};
use lerf_san::epd::{parse_epd_with, read_epd, write_operations, write_operations_in};
use pyo3::exceptions::{PyAssertionError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyBool, PyDict, PyFloat, PyInt, PyList, PyString};

use crate::board::board::{Board, base, nothing_to_move};
use crate::board::index_args::ask_drop_first;
use crate::board::moves::{Move, MoveData};
use crate::board::san_errors::san_error;
use crate::errors::py_repr as repr;
use crate::errors::{loose_fen_error, no_attribute};

/// The exception python-chess raises for an EPD it cannot read or write, in its words.
fn epd_error(py: Python<'_>, e: &EpdError) -> PyErr {
    match e {
        EpdError::Fen { fen, error } => loose_fen_error(error, fen),
        EpdError::San { text, error, board } => san_error(py, error, text, board),
        EpdError::Move(m, board) => nothing_to_move(*m, board),
        EpdError::Opcode(op, OpcodeFault::NotLetter) => PyValueError::new_err(format!(
            "expected epd opcode to start with a letter, got: {}",
            repr(py, op)
        )),
        EpdError::Opcode(op, OpcodeFault::Space(c)) => PyValueError::new_err(format!(
            "invalid character {} in epd opcode: {}",
            repr(py, c.encode_utf8(&mut [0; 4])),
            repr(py, op)
        )),
        EpdError::Int(text) => PyValueError::new_err(format!(
            "invalid literal for int() with base 10: {}",
            repr(py, text)
        )),
        EpdError::Float(text) => {
            PyValueError::new_err(format!("could not convert string to float: {}", repr(py, text)))
        }
        EpdError::NotFinite(op, text) => PyValueError::new_err(format!(
            "invalid numeric operand for epd operation {}: {}",
            repr(py, op),
            repr(py, text)
        )),
        // The empty opcode and the dash: no text of the caller's to quote.
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Whether `c` is a letter to Python's `str.isalpha` (which leaves out the letter numbers
/// such as `Ⅷ` and the combining marks that Rust's `char::is_alphabetic` counts).
fn python_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    Python::attach(|py| {
        let text = PyString::new(py, c.encode_utf8(&mut [0; 4]));
        text.call_method0("isalpha").and_then(|r| r.extract()).unwrap_or(false)
    })
}

/// A move of a `pv`, `am` or `bm` list: python-chess asks a false value for its origin,
/// anything else for its drop first, then its origin.
fn list_move(item: &Bound<'_, PyAny>) -> PyResult<LooseMove> {
    if let Ok(m) = item.extract::<MoveData>() {
        return Ok(m.to_loose());
    }
    ask_drop_first(item)?;
    if !item.hasattr("from_square")? {
        return Err(no_attribute(item, "from_square"));
    }
    Err(PyTypeError::new_err(format!("expected a Move in an epd move list, got: {}", item.repr()?)))
}

/// One operand of python-chess's `epd(**operations)`, converted: moves, numbers as Python
/// prints them, move lists for `pv`, `am` and `bm`, anything else as its text. On an
/// error in a list, `partial` holds its moves before the bad one, which python-chess
/// writes before it meets the error.
fn operand(
    opcode: &str,
    value: &Bound<'_, PyAny>,
    partial: &mut Option<EpdOperand>,
) -> PyResult<EpdOperand> {
    if let Some(fault) = opcode_fault(opcode, python_letter) {
        return Err(epd_error(value.py(), &EpdError::Opcode(opcode.to_string(), fault)));
    }
    Ok(if value.is_none() {
        EpdOperand::None
    } else if let Ok(m) = value.extract::<MoveData>() {
        EpdOperand::Move(m.to_loose())
    } else if value.is_instance_of::<PyBool>() || value.is_instance_of::<PyInt>() {
        EpdOperand::Number(value.str()?.to_string())
    } else if value.is_instance_of::<PyFloat>() {
        let x: f64 = value.extract()?;
        if !x.is_finite() {
            return Err(PyAssertionError::new_err(format!(
                "expected numeric epd operand to be finite, got: {}",
                value.repr()?
            )));
        }
        EpdOperand::Number(value.repr()?.to_string())
    } else if matches!(opcode, "pv" | "am" | "bm")
        && !value.is_instance_of::<PyString>()
        && value.hasattr("__iter__")?
    {
        let mut moves = Vec::new();
        for item in value.try_iter()? {
            match list_move(&item?) {
                Ok(m) => moves.push(m),
                Err(e) => {
                    *partial = Some(EpdOperand::Moves(moves));
                    return Err(e);
                }
            }
        }
        EpdOperand::Moves(moves)
    } else {
        EpdOperand::Text(value.str()?.to_string())
    })
}

/// The EPD operations python-chess's `epd(**operations)` takes, converted (see
/// [`operand`]). python-chess writes them in order: where one cannot be converted, an
/// error in writing those before it is the one raised.
fn operations(
    ops: &Bound<'_, PyDict>,
    write: &dyn Fn(&[Operation]) -> PyResult<String>,
) -> PyResult<Vec<Operation>> {
    let mut out = Vec::new();
    for (key, value) in ops.iter() {
        let opcode: String = key.extract()?;
        let mut partial = None;
        match operand(&opcode, &value, &mut partial) {
            Ok(operand) => out.push((opcode, operand)),
            Err(e) => {
                out.extend(partial.map(|moves| (opcode, moves)));
                return Err(write(&out).err().unwrap_or(e));
            }
        }
    }
    Ok(out)
}

/// The Python value of a parsed EPD operand.
fn operand_value<'py>(py: Python<'py>, operand: &EpdOperand) -> PyResult<Bound<'py, PyAny>> {
    Ok(match operand {
        EpdOperand::None => py.None().into_bound(py),
        EpdOperand::Text(t) | EpdOperand::Number(t) => PyString::new(py, t).into_any(),
        EpdOperand::BigInt(digits) => py.get_type::<PyInt>().call1((digits.as_str(),))?,
        EpdOperand::Int(n) => n.into_pyobject(py)?.into_any(),
        EpdOperand::Float(x) => x.into_pyobject(py)?.into_any(),
        EpdOperand::Move(m) => Move::shared_loose(*m, py).into_bound(py).into_any(),
        EpdOperand::Moves(ms) => {
            PyList::new(py, ms.iter().map(|&m| Move::shared_loose(m, py)))?.into_any()
        }
    })
}

/// The operations as python-chess's `set_epd` returns them.
fn operations_dict<'py>(py: Python<'py>, ops: &[Operation]) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (opcode, operand) in ops {
        dict.set_item(opcode, operand_value(py, operand)?)?;
    }
    Ok(dict)
}

/// Sets `slf`, a board of standard chess or Chess960, to an EPD's position and returns its
/// operations as a dict.
pub fn set_epd_on<'py>(slf: &Bound<'py, Board>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
    let py = slf.py();
    let chess960 = base(&slf.borrow()).board().chess960;
    let (board, ops) =
        parse_epd_with(epd, chess960, python_letter).map_err(|e| epd_error(py, &e))?;
    let mut inner = slf.borrow_mut();
    let base = inner.as_super();
    base.set_game(LooseGame::new(board));
    drop(inner);
    operations_dict(py, &ops)
}

/// Sets `slf`, a variant's board whose EPD has `count` fields, to an EPD's position and
/// returns its operations, as python-chess's variant boards read it: the moves read by a
/// board of `slf`'s class made from the fields (`type(self)(fields + " 0 1")`), the
/// position set by `slf.set_fen` (the variant's own).
pub fn set_variant_epd<'py>(
    slf: &Bound<'py, PyAny>,
    epd: &str,
    count: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let class = slf.get_type();
    let mut make = |fen: String| class.call1((fen,)).map(PyBoard).map_err(PyEpdError);
    let (fen, ops) = read_epd(epd, count, python_letter, &mut make).map_err(|e| e.0)?;
    slf.call_method1("set_fen", (fen,))?;
    operations_dict(slf.py(), &ops)
}

/// The text of python-chess's `epd(**operations)` after the fields of `slf`'s EPD: moves
/// in SAN of the standard board `board`, or of the variant board `slf` (its own `san`,
/// played with `push`); `None` without operations.
pub fn write_epd_operations(
    slf: &Bound<'_, PyAny>,
    board: &LooseBoard,
    variant: bool,
    operations: Option<&Bound<'_, PyDict>>,
) -> PyResult<Option<String>> {
    let py = slf.py();
    let Some(operations) = operations else { return Ok(None) };
    let write = |ops: &[Operation]| -> PyResult<String> {
        if variant {
            write_operations_in(&PyBoard(slf.clone()), ops).map_err(|e| e.0)
        } else {
            write_operations(board, ops).map_err(|e| epd_error(py, &e))
        }
    };
    let ops = self::operations(operations, &write)?;
    if ops.is_empty() {
        return Ok(None);
    }
    write(&ops).map(Some)
}

/// A Python exception where lerf-san's EPD code wants its position's error.
struct PyEpdError(PyErr);

impl From<EpdError> for PyEpdError {
    fn from(e: EpdError) -> PyEpdError {
        PyEpdError(Python::attach(|py| epd_error(py, &e)))
    }
}

/// A Python board (a variant's) as the position EPD moves are read and written in: its own
/// `parse_xboard`, `san`, `copy` and `push`, as python-chess calls them.
struct PyBoard<'py>(Bound<'py, PyAny>);

impl PyBoard<'_> {
    fn py_move(&self, m: LooseMove) -> Py<Move> {
        Move::shared_loose(m, self.0.py())
    }
}

impl EpdPosition for PyBoard<'_> {
    type Error = PyEpdError;

    fn read_move(&self, text: &str) -> Result<LooseMove, PyEpdError> {
        let m = self.0.call_method1("parse_xboard", (text,)).map_err(PyEpdError)?;
        Ok(m.extract::<MoveData>().map_err(PyEpdError)?.to_loose())
    }

    fn write_move(&self, m: LooseMove) -> Result<String, PyEpdError> {
        let san = self.0.call_method1("san", (self.py_move(m),)).map_err(PyEpdError)?;
        san.extract().map_err(PyEpdError)
    }

    fn after(&self, m: LooseMove) -> Result<Self, PyEpdError> {
        let board = self.0.call_method0("copy").map_err(PyEpdError)?;
        board.call_method1("push", (self.py_move(m),)).map_err(PyEpdError)?;
        Ok(PyBoard(board))
    }

    fn as_set_up(&self) -> Result<Self, PyEpdError> {
        let kwargs = [("stack", false)].into_py_dict(self.0.py()).map_err(PyEpdError)?;
        self.0.call_method("copy", (), Some(&kwargs)).map(PyBoard).map_err(PyEpdError)
    }
}
