//! Colours and flags as python-chess takes them: any object, by its truth value.

use pyo3::prelude::*;

/// An argument read by its truth value (`bool(x)`), as python-chess reads a colour
/// (`chess.WHITE`, but also `1`, `0` or a NumPy integer, which it uses as an index or a
/// condition) and its flags. PyO3's `bool` takes only `bool` itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Truth(pub bool);

impl<'a, 'py> FromPyObject<'a, 'py> for Truth {
    type Error = PyErr;

    #[inline]
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Truth> {
        obj.is_truthy().map(Truth)
    }
}
