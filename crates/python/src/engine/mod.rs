//! `chess.engine` (`lerf.engine`): the protocols themselves are Python (asyncio, as
//! python-chess's are, so that event loops, threads and process pools behave the same);
//! what an engine writes is read here, by `lerf_protocol`, one call per line.

mod info;

use pyo3::prelude::*;

/// Adds the engine module's readers to the extension.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(info::parse_uci_info, m)?)?;
    m.add_function(wrap_pyfunction!(info::parse_uci_bestmove, m)?)?;
    Ok(())
}
