//! `BaseBoard`: the pieces on a board, any arrangement, with python-chess's queries,
//! editing and text. `Board` extends it (`board.rs`).

use lerf_bitboard::Bitboard;
use lerf_rules::{Layout, LooseBoard, LooseGame};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};

use crate::board::index_args::{Chess960Start, ColorIndex, Mask, PieceTypeArg, SquareIndex};
use crate::board::moves::{Piece, PieceData, color_of};
use crate::board::squareset::{SquareSet, mask_of};
use crate::board::truth::Truth;
use crate::errors::{fen_value_error, python_strip};

/// python-chess's starting board FEN.
pub const STARTING_BOARD_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

/// A board of pieces without a side to move or rights, as `chess.BaseBoard`: any
/// arrangement (no king, nine queens) is held and answered.
#[pyclass(module = "lerf", name = "BaseBoard", subclass)]
pub struct BaseBoard {
    /// The position and (for a `Board`) its move stack.
    pub game: LooseGame,
    /// `move_stack` as a list, made when first asked for and kept in step after.
    pub stack_list: Option<Py<pyo3::types::PyList>>,
    /// Set up by `__new__` from the constructor's arguments, which `__init__` then skips.
    pub fresh: bool,
    /// The variant a board of `lerf.variant` plays: `Board.push`, `pop`, the moves and SAN
    /// follow its rules, so no Python method runs for a move.
    pub variant: Option<lerf_rules::variant::Variant>,
    /// The state beside the position three-check and crazyhouse keep, with its history.
    pub kept: crate::variant_state::Kept,
}

impl BaseBoard {
    /// `attackers_mask` with its arguments read in python-chess's order: the square and
    /// `occupied` first, then the colour (so a bad square is what is reported).
    fn attackers_of(
        &self,
        color: &Bound<'_, PyAny>,
        square: SquareIndex,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        let occupied = match occupied {
            Some(o) => Bitboard(mask_of(o)?),
            None => self.layout().occupied,
        };
        let color: ColorIndex = color.extract()?;
        Ok(self.layout().attackers_mask(color.0, square.0, occupied).0)
    }

    /// The variant board this is, with the state it keeps (`None` for a standard board).
    #[inline]
    pub fn variant_board(&self) -> Option<lerf_rules::variant::VariantBoard> {
        self.variant.map(|variant| self.kept.board(variant, self.board()))
    }

    /// A base board over `game`.
    pub fn new(game: LooseGame) -> BaseBoard {
        BaseBoard {
            game,
            stack_list: None,
            fresh: false,
            variant: None,
            kept: crate::variant_state::Kept::default(),
        }
    }

    /// The pieces.
    #[inline]
    pub fn layout(&self) -> &Layout {
        &self.game.board().layout
    }

    /// The pieces, to change (the move stack is left as it is).
    #[inline]
    pub fn layout_mut(&mut self) -> &mut Layout {
        &mut self.game.board_mut().layout
    }

    /// The position.
    #[inline]
    pub fn board(&self) -> &LooseBoard {
        self.game.board()
    }

    /// Forgets the move stack (python-chess's `clear_stack`).
    pub fn clear_stack(&mut self) {
        self.game.clear_stack();
        self.stack_list = None;
        self.kept.history.clear();
    }

    /// Replaces the position and its move stack (a variant's state beside the position
    /// stays; its history goes with the old stack).
    pub fn set_game(&mut self, game: LooseGame) {
        self.game = game;
        self.stack_list = None;
        self.kept.history.clear();
    }

    /// Replaces the pieces and forgets the move stack.
    pub fn set_layout(&mut self, layout: Layout) {
        *self.layout_mut() = layout;
        self.clear_stack();
    }

    /// The layout python-chess's `BaseBoard(board_fen)` sets up.
    pub fn layout_from_board_fen(board_fen: Option<&str>) -> PyResult<Layout> {
        match board_fen {
            None => Ok(Layout::empty()),
            Some(STARTING_BOARD_FEN) => Ok(Layout::startpos()),
            Some(fen) => {
                Layout::from_board_fen(fen).map_err(|e| fen_value_error(&e, python_strip(fen)))
            }
        }
    }
}

