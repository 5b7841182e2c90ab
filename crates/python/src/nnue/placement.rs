//! Boards and FENs as the network reads them: a `lerf_rules` layout and the side to move.

use crate::board::base_board::BaseBoard;
use lerf_bitboard::Bitboard;
use lerf_nnue::Placement;
use lerf_rules::{Layout, LooseBoard};
use lerf_types::{Color, PieceType};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

/// A python-chess board's pieces and turn.
pub struct LayoutPlacement {
    layout: Layout,
    turn: Color,
}

impl LayoutPlacement {
    /// The board part of its FEN, for messages.
    pub fn board_fen(&self) -> String {
        let mut fen = String::new();
        let _ = self.layout.write_board_fen(&mut fen, false);
        fen
    }
}

impl Placement for LayoutPlacement {
    #[inline]
    fn pieces(&self, color: Color, piece_type: PieceType) -> Bitboard {
        let l = &self.layout;
        let of_type = match piece_type {
            PieceType::Pawn => l.pawns,
            PieceType::Knight => l.knights,
            PieceType::Bishop => l.bishops,
            PieceType::Rook => l.rooks,
            PieceType::Queen => l.queens,
            PieceType::King => l.kings,
        };
        of_type & l.by_color[color.index()]
    }
    #[inline]
    fn side_to_move(&self) -> Color {
        self.turn
    }
}

/// Each item (a `lerf.Board`, a `lerf.BaseBoard` taken as White to move, or a FEN) read,
/// with its FEN for messages.
pub fn read_items(items: &[Bound<'_, PyAny>]) -> PyResult<Vec<(LayoutPlacement, String)>> {
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        if let Ok(board) = item.cast::<BaseBoard>() {
            let board = board.borrow();
            let loose = board.board();
            out.push((LayoutPlacement { layout: loose.layout, turn: loose.turn }, String::new()));
        } else if let Ok(fen) = item.cast::<PyString>() {
            let fen: String = fen.extract()?;
            let board = LooseBoard::from_fen(&fen, false)
                .map_err(|e| PyValueError::new_err(format!("item {i}: {e}: {fen:?}")))?;
            out.push((LayoutPlacement { layout: board.layout, turn: board.turn }, fen));
        } else {
            return Err(PyTypeError::new_err(format!(
                "item {i}: a lerf.Board or a FEN string, not {}",
                item.get_type().name()?
            )));
        }
    }
    Ok(out)
}
