//! `Board`'s text: FEN, X-FEN and Shredder-FEN, EPD with operations, SAN, long algebraic,
//! UCI and XBoard, read and written as python-chess does (`lerf_rules`,
//! `lerf_san::loose`, `lerf_san::epd`).

use lerf_rules::{EnPassantMode, LooseBoard, LooseGame, LooseMove};
use lerf_san::epd::write_operations;
use lerf_san::epd::{EpdError, EpdOperand, OpcodeFault, opcode_fault, parse_epd_with};
use lerf_san::loose::{LooseSanError, loose_lan, loose_san, loose_variation_san, parse_loose_san};
use pyo3::exceptions::{PyAssertionError, PyAttributeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};

use crate::board::board::{Board, base, nothing_to_move};
use crate::board::moves::{Move, MoveData};
use crate::board::truth::Truth;
use crate::errors::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError};
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

/// The exception python-chess raises for a SAN it refuses.
pub fn san_error(py: Python<'_>, e: &LooseSanError, text: &str, board: &LooseBoard) -> PyErr {
    san_error_in(py, e, text, &board.fen())
}

/// [`san_error`] for the position of FEN `fen` (a variant's, pockets and checks included).
pub fn san_error_in(py: Python<'_>, e: &LooseSanError, text: &str, fen: &str) -> PyErr {
    let invalid = invalid_message(py, e, text);
    let text = PyString::new(py, text).repr().map(|r| r.to_string()).unwrap_or_default();
    match e {
        LooseSanError::Invalid { .. } | LooseSanError::InvalidDrop => {
            InvalidMoveError::new_err(invalid)
        }
        LooseSanError::Ambiguous => AmbiguousMoveError::new_err(format!("{e}: {text} in {fen}")),
        LooseSanError::NoMatchingMove { .. } => IllegalMoveError::new_err(format!("{e} in {fen}")),
        _ => IllegalMoveError::new_err(format!("{e}: {text} in {fen}")),
    }
}

/// python-chess's words for a SAN `text` that is not one (`InvalidMoveError`): the text in
/// Python's `repr`, or for a crazyhouse drop the UCI text it was read as.
pub fn invalid_message(py: Python<'_>, e: &LooseSanError, text: &str) -> String {
    let shown = match e {
        LooseSanError::InvalidDrop => lerf_san::variant::drop_uci(text),
        _ => text.to_owned(),
    };
    let shown = PyString::new(py, &shown).repr().map(|r| r.to_string()).unwrap_or_default();
    format!("{e}: {shown}")
}

/// Python's `repr` of a string.
fn py_repr(py: Python<'_>, text: &str) -> String {
    PyString::new(py, text).repr().map(|r| r.to_string()).unwrap_or_else(|_| format!("{text:?}"))
}