/// A diagram of the pieces: letters (or figurines), `.` for an empty square.
pub fn piece_diagram(layout: &Layout) -> String {
    let mut out = String::with_capacity(127);
    for rank in (0..8u8).rev() {
        for file in 0..8u8 {
            let sq = lerf_types::Square::from_index_wrapping(rank * 8 + file);
            out.push(layout.piece_at(sq).map_or('.', |p| p.to_char()));
            if file < 7 {
                out.push(' ');
            }
        }
        if rank > 0 {
            out.push('\n');
        }
    }
    out
}

/// The board drawn with Unicode figurines, as python-chess's `unicode()` draws it.
pub fn unicode_diagram(
    layout: &Layout,
    invert_color: bool,
    borders: bool,
    empty_square: &str,
    white_below: bool,
) -> String {
    let ranks: Vec<u8> = if white_below { (0..8).rev().collect() } else { (0..8).collect() };
    let files: Vec<u8> = if white_below { (0..8).collect() } else { (0..8).rev().collect() };
    let rule = "  -----------------\n";
    let mut out = String::new();
    for (row, &rank) in ranks.iter().enumerate() {
        if borders {
            out.push_str(rule);
            out.push(char::from(b'1' + rank));
            out.push(' ');
        }
        for (i, &file) in files.iter().enumerate() {
            if borders {
                out.push('|');
            } else if i > 0 {
                out.push(' ');
            }
            let sq = lerf_types::Square::from_index_wrapping(rank * 8 + file);
            match layout.piece_at(sq) {
                Some(p) => {
                    let c = p.to_char();
                    let c = if invert_color {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    } else {
                        c
                    };
                    out.push(figurine(c));
                }
                None => out.push_str(empty_square),
            }
        }
        if borders {
            out.push('|');
        }
        if borders || row < 7 {
            out.push('\n');
        }
    }
    if borders {
        out.push_str(rule);
        out.push_str(if white_below { "   a b c d e f g h" } else { "   h g f e d c b a" });
    }
    out
}

fn figurine(symbol: char) -> char {
    const PIECES: &str = "RrNnBbQqKkPp";
    const FIGURINES: [char; 12] = ['♖', '♜', '♘', '♞', '♗', '♝', '♕', '♛', '♔', '♚', '♙', '♟'];
    PIECES.find(symbol).map_or('?', |i| FIGURINES[i])
}

