//! `Board.push` and `Board.pop` as CPython methods of the plainest kinds, installed on
//! the class after PyO3 makes it: `push` takes its one argument by `METH_FASTCALL` with a
//! path for the usual single positional argument, `pop` is `METH_NOARGS`.
//!
//! The pair runs once per node of every search or replay a Python program writes; PyO3's
//! general method glue (its argument parser, type check and thread-local bookkeeping)
//! cost about 120 instructions more a pair (callgrind, a Python perft loop). What these
//! functions do is what PyO3
//! does for one argument: a panic becomes a Python exception, the board is borrowed
//! through PyO3's checker, errors are raised as Python exceptions.

use core::ffi::{CStr, c_int};
use core::ptr;
use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};

use crate::board::board::Board;
use crate::board::moves::MoveData;

const PUSH_DOC: &CStr = c"push($self, move)\n--\n\nPlays a pseudo-legal or null move \
(IllegalMoveError for anything else, the board unchanged).";
const POP_DOC: &CStr =
    c"pop($self)\n--\n\nTakes back the last move and returns it (IndexError when there is none).";

/// Runs the body of a C function CPython calls (`name` is what the user called, for the
/// message of a panic): the result as a new reference, or null with the error set (a panic
/// raised as a Python `ValueError` rather than unwinding into the interpreter).
pub(crate) fn run(
    name: &str,
    body: impl FnOnce(Python<'_>) -> PyResult<*mut ffi::PyObject>,
) -> *mut ffi::PyObject {
    // SAFETY: CPython calls a method's or a type's C function on a thread attached to the
    // interpreter, which holds it for the whole call.
    let py = unsafe { Python::assume_attached() };
    match catch_unwind(AssertUnwindSafe(|| body(py))) {
        Ok(Ok(result)) => result,
        Ok(Err(error)) => {
            error.restore(py);
            ptr::null_mut()
        }
        Err(_) => {
            PyValueError::new_err(format!("lerf: internal error in {name}")).restore(py);
            ptr::null_mut()
        }
    }
}

/// The one argument of `push(move)`, given by position or as `move=`.
///
/// # Safety
///
/// `args`, `nargs` and `kwnames` are what CPython passed to a `METH_FASTCALL |
/// METH_KEYWORDS` function.
unsafe fn move_argument<'py>(
    py: Python<'py>,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> PyResult<Borrowed<'py, 'py, PyAny>> {
    let positional = usize::try_from(nargs).unwrap_or(0);
    let keywords = if kwnames.is_null() {
        None
    } else {
        // SAFETY: a non-null `kwnames` is a tuple of the keyword names.
        Some(unsafe { Borrowed::from_ptr(py, kwnames) }.cast::<PyTuple>()?.to_owned())
    };
    let named = keywords.as_ref().map_or(0, |k| k.len());
    if positional + named == 1 {
        if let Some(keywords) = &keywords {
            let name = keywords.get_item(0)?;
            if name.cast::<PyString>()?.to_str()? != "move" {
                return Err(PyTypeError::new_err(format!(
                    "Board.push() got an unexpected keyword argument '{name}'"
                )));
            }
        }
        // SAFETY: CPython passes `positional + named` arguments in `args`, alive for the
        // call.
        return Ok(unsafe { Borrowed::from_ptr(py, *args) });
    }
    Err(PyTypeError::new_err(if positional + named == 0 {
        "Board.push() missing 1 required positional argument: 'move'".to_string()
    } else {
        format!(
            "Board.push() takes 2 positional arguments but {} were given",
            positional + named + 1
        )
    }))
}

unsafe extern "C" fn push(
    slf: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargs: ffi::Py_ssize_t,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    run("Board.push", |py| {
        // SAFETY: CPython passes the live object the method is called on.
        let slf = unsafe { Borrowed::from_ptr(py, slf) };
        // SAFETY: the arguments as CPython passed them.
        let r#move = unsafe { move_argument(py, args, nargs, kwnames) }?;
        let m: MoveData = r#move.extract()?;
        // SAFETY: a method descriptor calls its function only on an instance of its class.
        let board = unsafe { slf.cast_unchecked::<Board>() };
        Board::push_move(board.try_borrow_mut()?, m)?;
        Ok(py.None().into_ptr())
    })
}

unsafe extern "C" fn pop(slf: *mut ffi::PyObject, _: *mut ffi::PyObject) -> *mut ffi::PyObject {
    run("Board.pop", |py| {
        // SAFETY: CPython passes the live object the method is called on.
        let slf = unsafe { Borrowed::from_ptr(py, slf) };
        // SAFETY: a method descriptor calls its function only on an instance of its class.
        let board = unsafe { slf.cast_unchecked::<Board>() };
        Ok(Board::pop_move(board.try_borrow_mut()?)?.into_ptr())
    })
}

/// Installs `push` and `pop` on `Board` (its class, made by PyO3).
pub fn install(board: &Bound<'_, PyType>) -> PyResult<()> {
    let py = board.py();
    let methods: [(&'static CStr, ffi::PyMethodDefPointer, c_int, &'static CStr); 2] = [
        (
            c"push",
            ffi::PyMethodDefPointer { PyCFunctionFastWithKeywords: push },
            ffi::METH_FASTCALL | ffi::METH_KEYWORDS,
            PUSH_DOC,
        ),
        (c"pop", ffi::PyMethodDefPointer { PyCFunction: pop }, ffi::METH_NOARGS, POP_DOC),
    ];
    for (name, meth, flags, doc) in methods {
        // A method's definition must outlive its descriptor, which lives as long as the
        // class: one small leak per interpreter that imports lerf.
        let def = Box::leak(Box::new(ffi::PyMethodDef {
            ml_name: name.as_ptr(),
            ml_meth: meth,
            ml_flags: flags,
            ml_doc: doc.as_ptr(),
        }));
        // SAFETY: `board` is a live type object and `def` a method definition that lives
        // for the rest of the process.
        let descriptor = unsafe {
            Bound::from_owned_ptr_or_err(py, ffi::PyDescr_NewMethod(board.as_type_ptr(), def))
        }?;
        board.setattr(name.to_str().unwrap_or_default(), descriptor)?;
    }
    Ok(())
}
