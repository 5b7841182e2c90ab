//! `Board`'s moves as python-chess asks about them: the legal and pseudo-legal move lists
//! (by kind, with from/to masks), check, and the predicates on one move (capture, en
//! passant, castling, zeroing...). The position and its stack are in `board.rs`.

use lerf_bitboard::Bitboard;
use lerf_rules::{LooseBoard, LooseMove};
use pyo3::prelude::*;

use crate::board::board::{Board, base, move_iter};
use crate::board::generators::{LegalMoveGenerator, PseudoLegalMoveGenerator};
use crate::board::index_args::{Mask, move_to_test};
use crate::board::moves::MoveData;
use crate::board::squareset::SquareSet;

impl Board {
    /// Appends the moves `generate` makes into a list iterator.
    fn generated<'py>(
        slf: &PyRef<'py, Self>,
        generate: impl FnOnce(&LooseBoard, &mut Vec<LooseMove>),
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut moves = Vec::with_capacity(64);
        generate(base(slf).board(), &mut moves);
        move_iter(slf.py(), &moves)
    }
}

#[pymethods]
impl Board {
    /// The legal moves: iterable, `len`, `in`, `count()`.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> LegalMoveGenerator {
        LegalMoveGenerator::of_board(slf.clone().into_any().unbind())
    }

    /// The pseudo-legal moves: iterable, `len`, `in`, `count()`.
    #[getter]
    fn pseudo_legal_moves(slf: &Bound<'_, Self>) -> PseudoLegalMoveGenerator {
        PseudoLegalMoveGenerator::of_board(slf.clone().into_any().unbind())
    }

    /// The pseudo-legal moves from `from_mask` to `to_mask`.
    #[pyo3(signature = (from_mask=Mask::ALL, to_mask=Mask::ALL))]
    fn generate_pseudo_legal_moves<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Mask,
        to_mask: Mask,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (f, t) = (Bitboard(from_mask.0), Bitboard(to_mask.0));
        Board::generated(&slf, |b, out| b.generate_pseudo_legal_moves(f, t, out))
    }

    /// The pseudo-legal en passant captures.
    #[pyo3(signature = (from_mask=Mask::ALL, to_mask=Mask::ALL))]
    fn generate_pseudo_legal_ep<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Mask,
        to_mask: Mask,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (f, t) = (Bitboard(from_mask.0), Bitboard(to_mask.0));
        Board::generated(&slf, |b, out| b.generate_pseudo_legal_ep(f, t, out))
    }

    /// The pseudo-legal captures.
    #[pyo3(signature = (from_mask=Mask::ALL, to_mask=Mask::ALL))]
    fn generate_pseudo_legal_captures<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Mask,
        to_mask: Mask,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (f, t) = (Bitboard(from_mask.0), Bitboard(to_mask.0));
        Board::generated(&slf, |b, out| b.generate_pseudo_legal_captures(f, t, out))
    }

    /// The legal moves from `from_mask` to `to_mask`.
    #[pyo3(signature = (from_mask=Mask::ALL, to_mask=Mask::ALL))]
    fn generate_legal_moves<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Mask,
        to_mask: Mask,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (f, t) = (Bitboard(from_mask.0), Bitboard(to_mask.0));
        Board::generated(&slf, |b, out| b.generate_legal_moves(f, t, out))
    }

    /// The legal en passant captures.
    #[pyo3(signature = (from_mask=Mask::ALL, to_mask=Mask::ALL))]
    fn generate_legal_ep<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Mask,
        to_mask: Mask,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (f, t) = (Bitboard(from_mask.0), Bitboard(to_mask.0));
        Board::generated(&slf, |b, out| b.generate_legal_ep(f, t, out))
    }

    /// The legal captures.
    #[pyo3(signature = (from_mask=Mask::ALL, to_mask=Mask::ALL))]
    fn generate_legal_captures<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Mask,
        to_mask: Mask,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (f, t) = (Bitboard(from_mask.0), Bitboard(to_mask.0));
        Board::generated(&slf, |b, out| b.generate_legal_captures(f, t, out))
    }

    /// The castling moves (legal ones) of the king in `from_mask` with the rooks in
    /// `to_mask`.
    #[pyo3(signature = (from_mask=Mask::ALL, to_mask=Mask::ALL))]
    fn generate_castling_moves<'py>(
        slf: PyRef<'py, Self>,
        from_mask: Mask,
        to_mask: Mask,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (f, t) = (Bitboard(from_mask.0), Bitboard(to_mask.0));
        Board::generated(&slf, |b, out| b.generate_castling_moves(f, t, out))
    }

    /// The pieces giving check, as a bitboard.
    fn checkers_mask(slf: PyRef<'_, Self>) -> u64 {
        base(&slf).board().checkers_mask().0
    }

    /// The pieces giving check.
    fn checkers(slf: PyRef<'_, Self>) -> SquareSet {
        SquareSet { mask: base(&slf).board().checkers_mask().0 }
    }

    /// Whether the side to move is in check.
    fn is_check(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().is_check()
    }

    /// Whether a pseudo-legal move gives check (`IllegalMoveError` for other moves).
    fn gives_check(slf: PyRef<'_, Self>, r#move: MoveData) -> PyResult<bool> {
        let m = r#move;
        let board = base(&slf).board();
        let m = m.to_loose();
        if !m.is_null() && m.drop.is_none() && board.layout.piece_type_at(m.from).is_none() {
            let mut fen = String::new();
            let _ = board.layout.write_board_fen(&mut fen, false);
            return Err(pyo3::exceptions::PyAssertionError::new_err(format!(
                "push() expects move to be pseudo-legal, but got {m} in {fen}"
            )));
        }
        // As python-chess: the move is made whatever it is (a copy of the board here).
        Ok(board.play_unchecked(m).is_check())
    }

    /// Whether a pseudo-legal move leaves the side to move's king in check.
    fn is_into_check(slf: PyRef<'_, Self>, r#move: MoveData) -> bool {
        let m = r#move;
        base(&slf).board().is_into_check(m.to_loose())
    }

    /// Whether the side that just moved left its king in check.
    fn was_into_check(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().was_into_check()
    }

    /// Whether the move is pseudo-legal.
    fn is_pseudo_legal(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Some(m) = move_to_test(r#move)? else { return Ok(false) };
        Ok(base(&slf).board().is_pseudo_legal(m.to_loose()))
    }

    /// Whether the move is legal.
    fn is_legal(slf: PyRef<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Some(m) = move_to_test(r#move)? else { return Ok(false) };
        Ok(base(&slf).board().is_legal(m.to_loose()))
    }

    /// Whether an en passant capture is pseudo-legal.
    fn has_pseudo_legal_en_passant(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().has_pseudo_legal_en_passant()
    }

    /// Whether an en passant capture is legal.
    fn has_legal_en_passant(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().has_legal_en_passant()
    }

    /// Whether the move is an en passant capture.
    fn is_en_passant(slf: PyRef<'_, Self>, r#move: MoveData) -> bool {
        let m = r#move;
        base(&slf).board().is_en_passant(m.to_loose())
    }

    /// Whether the move captures.
    fn is_capture(slf: PyRef<'_, Self>, r#move: MoveData) -> bool {
        let m = r#move;
        base(&slf).board().is_capture(m.to_loose())
    }

    /// Whether the move captures or moves a pawn.
    fn is_zeroing(slf: PyRef<'_, Self>, r#move: MoveData) -> bool {
        let m = r#move;
        base(&slf).board().is_zeroing(m.to_loose())
    }

    /// Whether no earlier position can come back after the move.
    fn is_irreversible(slf: PyRef<'_, Self>, r#move: MoveData) -> bool {
        let m = r#move;
        base(&slf).board().is_irreversible(m.to_loose())
    }

    /// Whether the move castles.
    fn is_castling(slf: PyRef<'_, Self>, r#move: MoveData) -> bool {
        let m = r#move;
        base(&slf).board().is_castling(m.to_loose())
    }

    /// Whether the move castles towards the h-file.
    fn is_kingside_castling(slf: PyRef<'_, Self>, r#move: MoveData) -> bool {
        let m = r#move;
        base(&slf).board().is_kingside_castling(m.to_loose())
    }

    /// Whether the move castles towards the a-file.
    fn is_queenside_castling(slf: PyRef<'_, Self>, r#move: MoveData) -> bool {
        let m = r#move;
        base(&slf).board().is_queenside_castling(m.to_loose())
    }
}
