//! `lerf.binpack.write_rows`: rows of games from any Arrow stream (lerf's PGN rows, a
//! pyarrow table, a polars frame) written as entries by `lerf_binpack::RowsWriter`. The
//! stream is taken through the Arrow PyCapsule interface (`__arrow_c_stream__`) and read
//! without the GIL.

use arrow_array::ffi_stream::{ArrowArrayStreamReader, FFI_ArrowArrayStream};
use lerf_binpack::{RowsError, RowsOptions, RowsWriter, ScoreSource, Writer};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

/// The Arrow stream `rows` offers, taken from its capsule.
fn take_stream(rows: &Bound<'_, PyAny>) -> PyResult<ArrowArrayStreamReader> {
    if !rows.hasattr("__arrow_c_stream__")? {
        let kind = rows.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "rows must offer an Arrow stream (__arrow_c_stream__: a pyarrow Table or \
             RecordBatchReader, a polars DataFrame, lerf.pgn.positions), not {kind}"
        )));
    }
    let capsule = rows.call_method0("__arrow_c_stream__")?.cast_into::<PyCapsule>()?;
    let pointer = capsule.pointer_checked(Some(c"arrow_array_stream"))?;
    // SAFETY: a capsule named "arrow_array_stream" holds an ArrowArrayStream (the Arrow
    // PyCapsule interface); its consumer moves the struct out and leaves a released one (no
    // release callback), which the capsule's destructor then passes over. No safe way in:
    // arrow-rs imports a stream only from the struct itself.
    let stream = unsafe {
        std::ptr::replace(
            pointer.as_ptr().cast::<FFI_ArrowArrayStream>(),
            FFI_ArrowArrayStream::empty(),
        )
    };
    ArrowArrayStreamReader::try_new(stream).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Writes the entries of `rows` to the binpack at `path` (appended to it with `append`);
/// returns (entries, games).
#[pyfunction]
#[pyo3(signature = (path, rows, mate_score, unscored_as_zero, skip_plies, nnue, append))]
#[allow(clippy::too_many_arguments)]
pub fn binpack_write_rows(
    py: Python<'_>,
    path: std::path::PathBuf,
    rows: &Bound<'_, PyAny>,
    mate_score: i16,
    unscored_as_zero: bool,
    skip_plies: u16,
    nnue: bool,
    append: bool,
) -> PyResult<(u64, u64)> {
    // mate_score is checked by lerf.binpack.write_rows (1 to 32767) and by RowsWriter.
    let reader = take_stream(rows)?;
    let out = crate::binpack::output::binpack_output(&path, append)?;
    let scores = if nnue { ScoreSource::Nnue } else { ScoreSource::Comments };
    let options = RowsOptions { mate_score, unscored_as_zero, skip_plies, scores };
    let mut writer = RowsWriter::new(Writer::new(out), options);
    let fault = py.detach(|| {
        for batch in reader {
            let batch = batch.map_err(|e| PyValueError::new_err(format!("the rows: {e}")))?;
            writer.write_batch(&batch).map_err(|e| match e {
                RowsError::Write(e) => PyOSError::new_err(e.to_string()),
                other => PyValueError::new_err(other.to_string()),
            })?;
        }
        Ok::<(), PyErr>(())
    });
    // The entries before a fault are written either way.
    let counts = (writer.positions(), writer.games());
    let finished = py.detach(|| writer.finish()).map_err(|e| PyOSError::new_err(e.to_string()));
    fault?;
    finished?;
    Ok(counts)
}
