//! `lerf.encode_planes`: the 12×8×8 piece planes a network eats, written in Rust for many
//! positions at once (the Python wrapper gives them numpy's shape and dtype).

use lerf_rules::{Layout, LooseBoard};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::board::base_board::BaseBoard;

/// Bytes of one position's planes.
const PLANES: usize = 12 * 64;

/// The planes of every position in `items` (boards or FEN strings, read as python-chess
/// reads them), one byte each (0 or 1): `[i][color*6 + piece_type-1][rank][file]`,
/// White = 0.
#[pyfunction]
pub fn encode_planes_bytes<'py>(
    py: Python<'py>,
    items: Vec<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let mut layouts: Vec<Layout> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        if let Ok(board) = item.cast::<BaseBoard>() {
            layouts.push(*board.borrow().layout());
        } else if let Ok(fen) = item.cast::<PyString>() {
            let fen: String = fen.extract()?;
            let fen = fen.as_str();
            let board = LooseBoard::from_fen(fen, false)
                .map_err(|e| PyValueError::new_err(format!("item {i}: {e}: {fen:?}")))?;
            layouts.push(board.layout);
        } else {
            return Err(PyTypeError::new_err(format!(
                "item {i}: a lerf.Board or a FEN string, not {}",
                item.get_type().name()?
            )));
        }
    }
    let mut out = vec![0u8; layouts.len() * PLANES];
    py.detach(|| {
        for (planes, layout) in out.chunks_exact_mut(PLANES).zip(&layouts) {
            for (sq, piece) in layout.pieces() {
                let plane = piece.color().index() * 6 + piece.piece_type() as usize - 1;
                planes[plane * 64 + sq.index()] = 1;
            }
        }
    });
    Ok(PyBytes::new(py, &out))
}