/// The exception python-chess raises for an EPD it cannot read or write, in its words.
fn epd_error(py: Python<'_>, e: &EpdError) -> PyErr {
    match e {
        EpdError::Fen { fen, error } => loose_fen_error(error, fen),
        EpdError::San { text, error, board } => san_error(py, error, text, board),
        EpdError::Move(m, board) => nothing_to_move(*m, board),
        EpdError::Opcode(op, OpcodeFault::NotLetter) => PyValueError::new_err(format!(
            "expected epd opcode to start with a letter, got: {}",
            py_repr(py, op)
        )),
        EpdError::Opcode(op, OpcodeFault::Space(c)) => PyValueError::new_err(format!(
            "invalid character {} in epd opcode: {}",
            py_repr(py, c.encode_utf8(&mut [0; 4])),
            py_repr(py, op)
        )),
        EpdError::Int(text) => PyValueError::new_err(format!(
            "invalid literal for int() with base 10: {}",
            py_repr(py, text)
        )),
        EpdError::Float(text) => PyValueError::new_err(format!(
            "could not convert string to float: {}",
            py_repr(py, text)
        )),
        EpdError::NotFinite(op, text) => PyValueError::new_err(format!(
            "invalid numeric operand for epd operation {}: {}",
            py_repr(py, op),
            py_repr(py, text)
        )),
        // The empty opcode and the dash: no text of the caller's to quote.
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Whether `c` is a letter to Python's `str.isalpha` (which leaves out the letter numbers
/// such as `Ⅷ` and the combining marks that Rust's `char::is_alphabetic` counts).
fn python_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    Python::attach(|py| {
        let text = PyString::new(py, c.encode_utf8(&mut [0; 4]));
        text.call_method0("isalpha").and_then(|r| r.extract()).unwrap_or(false)
    })
}

/// `AttributeError` as Python words it for `value`'s missing `attribute`.
fn no_attribute(value: &Bound<'_, PyAny>, attribute: &str) -> PyErr {
    let type_name = value.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    PyAttributeError::new_err(format!("'{type_name}' object has no attribute '{attribute}'"))
}

/// A move of a `pv`, `am` or `bm` list: python-chess asks a false value for its origin,
/// anything else for its drop first, then its origin.
fn list_move(item: &Bound<'_, PyAny>) -> PyResult<LooseMove> {
    if let Ok(m) = item.extract::<MoveData>() {
        return Ok(m.to_loose());
    }
    if item.is_truthy()? && !item.hasattr("drop")? {
        return Err(no_attribute(item, "drop"));
    }
    if !item.hasattr("from_square")? {
        return Err(no_attribute(item, "from_square"));
    }
    Err(PyTypeError::new_err(format!("expected a Move in an epd move list, got: {}", item.repr()?)))
}

/// One operand of python-chess's `epd(**operations)`, converted: moves, numbers as Python
/// prints them, move lists for `pv`, `am` and `bm`, anything else as its text. On an
/// error in a list, `partial` holds its moves before the bad one, which python-chess
/// writes before it meets the error.
fn operand(
    opcode: &str,
    value: &Bound<'_, PyAny>,
    partial: &mut Option<EpdOperand>,
) -> PyResult<EpdOperand> {
    if let Some(fault) = opcode_fault(opcode, python_letter) {
        return Err(epd_error(value.py(), &EpdError::Opcode(opcode.to_string(), fault)));
    }
    Ok(if value.is_none() {
        EpdOperand::None
    } else if let Ok(m) = value.extract::<MoveData>() {
        EpdOperand::Move(m.to_loose())
    } else if value.is_instance_of::<PyBool>() || value.is_instance_of::<PyInt>() {
        EpdOperand::Number(value.str()?.to_string())
    } else if value.is_instance_of::<PyFloat>() {
        let x: f64 = value.extract()?;
        if !x.is_finite() {
            return Err(PyAssertionError::new_err(format!(
                "expected numeric epd operand to be finite, got: {}",
                value.repr()?
            )));
        }
        EpdOperand::Number(value.repr()?.to_string())
    } else if matches!(opcode, "pv" | "am" | "bm")
        && !value.is_instance_of::<PyString>()
        && value.hasattr("__iter__")?
    {
        let mut moves = Vec::new();
        for item in value.try_iter()? {
            match list_move(&item?) {
                Ok(m) => moves.push(m),
                Err(e) => {
                    *partial = Some(EpdOperand::Moves(moves));
                    return Err(e);
                }
            }
        }
        EpdOperand::Moves(moves)
    } else {
        EpdOperand::Text(value.str()?.to_string())
    })
}

/// The EPD operations python-chess's `epd(**operations)` takes, converted (see
/// [`operand`]). python-chess writes them in order: where one cannot be converted, an
/// error in writing those before it is the one raised.
fn operations(
    board: &LooseBoard,
    ops: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<(String, EpdOperand)>> {
    let mut out = Vec::new();
    let Some(ops) = ops else { return Ok(out) };
    for (key, value) in ops.iter() {
        let opcode: String = key.extract()?;
        let mut partial = None;
        match operand(&opcode, &value, &mut partial) {
            Ok(operand) => out.push((opcode, operand)),
            Err(e) => {
                out.extend(partial.map(|moves| (opcode, moves)));
                return Err(match write_operations(board, &out) {
                    Err(earlier) => epd_error(ops.py(), &earlier),
                    Ok(_) => e,
                });
            }
        }
    }
    Ok(out)
}

/// The Python value of a parsed EPD operand.
fn operand_value<'py>(py: Python<'py>, operand: &EpdOperand) -> PyResult<Bound<'py, PyAny>> {
    Ok(match operand {
        EpdOperand::None => py.None().into_bound(py),
        EpdOperand::Text(t) | EpdOperand::Number(t) => PyString::new(py, t).into_any(),
        EpdOperand::BigInt(digits) => py.get_type::<PyInt>().call1((digits.as_str(),))?,
        EpdOperand::Int(n) => n.into_pyobject(py)?.into_any(),
        EpdOperand::Float(x) => x.into_pyobject(py)?.into_any(),
        EpdOperand::Move(m) => Move::shared_loose(*m, py).into_bound(py).into_any(),
        EpdOperand::Moves(ms) => {
            PyList::new(py, ms.iter().map(|&m| Move::shared_loose(m, py)))?.into_any()
        }
    })
}

