//! `Board`: python-chess's `chess.Board` over lerf's loose game (`lerf_rules`):
//! the position, its move stack and making moves. Move lists and the questions about one
//! move are in `move_lists.rs`, text (FEN, SAN, EPD) in `text.rs`, the rules of the
//! game's end in `rules.rs`.

use lerf_bitboard::Bitboard;
use lerf_rules::{LooseBoard, LooseGame, LooseMove};
use lerf_types::Color;
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple, PyType};

use crate::board::base_board::{BaseBoard, py_none};
use crate::board::index_args::{Chess960Start, FindMoveArgs, StackArg, moves_kept};
use crate::board::moves::{Move, MoveData};
use crate::board::truth::Truth;
use crate::errors::IllegalMoveError;
use crate::errors::loose_fen_error;
use crate::variant_state::{self, plays_own_moves};

/// python-chess's starting FEN.
pub const STARTING_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A position with its move stack, as `chess.Board`: any position python-chess sets up is
/// taken, moves are pushed and popped, and every query answers as python-chess's does.
#[pyclass(module = "lerf", name = "Board", extends = BaseBoard, subclass)]
pub struct Board {}

/// The loose game of a FEN (`None`: an empty board), as `Board(fen, chess960=...)` sets it.
pub fn game_of_fen(fen: Option<&str>, chess960: bool) -> PyResult<LooseGame> {
    let board = match fen {
        None => LooseBoard { chess960, ..LooseBoard::empty() },
        Some(STARTING_FEN) => LooseBoard { chess960, ..LooseBoard::startpos() },
        Some(fen) => LooseBoard::from_fen(fen, chess960).map_err(|e| loose_fen_error(&e, fen))?,
    };
    Ok(LooseGame::new(board))
}

/// The game `Board(fen=STARTING_FEN, *, chess960=False)` sets up, read from the call's
/// arguments.
fn board_arguments(
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<LooseGame> {
    let mut fen: Option<Bound<'_, PyAny>> = None;
    let mut chess960 = false;
    match args.len() {
        0 => {}
        1 => fen = Some(args.get_item(0)?),
        n => {
            return Err(PyTypeError::new_err(format!(
                "Board() takes at most 1 positional argument ({n} given)"
            )));
        }
    }
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs.iter() {
            match key.extract::<&str>()? {
                "fen" if fen.is_none() => fen = Some(value),
                "chess960" => chess960 = value.is_truthy()?,
                other => {
                    return Err(PyTypeError::new_err(format!(
                        "Board() got an unexpected keyword argument {other:?}"
                    )));
                }
            }
        }
    }
    match fen {
        None => game_of_fen(Some(STARTING_FEN), chess960),
        Some(f) if f.is_none() => game_of_fen(None, chess960),
        Some(f) => game_of_fen(Some(&f.extract::<pyo3::pybacked::PyBackedStr>()?), chess960),
    }
}

/// Takes a board of the class `Board` itself out of the cycle collector's sight. Such a
/// board has no `__dict__` and refers to no Python object that could lead back to it
/// (`BaseBoard` has no `__traverse__`), so the collector could never free a cycle through
/// it; left tracked, every collection would walk each board alive for nothing (with 2,000
/// boards in a list, about a sixth of `Board(fen)`'s instructions). Subclasses, which
/// have a `__dict__`, stay tracked.
///
/// # Safety
///
/// `board` points to a live `Board` object.
unsafe fn untrack(board: *mut pyo3::ffi::PyObject) {
    // SAFETY: `board` is live (the caller's promise) and of a GC type (every pyclass is
    // one); `PyObject_GC_UnTrack` takes a tracked or an untracked object, and the
    // deallocation's own untracking is then harmless.
    unsafe { pyo3::ffi::PyObject_GC_UnTrack(board.cast()) }
}

/// The board of a `Board` object.
#[inline]
pub fn base<'a>(slf: &'a PyRef<'_, Board>) -> &'a BaseBoard {
    slf.as_super()
}

/// An `IllegalMoveError` for a move that is not even pseudo-legal here.
pub fn not_pseudo_legal(m: LooseMove, board: &LooseBoard) -> PyErr {
    IllegalMoveError::new_err(format!(
        "{m} is not a pseudo-legal move (nor a null move) in {}",
        board.fen()
    ))
}

/// python-chess's `AssertionError` for the SAN of a move from an empty square.
pub fn nothing_to_move(m: LooseMove, board: &LooseBoard) -> PyErr {
    pyo3::exceptions::PyAssertionError::new_err(format!(
        "san() and lan() expect move to be legal or null, but got {m} in {}",
        board.fen()
    ))
}

