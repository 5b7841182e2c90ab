//! `lerf.perft` and `lerf.divide`: leaf counts of the legal move tree, the GIL released.

use lerf_movegen::{MAX_PERFT_DEPTH, PerftTable};
use lerf_position::Position;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::errors::parse_position;

fn start(fen: &str, depth: u32, threads: usize) -> PyResult<Position> {
    if depth > MAX_PERFT_DEPTH {
        return Err(PyValueError::new_err(format!(
            "depth {depth} is past the limit {MAX_PERFT_DEPTH}"
        )));
    }
    if !(1..=256).contains(&threads) {
        return Err(PyValueError::new_err(format!("threads go from 1 to 256, not {threads}")));
    }
    parse_position(fen, false)
}

/// The process's perft table and its size in MiB: kept from call to call, so that the
/// tasks a Dask worker runs one after another share what they counted.
static TABLE: Mutex<Option<(usize, Arc<PerftTable>)>> = Mutex::new(None);

fn table(megabytes: usize) -> PyResult<Arc<PerftTable>> {
    if megabytes > 1 << 20 {
        return Err(PyValueError::new_err(format!(
            "hash_mb {megabytes} is past the limit of 1 TiB"
        )));
    }
    let mut kept =
        TABLE.lock().map_err(|_| PyValueError::new_err("the perft table is poisoned"))?;
    match &*kept {
        Some((size, table)) if *size == megabytes => Ok(Arc::clone(table)),
        _ => {
            let table = Arc::new(PerftTable::with_megabytes(megabytes));
            *kept = Some((megabytes, Arc::clone(&table)));
            Ok(table)
        }
    }
}

/// The number of leaves of the legal move tree `depth` plies deep from `fen` (Chess960
/// castling rights in X-FEN or Shredder-FEN are read as such), on `threads` threads. With
/// `hash_mb`, subtrees are counted once through a table of that many MiB, kept by the
/// process from call to call (a call with another size makes a new one).
#[pyfunction]
#[pyo3(signature = (fen, depth, threads=1, hash_mb=0))]
pub fn perft(
    py: Python<'_>,
    fen: &str,
    depth: u32,
    threads: usize,
    hash_mb: usize,
) -> PyResult<u64> {
    let mut pos = start(fen, depth, threads)?;
    if hash_mb > 0 {
        let table = table(hash_mb)?;
        return Ok(py.detach(move || match threads {
            1 => lerf_movegen::perft_hashed(&mut pos, depth, &table),
            n => lerf_movegen::perft_parallel_hashed(&pos, depth, n, &table),
        }));
    }
    // Without a table, the copy-make walk over `Board` (as `cargo xtask perft`).
    let board = lerf_position::Board::from(&pos);
    Ok(py.detach(move || match threads {
        1 => lerf_movegen::perft_board(&board, depth),
        n => lerf_movegen::perft_board_parallel(&board, depth, n),
    }))
}

/// The distinct positions `depth` plies from `fen`, each with the number of move
/// sequences that reach it: `[(fen, count), ...]` in the order first reached. A position's
/// perft at depth `d` times its count, summed, is the root's perft at `depth + d`. FENs
/// are Shredder-FEN for Chess960 (so `perft` reads them back as Chess960); positions that
/// differ only in their move counters are one.
#[pyfunction]
pub fn perft_split(py: Python<'_>, fen: &str, depth: u32) -> PyResult<Vec<(String, u64)>> {
    if depth > 6 {
        return Err(PyValueError::new_err(format!(
            "a split depth of {depth} makes too many tasks; 6 at most (about 9 million from the start)"
        )));
    }
    let mut pos = start(fen, depth, 1)?;
    Ok(py.detach(move || {
        let mut found = Frontier::default();
        found.walk(&mut pos, depth);
        found.positions
    }))
}

/// The positions at the split depth, told apart by FEN without the move counters.
#[derive(Default)]
struct Frontier {
    index: HashMap<String, usize>,
    positions: Vec<(String, u64)>,
}

impl Frontier {
    fn walk(&mut self, pos: &mut Position, depth: u32) {
        if depth == 0 {
            let fen = if pos.is_chess960() { pos.to_shredder_fen() } else { pos.to_fen() };
            let board: String = fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
            match self.index.get(&board) {
                Some(&i) => self.positions[i].1 += 1,
                None => {
                    self.index.insert(board, self.positions.len());
                    self.positions.push((fen, 1));
                }
            }
            return;
        }
        for m in lerf_movegen::legal_moves(pos).iter().copied() {
            pos.do_move(m);
            self.walk(pos, depth - 1);
            pos.undo_move(m);
        }
    }
}

/// The leaves under each legal move: `{uci: count}` (`hash_mb` as for `perft`).
#[pyfunction]
#[pyo3(signature = (fen, depth, threads=1, hash_mb=0))]
pub fn divide<'py>(
    py: Python<'py>,
    fen: &str,
    depth: u32,
    threads: usize,
    hash_mb: usize,
) -> PyResult<Bound<'py, PyDict>> {
    if depth == 0 {
        return Err(PyValueError::new_err("divide needs a depth of at least 1"));
    }
    let pos = start(fen, depth, threads)?;
    let root = pos.clone();
    let table = if hash_mb > 0 { Some(table(hash_mb)?) } else { None };
    let counts = py.detach(move || match table {
        Some(table) => lerf_movegen::divide_parallel_hashed(&pos, depth, threads, &table),
        None => lerf_movegen::divide_parallel(&pos, depth, threads),
    });
    let out = PyDict::new(py);
    for (m, n) in counts {
        out.set_item(m.to_uci(root.is_chess960()).to_string(), n)?;
    }
    Ok(out)
}