#[pymethods]
impl BaseBoard {
    /// An empty board, which `__init__` (called next with the same arguments) sets up.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> BaseBoard {
        BaseBoard::new(LooseGame::new(LooseBoard::empty()))
    }

    #[pyo3(signature = (board_fen=Some(STARTING_BOARD_FEN)))]
    fn __init__(&mut self, board_fen: Option<&str>) -> PyResult<()> {
        let layout = BaseBoard::layout_from_board_fen(board_fen)?;
        self.set_layout(layout);
        Ok(())
    }

    /// Puts the pieces in the starting position (turn, rights and counters unchanged).
    fn reset_board(&mut self) {
        self.set_layout(Layout::startpos());
    }

    /// Takes every piece off.
    fn clear_board(&mut self) {
        self.set_layout(Layout::empty());
        // A variant's checks to give and pockets start again, as python-chess's do.
        self.kept = crate::variant_state::Kept::default();
    }

    /// The squares of the pawns of both colours, as a bitboard.
    #[getter]
    fn pawns(&self) -> u64 {
        self.layout().pawns.0
    }
    #[setter]
    fn set_pawns(&mut self, v: u64) {
        self.layout_mut().pawns = Bitboard(v);
    }
    /// The squares of the knights of both colours, as a bitboard.
    #[getter]
    fn knights(&self) -> u64 {
        self.layout().knights.0
    }
    #[setter]
    fn set_knights(&mut self, v: u64) {
        self.layout_mut().knights = Bitboard(v);
    }
    /// The squares of the bishops of both colours, as a bitboard.
    #[getter]
    fn bishops(&self) -> u64 {
        self.layout().bishops.0
    }
    #[setter]
    fn set_bishops(&mut self, v: u64) {
        self.layout_mut().bishops = Bitboard(v);
    }
    /// The squares of the rooks of both colours, as a bitboard.
    #[getter]
    fn rooks(&self) -> u64 {
        self.layout().rooks.0
    }
    #[setter]
    fn set_rooks(&mut self, v: u64) {
        self.layout_mut().rooks = Bitboard(v);
    }
    /// The squares of the queens of both colours, as a bitboard.
    #[getter]
    fn queens(&self) -> u64 {
        self.layout().queens.0
    }
    #[setter]
    fn set_queens(&mut self, v: u64) {
        self.layout_mut().queens = Bitboard(v);
    }
    /// The squares of the kings of both colours, as a bitboard.
    #[getter]
    fn kings(&self) -> u64 {
        self.layout().kings.0
    }
    #[setter]
    fn set_kings(&mut self, v: u64) {
        self.layout_mut().kings = Bitboard(v);
    }
    /// Every occupied square, as a bitboard.
    #[getter]
    fn occupied(&self) -> u64 {
        self.layout().occupied.0
    }
    #[setter]
    fn set_occupied(&mut self, v: u64) {
        self.layout_mut().occupied = Bitboard(v);
    }
    /// The squares of pieces that were pawns (crazyhouse drops them as pawns when captured), as a bitboard.
    #[getter]
    fn promoted(&self) -> u64 {
        self.layout().promoted.0
    }
    #[setter]
    fn set_promoted(&mut self, v: u64) {
        self.layout_mut().promoted = Bitboard(v);
    }

    /// The squares of `color`'s pieces of `piece_type`, as a bitboard.
    fn pieces_mask(&self, piece_type: PieceTypeArg, color: ColorIndex) -> PyResult<u64> {
        Ok(self.layout().pieces_mask(piece_type.0, color.0).0)
    }

    /// The squares of `color`'s pieces of `piece_type`.
    fn pieces(&self, piece_type: PieceTypeArg, color: ColorIndex) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: self.pieces_mask(piece_type, color)? })
    }

    /// The piece on `square`, or `None`.
    fn piece_at(&self, py: Python<'_>, square: SquareIndex) -> PyResult<Option<Py<Piece>>> {
        Ok(self.layout().piece_at(square.0).map(|p| Piece::shared(p, py)))
    }

    /// The piece type on `square`, or `None`.
    fn piece_type_at(&self, square: SquareIndex) -> PyResult<Option<u8>> {
        Ok(self.layout().piece_type_at(square.0).map(|p| p as u8))
    }

    /// The colour of the piece on `square` (`True` White), or `None`.
    fn color_at(&self, square: SquareIndex) -> PyResult<Option<bool>> {
        Ok(self.layout().color_at(square.0).map(|c| c == lerf_types::Color::White))
    }

    /// The square of `color`'s king (not a promoted one), or `None`.
    fn king(&self, color: ColorIndex) -> Option<u8> {
        self.layout().king(color.0).map(|sq| sq as u8)
    }

    /// The squares the piece on `square` attacks, as a bitboard.
    fn attacks_mask(&self, square: SquareIndex) -> PyResult<u64> {
        Ok(self.layout().attacks_mask(square.0).0)
    }

    /// The squares the piece on `square` attacks.
    fn attacks(&self, square: SquareIndex) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: self.attacks_mask(square)? })
    }

    /// `color`'s pieces attacking `square`, as a bitboard; sliders see through what is not
    /// in `occupied` (the board's pieces by default).
    #[pyo3(signature = (color, square, occupied=None))]
    fn attackers_mask(
        &self,
        color: &Bound<'_, PyAny>,
        square: SquareIndex,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<u64> {
        self.attackers_of(color, square, occupied)
    }

    /// Whether `color` attacks `square`.
    #[pyo3(signature = (color, square, occupied=None))]
    fn is_attacked_by(
        &self,
        color: &Bound<'_, PyAny>,
        square: SquareIndex,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<bool> {
        Ok(self.attackers_of(color, square, occupied)? != 0)
    }

    /// `color`'s pieces attacking `square`.
    #[pyo3(signature = (color, square, occupied=None))]
    fn attackers(
        &self,
        color: &Bound<'_, PyAny>,
        square: SquareIndex,
        occupied: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: self.attackers_of(color, square, occupied)? })
    }

    /// The line pinning the piece on `square` to `color`'s king; every square when none.
    fn pin_mask(&self, color: ColorIndex, square: &Bound<'_, PyAny>) -> PyResult<u64> {
        // Without a king python-chess answers before it looks at the square.
        if self.layout().king(color.0).is_none() {
            return Ok(u64::MAX);
        }
        let square: SquareIndex = square.extract()?;
        Ok(self.layout().pin_mask(color.0, square.0).0)
    }

    /// The line pinning the piece on `square` to `color`'s king; every square when none.
    fn pin(&self, color: ColorIndex, square: &Bound<'_, PyAny>) -> PyResult<SquareSet> {
        Ok(SquareSet { mask: self.pin_mask(color, square)? })
    }

    /// Whether the piece on `square` is pinned to `color`'s king.
    fn is_pinned(&self, color: ColorIndex, square: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pin_mask(color, square)? != u64::MAX)
    }

    /// Takes the piece off `square` and returns it (`None` when empty); a `Board` forgets
    /// its move stack.
    fn remove_piece_at(
        &mut self,
        py: Python<'_>,
        square: SquareIndex,
    ) -> PyResult<Option<Py<Piece>>> {
        let sq = square.0;
        let piece = self.layout().piece_at(sq).map(|p| Piece::shared(p, py));
        let white = self.layout().by_color[0].contains(sq);
        let removed = self.layout_mut().remove_piece_at(sq);
        self.clear_stack();
        Ok(removed.map(|pt| {
            let p = lerf_types::Piece::new(color_of(white), pt);
            piece.unwrap_or_else(|| Piece::shared(p, py))
        }))
    }

    /// Puts `piece` on `square` (`None` empties it); a `Board` forgets its move stack.
    #[pyo3(signature = (square, piece, promoted=Truth(false)))]
    fn set_piece_at(
        &mut self,
        square: SquareIndex,
        piece: Option<PieceData>,
        promoted: Truth,
    ) -> PyResult<()> {
        let sq = square.0;
        match piece {
            Some(p) => self.layout_mut().set_piece_at(sq, p.to_lerf(), promoted.0),
            None => {
                self.layout_mut().remove_piece_at(sq);
            }
        }
        self.clear_stack();
        Ok(())
    }

    /// The FEN's board part; `promoted=True` marks promoted pieces with `~`.
    #[pyo3(signature = (*, promoted=Some(false)))]
    fn board_fen(&self, promoted: Option<bool>) -> String {
        let mut out = String::with_capacity(72);
        let _ = self.layout().write_board_fen(&mut out, promoted.unwrap_or(false));
        out
    }

    /// Sets the pieces from a FEN's board part (`ValueError` if malformed).
    fn set_board_fen(&mut self, fen: &str) -> PyResult<()> {
        let layout =
            Layout::from_board_fen(fen).map_err(|e| fen_value_error(&e, python_strip(fen)))?;
        self.set_layout(layout);
        Ok(())
    }

    /// `{square: Piece}` for the occupied squares in `mask`, highest square first.
    #[pyo3(signature = (*, mask=Mask::ALL))]
    fn piece_map<'py>(&self, py: Python<'py>, mask: Mask) -> PyResult<Bound<'py, PyDict>> {
        let map = PyDict::new(py);
        for sq in (self.layout().occupied & Bitboard(mask.0)).into_iter().rev() {
            if let Some(p) = self.layout().piece_at(sq) {
                map.set_item(sq as u8, Piece::shared(p, py))?;
            }
        }
        Ok(map)
    }

    /// Sets the pieces from `{square: Piece}`.
    fn set_piece_map(&mut self, pieces: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut layout = Layout::empty();
        for item in pieces.call_method0("items")?.try_iter()? {
            let (sq, piece): (SquareIndex, PieceData) = item?.extract()?;
            layout.set_piece_at(sq.0, piece.to_lerf(), false);
        }
        self.set_layout(layout);
        Ok(())
    }

    /// Sets up Chess960 start position number `scharnagl` (0–959).
    fn set_chess960_pos(&mut self, scharnagl: Chess960Start) -> PyResult<()> {
        let layout = scharnagl.0;
        self.set_layout(layout);
        Ok(())
    }

    /// The Chess960 start position number of the pieces (0–959), or `None`.
    fn chess960_pos(&self) -> Option<u16> {
        self.layout().chess960_index()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let name = slf.get_type().name()?;
        Ok(format!("{name}('{}')", slf.borrow().board_fen(Some(false))))
    }

    fn __str__(&self) -> String {
        piece_diagram(self.layout())
    }

    /// The board drawn with Unicode figurines.
    #[pyo3(signature = (*, invert_color=Truth(false), borders=Truth(false), empty_square="⭘", orientation=Truth(true)))]
    fn unicode(
        &self,
        invert_color: Truth,
        borders: Truth,
        empty_square: &str,
        orientation: Truth,
    ) -> String {
        let (invert_color, borders, orientation) = (invert_color.0, borders.0, orientation.0);
        unicode_diagram(self.layout(), invert_color, borders, empty_square, orientation)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<BaseBoard>() {
            Ok(o) => {
                let same = self.layout().same_pieces(o.borrow().layout());
                Ok(same.into_pyobject(py)?.to_owned().into_any().unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    /// Passes every bitboard through `f` (`flip_vertical`, `shift_up`...).
    pub fn apply_transform(&mut self, f: &Bound<'_, PyAny>) -> PyResult<()> {
        let mut error = None;
        let mut layout = *self.layout();
        layout.transform(|b| match f.call1((b.0,)).and_then(|r| r.extract::<u64>()) {
            Ok(v) => Bitboard(v),
            Err(e) => {
                error.get_or_insert(e);
                b
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
        *self.layout_mut() = layout;
        self.clear_stack();
        Ok(())
    }

    /// A copy with every bitboard passed through `f`.
    fn transform<'py>(
        slf: &Bound<'py, Self>,
        f: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let copy = slf.call_method0("copy")?;
        copy.call_method1("apply_transform", (f,))?;
        Ok(copy)
    }

    /// Turns the board upside down and swaps the colours.
    fn apply_mirror(&mut self) {
        self.layout_mut().mirror();
        self.clear_stack();
    }

    /// A mirrored copy.
    fn mirror<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let copy = slf.call_method0("copy")?;
        copy.call_method0("apply_mirror")?;
        Ok(copy)
    }

    /// A copy of the pieces.
    fn copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let layout = *slf.borrow().layout();
        let copy = slf.get_type().call1((py_none(slf.py()),))?;
        copy.cast::<BaseBoard>()?.borrow_mut().set_layout(layout);
        Ok(copy)
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
    fn empty<'py>(cls: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyAny>> {
        cls.call1((py_none(cls.py()),))
    }

    /// A board set up in Chess960 start position number `scharnagl`.
    #[classmethod]
    fn from_chess960_pos<'py>(
        cls: &Bound<'py, PyType>,
        scharnagl: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let board = cls.call_method0("empty")?;
        board.call_method1("set_chess960_pos", (scharnagl,))?;
        Ok(board)
    }
}

/// Python's `None`.
pub fn py_none(py: Python<'_>) -> Bound<'_, PyAny> {
    py.None().into_bound(py)
}
