//! `SquareSet`: a set of squares over a 64-bit mask, with python-chess's set algebra,
//! iteration order and text.

use lerf_bitboard::{Bitboard, between};
use lerf_rules::ray;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyIndexError, PyKeyError, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyType};

use crate::board::index_args::SquareIndex;

/// A set of squares: bit `n` for square `n` (a1 = 0). Mutable, iterable from a1 upward,
/// and combined with `&`, `|`, `^`, `-`, `~`, `<<`, `>>` against square sets, integers
/// and iterables of squares.
#[pyclass(module = "lerf", name = "SquareSet", subclass)]
#[derive(Clone, Copy, Debug)]
pub struct SquareSet {
    /// The squares as a 64-bit mask.
    #[pyo3(get, set)]
    pub mask: u64,
}

/// A 64-bit mask from a Python integer of any size (the low 64 bits of its two's
/// complement, as `x & BB_ALL` gives).
fn low_bits(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(v) = value.extract::<u64>() {
        return Ok(v);
    }
    value.bitand(u64::MAX)?.extract()
}

/// The mask of anything python-chess's `SquareSet(...)` takes: a square set, an object
/// with `__int__`, or an iterable of squares.
pub fn mask_of(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(set) = value.cast::<SquareSet>() {
        return Ok(set.borrow().mask);
    }
    if value.is_instance_of::<PyInt>() {
        return low_bits(value);
    }
    if value.hasattr("__int__")? {
        return low_bits(&value.call_method0("__int__")?);
    }
    let mut mask = 0u64;
    for item in value.try_iter()? {
        mask |= bit(&item?)?;
    }
    Ok(mask)
}

/// The bit of one square given as a Python integer (`IndexError` off the board).
fn bit(square: &Bound<'_, PyAny>) -> PyResult<u64> {
    // python-chess indexes its list of square masks, so -64 to -1 count back from h8 and
    // any other integer, however large, is an IndexError.
    let sq: i64 = match square.extract() {
        Ok(sq) => sq,
        Err(e)
            if square.is_instance_of::<PyInt>()
                || e.is_instance_of::<PyOverflowError>(square.py()) =>
        {
            return Err(PyIndexError::new_err(format!("{square} is not a square (0 to 63)")));
        }
        Err(e) => return Err(e),
    };
    match sq {
        0..=63 => Ok(1 << sq),
        -64..=-1 => Ok(1 << (sq + 64)),
        _ => Err(PyIndexError::new_err(format!("{sq} is not a square (0 to 63)"))),
    }
}

/// A shift as python-chess's `(mask << shift) & BB_ALL` takes it: an `int` (not another
/// object that converts to one, such as a square set: a `TypeError`), a negative count a
/// `ValueError`, a count of 64 or more leaving nothing (a count past `i64` too: Python's
/// own shift of a non-zero mask by that much fails, which lerf spares).
fn shift_count(shift: &Bound<'_, PyAny>) -> PyResult<u32> {
    if !shift.is_instance_of::<PyInt>() {
        let kind = shift.get_type().name()?;
        return Err(PyTypeError::new_err(format!("unsupported shift count of type {kind}")));
    }
    let Ok(shift) = shift.extract::<i64>() else {
        return if shift.lt(0)? {
            Err(PyValueError::new_err("negative shift count"))
        } else {
            Ok(u32::MAX)
        };
    };
    if shift < 0 {
        return Err(PyValueError::new_err("negative shift count"));
    }
    Ok(u32::try_from(shift).unwrap_or(u32::MAX))
}

/// A board diagram of a mask: `1` for a square in it, `.` otherwise, eighth rank first.
pub fn diagram(mask: u64) -> String {
    let mut out = String::with_capacity(127);
    for rank in (0..8).rev() {
        for file in 0..8 {
            out.push(if mask >> (rank * 8 + file) & 1 == 1 { '1' } else { '.' });
            if file < 7 {
                out.push(' ');
            }
        }
        if rank > 0 {
            out.push('\n');
        }
    }
    out
}

impl SquareSet {
    /// A square set of `cls` (this class or a subclass) holding `mask`.
    pub fn of_class<'py>(cls: &Bound<'py, PyType>, mask: u64) -> PyResult<Bound<'py, PyAny>> {
        if cls.is(cls.py().get_type::<SquareSet>()) {
            return Ok(Bound::new(cls.py(), SquareSet { mask })?.into_any());
        }
        cls.call1((mask,))
    }
}

