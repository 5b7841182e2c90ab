//! `chess.variant` (`lerf.variant`): the variant boards are Python subclasses of `Board`
//! (`python/lerf/variant/`) whose rules are `lerf_rules::variant`'s. These methods hand a
//! board's position, with the state the Python class keeps beside it (checks to give,
//! pockets), to the Rust rules: the moves, a move made (an explosion, a drop), the end.

use lerf_rules::variant::{Pockets, Variant, VariantBoard};
use lerf_rules::{LooseBoard, LooseMove};
use lerf_types::{Color, PieceType};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::board::{Board, base};
use crate::board::moves::{Move, MoveData};
use crate::errors::IllegalMoveError;

/// The state beside the board: White's and Black's checks to give, then each side's pocket
/// (pawns, knights, bishops, rooks, queens).
type Extra = [u8; 12];

const POCKET_TYPES: [PieceType; 5] =
    [PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen];

fn variant_of(code: u8) -> PyResult<Variant> {
    Variant::ALL
        .get(usize::from(code))
        .copied()
        .ok_or_else(|| PyValueError::new_err(format!("no variant number {code}")))
}

fn state(board: &LooseBoard, code: u8, extra: &Extra) -> PyResult<VariantBoard> {
    let mut pockets = Pockets::default();
    for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for (i, pt) in POCKET_TYPES.into_iter().enumerate() {
            for _ in 0..extra[2 + 5 * c + i] {
                pockets.add(color, pt);
            }
        }
    }
    Ok(VariantBoard {
        variant: variant_of(code)?,
        board: *board,
        remaining_checks: [extra[0], extra[1]],
        pockets,
    })
}

fn extra_of(vb: &VariantBoard) -> Extra {
    let mut extra = [0; 12];
    extra[0] = vb.remaining_checks[0];
    extra[1] = vb.remaining_checks[1];
    for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for (i, pt) in POCKET_TYPES.into_iter().enumerate() {
            extra[2 + 5 * c + i] = vb.pockets.count(color, pt);
        }
    }
    extra
}

/// Whether `m` is one of the variant's pseudo-legal moves (a drop: of a piece in hand, on
/// an empty square, a pawn not on the first or last rank).
fn is_pseudo_legal(vb: &VariantBoard, m: LooseMove) -> bool {
    if let Some(pt) = m.drop {
        let b = &vb.board;
        let rank = m.to as u8 >> 3;
        return vb.variant == Variant::Crazyhouse
            && pt != PieceType::King
            && vb.pockets.count(b.turn, pt) > 0
            && b.layout.piece_type_at(m.to).is_none()
            && !(pt == PieceType::Pawn && (rank == 0 || rank == 7));
    }
    // Room for any position's moves at once, so the list is allocated once.
    let mut moves = Vec::with_capacity(256);
    vb.generate_pseudo_legal_moves(&mut moves);
    let written = vb.board.from_chess960(vb.board.chess960, vb.board.to_chess960(m));
    moves.contains(&m) || moves.contains(&written)
}

fn moves_out(py: Python<'_>, moves: Vec<LooseMove>) -> Vec<Py<Move>> {
    moves.into_iter().map(|m| Move::shared_loose(m, py)).collect()
}

/// Plays `move` (pseudo-legal or null, else `IllegalMoveError`) on the variant board of
/// `code` with `extra`, keeping `move_stack`'s list in step; the state after it.
fn push_variant(
    mut slf: PyRefMut<'_, Board>,
    code: u8,
    extra: Extra,
    r#move: MoveData,
) -> PyResult<Extra> {
    let m = r#move.to_loose();
    let vb = state(slf.as_super().game.board(), code, &extra)?;
    if !m.is_null() && !is_pseudo_legal(&vb, m) {
        return Err(IllegalMoveError::new_err(format!(
            "push() expects a pseudo-legal move or a null move: {m} in {}",
            vb.fen()
        )));
    }
    let next = vb.play_unchecked(m);
    let py = slf.py();
    let base = slf.as_super();
    base.game.push_made(m, next.board);
    if let Some(list) = &base.stack_list {
        let written = base.game.peek().unwrap_or(m);
        list.bind(py).append(Move::shared_loose(written, py))?;
    }
    Ok(extra_of(&next))
}

#[pymethods]
impl Board {
    /// The variant's legal moves (`legal`) or pseudo-legal ones, in generation order.
    fn _variant_moves(
        slf: PyRef<'_, Self>,
        code: u8,
        extra: Extra,
        legal: bool,
    ) -> PyResult<Vec<Py<Move>>> {
        let vb = state(base(&slf).board(), code, &extra)?;
        let mut out = Vec::new();
        if legal {
            vb.generate_legal_moves(&mut out);
        } else {
            vb.generate_pseudo_legal_moves(&mut out);
        }
        Ok(moves_out(slf.py(), out))
    }

    /// Plays `move` by the variant's rules, onto the move stack; the new state beside the
    /// board.
    fn _variant_push(
        slf: PyRefMut<'_, Self>,
        code: u8,
        extra: Extra,
        r#move: MoveData,
    ) -> PyResult<Extra> {
        push_variant(slf, code, extra, r#move)
    }

    /// `_variant_push` for a variant with no state beside the board (checks left 3 and 3,
    /// empty pockets): nothing to take or give back.
    fn _variant_push_plain(slf: PyRefMut<'_, Self>, code: u8, r#move: MoveData) -> PyResult<()> {
        let mut plain = [0; 12];
        plain[0] = 3;
        plain[1] = 3;
        push_variant(slf, code, plain, r#move).map(|_| ())
    }

    /// The SAN (or, with `long`, LAN) of `move` as the variant writes it (`#` for a move
    /// that wins by the variant's rule too).
    fn _variant_san(
        slf: PyRef<'_, Self>,
        code: u8,
        extra: Extra,
        r#move: MoveData,
        long: bool,
    ) -> PyResult<String> {
        let vb = state(base(&slf).board(), code, &extra)?;
        let m = r#move.to_loose();
        lerf_san::variant::variant_san(&vb, m, long).map_err(|_| {
            IllegalMoveError::new_err(format!("no piece to move for {m} in {}", vb.fen()))
        })
    }

    /// Whether the variant's own rule has ended the game.
    fn _variant_end(slf: PyRef<'_, Self>, code: u8, extra: Extra) -> PyResult<bool> {
        Ok(state(base(&slf).board(), code, &extra)?.is_variant_end())
    }

    /// Whether the side to move is in check as the variant sees it.
    fn _variant_check(slf: PyRef<'_, Self>, code: u8, extra: Extra) -> PyResult<bool> {
        Ok(state(base(&slf).board(), code, &extra)?.is_check())
    }
}

/// Adds nothing: the methods above are `Board`'s.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
