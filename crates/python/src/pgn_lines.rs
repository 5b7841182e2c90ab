//! The lines `read_game` reads from a Python text handle: each from its `readline()`, so
//! the handle is left exactly where python-chess leaves it.

use lerf_pgn::tree::LineSource;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

/// Lines from a text handle's `readline()`.
pub struct PyLines<'py> {
    readline: Bound<'py, PyAny>,
}

/// The line source for `handle`.
pub fn lines_of<'py>(handle: &Bound<'py, PyAny>) -> PyResult<PyLines<'py>> {
    Ok(PyLines { readline: handle.getattr("readline")? })
}

impl PyLines<'_> {
    /// Leaves the handle where the reading stopped (every line read was consumed).
    pub fn finish(self) -> PyResult<()> {
        Ok(())
    }
}

impl LineSource for PyLines<'_> {
    type Error = PyErr;

    fn read_line(&mut self, line: &mut String) -> PyResult<()> {
        let value = self.readline.call0()?;
        let text = value.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "read_game() reads text: readline() returned {}; open the file in text mode",
                value.get_type().name().map(|n| n.to_string()).unwrap_or_default()
            ))
        })?;
        line.clear();
        line.push_str(text.to_str()?);
        Ok(())
    }
}
