//! `Board(fen)` by CPython's fast call protocol: the class `Board` gets a `tp_vectorcall`
//! that makes a board of the class itself straight from the call's arguments, for the
//! calls data tools make by the million (`Board()`, `Board(fen)`).
//!
//! Without it a call of the class goes through `type.__call__`: the arguments packed into
//! a tuple, PyO3's `__new__` glue (argument parsing, thread-local bookkeeping), then
//! `__init__` called with the same tuple through PyO3's glue again, for nothing. callgrind
//! counted that machinery at about 600 instructions of `Board(fen)`'s 2,970 (CPython 3.13,
//! 2,000 FENs of the peers bench).
//!
//! Any other call (keywords, `None`, two arguments, a subclass, or any call once a program
//! has assigned `Board.__new__` or `Board.__init__`) goes to `type.__call__` as before, so
//! every behaviour and error message is PyO3's `__new__` and `__init__`'s, or the
//! program's.
//!
//! The stable ABI that the wheel is built for does not expose the type object's fields.
//! The slot is at the same place in every CPython the wheel runs on (3.10 to 3.14, the
//! default build), and [`install`] writes it only after reading the fields around it and
//! finding exactly what `PyType_GetSlot` and the class's attributes say is there; on any
//! other layout (a free-threaded or debug build, a future CPython) it installs nothing and
//! `Board(fen)` takes the general path.

use core::ffi::c_void;
use core::ptr;

use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

use crate::board::board::{Board, STARTING_FEN, game_of_fen};
use crate::board::plain_methods::run;

/// CPython's `vectorcallfunc`.
type VectorCall = unsafe extern "C" fn(
    *mut ffi::PyObject,
    *const *mut ffi::PyObject,
    usize,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// `type.__call__` (`tp_call` of `type`), which the general calls go to; set by
/// [`install`] before the fast path can be reached.
static TYPE_CALL: std::sync::OnceLock<ffi::ternaryfunc> = std::sync::OnceLock::new();

/// The class's `tp_new` and `tp_init` when [`install`] ran: a program that assigns
/// `Board.__new__` or `Board.__init__` changes them, and its calls then take the general
/// path, which calls what it assigned.
static SLOTS: std::sync::OnceLock<[usize; 2]> = std::sync::OnceLock::new();

/// The class's `tp_new` and `tp_init` now.
///
/// # Safety
///
/// `board` is the class `Board`, on which [`install`] found the expected layout.
unsafe fn new_and_init(board: *mut ffi::PyObject) -> [usize; 2] {
    let fields = board.cast::<usize>();
    // SAFETY: the layout `install` checked (the caller's promise); reads only.
    unsafe { [fields.add(field::NEW).read(), fields.add(field::INIT).read()] }
}

/// Indexes of the type object's pointer-sized fields (CPython 3.10-3.14, default build):
/// the ones [`install`] checks, and `tp_vectorcall`, the one it writes.
mod field {
    pub const DEALLOC: usize = 6;
    pub const FLAGS: usize = 21;
    pub const TRAVERSE: usize = 23;
    pub const INIT: usize = 37;
    pub const ALLOC: usize = 38;
    pub const NEW: usize = 39;
    pub const FREE: usize = 40;
    pub const BASES: usize = 42;
    pub const MRO: usize = 43;
    pub const VECTORCALL: usize = 50;
}

/// The calls the fast path takes: no keyword, and no argument or one `str`.
///
/// # Safety
///
/// What CPython passes to a `vectorcallfunc`.
unsafe fn fast_fen<'py>(
    py: Python<'py>,
    args: *const *mut ffi::PyObject,
    nargsf: usize,
    kwnames: *mut ffi::PyObject,
) -> Option<Option<Borrowed<'py, 'py, PyString>>> {
    // SAFETY: a non-null `kwnames` is a tuple (CPython's promise).
    if !kwnames.is_null() && unsafe { ffi::PyTuple_Size(kwnames) } != 0 {
        return None;
    }
    // The flag CPython may set in the count's top bit (`PY_VECTORCALL_ARGUMENTS_OFFSET`).
    match nargsf & !(1usize << (usize::BITS - 1)) {
        0 => Some(None),
        // SAFETY: one positional argument, alive for the call.
        1 => unsafe { Borrowed::from_ptr(py, *args) }.cast::<PyString>().ok().map(Some),
        _ => None,
    }
}

/// The class's `tp_vectorcall`.
unsafe extern "C" fn construct(
    callable: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargsf: usize,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    run("Board()", |py| {
        // SAFETY: `callable` is the class whose layout `install` checked once `is_board`.
        let is_board = ptr::eq(callable, py.get_type::<Board>().as_ptr())
            && SLOTS.get() == Some(&unsafe { new_and_init(callable) });
        // SAFETY: the arguments as CPython passed them.
        if let (true, Some(fen)) = (is_board, unsafe { fast_fen(py, args, nargsf, kwnames) }) {
            let game = match fen {
                None => game_of_fen(Some(STARTING_FEN), false)?,
                Some(fen) => game_of_fen(Some(fen.to_str()?), false)?,
            };
            return Ok(Board::create(py, game)?.into_ptr());
        }
        // SAFETY: the arguments as CPython passed them.
        unsafe { general_call(py, callable, args, nargsf, kwnames) }
    })
}

