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
    thread_local! {
        /// The list the moves are generated into, kept between pushes: room for any
        /// position's moves, allocated once a thread.
        static MOVES: std::cell::RefCell<Vec<LooseMove>> =
            std::cell::RefCell::new(Vec::with_capacity(256));
    }
    if let Some(pt) = m.drop {
        let b = &vb.board;
        let rank = m.to as u8 >> 3;
        return vb.variant == Variant::Crazyhouse
            && pt != PieceType::King
            && vb.pockets.count(b.turn, pt) > 0
            && b.layout.piece_type_at(m.to).is_none()
            && !(pt == PieceType::Pawn && (rank == 0 || rank == 7));
    }
    let b = &vb.board;
    // Atomic's and antichess's own pseudo-legal moves differ from standard chess's only in
    // the king's (castling, atomic's king captures) and antichess's promotions to a king.
    if b.layout.piece_type_at(m.from) != Some(PieceType::King)
        && m.promotion != Some(PieceType::King)
    {
        return b.is_pseudo_legal(m);
    }
    let written = b.from_chess960(b.chess960, b.to_chess960(m));
    MOVES.with_borrow_mut(|moves| {
        moves.clear();
        vb.generate_pseudo_legal_moves(moves);
        moves.contains(&m) || moves.contains(&written)
    })
}

/// `Board.push` on a variant board without state beside the position: atomic's and
/// antichess's moves checked and played by their rules; the others' pseudo-legal moves and
/// their effects are standard chess's.
pub fn push_stateless(
    mut slf: PyRefMut<'_, Board>,
    variant: Variant,
    r#move: MoveData,
) -> PyResult<()> {
    if matches!(variant, Variant::Atomic | Variant::Antichess) {
        let vb = stateless(slf.as_super().board(), variant);
        return push_variant(slf, vb, r#move).map(|_| ());
    }
    Board::push_loose(&mut slf, r#move.to_loose())
}

/// `Board.san` (or `lan`) on a variant board without state beside the position.
pub fn stateless_san(
    board: &LooseBoard,
    variant: Variant,
    m: LooseMove,
    long: bool,
) -> PyResult<String> {
    let vb = stateless(board, variant);
    lerf_san::variant::variant_san(&vb, m, long)
        .map_err(|_| IllegalMoveError::new_err(format!("no piece to move for {m} in {}", vb.fen())))
}

/// `board` as a board of `variant` with no state beside it: checks left 3 and 3, empty
/// pockets.
pub fn stateless(board: &LooseBoard, variant: Variant) -> VariantBoard {
    VariantBoard { variant, board: *board, remaining_checks: [3, 3], pockets: Pockets::default() }
}

fn moves_out(py: Python<'_>, moves: Vec<LooseMove>) -> Vec<Py<Move>> {
    moves.into_iter().map(|m| Move::shared_loose(m, py)).collect()
}

/// Plays `move` (pseudo-legal or null, else `IllegalMoveError`) on `vb`, the board's
/// position with its variant's state, keeping `move_stack`'s list in step; the variant
/// board after it.
fn push_variant(
    mut slf: PyRefMut<'_, Board>,
    vb: VariantBoard,
    r#move: MoveData,
) -> PyResult<VariantBoard> {
    let m = r#move.to_loose();
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
    Ok(next)
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
        mut slf: PyRefMut<'_, Self>,
        code: u8,
        extra: Extra,
        r#move: MoveData,
    ) -> PyResult<Extra> {
        let vb = state(slf.as_super().board(), code, &extra)?;
        push_variant(slf, vb, r#move).map(|next| extra_of(&next))
    }

    /// Makes `push` play by the rules of variant `code`, one without state beside the
    /// board (atomic, antichess, horde, king of the hill, racing kings).
    fn _play_variant(mut slf: PyRefMut<'_, Self>, code: u8) -> PyResult<()> {
        let variant = variant_of(code)?;
        if matches!(variant, Variant::Crazyhouse | Variant::ThreeCheck) {
            return Err(PyValueError::new_err(format!(
                "{} keeps state beside the board",
                variant.uci_name()
            )));
        }
        slf.as_super().variant = Some(variant);
        Ok(())
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

    /// The legal move a SAN names on the variant board of `code` with `extra`, as
    /// python-chess's `parse_san` finds it there (`IllegalMoveError`, `AmbiguousMoveError`
    /// or `InvalidMoveError` otherwise).
    fn _variant_parse_san(
        slf: PyRef<'_, Self>,
        code: u8,
        extra: Extra,
        san: &str,
    ) -> PyResult<Py<Move>> {
        let vb = state(base(&slf).board(), code, &extra)?;
        let py = slf.py();
        let repr = |text: &str| {
            pyo3::types::PyString::new(py, text).repr().map(|r| r.to_string()).unwrap_or_default()
        };
        if vb.variant == Variant::Crazyhouse && san.contains('@') {
            // python-chess's crazyhouse reads a drop as UCI (`P` put before a bare `@`), with
            // its own words for what it refuses.
            let uci = san.trim_end_matches(['+', '#']);
            let uci = if uci.starts_with('@') { format!("P{uci}") } else { uci.to_owned() };
            let m: LooseMove = uci.parse().map_err(|_| {
                crate::errors::InvalidMoveError::new_err(format!("invalid uci: {}", repr(&uci)))
            })?;
            if !vb.legal_moves().contains(&m) {
                return Err(IllegalMoveError::new_err(format!(
                    "illegal drop san: {} in {}",
                    repr(san),
                    vb.fen()
                )));
            }
            return Ok(Move::shared_loose(m, py));
        }
        let m = lerf_san::variant::parse_variant_san(&vb, san)
            .map_err(|e| crate::board::text::san_error_in(py, &e, san, &vb.fen()))?;
        Ok(Move::shared_loose(m, py))
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
