//! `Board`'s text: FEN, X-FEN and Shredder-FEN, EPD with operations, SAN, long algebraic,
//! UCI and XBoard, read and written as python-chess does (`lerf_rules`,
//! `lerf_san::loose`, `lerf_san::epd`).

use lerf_rules::variant::Variant;
use lerf_rules::{EnPassantMode, LooseBoard, LooseGame, LooseMove};
use lerf_san::loose::{loose_lan, loose_san, loose_variation_san, parse_loose_san};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::board::board::{Board, base, nothing_to_move};
use crate::board::epd::{set_epd_on, set_variant_epd, write_epd_operations};
use crate::board::moves::{Move, MoveData};
use crate::board::san_errors::{invalid_uci_message, san_error};
use crate::board::truth::Truth;
use crate::errors::py_repr as repr;
use crate::errors::{IllegalMoveError, InvalidMoveError};
use crate::errors::{fen_value_error, loose_fen_error};

/// python-chess's `en_passant` argument.
fn ep_mode(text: &str) -> PyResult<EnPassantMode> {
    match text {
        "legal" => Ok(EnPassantMode::Legal),
        "xfen" => Ok(EnPassantMode::PseudoLegal),
        "fen" => Ok(EnPassantMode::Always),
        other => Err(PyValueError::new_err(format!(
            "en_passant is 'legal', 'xfen' or 'fen', not {other:?}"
        ))),
    }
}

#[pymethods]
impl Board {
    /// The FEN: X-FEN castling (Shredder-FEN with `shredder=True`); the en passant square
    /// when a capture is legal (`en_passant="legal"`), pseudo-legal (`"xfen"`) or after
    /// any double step (`"fen"`); promoted pieces marked `~` with `promoted=True`.
    #[pyo3(signature = (*, shredder=Truth(false), en_passant="legal", promoted=None))]
    fn fen(
        slf: PyRef<'_, Self>,
        shredder: Truth,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        let mut out = String::with_capacity(90);
        let mode = ep_mode(en_passant)?;
        let _ = base(&slf).board().write_fen(&mut out, shredder.0, mode, promoted.unwrap_or(false));
        Ok(out)
    }

    /// The FEN with Shredder-FEN castling (`HAha`).
    #[pyo3(signature = (*, en_passant="legal", promoted=None))]
    fn shredder_fen(
        slf: PyRef<'_, Self>,
        en_passant: &str,
        promoted: Option<bool>,
    ) -> PyResult<String> {
        Board::fen(slf, Truth(true), en_passant, promoted)
    }

    /// Sets the position from a FEN (`ValueError` if malformed; any arrangement is taken).
    fn set_fen(mut slf: PyRefMut<'_, Self>, fen: &str) -> PyResult<()> {
        let base = slf.as_super();
        let chess960 = base.game.board().chess960;
        let board = LooseBoard::from_fen(fen, chess960).map_err(|e| loose_fen_error(&e, fen))?;
        base.set_game(LooseGame::new(board));
        Ok(())
    }

    /// Sets the castling rights from a FEN castling field; forgets the move stack.
    fn set_castling_fen(mut slf: PyRefMut<'_, Self>, castling_fen: &str) -> PyResult<()> {
        let base = slf.as_super();
        base.game
            .board_mut()
            .set_castling_fen(castling_fen)
            // python-chess's words here: "invalid castling fen", not a FEN's part.
            .map_err(|_| fen_value_error(&"invalid castling fen", castling_fen))?;
        base.clear_stack();
        Ok(())
    }

    /// The castling field as X-FEN writes it.
    fn castling_xfen(slf: PyRef<'_, Self>) -> String {
        base(&slf).board().castling_xfen()
    }

    /// The castling field as Shredder-FEN writes it.
    fn castling_shredder_fen(slf: PyRef<'_, Self>) -> String {
        base(&slf).board().castling_shredder_fen()
    }

    /// The EPD: the FEN's first four fields, then `operations` (`bm=move`, `id="text"`,
    /// `pv=[moves]`, numbers, `None`).
    #[pyo3(signature = (*, shredder=Truth(false), en_passant="legal", promoted=None, **operations))]
    fn epd(
        slf: &Bound<'_, Self>,
        shredder: Truth,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let (board, variant) = {
            let this = slf.borrow();
            (*base(&this).board(), base(&this).variant.is_some())
        };
        let mut out = String::with_capacity(100);
        let _ =
            board.write_epd(&mut out, shredder.0, ep_mode(en_passant)?, promoted.unwrap_or(false));
        if let Some(text) = write_epd_operations(slf.as_any(), &board, variant, operations)? {
            out.push(' ');
            out.push_str(&text);
        }
        Ok(out)
    }

