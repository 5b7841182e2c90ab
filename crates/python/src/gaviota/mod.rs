//! `chess.gaviota`'s own prober (`lerf.gaviota`): `lerf_gaviota::Tablebase` over
//! python-chess boards. The Python half (`python/lerf/gaviota.py`) holds the API's classes
//! and the checks python-chess makes before it probes.

use crate::board::base_board::BaseBoard;
use lerf_gaviota::{GaviotaError, Tablebase};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

/// Adds the prober's class to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GaviotaTables>()
}

/// Gaviota tables added by directory, opened on first probe (lerf-gaviota's `Tablebase`).
#[pyclass(module = "lerf._lerf")]
pub struct GaviotaTables {
    inner: Tablebase,
}

#[pymethods]
impl GaviotaTables {
    #[new]
    fn new() -> GaviotaTables {
        GaviotaTables { inner: Tablebase::new() }
    }

    /// Adds the tables of `directory` (`*.gtb.cp4`, `*.gtb`); returns how many.
    fn add_directory(&mut self, directory: std::path::PathBuf) -> PyResult<usize> {
        self.inner.add_directory(&directory).map_err(|e| PyOSError::new_err(e.to_string()))
    }

    /// `{name: path}` of the tables added.
    fn tables(&self) -> Vec<(String, std::path::PathBuf)> {
        let mut out: Vec<_> = self
            .inner
            .table_names()
            .filter_map(|n| Some((n.to_owned(), self.inner.table_path(n)?.to_owned())))
            .collect();
        out.sort();
        out
    }

    /// Forgets every table and the cached blocks.
    fn close(&mut self) {
        self.inner.close();
    }

    /// The Gaviota code's answer for `board`: `(result, plies)` (result 0 draw, 1 White
    /// mates, 2 Black mates, 3 not a position the tables hold), or `None` where a table it
    /// needs is missing. Damaged tables raise `OSError`. The GIL is released while the
    /// tables are read.
    fn probe(&self, py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<Option<(u32, u32)>> {
        let base = board.cast::<BaseBoard>()?.borrow();
        let loose = base.game.board();
        let layout = &loose.layout;
        let mut sides: [Vec<(u8, u8)>; 2] = [Vec::new(), Vec::new()];
        for sq in layout.occupied {
            let Some(pt) = layout.piece_type_at(sq) else { continue };
            let color = usize::from(!layout.of_color(lerf_types::Color::White).contains(sq));
            sides[color].push((pt as u8, sq.index() as u8));
        }
        let ep = loose.ep_square.map(|sq| sq.index() as u8);
        let black_to_move = loose.turn == lerf_types::Color::Black;
        drop(base);
        let inner = &self.inner;
        match py.detach(|| inner.probe_codes(black_to_move, ep, &sides[0], &sides[1])) {
            Ok(codes) => Ok(Some(codes)),
            Err(GaviotaError::MissingTable { .. }) => Ok(None),
            Err(e @ GaviotaError::NotAPosition) => Err(PyValueError::new_err(e.to_string())),
            Err(e) => Err(PyOSError::new_err(e.to_string())),
        }
    }
}
