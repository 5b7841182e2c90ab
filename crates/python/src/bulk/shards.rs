//! `lerf.pgn.split`: a PGN source cut into Zstandard shards of whole games with a
//! manifest (`lerf_pgn::shards`), the GIL released while it runs.

use lerf_pgn::shards::{SplitError, SplitOptions, split};
use pyo3::exceptions::{PyFileExistsError, PyOSError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;

/// Cuts `source` into `out_dir/shard-00000.pgn.zst`, ... and writes
/// `out_dir/manifest.json`; returns the manifest's JSON text.
#[pyfunction]
#[pyo3(signature = (source, out_dir, games_per_shard, overwrite=false, level=3))]
pub fn split_shards(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    out_dir: PathBuf,
    games_per_shard: usize,
    overwrite: bool,
    level: i32,
) -> PyResult<String> {
    if games_per_shard == 0 {
        return Err(PyValueError::new_err("games_per_shard must be at least 1"));
    }
    if !(1..=19).contains(&level) {
        return Err(PyValueError::new_err(format!(
            "a Zstandard level goes from 1 to 19, not {level}"
        )));
    }
    let input = crate::pgn::stream::open_source(source)?;
    let options = SplitOptions { games_per_shard, overwrite, level };
    let manifest = py.detach(move || split(input, &out_dir, &options, |_| {}));
    match manifest {
        Ok(manifest) => Ok(manifest.to_json()),
        Err(e @ SplitError::ShardsExist(_)) => Err(PyFileExistsError::new_err(e.to_string())),
        Err(e) => Err(PyOSError::new_err(e.to_string())),
    }
}
