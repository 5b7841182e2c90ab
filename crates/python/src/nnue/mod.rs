//! `lerf.nnue`, lerf's own module (python-chess has none): Stockfish's NNUE evaluation of
//! python-chess boards and FENs, `lerf_nnue::Network` underneath. The Python half
//! (`python/lerf/nnue.py`) holds `load`, the result types and the numpy array.

mod placement;

use lerf_nnue::{EvalError, Network};
use placement::{LayoutPlacement, read_items};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;
use std::sync::Arc;

/// One bucket's `(material, positional, value)`.
type BucketParts = (i32, i32, i32);

/// Adds the network class to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NnueNetwork>()
}

/// A network read once; evaluations read it from any number of threads.
#[pyclass(module = "lerf._lerf", frozen)]
pub struct NnueNetwork {
    inner: Arc<Network>,
}

impl NnueNetwork {
    /// The network, to share with the rows' threads.
    pub fn network(&self) -> Arc<Network> {
        self.inner.clone()
    }
}

fn eval_error(e: EvalError, placement: &LayoutPlacement, fen: &str) -> PyErr {
    let fen = if fen.is_empty() { placement.board_fen() } else { fen.to_owned() };
    PyValueError::new_err(format!("{e}: {fen}"))
}

#[pymethods]
impl NnueNetwork {
    /// Reads the network file at `path`: `OSError` when it cannot be read, `ValueError`
    /// naming the byte when it is not a network lerf reads.
    #[staticmethod]
    fn load(py: Python<'_>, path: std::path::PathBuf) -> PyResult<NnueNetwork> {
        let bytes = std::fs::read(&path).map_err(|e| crate::errors::file_error(&e, &path))?;
        NnueNetwork::from_bytes(py, &bytes)
    }

    /// Reads a network from its bytes.
    #[staticmethod]
    fn from_bytes(py: Python<'_>, data: &[u8]) -> PyResult<NnueNetwork> {
        let inner = py
            .detach(|| Network::from_bytes(data))
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(NnueNetwork { inner: Arc::new(inner) })
    }

    /// `(width, generation, description, hash, kernels)`.
    fn info(&self) -> (usize, String, String, u32, String) {
        let net = &self.inner;
        let generation = match net.generation() {
            lerf_nnue::Generation::Stockfish15 => "Stockfish 15.1",
            _ => "Stockfish 16+",
        };
        (
            net.width(),
            generation.into(),
            net.description().into(),
            net.hash(),
            format!("{:?}", net.kernels()),
        )
    }

    /// The evaluation of one board or FEN, side to move's view, internal units.
    fn evaluate(&self, item: &Bound<'_, PyAny>) -> PyResult<i32> {
        let (placement, fen) = read_items(std::slice::from_ref(item))?.pop().expect("one item");
        self.inner.evaluate(&placement).map_err(|e| eval_error(e, &placement, &fen))
    }

    /// `(used, [(material, positional, value)] * 8)` for one board or FEN.
    fn buckets(&self, item: &Bound<'_, PyAny>) -> PyResult<(usize, Vec<BucketParts>)> {
        let (placement, fen) = read_items(std::slice::from_ref(item))?.pop().expect("one item");
        let b = self.inner.buckets(&placement).map_err(|e| eval_error(e, &placement, &fen))?;
        Ok((b.used, b.all.iter().map(|e| (e.material, e.positional, e.value)).collect()))
    }

    /// The evaluations of many boards or FENs as little-endian 32-bit integers, on `threads`
    /// threads with the GIL released. A position the network cannot evaluate raises
    /// `ValueError` naming its index.
    fn evaluate_many_bytes<'py>(
        &self,
        py: Python<'py>,
        items: Vec<Bound<'py, PyAny>>,
        threads: usize,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let placements = read_items(&items)?;
        let net = &*self.inner;
        let results: Vec<Result<i32, (usize, EvalError)>> = py.detach(|| {
            let threads = threads.clamp(1, placements.len().max(1));
            let chunk = placements.len().div_ceil(threads).max(1);
            let mut out = vec![Ok(0); placements.len()];
            // The calling thread takes the first share (its caches are warm, and one thread
            // then starts none); the others go to new threads.
            let evaluate = |c: usize, part: &[(LayoutPlacement, String)], out: &mut [_]| {
                for (i, ((p, _), o)) in part.iter().zip(out).enumerate() {
                    *o = net.evaluate(p).map_err(|e| (c * chunk + i, e));
                }
            };
            std::thread::scope(|s| {
                let mut shares = placements.chunks(chunk).zip(out.chunks_mut(chunk)).enumerate();
                let first = shares.next();
                for (c, (part, out)) in shares {
                    s.spawn(move || evaluate(c, part, out));
                }
                if let Some((c, (part, out))) = first {
                    evaluate(c, part, out);
                }
            });
            out
        });
        let mut bytes = Vec::with_capacity(results.len() * 4);
        for r in results {
            match r {
                Ok(v) => bytes.extend(v.to_le_bytes()),
                Err((i, e)) => {
                    let (placement, fen) = &placements[i];
                    let message = eval_error(e, placement, fen).value(py).to_string();
                    return Err(PyValueError::new_err(format!("item {i}: {message}")));
                }
            }
        }
        Ok(PyByteArray::new(py, &bytes))
    }
}
