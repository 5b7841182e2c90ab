//! lerf's own bulk jobs, beyond python-chess: perft counts (`lerf.perft`), piece planes
//! for networks (`lerf.encode_planes`), training rows as an Arrow C stream
//! (`lerf.pgn.positions`) and shards for Dask (`lerf.pgn.split`), each running in Rust
//! with the GIL released. The Python half is `python/lerf/pgn/_bulk.py` and
//! `python/lerf/dask.py`.

pub mod perft;
pub mod planes;
pub mod rows;
pub mod shards;

use pyo3::prelude::*;

/// Adds the bulk functions and the row stream class to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<rows::RowStream>()?;
    m.add_function(wrap_pyfunction!(perft::perft, m)?)?;
    m.add_function(wrap_pyfunction!(perft::divide, m)?)?;
    m.add_function(wrap_pyfunction!(perft::perft_split, m)?)?;
    m.add_function(wrap_pyfunction!(shards::split_shards, m)?)?;
    m.add_function(wrap_pyfunction!(planes::encode_planes_bytes, m)?)?;
    Ok(())
}
