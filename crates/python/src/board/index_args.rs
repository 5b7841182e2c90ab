//! Arguments as python-chess reads them: indices into its lists (squares into
//! `BB_SQUARES`, colours into `occupied_co`, Chess960 numbers), values it compares with its
//! constants (piece types) or slices with (`copy(stack=...)`, `None` told from the argument
//! left out), with Python's exceptions and words for the rest.

use lerf_rules::Layout;
use lerf_types::{Color, PieceType, Square};
use pyo3::exceptions::PyTypeError;
use pyo3::exceptions::{PyAssertionError, PyIndexError, PyOverflowError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyRange};

use crate::board::moves::{Move, MoveData};
use crate::errors::{no_attribute, type_name};

/// A square argument as python-chess takes it: an index into its lists of 64 (`BB_SQUARES`
/// ...), so a negative one counts from h8 (`-1` is h8), anything past `IndexError`, and
/// anything but an integer (NumPy's included) `TypeError`, in Python's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareIndex(pub Square);

impl<'a, 'py> FromPyObject<'a, 'py> for SquareIndex {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<SquareIndex> {
        let index = list_index(obj, 64)?;
        // Below 64 by `list_index`.
        Ok(SquareIndex(Square::from_index_wrapping(index as u8)))
    }
}

/// A colour argument python-chess uses as an index into its two-item lists
/// (`occupied_co[color]`): `True`, `False`, `1`, `0` (NumPy's integers too), `-1` for
/// White and `-2` for Black as a list has them; anything past `IndexError`, anything but
/// an integer (`None`, a string, a NumPy boolean) `TypeError`, in Python's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColorIndex(pub Color);

impl<'a, 'py> FromPyObject<'a, 'py> for ColorIndex {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<ColorIndex> {
        match list_index(obj, 2)? {
            1 => Ok(ColorIndex(Color::White)),
            _ => Ok(ColorIndex(Color::Black)),
        }
    }
}

/// `obj` as an index into a Python list of `len` items: what `list[obj]` reads, or the
/// exception it raises, in Python's words.
fn list_index(obj: Borrowed<'_, '_, PyAny>, len: i64) -> PyResult<i64> {
    let index = match obj.extract::<i64>() {
        Ok(i) => i,
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            return Err(PyIndexError::new_err("cannot fit 'int' into an index-sized integer"));
        }
        Err(_) => {
            let name = type_name(&obj.get_type())?;
            return Err(PyTypeError::new_err(format!(
                "list indices must be integers or slices, not {name}"
            )));
        }
    };
    let wrapped = if index < 0 { index + len } else { index };
    if (0..len).contains(&wrapped) {
        Ok(wrapped)
    } else {
        Err(PyIndexError::new_err("list index out of range"))
    }
}

/// A piece type python-chess compares with `PAWN` ... `KING` (`==`, so `True` is a pawn and
/// `2.0` a knight); anything else its `AssertionError` ("expected PieceType, got ...").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTypeArg(pub PieceType);

impl<'a, 'py> FromPyObject<'a, 'py> for PieceTypeArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<PieceTypeArg> {
        if let Ok(n) = obj.extract::<i64>()
            && let Some(pt) = u8::try_from(n).ok().filter(|n| (1..=6).contains(n))
            && let Some(pt) = PieceType::from_index(pt)
        {
            return Ok(PieceTypeArg(pt));
        }
        for pt in PieceType::ALL {
            if obj.eq(pt as u8)? {
                return Ok(PieceTypeArg(pt));
            }
        }
        Err(PyAssertionError::new_err(format!("expected PieceType, got {}", obj.repr()?)))
    }
}

/// A move argument of python-chess's `is_legal` and `is_pseudo_legal`, which answer `False`
/// for a false value (`None`, the null move) before they look at it, then ask for its
/// drop: the move, or `None` for such a value.
pub fn move_to_test(obj: &Bound<'_, PyAny>) -> PyResult<Option<MoveData>> {
    // A lerf move at once: the common case, no attribute looked up.
    if let Ok(m) = obj.cast::<Move>() {
        let data = m.get().data;
        return Ok((!data.is_null()).then_some(data));
    }
    if !obj.is_truthy()? {
        return Ok(None);
    }
    ask_drop_first(obj)?;
    obj.extract().map(Some)
}

/// python-chess asks a true value that stands for a move for its drop before anything
/// else: its `AttributeError` when there is none.
pub fn ask_drop_first(obj: &Bound<'_, PyAny>) -> PyResult<()> {
    if obj.is_truthy()? && !obj.hasattr("drop")? {
        return Err(no_attribute(obj, "drop"));
    }
    Ok(())
}

/// A Chess960 start position by its number as python-chess takes it: compared with 0 and
/// 959 by Python (its `TypeError` for what does not compare, `ValueError` naming any
/// number out of range), then used as a list index.
pub struct Chess960Start(pub Layout);

