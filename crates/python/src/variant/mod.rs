//! `chess.variant` (`lerf.variant`): the variant boards are Python subclasses of `Board`
//! (`python/lerf/variant/`) whose rules are `lerf_rules::variant`'s. The Rust board keeps
//! the variant and the state beside the position (checks to give, pockets: [`Kept`]), so
//! `Board`'s own `push`, `pop`, moves and SAN play by the variant's rules; the methods here
//! set a board up as a variant's and answer the Python class's questions (the moves, the
//! variant's end, check, SAN read, the state for copies and pickles).

mod kept;

pub use kept::Kept;
use kept::{Extra, StateTuple};
use lerf_rules::variant::{Variant, VariantBoard};
use lerf_rules::{LooseFenError, LooseMove};
use lerf_types::PieceType;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::base_board::BaseBoard;
use crate::board::board::{Board, base};
use crate::board::moves::{Move, MoveData};
use crate::errors::IllegalMoveError;

fn variant_of(code: u8) -> PyResult<Variant> {
    Variant::ALL
        .get(usize::from(code))
        .copied()
        .ok_or_else(|| PyValueError::new_err(format!("no variant number {code}")))
}

/// The variant board `base` is, with the state it keeps (`None` for a standard board).
#[inline]
pub fn current(base: &BaseBoard) -> Option<VariantBoard> {
    base.variant.map(|variant| base.kept.board(variant, base.board()))
}

