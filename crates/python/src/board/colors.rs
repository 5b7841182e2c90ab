//! `BaseBoard.occupied_co`: python-chess's list of each colour's squares (`[BLACK]`,
//! `[WHITE]`), as a view that reads and writes the board, so that
//! `board.occupied_co[WHITE] |= mask` changes the board as it does in python-chess.

use lerf_bitboard::Bitboard;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice};

use crate::board::base_board::BaseBoard;

/// python-chess's `occupied_co` list of a board, read from and written to it: index
/// `False` (0) for Black's squares, `True` (1) for White's.
#[pyclass(module = "lerf", name = "_OccupiedCo", sequence)]
pub struct OccupiedCo {
    board: Py<BaseBoard>,
}

impl OccupiedCo {
    /// The view of `board`'s colours.
    pub fn new(board: Py<BaseBoard>) -> OccupiedCo {
        OccupiedCo { board }
    }

    fn values(&self, py: Python<'_>) -> [u64; 2] {
        let board = self.board.bind(py).borrow();
        let [white, black] = board.layout().by_color;
        [black.0, white.0]
    }

    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.values(py))
    }
}

/// The list index `index` names among two (negative from the end), or `IndexError`.
fn slot(index: isize) -> PyResult<usize> {
    match index {
        0 | -2 => Ok(0),
        1 | -1 => Ok(1),
        _ => Err(PyIndexError::new_err("list index out of range")),
    }
}

#[pymethods]
impl OccupiedCo {
    fn __len__(&self) -> usize {
        2
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if index.is_instance_of::<PySlice>() {
            return self.list(py)?.as_any().get_item(index);
        }
        let i: isize = index.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "list indices must be integers or slices, not {}",
                index.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        })?;
        Ok(self.values(py)[slot(i)?].into_pyobject(py)?.into_any())
    }

    fn __setitem__(&self, py: Python<'_>, index: isize, value: u64) -> PyResult<()> {
        let i = slot(index)?;
        let mut board = self.board.bind(py).borrow_mut();
        // python-chess's index 0 is Black, lerf's `by_color[0]` White.
        board.layout_mut().by_color[1 - i] = Bitboard(value);
        Ok(())
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.list(py)?.try_iter()?.into_any())
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let other = match other.cast::<OccupiedCo>() {
            Ok(view) => view.borrow().list(py)?.into_any(),
            Err(_) => other.clone(),
        };
        self.list(py)?.as_any().eq(other)
    }

    /// The two bitboards as a list of their own.
    fn copy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.list(py)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.list(py)?.repr()?.to_string())
    }

    /// Pickled (and copied by `copy.copy`) as the list it shows.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyList>,))> {
        Ok((py.get_type::<PyList>().into_any(), (self.list(py)?,)))
    }
}

/// `BaseBoard.occupied_co`, made here so that the board's own file never names the view.
#[pymethods]
impl BaseBoard {
    /// `[black's pieces, white's pieces]`, indexed by colour (`False`, `True`): a view that
    /// reads and writes the board, as python-chess's list is the board's own.
    #[getter]
    fn occupied_co(slf: Bound<'_, Self>) -> OccupiedCo {
        OccupiedCo::new(slf.unbind())
    }
    #[setter]
    fn set_occupied_co(&mut self, v: [u64; 2]) {
        self.layout_mut().by_color = [Bitboard(v[1]), Bitboard(v[0])];
    }
}