/// A Python iterator over a list of moves.
pub fn move_iter<'py>(py: Python<'py>, moves: &[LooseMove]) -> PyResult<Bound<'py, PyAny>> {
    let list = PyList::new(py, moves.iter().map(|&m| Move::shared_loose(m, py)))?;
    Ok(list.try_iter()?.into_any())
}

impl Board {
    /// A new `Board` object over `game` (of this exact class).
    pub fn create(py: Python<'_>, game: LooseGame) -> PyResult<Bound<'_, Board>> {
        let init = PyClassInitializer::from(BaseBoard::new(game)).add_subclass(Board {});
        let board = Bound::new(py, init)?;
        // SAFETY: `board` was just made, of the class `Board`.
        unsafe { untrack(board.as_ptr()) };
        Ok(board)
    }

    /// A new board of `cls` (`Board` or a subclass) over `game`.
    pub fn of_class<'py>(cls: &Bound<'py, PyType>, game: LooseGame) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        if cls.is(py.get_type::<Board>()) {
            return Ok(Board::create(py, game)?.into_any());
        }
        let kwargs = PyDict::new(py);
        kwargs.set_item("chess960", game.board().chess960)?;
        let board = cls.call((py_none(py),), Some(&kwargs))?;
        let mut inner = board.cast::<BaseBoard>()?.borrow_mut();
        inner.set_game(game);
        drop(inner);
        Ok(board)
    }

    /// Plays `m` (pseudo-legal or null), keeping `move_stack`'s list in step.
    pub fn push_loose(slf: &mut PyRefMut<'_, Board>, m: LooseMove) -> PyResult<()> {
        let py = slf.py();
        let base = slf.as_super();
        let b: &mut BaseBoard = base;
        match b.variant {
            Some(v) if plays_own_moves(v) => variant_state::push(v, m, &mut b.game, &mut b.kept)?,
            _ if b.game.push(m).is_err() => return Err(not_pseudo_legal(m, b.game.board())),
            _ => {}
        }
        if let Some(list) = &base.stack_list {
            let written = base.game.peek().unwrap_or(m);
            list.bind(py).append(Move::shared_loose(written, py))?;
        }
        Ok(())
    }

    /// `Board.push`: plays a pseudo-legal or null move (`IllegalMoveError` for anything
    /// else, the board unchanged). Called by the plain method `plain_methods.rs` installs.
    pub fn push_move(mut slf: PyRefMut<'_, Board>, r#move: MoveData) -> PyResult<()> {
        Board::push_loose(&mut slf, r#move.to_loose())
    }

    /// `Board.pop`: takes back the last move and returns it (`IndexError` when there is
    /// none).
    pub fn pop_move(mut slf: PyRefMut<'_, Board>) -> PyResult<Py<Move>> {
        let py = slf.py();
        let base = slf.as_super();
        let m = base.game.pop().ok_or_else(|| PyIndexError::new_err("pop from empty list"))?;
        let moves_left = base.game.len();
        variant_state::popped(base.variant, &mut base.kept, moves_left);
        if let Some(list) = &base.stack_list {
            list.bind(py).del_item(list.bind(py).len() - 1)?;
        }
        Ok(Move::shared_loose(m, py))
    }
}

#[pymethods]
impl Board {
    /// A new board. For `Board` itself the arguments are read here and `__init__`, which
    /// Python calls next with the same ones, has nothing left to do; a subclass gets an
    /// empty board that its `__init__` (which may take other arguments) sets up.
    #[new]
    #[classmethod]
    #[pyo3(signature = (*args, **kwargs))]
    fn py_new(
        cls: &Bound<'_, PyType>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyClassInitializer<Board>> {
        let mut base = BaseBoard::new(LooseGame::new(LooseBoard::empty()));
        if cls.is(cls.py().get_type::<Board>()) {
            base.game = board_arguments(args, kwargs)?;
            base.fresh = true;
        }
        Ok(PyClassInitializer::from(base).add_subclass(Board {}))
    }