/// [`current`], or a `ValueError` for a board that plays no variant.
fn playing(base: &BaseBoard) -> PyResult<VariantBoard> {
    current(base).ok_or_else(|| PyValueError::new_err("the board plays no variant"))
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

/// `Board.push` on a variant board: atomic's, antichess's, crazyhouse's and three-check's
/// moves checked and played by their rules (three-check's and crazyhouse's state before it
/// kept for `pop`); the others' pseudo-legal moves and their effects are standard chess's.
pub fn push(mut slf: PyRefMut<'_, Board>, variant: Variant, r#move: MoveData) -> PyResult<()> {
    if matches!(
        variant,
        Variant::Atomic | Variant::Antichess | Variant::Crazyhouse | Variant::ThreeCheck
    ) {
        let vb = playing(slf.as_super())?;
        return push_variant(slf, vb, r#move);
    }
    Board::push_loose(&mut slf, r#move.to_loose())
}

/// `Board.pop`'s work for the state a variant board keeps, `moves_left` moves remaining.
#[inline]
pub fn popped(base: &mut BaseBoard, moves_left: usize) {
    if base.variant.is_some_and(Kept::kept_by) {
        base.kept.popped(moves_left);
    }
}

/// `Board.san` (or `lan`) on a variant board.
pub fn san(vb: &VariantBoard, m: LooseMove, long: bool) -> PyResult<String> {
    lerf_san::variant::variant_san(vb, m, long)
        .map_err(|_| IllegalMoveError::new_err(format!("no piece to move for {m} in {}", vb.fen())))
}

fn moves_out(py: Python<'_>, moves: Vec<LooseMove>) -> Vec<Py<Move>> {
    moves.into_iter().map(|m| Move::shared_loose(m, py)).collect()
}

/// Plays `move` (pseudo-legal or null, else `IllegalMoveError`) on `vb`, the board's
/// position with its variant's state, keeping the state for `pop` and `move_stack`'s list
/// in step.
fn push_variant(mut slf: PyRefMut<'_, Board>, vb: VariantBoard, r#move: MoveData) -> PyResult<()> {
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
    if Kept::kept_by(vb.variant) {
        base.kept.pushed(Extra::of(&next));
    }
    if let Some(list) = &base.stack_list {
        let written = base.game.peek().unwrap_or(m);
        list.bind(py).append(Move::shared_loose(written, py))?;
    }
    Ok(())
}

#[pymethods]
impl Board {
    /// The variant's legal moves (`legal`) or pseudo-legal ones, in generation order.
    fn _variant_moves(slf: PyRef<'_, Self>, legal: bool) -> PyResult<Vec<Py<Move>>> {
        let vb = playing(base(&slf))?;
        let mut out = Vec::new();
        if legal {
            vb.generate_legal_moves(&mut out);
        } else {
            vb.generate_pseudo_legal_moves(&mut out);
        }
        Ok(moves_out(slf.py(), out))
    }

    /// Makes the board play by the rules of variant `code` (`push`, `pop`, the moves and
    /// SAN), with three checks each to give and empty pockets: set up at `start` (a FEN of
    /// the variant's, the class's start position) if given, else empty; in Chess960 with
    /// `chess960`. What a variant board's `__init__` does, without a call to `Board`'s.
    #[pyo3(signature = (code, start=None, chess960=false))]
    fn _play_variant(
        mut slf: PyRefMut<'_, Self>,
        code: u8,
        start: Option<&str>,
        chess960: bool,
    ) -> PyResult<()> {
        let variant = variant_of(code)?;
        let base = slf.as_super();
        base.variant = Some(variant);
        base.kept = Kept::default();
        let board = match start {
            Some(fen) => {
                let vb = VariantBoard::from_fen(variant, fen, chess960)
                    .map_err(|e| crate::errors::loose_fen_error(&e, fen))?;
                base.kept.now = Extra::of(&vb);
                vb.board
            }
            None => lerf_rules::LooseBoard { chess960, ..lerf_rules::LooseBoard::empty() },
        };
        base.set_game(lerf_rules::LooseGame::new(board));
        Ok(())
    }

    /// The state beside the position: White's and Black's checks to give, then White's
    /// pocket (pawn to king), then Black's.
    fn _variant_state(slf: PyRef<'_, Self>) -> StateTuple {
        base(&slf).kept.now.to_tuple()
    }

    /// Sets the state beside the position (as `_variant_state` gives it; each number held
    /// between 0 and 255).
    fn _set_variant_state(mut slf: PyRefMut<'_, Self>, state: Vec<i64>) -> PyResult<()> {
        slf.as_super().kept.now = state_of(&state)?;
        Ok(())
    }

    /// The state before each of the last moves on the stack, oldest first.
    #[getter]
    fn _variant_history(slf: PyRef<'_, Self>) -> Vec<StateTuple> {
        base(&slf).kept.history.iter().map(|e| e.to_tuple()).collect()
    }

    #[setter(_variant_history)]
    fn _set_variant_history(mut slf: PyRefMut<'_, Self>, history: Vec<Vec<i64>>) -> PyResult<()> {
        let history = history.iter().map(|s| state_of(s)).collect::<PyResult<Vec<_>>>()?;
        slf.as_super().kept.history = history;
        Ok(())
    }

    /// The legal move a SAN names on the variant board, as python-chess's `parse_san`
    /// finds it there (`IllegalMoveError`, `AmbiguousMoveError` or `InvalidMoveError`
    /// otherwise).
    fn _variant_parse_san(slf: PyRef<'_, Self>, san: &str) -> PyResult<Py<Move>> {
        let vb = playing(base(&slf))?;
        let py = slf.py();
        let m = lerf_san::variant::parse_variant_san(&vb, san)
            .map_err(|e| crate::board::text::san_error_in(py, &e, san, &vb.fen()))?;
        Ok(Move::shared_loose(m, py))
    }

    /// The standard FEN in a FEN of the board's variant and the state beside the position
    /// it sets (`_variant_state`'s numbers), as python-chess's variant boards read their
    /// FENs; `ValueError` with python-chess's words for a variant part it refuses (the
    /// standard part is read by `set_fen` after).
    fn _variant_split_fen(slf: PyRef<'_, Self>, fen: &str) -> PyResult<(String, StateTuple)> {
        let variant = playing(base(&slf))?.variant;
        let words: Vec<&str> = fen.split_whitespace().collect();
        if variant == Variant::Crazyhouse && words.len() < 2 {
            // python-chess unpacks the board part and the rest.
            return Err(PyValueError::new_err(format!(
                "not enough values to unpack (expected 2, got {})",
                words.len()
            )));
        }
        let parts = VariantBoard::split_fen(variant, fen).map_err(|e| {
            let py = slf.py();
            let repr = |text: &str| {
                pyo3::types::PyString::new(py, text)
                    .repr()
                    .map(|r| r.to_string())
                    .unwrap_or_default()
            };
            PyValueError::new_err(match e {
                // python-chess quotes the counters, or nothing for a pocket's letter.
                LooseFenError::CheckPart => {
                    format!("{e}: {}", repr(words.get(4).copied().unwrap_or_default()))
                }
                LooseFenError::LichessCheckPart => {
                    format!("{e}: {}", repr(words.get(6).copied().unwrap_or_default()))
                }
                LooseFenError::PocketLetter(_) => e.to_string(),
                _ => format!("{e}: {}", repr(fen)),
            })
        })?;
        let extra = Extra { checks: parts.remaining_checks, pockets: parts.pockets };
        Ok((parts.fen, extra.to_tuple()))
    }

    /// Whether the variant's own rule has ended the game.
    fn _variant_end(slf: PyRef<'_, Self>) -> PyResult<bool> {
        Ok(playing(base(&slf))?.is_variant_end())
    }

    /// Whether the side to move is in check as the variant sees it.
    fn _variant_check(slf: PyRef<'_, Self>) -> PyResult<bool> {
        Ok(playing(base(&slf))?.is_check())
    }
}

/// The state of a sequence of Python's numbers (`ValueError` unless 14).
fn state_of(numbers: &[i64]) -> PyResult<Extra> {
    Extra::from_numbers(numbers)
        .ok_or_else(|| PyValueError::new_err("a variant state is 14 numbers"))
}

/// Adds nothing: the methods above are `Board`'s.
pub fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
