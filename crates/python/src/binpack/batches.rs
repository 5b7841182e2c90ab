//! `lerf.binpack.batches`: training batches made in Rust (`lerf_binpack::Batches`) with the
//! GIL released, handed over as bytes that numpy views without a copy.

use lerf_binpack::{Batch, BatchOptions, Batches, SkipOptions};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyByteArray;
use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::sync::Mutex;

/// A stream of batches over binpack files.
#[pyclass(module = "lerf._lerf")]
pub struct BinpackBatches {
    inner: Mutex<(Batches, Batch)>,
}

/// One batch's arrays as bytes: us, white, black, score, outcome, pieces.
type Arrays<'py> = (
    usize,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
    Bound<'py, PyByteArray>,
);

/// `values` as a bytearray of their little-endian bytes, written in place.
fn array<'py, T: Copy, const N: usize>(
    py: Python<'py>,
    values: &[T],
    to_le: impl Fn(T) -> [u8; N],
) -> PyResult<Bound<'py, PyByteArray>> {
    PyByteArray::new_with(py, values.len() * N, |out| {
        for (bytes, &v) in out.chunks_exact_mut(N).zip(values) {
            bytes.copy_from_slice(&to_le(v));
        }
        Ok(())
    })
}

#[pymethods]
impl BinpackBatches {
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (paths, batch_size, cyclic, skip_captures, skip_in_check, skip_early_plies, random_skip, score_result_filter, seed, threads))]
    fn new(
        paths: Vec<PathBuf>,
        batch_size: usize,
        cyclic: bool,
        skip_captures: bool,
        skip_in_check: bool,
        skip_early_plies: u16,
        random_skip: f64,
        score_result_filter: bool,
        seed: u64,
        threads: usize,
    ) -> PyResult<BinpackBatches> {
        if paths.is_empty() {
            return Err(PyValueError::new_err("no binpack files"));
        }
        if !(0.0..1.0).contains(&random_skip) {
            return Err(PyValueError::new_err(format!(
                "random_skip is a probability below 1, not {random_skip}"
            )));
        }
        let skip = SkipOptions {
            captures: skip_captures,
            in_check: skip_in_check,
            early_plies: skip_early_plies,
            random: random_skip,
            score_result: score_result_filter,
        };
        if threads == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        let opened = |path: &PathBuf| {
            File::open(path)
                .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))
        };
        // Every file opened once here, so that a missing one is an `OSError` of the call
        // (`FileNotFoundError`...), not of the first batch; each is opened again when its
        // turn comes (and at each pass when cycling).
        for path in &paths {
            opened(path)?;
        }
        let inputs = paths.len();
        let open = move |i: usize| opened(&paths[i]).map(|f| BufReader::with_capacity(1 << 20, f));
        let options = BatchOptions { size: batch_size, skip, cyclic, seed, threads };
        let batches = Batches::new(inputs, open, options);
        Ok(BinpackBatches { inner: Mutex::new((batches, Batch::default())) })
    }

    /// The next batch's size and arrays, or `None` at the end.
    fn next_batch<'py>(&self, py: Python<'py>) -> PyResult<Option<Arrays<'py>>> {
        let mut guard = self
            .inner
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the batches' lock is poisoned"))?;
        let (batches, batch) = &mut *guard;
        let more =
            py.detach(|| batches.fill(batch)).map_err(|e| PyValueError::new_err(e.to_string()))?;
        if !more {
            return Ok(None);
        }
        let b = &*batch;
        Ok(Some((
            b.size,
            array(py, &b.us, f32::to_le_bytes)?,
            array(py, &b.white, i32::to_le_bytes)?,
            array(py, &b.black, i32::to_le_bytes)?,
            array(py, &b.score, f32::to_le_bytes)?,
            array(py, &b.outcome, f32::to_le_bytes)?,
            array(py, &b.pieces, i8::to_le_bytes)?,
        )))
    }
}