/// Sets `slf` to an EPD's position and returns its operations as a dict.
fn set_epd_on<'py>(slf: &Bound<'py, Board>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
    let py = slf.py();
    let chess960 = base(&slf.borrow()).board().chess960;
    let (board, ops) =
        parse_epd_with(epd, chess960, python_letter).map_err(|e| epd_error(py, &e))?;
    let mut inner = slf.borrow_mut();
    let base = inner.as_super();
    base.set_game(LooseGame::new(board));
    drop(inner);
    let dict = PyDict::new(py);
    for (opcode, operand) in &ops {
        dict.set_item(opcode, operand_value(py, operand)?)?;
    }
    Ok(dict)
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
            .map_err(|e| fen_value_error(&e, castling_fen))?;
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
        slf: PyRef<'_, Self>,
        shredder: Truth,
        en_passant: &str,
        promoted: Option<bool>,
        operations: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let board = *base(&slf).board();
        let mut out = String::with_capacity(100);
        let _ =
            board.write_epd(&mut out, shredder.0, ep_mode(en_passant)?, promoted.unwrap_or(false));
        let ops = self::operations(&board, operations)?;
        if !ops.is_empty() {
            let text = write_operations(&board, &ops).map_err(|e| epd_error(slf.py(), &e))?;
            out.push(' ');
            out.push_str(&text);
        }
        Ok(out)
    }

    /// Sets the position from an EPD and returns its operations (`hmvc` and `fmvn` set the
    /// counters).
    fn set_epd<'py>(slf: &Bound<'py, Self>, epd: &str) -> PyResult<Bound<'py, PyDict>> {
        set_epd_on(slf, epd)
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
    fn uci(slf: PyRef<'_, Self>, r#move: MoveData, chess960: Option<bool>) -> String {
        let m = r#move;
        let board = base(&slf).board();
        let chess960 = chess960.unwrap_or(board.chess960);
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
    fn xboard(slf: PyRef<'_, Self>, r#move: MoveData, chess960: Option<bool>) -> String {
        let m = r#move;
        let board = base(&slf).board();
        let lm = m.to_loose();
        if !chess960.unwrap_or(board.chess960) || !board.is_castling(lm) {
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
    let m: LooseMove =
        uci.parse().map_err(|_| InvalidMoveError::new_err(format!("invalid uci: {uci:?}")))?;
    if m.is_null() {
        return Ok(m);
    }
    let m = board.from_chess960(board.chess960, board.to_chess960(m));
    if !board.is_legal(m) {
        return Err(IllegalMoveError::new_err(format!("illegal uci: {uci:?} in {}", board.fen())));
    }
    Ok(m)
}

use pyo3::types::IntoPyDict;