/// The call as `type.__call__` takes it: the positional arguments in a tuple, the keyword
/// ones in a dict.
///
/// # Safety
///
/// What CPython passes to a `vectorcallfunc`.
unsafe fn general_call(
    py: Python<'_>,
    callable: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargsf: usize,
    kwnames: *mut ffi::PyObject,
) -> PyResult<*mut ffi::PyObject> {
    let nargs = nargsf & !(1usize << (usize::BITS - 1));
    let names = if kwnames.is_null() {
        None
    } else {
        // SAFETY: a non-null `kwnames` is a tuple of the keyword names.
        Some(unsafe { Borrowed::from_ptr(py, kwnames) }.cast::<PyTuple>()?.to_owned())
    };
    let named = names.as_ref().map_or(0, |n| n.len());
    // SAFETY: CPython passes `nargs` positional then `named` keyword values in `args`.
    let values = |i: usize| unsafe { Borrowed::from_ptr(py, *args.add(i)) };
    let positional = PyTuple::new(py, (0..nargs).map(values))?;
    let keywords = match &names {
        Some(names) if named > 0 => {
            let dict = PyDict::new(py);
            for (i, name) in names.iter().enumerate() {
                dict.set_item(name, values(nargs + i))?;
            }
            Some(dict)
        }
        _ => None,
    };
    let type_call = TYPE_CALL.get().copied().ok_or_else(|| {
        PyValueError::new_err("lerf: Board() called before its module was set up")
    })?;
    let kwargs = keywords.as_ref().map_or(ptr::null_mut(), |d| d.as_ptr());
    // SAFETY: `type.__call__` with the class, a tuple and a dict or null, all alive.
    let object = unsafe { type_call(callable, positional.as_ptr(), kwargs) };
    if object.is_null() {
        return Err(PyErr::fetch(py));
    }
    Ok(object)
}

/// Gives the class `Board` the fast call, when the type object is laid out as expected
/// (see the module's notes); returns whether it did.
pub fn install(board: &Bound<'_, PyType>) -> PyResult<bool> {
    let py = board.py();
    let type_type = py.get_type::<PyType>();
    if !board.get_type().is(&type_type) {
        return Ok(false);
    }
    let slot = |t: &Bound<'_, PyType>, id| {
        // SAFETY: a live type object and a slot number CPython defines.
        unsafe { ffi::PyType_GetSlot(t.as_type_ptr(), id) as usize }
    };
    // SAFETY: `PyType_GetSlot` of `type` itself (allowed for static types since 3.10).
    let type_call = slot(&type_type, ffi::Py_tp_call);
    let fields = board.as_type_ptr().cast::<usize>();
    // SAFETY: the type object is larger than `VECTORCALL + 1` words in every layout the
    // checks below accept, and a heap type object (PyO3's classes are) is larger than
    // that in any CPython 3.10 or later; reads only.
    let word = |i: usize| unsafe { fields.add(i).read() };
    let bases = board.getattr("__bases__")?;
    let mro = board.getattr("__mro__")?;
    let expected = [
        (field::DEALLOC, slot(board, ffi::Py_tp_dealloc)),
        (field::TRAVERSE, slot(board, ffi::Py_tp_traverse)),
        (field::INIT, slot(board, ffi::Py_tp_init)),
        (field::ALLOC, slot(board, ffi::Py_tp_alloc)),
        (field::NEW, slot(board, ffi::Py_tp_new)),
        (field::FREE, slot(board, ffi::Py_tp_free)),
        // SAFETY: a live type object.
        (field::FLAGS, unsafe { ffi::PyType_GetFlags(board.as_type_ptr()) } as usize),
        (field::BASES, bases.as_ptr() as usize),
        (field::MRO, mro.as_ptr() as usize),
        (field::VECTORCALL, 0),
    ];
    let laid_out = expected.iter().all(|&(i, value)| word(i) == value)
        && expected[..6].iter().all(|&(_, value)| value != 0)
        && type_call != 0;
    if !laid_out {
        return Ok(false);
    }
    // SAFETY: `type_call` is `type`'s non-null `tp_call`, a `ternaryfunc`.
    let call: ffi::ternaryfunc = unsafe { core::mem::transmute(type_call as *mut c_void) };
    let _ = TYPE_CALL.set(call);
    // SAFETY: the layout was checked above.
    let _ = SLOTS.set(unsafe { new_and_init(board.as_ptr()) });
    let construct: VectorCall = construct;
    // SAFETY: the field checks above place `tp_vectorcall` here; the class is live, and
    // CPython reads the field at each call of the class (it is never inherited).
    unsafe { fields.add(field::VECTORCALL).write(construct as usize) };
    Ok(true)
}
