//! The file a binpack is written to: made anew, or appended to.

use pyo3::prelude::*;
use std::fs::File;
use std::io::BufWriter;
use std::path::Path;

/// `path` opened for writing a binpack (emptied first unless `append`), buffered by the
/// megabyte; an `OSError` naming it when it cannot be.
pub(crate) fn binpack_output(path: &Path, append: bool) -> PyResult<BufWriter<File>> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .append(append)
        .truncate(!append)
        .open(path)
        .map_err(|e| crate::errors::file_error(&e, path))?;
    Ok(BufWriter::with_capacity(1 << 20, file))
}
