//! python-chess's exceptions, raised from lerf's typed errors: each names the move and the
//! position, and each is a `ValueError`.

use lerf_position::{FenError, Position};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(lerf, IllegalMoveError, PyValueError, "A move that is not legal here.");
create_exception!(lerf, InvalidMoveError, PyValueError, "Text that is no move at all.");
create_exception!(lerf, AmbiguousMoveError, PyValueError, "SAN that more than one move fits.");

/// A FEN that lerf refuses: a `ValueError` naming the field, cut to a readable length.
pub fn fen_error(error: &FenError, fen: &str) -> PyErr {
    let shown: String = fen.chars().take(120).collect();
    let ellipsis = if fen.chars().count() > 120 { "…" } else { "" };
    PyValueError::new_err(format!("invalid fen {shown:?}{ellipsis}: {error}"))
}

/// A position from a FEN, as the engine's `Position` (which refuses impossible ones);
/// castling rights naming rook files make it Chess960, as python-chess's PGN reading does.
pub fn parse_position(fen: &str, chess960: bool) -> PyResult<Position> {
    lerf_pgn::position_from_fen_tag(fen, chess960).map_err(|e| fen_error(&e, fen))
}

/// The FEN python-chess writes by default (X-FEN castling, en passant when legal),
/// appended to `out`.
pub fn write_fen_of(pos: &Position, out: &mut String) {
    let _ = if pos.is_chess960() { pos.write_xfen(out) } else { pos.write_fen(out) };
}

/// python-chess's form of an engine move played in `pos`.
pub fn move_of(pos: &Position, m: lerf_types::Move) -> crate::moves::MoveData {
    if m == lerf_types::Move::NULL {
        return crate::moves::MoveData::NULL;
    }
    let to = match m.kind() {
        lerf_types::MoveKind::Castling if !pos.is_chess960() => m.king_or_piece_destination(),
        _ => m.to(),
    };
    let promotion = (m.kind() == lerf_types::MoveKind::Promotion).then(|| m.promotion_type() as u8);
    crate::moves::MoveData {
        from_square: m.from() as u8,
        to_square: to as u8,
        promotion,
        drop: None,
    }
}
