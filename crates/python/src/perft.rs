//! `lerf.perft` and `lerf.divide`: leaf counts of the legal move tree, the GIL released.

use lerf_movegen::MAX_PERFT_DEPTH;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::board::Board;
use crate::moves::Move;

fn start(fen: &str, depth: u32, threads: usize) -> PyResult<Board> {
    if depth > MAX_PERFT_DEPTH {
        return Err(PyValueError::new_err(format!(
            "depth {depth} is past the limit {MAX_PERFT_DEPTH}"
        )));
    }
    if !(1..=256).contains(&threads) {
        return Err(PyValueError::new_err(format!("threads go from 1 to 256, not {threads}")));
    }
    Board::parse(fen, false)
}

/// The number of leaves of the legal move tree `depth` plies deep from `fen` (Chess960
/// castling rights in X-FEN or Shredder-FEN are read as such), on `threads` threads.
#[pyfunction]
#[pyo3(signature = (fen, depth, threads=1))]
pub fn perft(py: Python<'_>, fen: &str, depth: u32, threads: usize) -> PyResult<u64> {
    let mut pos = start(fen, depth, threads)?.pos;
    Ok(py.detach(move || match threads {
        1 => lerf_movegen::perft(&mut pos, depth),
        n => lerf_movegen::perft_parallel(&pos, depth, n),
    }))
}

/// The leaves under each legal move: `{uci: count}`.
#[pyfunction]
#[pyo3(signature = (fen, depth, threads=1))]
pub fn divide<'py>(
    py: Python<'py>,
    fen: &str,
    depth: u32,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    if depth == 0 {
        return Err(PyValueError::new_err("divide needs a depth of at least 1"));
    }
    let pos = start(fen, depth, threads)?.pos;
    let root = pos.clone();
    let counts = py.detach(move || lerf_movegen::divide_parallel(&pos, depth, threads));
    let out = PyDict::new(py);
    for (m, n) in counts {
        out.set_item(Move::from_lerf(&root, m).uci(), n)?;
    }
    Ok(out)
}
