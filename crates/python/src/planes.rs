//! `lerf.encode_planes`: the 12×8×8 piece planes a network eats, written in Rust for many
//! positions at once (the Python wrapper gives them numpy's shape and dtype).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::board::Board;
use lerf_position::Position;

/// Bytes of one position's planes.
const PLANES: usize = 12 * 64;

/// The planes of every position in `items` (Boards or FEN strings), one byte each (0 or
/// 1): `[i][color*6 + piece_type-1][rank][file]`, White = 0.
#[pyfunction]
pub fn encode_planes_bytes<'py>(
    py: Python<'py>,
    items: Vec<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut positions: Vec<Position> = Vec::with_capacity(items.len());
    let mut fens: Vec<(usize, String)> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        if let Ok(board) = item.cast::<Board>() {
            positions.push(board.borrow().pos.clone());
        } else if let Ok(fen) = item.cast::<PyString>() {
            fens.push((i, fen.extract::<String>()?));
            positions.push(Position::startpos());
        } else {
            return Err(PyTypeError::new_err(format!(
                "item {i}: a lerf.Board or a FEN string, not {}",
                item.get_type().name()?
            )));
        }
    }
    for (i, fen) in fens {
        positions[i] = crate::board::parse_position(&fen, false).map_err(|e| prefix(py, i, e))?;
    }
    let mut out = vec![0u8; positions.len() * PLANES];
    py.detach(|| {
        for (planes, pos) in out.chunks_exact_mut(PLANES).zip(&positions) {
            for sq in pos.occupied() {
                if let Some(piece) = pos.piece_on(sq) {
                    let plane = piece.color().index() * 6 + piece.piece_type() as usize - 1;
                    planes[plane * 64 + sq.index()] = 1;
                }
            }
        }
    });
    Ok(PyBytes::new(py, &out))
}

fn prefix(py: Python<'_>, i: usize, e: PyErr) -> PyErr {
    let message = e.value(py).to_string();
    pyo3::exceptions::PyValueError::new_err(format!("item {i}: {message}"))
}
