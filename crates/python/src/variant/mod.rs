//! `chess.variant` (`lerf.variant`): the variant boards are Python subclasses of `Board`
//! (`python/lerf/variant/`) whose rules are `lerf_rules::variant`'s. The Rust board keeps
//! the variant and the state beside the position (checks to give, pockets: [`Kept`], in
//! `crate::variant_state`, below the board, which `Board`'s own `push`, `pop`, moves and SAN
//! call down to); the methods here, above the board, set a board up as a variant's and
//! answer the Python class's questions (the moves, the variant's end, check, SAN read, the
//! state for copies and pickles).

use crate::variant_state::{Extra, Kept, StateTuple};
use lerf_rules::variant::{Variant, VariantBoard};
use lerf_rules::{LooseFenError, LooseMove};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::board::base_board::BaseBoard;
use crate::board::board::{Board, base};
use crate::board::moves::{Move, MoveData};
use crate::board::truth::Truth;

fn variant_of(code: u8) -> PyResult<Variant> {
    Variant::ALL
        .get(usize::from(code))
        .copied()
        .ok_or_else(|| PyValueError::new_err(format!("no variant number {code}")))
}

/// The variant board `base` is, or a `ValueError` for a board that plays no variant.
fn playing(base: &BaseBoard) -> PyResult<VariantBoard> {
    base.variant_board().ok_or_else(|| PyValueError::new_err("the board plays no variant"))
}

fn moves_out(py: Python<'_>, moves: Vec<LooseMove>) -> Vec<Py<Move>> {
    moves.into_iter().map(|m| Move::shared_loose(m, py)).collect()
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
    #[pyo3(signature = (code, start=None, chess960=Truth(false)))]
    fn _play_variant(
        mut slf: PyRefMut<'_, Self>,
        code: u8,
        start: Option<&str>,
        chess960: Truth,
    ) -> PyResult<()> {
        let chess960 = chess960.0;
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
            .map_err(|e| crate::board::san_errors::san_error_in(py, &e, san, &vb.fen()))?;
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

    /// The FEN after any move with a piece on its origin, played as python-chess's `push`
    /// plays it without asking whether it is pseudo-legal (what python-chess's SAN of such
    /// a move looks at for its suffix; lerf's `push` refuses the move).
    fn _variant_fen_after(slf: PyRef<'_, Self>, r#move: MoveData) -> PyResult<String> {
        Ok(playing(base(&slf))?.play_unchecked(r#move.to_loose()).fen())
    }

    /// python-chess's `has_legal_en_passant` by the variant's rules (lerf-rules'
    /// `VariantBoard::has_legal_en_passant`, which the Rust FEN writer uses too).
    fn _variant_has_legal_ep(slf: PyRef<'_, Self>) -> PyResult<bool> {
        Ok(playing(base(&slf))?.has_legal_en_passant())
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
