//! Arrow streams handed to Python through the Arrow PyCapsule interface
//! (`__arrow_c_schema__`, `__arrow_c_stream__`): the capsules every stream class of the
//! package returns (the PGN rows, the binpack rows).

use arrow_array::RecordBatchReader;
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_schema::Schema;
use arrow_schema::ffi::FFI_ArrowSchema;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use std::sync::Mutex;

/// `schema` as an Arrow C schema in a capsule.
pub fn schema_capsule<'py>(py: Python<'py>, schema: &Schema) -> PyResult<Bound<'py, PyCapsule>> {
    let schema =
        FFI_ArrowSchema::try_from(schema).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    PyCapsule::new_with_value(py, schema, c"arrow_schema")
}

/// The reader in `slot` as an Arrow C stream in a capsule; a stream is read once, so a
/// second call is an error.
pub fn stream_capsule<'py, R: RecordBatchReader + Send + 'static>(
    py: Python<'py>,
    slot: &Mutex<Option<R>>,
) -> PyResult<Bound<'py, PyCapsule>> {
    let reader = slot
        .lock()
        .map_err(|_| PyRuntimeError::new_err("the stream's lock is poisoned"))?
        .take()
        .ok_or_else(|| PyRuntimeError::new_err("these rows were read already"))?;
    PyCapsule::new_with_value(
        py,
        FFI_ArrowArrayStream::new(Box::new(reader)),
        c"arrow_array_stream",
    )
}