impl<'a, 'py> FromPyObject<'a, 'py> for Chess960Start {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Chess960Start> {
        let out_of_range = || -> PyResult<PyErr> {
            let text = obj.str()?;
            Ok(PyValueError::new_err(format!("chess960 position index not 0 <= {text} <= 959")))
        };
        let zero = 0i64.into_pyobject(obj.py())?;
        if !(zero.le(&*obj)? && obj.le(959)?) {
            return Err(out_of_range()?);
        }
        // Within 0..960 by `list_index`, so a start position.
        let index = list_index(obj, 960)?;
        match Layout::chess960(index as u16) {
            Some(layout) => Ok(Chess960Start(layout)),
            None => Err(out_of_range()?),
        }
    }
}

/// `copy`'s `stack` argument as given (`None` inside when it was left out, which is not
/// the same as `stack=None`).
pub struct StackArg(pub Option<Py<PyAny>>);

impl StackArg {
    /// The argument left out.
    pub const LEFT_OUT: StackArg = StackArg(None);
}

impl<'a, 'py> FromPyObject<'a, 'py> for StackArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<StackArg> {
        Ok(StackArg(Some(obj.to_owned().unbind())))
    }
}

/// The number of the last moves python-chess's `copy(stack=...)` keeps of `moves`: all for
/// `True` (or the argument left out), none for a false value, else as its slice
/// `move_stack[-stack:]` keeps them (Python's errors for what does not slice).
pub fn moves_kept(stack: Option<&Bound<'_, PyAny>>, moves: usize) -> PyResult<usize> {
    let Some(stack) = stack else { return Ok(moves) };
    if !stack.is_truthy()? {
        return Ok(0);
    }
    if stack.is(PyBool::new(stack.py(), true).to_owned()) {
        return Ok(moves);
    }
    let py = stack.py();
    let slice = py.import("builtins")?.getattr("slice")?.call1((stack.neg()?, py.None()))?;
    let kept =
        PyRange::new(py, 0, isize::try_from(moves).unwrap_or(isize::MAX))?.get_item(slice)?;
    kept.len()
}

/// `find_move`'s arguments as python-chess reads them: squares as list indices (a negative
/// one names a square from h8 down, but the move it makes is never legal: its number is
/// no square's), a promotion as an index into its piece symbols (0 names none and, like a
/// negative one, is never legal; 7 raises `IndexError`).
pub struct FindMoveArgs {
    /// The origin, wrapped as a list index.
    pub from: Square,
    /// The destination, wrapped as a list index.
    pub to: Square,
    /// The promotion, when one of 1 to 6.
    pub promotion: Option<PieceType>,
    /// False when python-chess's move cannot be legal (a negative square, promotion 0 or
    /// below).
    pub may_be_legal: bool,
    /// The move's UCI as python-chess writes it, where it differs from the move looked
    /// for (a promotion of 0 or below).
    pub written: Option<String>,
}

impl FindMoveArgs {
    /// Reads the three arguments, in order.
    pub fn read(
        from: &Bound<'_, PyAny>,
        to: &Bound<'_, PyAny>,
        promotion: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<FindMoveArgs> {
        let negative = |obj: &Bound<'_, PyAny>| obj.extract::<i64>().is_ok_and(|n| n < 0);
        let (sq_from, sq_to): (SquareIndex, SquareIndex) = (from.extract()?, to.extract()?);
        let mut args = FindMoveArgs {
            from: sq_from.0,
            to: sq_to.0,
            promotion: None,
            may_be_legal: !negative(from) && !negative(to),
            written: None,
        };
        let Some(promotion) = promotion.filter(|p| !p.is_none()) else { return Ok(args) };
        let symbol = list_index(promotion.as_borrowed(), 7)?;
        match PieceType::from_index(symbol as u8).filter(|_| symbol > 0 && !negative(promotion)) {
            Some(pt) => args.promotion = Some(pt),
            None => {
                args.may_be_legal = false;
                let letter = ["", "p", "n", "b", "r", "q", "k"][symbol as usize];
                args.written = Some(format!("{}{}{letter}", sq_from.0, sq_to.0));
            }
        }
        Ok(args)
    }
}

/// A bitboard argument python-chess ANDs with its own bitboards (`from_mask`, `to_mask`,
/// `piece_map(mask=...)`): any integer, of which the 64 squares are its low 64 bits as
/// Python's `&` sees them (so `-1` and `~0` are every square and a wider integer loses
/// its high bits); anything else that is no integer `TypeError`, in Python's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mask(pub u64);

impl Mask {
    /// Every square (python-chess's `BB_ALL`, the generators' default).
    pub const ALL: Mask = Mask(u64::MAX);
}

impl<'a, 'py> FromPyObject<'a, 'py> for Mask {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Mask> {
        if let Ok(mask) = obj.extract::<u64>() {
            return Ok(Mask(mask));
        }
        // A negative or wider integer (an object with `__index__` too): Python's
        // `value & BB_ALL`, which keeps the low 64 bits of its two's complement.
        if let Ok(index) = obj.call_method0("__index__") {
            return Ok(Mask(index.call_method1("__and__", (u64::MAX,))?.extract::<u64>()?));
        }
        let name = type_name(&obj.get_type())?;
        Err(PyTypeError::new_err(format!("unsupported operand type(s) for &: 'int' and '{name}'")))
    }
}