#[pymethods]
impl SquareSet {
    #[new]
    #[pyo3(signature = (squares=None))]
    fn py_new(squares: Option<&Bound<'_, PyAny>>) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: squares.map(mask_of).transpose()?.unwrap_or(0) })
    }

    fn __contains__(&self, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & bit(square)? != 0)
    }

    fn __iter__(&self) -> SquareIter {
        SquareIter { mask: self.mask, reverse: false }
    }

    fn __reversed__(&self) -> SquareIter {
        SquareIter { mask: self.mask, reverse: true }
    }

    fn __len__(&self) -> usize {
        self.mask.count_ones() as usize
    }

    /// Adds a square.
    fn add(&mut self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask |= bit(square)?;
        Ok(())
    }

    /// Removes a square if present.
    fn discard(&mut self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !bit(square)?;
        Ok(())
    }

    /// Removes a square (`KeyError` when absent).
    fn remove(&mut self, square: &Bound<'_, PyAny>) -> PyResult<()> {
        let b = bit(square)?;
        if self.mask & b == 0 {
            return Err(PyKeyError::new_err(square.clone().unbind()));
        }
        self.mask ^= b;
        Ok(())
    }

    /// Removes and returns the lowest square (`KeyError` when empty).
    fn pop(&mut self) -> PyResult<u32> {
        if self.mask == 0 {
            return Err(PyKeyError::new_err("pop from empty SquareSet"));
        }
        let sq = self.mask.trailing_zeros();
        self.mask &= self.mask - 1;
        Ok(sq)
    }

    /// Removes every square.
    fn clear(&mut self) {
        self.mask = 0;
    }

    /// Whether this set and `other` share no square.
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & mask_of(other)? == 0)
    }

    /// Whether every square of this set is in `other`.
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.mask & !mask_of(other)? == 0)
    }

    /// Whether every square of `other` is in this set.
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(!self.mask & mask_of(other)? == 0)
    }

    /// The squares of this set or `other` (`|`).
    fn union(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__or__(other)
    }

    /// The squares of this set and `other` (`&`).
    fn intersection(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__and__(other)
    }

    /// The squares of this set not in `other` (`-`).
    fn difference(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__sub__(other)
    }

    /// The squares of exactly one of this set and `other` (`^`).
    fn symmetric_difference(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        self.__xor__(other)
    }

    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: self.mask | mask_of(other)? })
    }

    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: self.mask & mask_of(other)? })
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: self.mask & !mask_of(other)? })
    }

    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: self.mask ^ mask_of(other)? })
    }

    /// A new set of the same squares.
    fn copy(&self) -> SquareSet {
        *self
    }

    /// Adds the squares of every argument.
    #[pyo3(signature = (*others))]
    fn update(&mut self, others: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        for other in &others {
            self.mask |= mask_of(other)?;
        }
        Ok(())
    }

    /// Keeps the squares every argument holds.
    #[pyo3(signature = (*others))]
    fn intersection_update(&mut self, others: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        for other in &others {
            self.mask &= mask_of(other)?;
        }
        Ok(())
    }

    /// Removes the squares of `other`.
    fn difference_update(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !mask_of(other)?;
        Ok(())
    }

    /// Keeps the squares of exactly one of this set and `other`.
    fn symmetric_difference_update(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask ^= mask_of(other)?;
        Ok(())
    }

    fn __ior__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask |= mask_of(other)?;
        Ok(())
    }

    fn __iand__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= mask_of(other)?;
        Ok(())
    }

    fn __isub__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask &= !mask_of(other)?;
        Ok(())
    }

    fn __ixor__(&mut self, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask ^= mask_of(other)?;
        Ok(())
    }

    fn __lshift__(&self, shift: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: self.mask.checked_shl(shift_count(shift)?).unwrap_or(0) })
    }

    fn __rshift__(&self, shift: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: self.mask.checked_shr(shift_count(shift)?).unwrap_or(0) })
    }

    fn __ilshift__(&mut self, shift: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask = self.mask.checked_shl(shift_count(shift)?).unwrap_or(0);
        Ok(())
    }

    fn __irshift__(&mut self, shift: &Bound<'_, PyAny>) -> PyResult<()> {
        self.mask = self.mask.checked_shr(shift_count(shift)?).unwrap_or(0);
        Ok(())
    }

    fn __invert__(&self) -> SquareSet {
        SquareSet { mask: !self.mask }
    }

    fn __bool__(&self) -> bool {
        self.mask != 0
    }

    fn __int__(&self) -> u64 {
        self.mask
    }

    fn __index__(&self) -> u64 {
        self.mask
    }

    fn __richcmp__(
        &self,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
        py: Python<'_>,
    ) -> PyResult<Py<PyAny>> {
        let equal = match mask_of(other) {
            Ok(mask) => mask == self.mask,
            Err(e)
                if e.is_instance_of::<PyTypeError>(py) || e.is_instance_of::<PyValueError>(py) =>
            {
                return Ok(py.NotImplemented());
            }
            Err(e) => return Err(e),
        };
        Ok(match op {
            CompareOp::Eq => equal.into_pyobject(py)?.to_owned().into_any().unbind(),
            CompareOp::Ne => (!equal).into_pyobject(py)?.to_owned().into_any().unbind(),
            _ => py.NotImplemented(),
        })
    }

    /// The subsets of this set (the carry-rippler trick), the empty set first.
    fn carry_rippler(&self) -> Subsets {
        Subsets { mask: self.mask, subset: 0, done: false }
    }

    /// The set turned upside down (rank 1 becomes rank 8).
    fn mirror(&self) -> SquareSet {
        SquareSet { mask: self.mask.swap_bytes() }
    }

    /// 64 booleans, a1 first.
    fn tolist<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, (0..64).map(|i| self.mask >> i & 1 == 1))
    }

    fn __repr__(&self) -> String {
        let hex = format!("{:016x}", self.mask);
        let groups: Vec<&str> = (0..4).map(|i| &hex[i * 4..i * 4 + 4]).collect();
        format!("SquareSet(0x{})", groups.join("_"))
    }

    fn __str__(&self) -> String {
        diagram(self.mask)
    }

    fn __copy__(&self) -> SquareSet {
        *self
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> SquareSet {
        *self
    }

    fn __getnewargs__(&self) -> (u64,) {
        (self.mask,)
    }

    /// The whole rank, file or diagonal through `a` and `b` (empty when not aligned).
    #[classmethod]
    fn ray<'py>(
        cls: &Bound<'py, PyType>,
        a: SquareIndex,
        b: SquareIndex,
    ) -> PyResult<Bound<'py, PyAny>> {
        SquareSet::of_class(cls, ray(a.0, b.0).0)
    }

    /// The squares strictly between `a` and `b` (empty when not aligned). As python-chess,
    /// which shifts by them once they index its rays: a negative square (a ray's index
    /// from the end) then raises `ValueError`.
    #[classmethod]
    fn between<'py>(
        cls: &Bound<'py, PyType>,
        a: &Bound<'py, PyAny>,
        b: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (sa, sb): (SquareIndex, SquareIndex) = (a.extract()?, b.extract()?);
        if a.lt(0)? || b.lt(0)? {
            return Err(PyValueError::new_err("negative shift count"));
        }
        SquareSet::of_class(cls, between(sa.0, sb.0).0)
    }

    /// The set of one square.
    #[classmethod]
    fn from_square<'py>(
        cls: &Bound<'py, PyType>,
        square: SquareIndex,
    ) -> PyResult<Bound<'py, PyAny>> {
        SquareSet::of_class(cls, Bitboard::from_square(square.0).0)
    }
}

/// An iterator over a set's squares, upward (or downward for `reversed`).
#[pyclass(module = "lerf")]
pub struct SquareIter {
    mask: u64,
    reverse: bool,
}

#[pymethods]
impl SquareIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<u32> {
        if self.mask == 0 {
            return None;
        }
        if self.reverse {
            let sq = 63 - self.mask.leading_zeros();
            self.mask ^= 1 << sq;
            Some(sq)
        } else {
            let sq = self.mask.trailing_zeros();
            self.mask &= self.mask - 1;
            Some(sq)
        }
    }

    fn __length_hint__(&self) -> usize {
        self.mask.count_ones() as usize
    }
}

/// An iterator over the subsets of a mask (as integers), the empty set first.
#[pyclass(module = "lerf")]
pub struct Subsets {
    mask: u64,
    subset: u64,
    done: bool,
}

#[pymethods]
impl Subsets {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<u64> {
        if self.done {
            return None;
        }
        let current = self.subset;
        self.subset = self.subset.wrapping_sub(self.mask) & self.mask;
        self.done = self.subset == 0;
        Some(current)
    }
}
