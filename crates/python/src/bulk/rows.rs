//! `lerf.pgn.positions`' rows handed to Python as an Arrow C stream: the batches are made
//! by `lerf_pgn::rows` (arrow-rs) and leave through the Arrow PyCapsule interface
//! (`__arrow_c_schema__`, `__arrow_c_stream__`), which pyarrow, polars and DuckDB read
//! without a copy.

use std::io::Read;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, Ordering};

use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::{ArrowError, SchemaRef};
use lerf_pgn::rows::{ParallelRows, PositionRows, RowOptions, row_schema};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

/// The rows of one source, on this thread or on several.
enum Rows {
    Serial(Box<PositionRows<Box<dyn Read + Send>>>),
    Parallel(Box<ParallelRows>),
}

/// The rows, counting the games read (read back after the stream has left for Python).
struct Counted {
    rows: Rows,
    games: Arc<AtomicI64>,
    schema: SchemaRef,
}

impl Iterator for Counted {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        let (batch, games) = match &mut self.rows {
            Rows::Serial(r) => (r.next(), r.games()),
            Rows::Parallel(r) => (r.next(), r.games()),
        };
        self.games.store(games, Ordering::Relaxed);
        batch
    }
}

impl RecordBatchReader for Counted {
    fn schema(&self) -> SchemaRef {
        self.schema.clone()
    }
}

/// One row per mainline move of a PGN source, as an Arrow stream (read once).
#[pyclass(module = "lerf.pgn", name = "_RowStream")]
pub struct RowStream {
    rows: Mutex<Option<Counted>>,
    schema: SchemaRef,
    games: Arc<AtomicI64>,
}

#[pymethods]
impl RowStream {
    /// `first_game` numbers the source's first game; `threads` make rows (one more cuts
    /// the input when there are several).
    #[new]
    #[pyo3(signature = (source, batch_size=65536, threads=1, tags=Vec::new(), comments=false, first_game=0, nnue=None))]
    fn py_new(
        source: &Bound<'_, PyAny>,
        batch_size: usize,
        threads: usize,
        tags: Vec<String>,
        comments: bool,
        first_game: i64,
        nnue: Option<PyRef<'_, crate::nnue::NnueNetwork>>,
    ) -> PyResult<RowStream> {
        if !(1..=256).contains(&threads) {
            return Err(PyValueError::new_err(format!("threads go from 1 to 256, not {threads}")));
        }
        let nnue = nnue.map(|n| lerf_pgn::rows::NnueColumn(n.network()));
        let options = RowOptions { tags, comments, nnue };
        options.check().map_err(|e| PyValueError::new_err(e.to_string()))?;
        let schema = row_schema(&options);
        let input = crate::pgn::stream::open_source(source)?;
        let rows = match threads {
            1 => Rows::Serial(Box::new(PositionRows::starting_at(
                input, options, batch_size, first_game,
            ))),
            n => Rows::Parallel(Box::new(ParallelRows::starting_at(
                input, options, batch_size, n, first_game,
            ))),
        };
        let games = Arc::new(AtomicI64::new(0));
        let counted = Counted { rows, games: games.clone(), schema: schema.clone() };
        Ok(RowStream { rows: Mutex::new(Some(counted)), schema, games })
    }

    /// The schema, as an Arrow C schema in a capsule.
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        crate::arrow_export::schema_capsule(py, self.schema.as_ref())
    }

    /// The rows, as an Arrow C stream in a capsule (once: the stream is then the
    /// reader's).
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        // The rows have one schema; a consumer asking for another casts them itself.
        let _ = requested_schema;
        crate::arrow_export::stream_capsule(py, &self.rows)
    }

    /// Games read so far (all of them once the stream is read).
    #[getter]
    fn games(&self) -> i64 {
        self.games.load(Ordering::Relaxed)
    }
}