    /// Sets the position from an EPD and returns its operations (`hmvc` and `fmvn` set the
    /// counters).
    /// A variant's board reads its EPD as python-chess's do: the moves in the variant (by a
    /// board of its class), the position set by its own `set_fen`, three-check's counters
    /// a fifth field.
    fn set_epd<'py>(slf: &Bound<'py, Self>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
        let variant = base(&slf.borrow()).variant;
        match variant {
            None => set_epd_on(slf, epd),
            Some(Variant::ThreeCheck) => set_variant_epd(slf.as_any(), epd, 5),
            Some(_) => set_variant_epd(slf.as_any(), epd, 4),
        }
    }

    /// A new board from an EPD, and its operations.
    #[classmethod]
    #[pyo3(signature = (epd, *, chess960=Truth(false)))]
    fn from_epd<'py>(
        cls: &Bound<'py, PyType>,
        epd: &str,
        chess960: Truth,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let board = cls.call_method(
            "empty",
            (),
            Some(&[("chess960", chess960.0)].into_py_dict(cls.py())?),
        )?;
        let ops = board.call_method1("set_epd", (epd,))?;
        PyTuple::new(cls.py(), [board, ops])
    }

    /// The SAN of a move, `+`/`#` included (any move with a piece on its origin, as
    /// python-chess writes it).
    fn san(slf: PyRef<'_, Self>, r#move: MoveData) -> PyResult<String> {
        let m = r#move;
        if let Some(vb) = base(&slf).variant_board() {
            return crate::variant_state::san(&vb, m.to_loose(), false);
        }
        let board = base(&slf).board();
        loose_san(board, m.to_loose()).map_err(|_| nothing_to_move(m.to_loose(), board))
    }

    /// The long algebraic notation of a move (`Ng1-f3`).
    fn lan(slf: PyRef<'_, Self>, r#move: MoveData) -> PyResult<String> {
        let m = r#move;
        if let Some(vb) = base(&slf).variant_board() {
            return crate::variant_state::san(&vb, m.to_loose(), true);
        }
        let board = base(&slf).board();
        loose_lan(board, m.to_loose()).map_err(|_| nothing_to_move(m.to_loose(), board))
    }

    /// The SAN of a move, which is then played.
    fn san_and_push(mut slf: PyRefMut<'_, Self>, r#move: MoveData) -> PyResult<String> {
        let m = r#move;
        let board = *slf.as_super().game.board();
        let text =
            loose_san(&board, m.to_loose()).map_err(|_| nothing_to_move(m.to_loose(), &board))?;
        Board::push_loose(&mut slf, m.to_loose())?;
        Ok(text)
    }

    /// A line of legal moves as numbered SAN (`1. e4 e5 2. Nf3`); the board is unchanged.
    fn variation_san(slf: PyRef<'_, Self>, variation: &Bound<'_, PyAny>) -> PyResult<String> {
        let board = *base(&slf).board();
        let moves: PyResult<Vec<LooseMove>> =
            variation.try_iter()?.map(|m| Ok(m?.extract::<MoveData>()?.to_loose())).collect();
        let moves = moves?;
        loose_variation_san(&board, moves.iter().copied()).map_err(|(i, at)| {
            IllegalMoveError::new_err(format!("illegal move {} in position {}", moves[i], at.fen()))
        })
    }

    /// The legal move (or null move) a SAN names (`InvalidMoveError`, `IllegalMoveError`
    /// or `AmbiguousMoveError` otherwise).
    fn parse_san(slf: PyRef<'_, Self>, san: &str) -> PyResult<Py<Move>> {
        let board = base(&slf).board();
        let m = parse_loose_san(board, san).map_err(|e| san_error(slf.py(), &e, san, board))?;
        Ok(Move::shared_loose(m, slf.py()))
    }

    /// Plays the move a SAN names and returns it.
    fn push_san(mut slf: PyRefMut<'_, Self>, san: &str) -> PyResult<Py<Move>> {
        let board = *slf.as_super().game.board();
        let m = parse_loose_san(&board, san).map_err(|e| san_error(slf.py(), &e, san, &board))?;
        Board::push_loose(&mut slf, m)?;
        Ok(Move::shared_loose(m, slf.py()))
    }

    /// Plays the move an XBoard text (SAN) names and returns it.
    fn push_xboard(slf: PyRefMut<'_, Self>, san: &str) -> PyResult<Py<Move>> {
        Board::push_san(slf, san)
    }

    /// The move's UCI; castling as king takes rook in Chess960 (`chess960`, by default
    /// the board's mode).
    #[pyo3(signature = (r#move, *, chess960=None))]
    fn uci(slf: PyRef<'_, Self>, r#move: MoveData, chess960: Option<Truth>) -> String {
        let m = r#move;
        let board = base(&slf).board();
        let chess960 = chess960.map_or(board.chess960, |t| t.0);
        board.from_chess960(chess960, board.to_chess960(m.to_loose())).to_string()
    }

    /// The legal move (or null move) a UCI text names.
    fn parse_uci(slf: PyRef<'_, Self>, uci: &str) -> PyResult<Py<Move>> {
        let board = base(&slf).board();
        let m = parse_uci_on(board, uci)?;
        Ok(Move::shared_loose(m, slf.py()))
    }

    /// Plays the move a UCI text names and returns it.
    fn push_uci(mut slf: PyRefMut<'_, Self>, uci: &str) -> PyResult<Py<Move>> {
        let board = *slf.as_super().game.board();
        let m = parse_uci_on(&board, uci)?;
        Board::push_loose(&mut slf, m)?;
        Ok(Move::shared_loose(m, slf.py()))
    }

    /// The move as XBoard writes it: `O-O`/`O-O-O` for castling in Chess960.
    #[pyo3(signature = (r#move, chess960=None))]
    fn xboard(slf: PyRef<'_, Self>, r#move: MoveData, chess960: Option<Truth>) -> String {
        let m = r#move;
        let board = base(&slf).board();
        let lm = m.to_loose();
        if !chess960.map_or(board.chess960, |t| t.0) || !board.is_castling(lm) {
            return if lm.is_null() { "@@@@".to_owned() } else { lm.to_string() };
        }
        if board.is_kingside_castling(lm) { "O-O".to_owned() } else { "O-O-O".to_owned() }
    }

    /// python-chess's private helper, which its other modules and some scripts call: the
    /// move with standard castling as the king's two-square step unless `chess960`.
    #[pyo3(signature = (chess960, from_square, to_square, promotion=None, drop=None))]
    fn _from_chess960(
        slf: PyRef<'_, Self>,
        chess960: Truth,
        from_square: u8,
        to_square: u8,
        promotion: Option<u8>,
        drop: Option<u8>,
    ) -> PyResult<Py<Move>> {
        let m = MoveData::checked(from_square, to_square, promotion, drop)?.to_loose();
        let written = base(&slf).board().from_chess960(chess960.0, m);
        Ok(Move::shared_loose(written, slf.py()))
    }

    /// python-chess's private helper: the move with standard castling as king takes rook.
    fn _to_chess960(slf: PyRef<'_, Self>, r#move: MoveData) -> Py<Move> {
        let m = r#move;
        Move::shared_loose(base(&slf).board().to_chess960(m.to_loose()), slf.py())
    }

    /// The legal move an XBoard text (SAN) names.
    fn parse_xboard(slf: PyRef<'_, Self>, xboard: &str) -> PyResult<Py<Move>> {
        Board::parse_san(slf, xboard)
    }
}

/// python-chess's `parse_uci`: the text's move, castling read either way, legal or null.
fn parse_uci_on(board: &LooseBoard, uci: &str) -> PyResult<LooseMove> {
    let py_error = |message: fn(Python<'_>, &str) -> String| Python::attach(|py| message(py, uci));
    let m: LooseMove =
        uci.parse().map_err(|_| InvalidMoveError::new_err(py_error(invalid_uci_message)))?;
    if m.is_null() {
        return Ok(m);
    }
    let m = board.from_chess960(board.chess960, board.to_chess960(m));
    if !board.is_legal(m) {
        let uci = py_error(repr);
        return Err(IllegalMoveError::new_err(format!("illegal uci: {uci} in {}", board.fen())));
    }
    Ok(m)
}

use pyo3::types::IntoPyDict;