    #[pyo3(signature = (*args, **kwargs))]
    fn __init__(
        mut slf: PyRefMut<'_, Self>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        if std::mem::take(&mut slf.as_super().fresh) {
            // SAFETY: `fresh` is set only for the class `Board` itself; `slf` is live.
            unsafe { untrack(slf.as_ptr()) };
            return Ok(());
        }
        let base = slf.as_super();
        base.set_game(board_arguments(args, kwargs)?);
        Ok(())
    }

    #[classattr]
    fn aliases() -> Vec<&'static str> {
        vec!["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]
    }
    #[classattr]
    fn uci_variant() -> &'static str {
        "chess"
    }
    #[classattr]
    fn xboard_variant() -> &'static str {
        "normal"
    }
    #[classattr]
    fn starting_fen() -> &'static str {
        STARTING_FEN
    }
    #[classattr]
    fn tbw_suffix() -> &'static str {
        ".rtbw"
    }
    #[classattr]
    fn tbz_suffix() -> &'static str {
        ".rtbz"
    }
    #[classattr]
    fn tbw_magic(py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new(py, b"\x71\xe8\x23\x5d").unbind()
    }
    #[classattr]
    fn tbz_magic(py: Python<'_>) -> Py<PyBytes> {
        PyBytes::new(py, b"\xd7\x66\x0c\xa5").unbind()
    }
    #[classattr]
    fn pawnless_tbw_suffix(py: Python<'_>) -> Py<PyAny> {
        py.None()
    }
    #[classattr]
    fn pawnless_tbz_suffix(py: Python<'_>) -> Py<PyAny> {
        py.None()
    }
    #[classattr]
    fn pawnless_tbw_magic(py: Python<'_>) -> Py<PyAny> {
        py.None()
    }
    #[classattr]
    fn pawnless_tbz_magic(py: Python<'_>) -> Py<PyAny> {
        py.None()
    }
    #[classattr]
    fn connected_kings() -> bool {
        false
    }
    #[classattr]
    fn one_king() -> bool {
        true
    }
    #[classattr]
    fn captures_compulsory() -> bool {
        false
    }

    /// The side to move: `True` for White.
    #[getter]
    fn turn(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().turn == Color::White
    }
    #[setter]
    fn set_turn(mut slf: PyRefMut<'_, Self>, white: Truth) {
        slf.as_super().game.board_mut().turn = crate::board::moves::color_of(white.0);
    }

    /// The rooks that keep castling rights, as a bitboard.
    #[getter]
    fn castling_rights(slf: PyRef<'_, Self>) -> u64 {
        base(&slf).board().castling_rights.0
    }
    #[setter]
    fn set_castling_rights(mut slf: PyRefMut<'_, Self>, rights: &Bound<'_, PyAny>) -> PyResult<()> {
        let mask = crate::board::squareset::mask_of(rights)?;
        slf.as_super().game.board_mut().castling_rights = Bitboard(mask);
        Ok(())
    }

    /// The square a pawn just skipped with a double step (or the FEN's), or `None`.
    #[getter]
    fn ep_square(slf: PyRef<'_, Self>) -> Option<u8> {
        base(&slf).board().ep_square.map(|sq| sq as u8)
    }
    #[setter]
    fn set_ep_square(mut slf: PyRefMut<'_, Self>, sq: Option<u8>) -> PyResult<()> {
        let sq = sq.map(crate::board::moves::square_of).transpose()?;
        slf.as_super().game.board_mut().ep_square = sq;
        Ok(())
    }

    /// Half-moves since the last capture or pawn move.
    #[getter]
    fn halfmove_clock(slf: PyRef<'_, Self>) -> u32 {
        base(&slf).board().halfmove_clock
    }
    #[setter]
    fn set_halfmove_clock(mut slf: PyRefMut<'_, Self>, n: u32) {
        slf.as_super().game.board_mut().halfmove_clock = n;
    }

    /// The move number, counting after each Black move.
    #[getter]
    fn fullmove_number(slf: PyRef<'_, Self>) -> u32 {
        base(&slf).board().fullmove_number
    }
    #[setter]
    fn set_fullmove_number(mut slf: PyRefMut<'_, Self>, n: u32) {
        slf.as_super().game.board_mut().fullmove_number = n;
    }

    /// Whether castling is written as king takes rook (Chess960).
    #[getter]
    fn chess960(slf: PyRef<'_, Self>) -> bool {
        base(&slf).board().chess960
    }
    #[setter]
    fn set_chess960(mut slf: PyRefMut<'_, Self>, chess960: Truth) {
        slf.as_super().game.board_mut().chess960 = chess960.0;
    }

    /// The moves played from the root, first first (a list kept in step with the board).
    #[getter]
    fn move_stack<'py>(mut slf: PyRefMut<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let base = slf.as_super();
        if let Some(list) = &base.stack_list {
            return Ok(list.bind(py).clone());
        }
        let list = PyList::new(py, base.game.moves().map(|m| Move::shared_loose(m, py)))?;
        base.stack_list = Some(list.clone().unbind());
        Ok(list)
    }

    /// Restores the starting position.
    fn reset(mut slf: PyRefMut<'_, Self>) {
        let base = slf.as_super();
        let chess960 = base.game.board().chess960;
        base.set_game(LooseGame::new(LooseBoard { chess960, ..LooseBoard::startpos() }));
    }

    /// Empties the board: White to move, no rights, counters `0 1`, no moves.
    fn clear(mut slf: PyRefMut<'_, Self>) {
        let base = slf.as_super();
        let chess960 = base.game.board().chess960;
        base.set_game(LooseGame::new(LooseBoard { chess960, ..LooseBoard::empty() }));
        base.kept = variant_state::Kept::default();
    }

    /// Forgets the moves played (the position stays).
    fn clear_stack(mut slf: PyRefMut<'_, Self>) {
        slf.as_super().clear_stack();
    }

    /// A copy of the position before the first move on the stack.
    fn root<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let game = LooseGame::new(base(&slf.borrow()).game.root());
        Board::of_class(&slf.get_type(), game)
    }

    /// Half-moves since the start of the game, from the move number and side to move.
    fn ply(slf: PyRef<'_, Self>) -> u64 {
        let b = base(&slf).board();
        2 * u64::from(b.fullmove_number.saturating_sub(1)) + u64::from(b.turn == Color::Black)
    }

    /// `False`: standard chess has no variant end.
    fn is_variant_end(&self) -> bool {
        false
    }
    /// `False`.
    fn is_variant_loss(&self) -> bool {
        false
    }
    /// `False`.
    fn is_variant_win(&self) -> bool {
        false
    }
    /// `False`.
    fn is_variant_draw(&self) -> bool {
        false
    }

    /// The last move played (`IndexError` when there is none).
    fn peek(slf: PyRef<'_, Self>) -> PyResult<Py<Move>> {
        let m = base(&slf)
            .game
            .peek()
            .ok_or_else(|| PyIndexError::new_err("list index out of range"))?;
        Ok(Move::shared_loose(m, slf.py()))
    }

    /// The legal move from `from_square` to `to_square` (a pawn reaching the last rank
    /// promotes to a queen unless `promotion` says otherwise); `IllegalMoveError` if none.
    #[pyo3(signature = (from_square, to_square, promotion=None))]
    fn find_move(
        slf: PyRef<'_, Self>,
        from_square: &Bound<'_, PyAny>,
        to_square: &Bound<'_, PyAny>,
        promotion: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<Move>> {
        let board = base(&slf).board();
        let args = FindMoveArgs::read(from_square, to_square, promotion)?;
        let (from, to, promotion) = (args.from, args.to, args.promotion);
        let found = board.find_move(from, to, promotion).filter(|_| args.may_be_legal);
        let m = found.ok_or_else(|| {
            let looked_for = board.move_looked_for(from, to, promotion);
            let text = args.written.unwrap_or_else(|| looked_for.to_string());
            IllegalMoveError::new_err(format!(
                "no matching legal move for {text} ({from} -> {to}) in {}",
                board.fen()
            ))
        })?;
        Ok(Move::shared_loose(m, slf.py()))
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        let board = *base(&slf.borrow()).board();
        Ok(if board.chess960 {
            format!("{name}('{}', chess960=True)", board.fen())
        } else {
            format!("{name}('{}')", board.fen())
        })
    }

    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let Ok(other) = other.cast::<Board>() else { return Ok(py.NotImplemented()) };
        let ours = slf.as_any().getattr("uci_variant")?;
        let same_variant = ours.eq(other.as_any().getattr("uci_variant")?)?;
        let (a, b) = (*base(&slf.borrow()).board(), *base(&other.borrow()).board());
        let equal = same_variant
            && a.halfmove_clock == b.halfmove_clock
            && a.fullmove_number == b.fullmove_number
            && a.transposition_key() == b.transposition_key();
        Ok(equal.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    /// Passes every bitboard (castling rights and en passant square too) through `f`.
    fn apply_transform(mut slf: PyRefMut<'_, Self>, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let board = *slf.as_super().game.board();
        let call = |b: u64| f.call1((b,)).and_then(|r| r.extract::<u64>());
        let ep = match board.ep_square {
            None => None,
            Some(sq) => {
                let mask = call(Bitboard::from_square(sq).0)?;
                Some(lerf_types::Square::from_index_wrapping(63 - mask.leading_zeros() as u8))
            }
        };
        let rights = call(board.castling_rights.0)?;
        slf.as_super().apply_transform(f)?;
        let b = slf.as_super().game.board_mut();
        b.ep_square = ep;
        b.castling_rights = Bitboard(rights);
        Ok(())
    }

    /// A copy with every bitboard passed through `f` (no move stack).
    fn transform<'py>(
        slf: &Bound<'py, Self>,
        f: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let no_stack =
            StackArg(Some(false.into_pyobject(slf.py())?.to_owned().into_any().unbind()));
        let copy = Board::copy(slf, no_stack)?;
        copy.call_method1("apply_transform", (f,))?;
        Ok(copy)
    }

    /// Turns the board upside down, swaps the colours and the side to move.
    fn apply_mirror(mut slf: PyRefMut<'_, Self>) {
        let base = slf.as_super();
        let mut board = *base.game.board();
        board.layout.mirror();
        board.turn = !board.turn;
        board.castling_rights = Bitboard(board.castling_rights.0.swap_bytes());
        board.ep_square = board.ep_square.map(|sq| sq.flip_rank());
        *base.game.board_mut() = board;
        base.clear_stack();
    }

    /// A copy; `stack=False` (or a number) keeps none (or that many) of the moves
    /// (`stack=None` none, as in python-chess: told from the argument left out).
    #[pyo3(signature = (*, stack = StackArg::LEFT_OUT), text_signature = "($self, *, stack=True)")]
    fn copy<'py>(slf: &Bound<'py, Self>, stack: StackArg) -> PyResult<Bound<'py, PyAny>> {
        let moves = base(&slf.borrow()).game.len();
        let keep = moves_kept(stack.0.as_ref().map(|s| s.bind(slf.py())), moves)?;
        let game = base(&slf.borrow()).game.copy_with_stack(keep);
        Board::of_class(&slf.get_type(), game)
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method0("copy")
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let copy = slf.call_method0("copy")?;
        memo.set_item(slf.as_ptr() as usize, &copy)?;
        Ok(copy)
    }

    /// An empty board.
    #[classmethod]
    #[pyo3(signature = (*, chess960=Truth(false)))]
    fn empty<'py>(cls: &Bound<'py, PyType>, chess960: Truth) -> PyResult<Bound<'py, PyAny>> {
        let kwargs = PyDict::new(cls.py());
        kwargs.set_item("chess960", chess960.0)?;
        cls.call((py_none(cls.py()),), Some(&kwargs))
    }

    /// A board set up in Chess960 start position number `scharnagl`.
    #[classmethod]
    fn from_chess960_pos<'py>(
        cls: &Bound<'py, PyType>,
        scharnagl: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = Board::empty(cls, Truth(true))?;
        board.call_method1("set_chess960_pos", (scharnagl,))?;
        Ok(board)
    }

    /// Sets up Chess960 start position number `scharnagl`: White to move, every right.
    fn set_chess960_pos(mut slf: PyRefMut<'_, Self>, scharnagl: Chess960Start) -> PyResult<()> {
        let layout = scharnagl.0;
        let board = LooseBoard {
            layout,
            castling_rights: layout.rooks,
            chess960: true,
            ..LooseBoard::empty()
        };
        let base = slf.as_super();
        base.set_game(LooseGame::new(board));
        Ok(())
    }

    /// The Chess960 start position number (0–959), or `None`.
    #[pyo3(signature = (*, ignore_turn=Truth(false), ignore_castling=Truth(false), ignore_counters=Truth(true)))]
    fn chess960_pos(
        slf: PyRef<'_, Self>,
        ignore_turn: Truth,
        ignore_castling: Truth,
        ignore_counters: Truth,
    ) -> Option<u16> {
        let b = base(&slf).board();
        if !ignore_counters.0 && (b.fullmove_number != 1 || b.halfmove_clock != 0) {
            return None;
        }
        b.chess960_index_ignoring(ignore_turn.0, ignore_castling.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let state = crate::board::pickle::game_state(&base(&slf.borrow()).game);
        (slf.get_type(), (py_none(py),), state).into_pyobject(py)
    }

    fn __setstate__(mut slf: PyRefMut<'_, Self>, state: &Bound<'_, PyAny>) -> PyResult<()> {
        let game = crate::board::pickle::game_from_state(state)?;
        let base = slf.as_super();
        base.set_game(game);
        Ok(())
    }
}
