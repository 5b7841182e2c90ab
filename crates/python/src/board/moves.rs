//! `Move` and `Piece`: python-chess's values (squares 0–63 from a1, piece types 1–6,
//! `True` for White), converted to and from lerf's loose moves at the board.
//!
//! Both are immutable, so the objects handed out are shared: each distinct move (and each
//! of the twelve pieces) is made once per process and returned again after, which spares
//! an allocation per move in every move list.

use lerf_rules::LooseMove;
use lerf_types::{Color, Piece as LerfPiece, PieceType, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

use crate::board::san_errors::invalid_uci_message;
use crate::board::truth::Truth;
use crate::errors::{InvalidMoveError, no_attribute};

/// A move: from, to, the promotion piece type and the dropped piece type (castling in
/// standard chess as the king's two-square step, in Chess960 as king takes rook).
///
/// The four fields are Python objects read straight from the object's memory (as fast as
/// a plain attribute); `data` is the same move for Rust.
#[pyclass(module = "lerf", frozen)]
pub struct Move {
    /// The origin square, 0 (a1) to 63 (h8).
    #[pyo3(get)]
    from_square: Py<PyAny>,
    /// The destination square.
    #[pyo3(get)]
    to_square: Py<PyAny>,
    /// The piece type promoted to (1 pawn … 6 king), or `None`.
    #[pyo3(get)]
    promotion: Py<PyAny>,
    /// The piece type dropped (crazyhouse), or `None`.
    #[pyo3(get)]
    drop: Py<PyAny>,
    /// The move as Rust reads it.
    pub data: MoveData,
}

/// A move's numbers: squares 0–63 from a1, piece types 1–6.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveData {
    /// The origin square, 0 (a1) to 63 (h8).
    pub from_square: u8,
    /// The destination square.
    pub to_square: u8,
    /// The piece type promoted to, if any.
    pub promotion: Option<u8>,
    /// The piece type dropped, if any.
    pub drop: Option<u8>,
}

impl<'a, 'py> FromPyObject<'a, 'py> for MoveData {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<MoveData> {
        match obj.cast::<Move>() {
            Ok(m) => Ok(m.get().data),
            // Another library's move (python-chess's, read from a variant board): its
            // four fields.
            Err(_) if obj.hasattr("from_square").unwrap_or(false) => {
                let field = |name: &str| -> PyResult<Option<u8>> {
                    let value = obj.getattr(name)?;
                    if value.is_none() { Ok(None) } else { value.extract().map(Some) }
                };
                MoveData::checked(
                    obj.getattr("from_square")?.extract()?,
                    obj.getattr("to_square")?.extract()?,
                    field("promotion")?,
                    field("drop")?,
                )
            }
            // What python-chess meets first in an object that is no move.
            Err(_) => Err(no_attribute(&obj, "from_square")),
        }
    }
}

/// The shared `Move` objects of promotions to N, B, R, Q, made as they are first used.
static MOVES: PyOnceLock<Vec<PyOnceLock<Py<Move>>>> = PyOnceLock::new();

/// The shared `Move` objects of every move that neither promotes nor drops, by
/// `from * 64 + to`.
static ORDINARY: PyOnceLock<Vec<Py<Move>>> = PyOnceLock::new();

fn checked_piece_type(name: &str, value: Option<u8>) -> PyResult<Option<u8>> {
    match value {
        Some(p) if !(1..=6).contains(&p) => Err(PyValueError::new_err(format!(
            "{name} is a piece type from 1 (pawn) to 6 (king), not {p}"
        ))),
        p => Ok(p),
    }
}

impl Move {
    /// The Python object of a move's numbers.
    pub fn new(py: Python<'_>, data: MoveData) -> PyResult<Move> {
        let int = |v: u8| -> PyResult<Py<PyAny>> { Ok(v.into_pyobject(py)?.into_any().unbind()) };
        let opt =
            |v: Option<u8>| -> PyResult<Py<PyAny>> { Ok(v.into_pyobject(py)?.into_any().unbind()) };
        Ok(Move {
            from_square: int(data.from_square)?,
            to_square: int(data.to_square)?,
            promotion: opt(data.promotion)?,
            drop: opt(data.drop)?,
            data,
        })
    }
}

#[pymethods]
impl Move {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None, drop=None))]
    fn py_new(
        py: Python<'_>,
        from_square: u8,
        to_square: u8,
        promotion: Option<u8>,
        drop: Option<u8>,
    ) -> PyResult<Move> {
        Move::new(py, MoveData::checked(from_square, to_square, promotion, drop)?)
    }

    /// The move in UCI: `e2e4`, `e7e8q`, `N@f3`, `0000` for the null move.
    fn uci(&self) -> String {
        self.data.uci()
    }

    /// The move as XBoard writes it (`@@@@` for the null move).
    fn xboard(&self) -> String {
        if self.data.is_null() { "@@@@".to_owned() } else { self.data.uci() }
    }

    /// Reads UCI: `e2e4`, `e7e8q`, `N@f3`, `0000` (`InvalidMoveError` otherwise).
    #[classmethod]
    fn from_uci<'py>(cls: &Bound<'py, PyType>, uci: &str) -> PyResult<Bound<'py, PyAny>> {
        let invalid = || InvalidMoveError::new_err(invalid_uci_message(cls.py(), uci));
        let m: LooseMove = uci.parse().map_err(|_| invalid())?;
        let m = MoveData::from_loose(m);
        if cls.is(cls.py().get_type::<Move>()) {
            return Ok(m.shared(cls.py()).into_bound(cls.py()).into_any());
        }
        cls.call1((m.from_square, m.to_square, m.promotion, m.drop))
    }

    /// The null move (`0000`), which passes the turn.
    #[classmethod]
    fn null<'py>(cls: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyAny>> {
        if cls.is(cls.py().get_type::<Move>()) {
            return Ok(MoveData::NULL.shared(cls.py()).into_bound(cls.py()).into_any());
        }
        cls.call1((0, 0))
    }

    fn __bool__(&self) -> bool {
        !self.data.is_null()
    }

    fn __str__(&self) -> String {
        self.data.uci()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.data.uci())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<Move>() {
            Ok(o) => {
                Ok((o.get().data == self.data).into_pyobject(py)?.to_owned().into_any().unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> u64 {
        let d = self.data;
        let piece = |p: Option<u8>| u64::from(p.unwrap_or(0));
        u64::from(d.from_square)
            | u64::from(d.to_square) << 6
            | piece(d.promotion) << 12
            | piece(d.drop) << 15
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let m = slf.get().data;
        let args = (m.from_square, m.to_square, m.promotion, m.drop);
        (slf.get_type(), args).into_pyobject(slf.py())
    }

    /// `copy.replace(move, **changes)` (Python 3.13), as python-chess's dataclass has it:
    /// the class called with every field, those in `changes` changed.
    #[pyo3(signature = (**changes))]
    fn __replace__<'py>(
        slf: &Bound<'py, Self>,
        changes: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let m = slf.get().data;
        let fields = PyDict::new(slf.py());
        fields.set_item("from_square", m.from_square)?;
        fields.set_item("to_square", m.to_square)?;
        fields.set_item("promotion", m.promotion)?;
        fields.set_item("drop", m.drop)?;
        replaced(slf.as_any(), fields, changes)
    }
}

/// The dataclasses' `__replace__`: `value`'s class called with its `fields` as keywords,
/// `changes` put over them (a name the class does not take is its `TypeError`).
fn replaced<'py>(
    value: &Bound<'py, PyAny>,
    fields: Bound<'py, PyDict>,
    changes: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(changes) = changes {
        fields.update(changes.as_mapping())?;
    }
    value.get_type().call((), Some(&fields))
}

impl MoveData {
    /// A move from python-chess's numbers, checked: squares 0–63, piece types 1–6.
    pub fn checked(
        from_square: u8,
        to_square: u8,
        promotion: Option<u8>,
        drop: Option<u8>,
    ) -> PyResult<MoveData> {
        if from_square > 63 || to_square > 63 {
            return Err(PyValueError::new_err(format!(
                "squares go from 0 (a1) to 63 (h8), not {from_square} and {to_square}"
            )));
        }
        let promotion = checked_piece_type("promotion", promotion)?;
        let drop = checked_piece_type("drop", drop)?;
        Ok(MoveData { from_square, to_square, promotion, drop })
    }

    /// The null move.
    pub const NULL: MoveData =
        MoveData { from_square: 0, to_square: 0, promotion: None, drop: None };

    /// The move in UCI.
    pub fn uci(&self) -> String {
        self.to_loose().to_string()
    }

    /// Appends the move's UCI to `out`.
    pub fn write_uci(&self, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "{}", self.to_loose());
    }

    /// Whether this is the null move.
    pub fn is_null(&self) -> bool {
        *self == MoveData::NULL
    }

    /// python-chess's form of a loose move.
    #[inline]
    pub fn from_loose(m: LooseMove) -> MoveData {
        MoveData {
            from_square: m.from as u8,
            to_square: m.to as u8,
            promotion: m.promotion.map(|p| p as u8),
            drop: m.drop.map(|p| p as u8),
        }
    }

    /// The loose move this is (the fields were checked when it was made).
    #[inline]
    pub fn to_loose(self) -> LooseMove {
        let piece = |p: Option<u8>| p.and_then(PieceType::from_index);
        LooseMove {
            from: Square::from_index_wrapping(self.from_square),
            to: Square::from_index_wrapping(self.to_square),
            promotion: piece(self.promotion),
            drop: piece(self.drop),
        }
    }

    /// The shared object of this move (a new one for the rare moves not shared).
    #[inline]
    pub fn shared(self, py: Python<'_>) -> Py<Move> {
        let squares = usize::from(self.from_square) * 64 + usize::from(self.to_square);
        if self.drop.is_none() && self.promotion.is_none() {
            // The 4,096 ordinary moves (the null move among them) are made together at
            // first use: one lookup after that, without a check per entry.
            let table = ORDINARY.get_or_init(py, || {
                (0..4096u16)
                    .map(|i| MoveData {
                        from_square: (i / 64) as u8,
                        to_square: (i % 64) as u8,
                        promotion: None,
                        drop: None,
                    })
                    .map(|m| m.make(py))
                    .collect()
            });
            return table[squares].clone_ref(py);
        }
        let slot = match (self.drop, self.promotion) {
            (None, Some(p @ 2..=5)) => usize::from(p) - 2,
            _ => return self.make(py),
        };
        let index = squares * 4 + slot;
        let table = MOVES.get_or_init(py, || (0..64 * 64 * 4).map(|_| PyOnceLock::new()).collect());
        let cell = &table[index];
        if let Some(m) = cell.get(py) {
            return m.clone_ref(py);
        }
        let made = self.make(py);
        cell.get_or_init(py, || made).clone_ref(py)
    }

    /// A new `Move` object of this move.
    fn make(self, py: Python<'_>) -> Py<Move> {
        Move::new(py, self)
            .and_then(|m| Py::new(py, m))
            .unwrap_or_else(|_| unreachable!("a Move allocates"))
    }
}

impl Move {
    /// The shared object of a loose move.
    #[inline]
    pub fn shared_loose(m: LooseMove, py: Python<'_>) -> Py<Move> {
        MoveData::from_loose(m).shared(py)
    }
}

/// A piece: a piece type 1 (pawn) to 6 (king) and a colour (both read as plain
/// attributes).
#[pyclass(module = "lerf", frozen)]
pub struct Piece {
    /// 1 (pawn) to 6 (king).
    #[pyo3(get)]
    piece_type: Py<PyAny>,
    /// `True` for White.
    #[pyo3(get)]
    color: Py<PyAny>,
    /// The piece for Rust.
    pub data: PieceData,
}

/// A piece's values: type 1 (pawn) to 6 (king), `true` for White.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PieceData {
    /// 1 (pawn) to 6 (king).
    pub piece_type: u8,
    /// `true` for White.
    pub color: bool,
}

impl<'a, 'py> FromPyObject<'a, 'py> for PieceData {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<PieceData> {
        if let Ok(piece) = obj.cast::<Piece>() {
            return Ok(piece.get().data);
        }
        // Another library's piece (python-chess's): its type and colour, as python-chess
        // reads them; what has none raises its AttributeError.
        if !obj.hasattr("piece_type")? {
            return Err(no_attribute(&obj, "piece_type"));
        }
        let piece_type: u8 = obj.getattr("piece_type")?.extract()?;
        checked_piece_type("piece_type", Some(piece_type))?;
        let color = obj.getattr("color")?.is_truthy()?;
        Ok(PieceData { piece_type, color })
    }
}

impl Piece {
    fn new(py: Python<'_>, data: PieceData) -> PyResult<Piece> {
        Ok(Piece {
            piece_type: data.piece_type.into_pyobject(py)?.into_any().unbind(),
            color: pyo3::types::PyBool::new(py, data.color).to_owned().into_any().unbind(),
            data,
        })
    }
}

/// The twelve shared `Piece` objects, by lerf's piece index.
static PIECES: PyOnceLock<Vec<Py<Piece>>> = PyOnceLock::new();

/// The Unicode figurine of a piece symbol.
fn figurine(symbol: char) -> char {
    match symbol {
        'R' => '♖',
        'r' => '♜',
        'N' => '♘',
        'n' => '♞',
        'B' => '♗',
        'b' => '♝',
        'Q' => '♕',
        'q' => '♛',
        'K' => '♔',
        'k' => '♚',
        'P' => '♙',
        _ => '♟',
    }
}

#[pymethods]
impl Piece {
    #[new]
    fn py_new(py: Python<'_>, piece_type: u8, color: Truth) -> PyResult<Piece> {
        piece_type_of(piece_type)?;
        Piece::new(py, PieceData { piece_type, color: color.0 })
    }

    /// `P`, `n`, ...: upper case for White.
    pub fn symbol(&self) -> String {
        self.data.symbol_char().to_string()
    }

    /// The Unicode figurine (`♔`, `♟`...); `invert_color` swaps the colours.
    #[pyo3(signature = (*, invert_color=Truth(false)))]
    fn unicode_symbol(&self, invert_color: Truth) -> String {
        let c = self.data.symbol_char();
        let c = if invert_color.0 {
            if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }
        } else {
            c
        };
        figurine(c).to_string()
    }

    /// Reads `P`, `n`, ... (`ValueError` otherwise).
    #[classmethod]
    fn from_symbol<'py>(cls: &Bound<'py, PyType>, symbol: &str) -> PyResult<Bound<'py, PyAny>> {
        let mut chars = symbol.chars();
        let piece = match (chars.next(), chars.next()) {
            (Some(c), None) => LerfPiece::from_char(c),
            _ => None,
        };
        let py = cls.py();
        let Some(piece) = piece else {
            // python-chess looks the lower-cased text up in its list of symbols.
            let lower = PyString::new(py, symbol).call_method0("lower")?;
            return Err(PyValueError::new_err(format!("{} is not in list", lower.repr()?)));
        };
        if cls.is(py.get_type::<Piece>()) {
            return Ok(Piece::shared(piece, py).into_bound(py).into_any());
        }
        let p = PieceData::from_lerf(piece);
        cls.call1((p.piece_type, p.color))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        match other.cast::<Piece>() {
            Ok(o) => {
                Ok((o.get().data == self.data).into_pyobject(py)?.to_owned().into_any().unbind())
            }
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    fn __hash__(&self) -> isize {
        isize::from(self.data.piece_type) + if self.data.color { -1 } else { 5 }
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.data.symbol_char())
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let p = slf.get().data;
        (slf.get_type(), (p.piece_type, p.color)).into_pyobject(slf.py())
    }

    /// `copy.replace(piece, **changes)` (Python 3.13), as python-chess's dataclass has it.
    #[pyo3(signature = (**changes))]
    fn __replace__<'py>(
        slf: &Bound<'py, Self>,
        changes: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let p = slf.get().data;
        let fields = PyDict::new(slf.py());
        fields.set_item("piece_type", p.piece_type)?;
        fields.set_item("color", p.color)?;
        replaced(slf.as_any(), fields, changes)
    }
}

impl PieceData {
    fn symbol_char(&self) -> char {
        let c = char::from(b" pnbrqk"[usize::from(self.piece_type.min(6))]);
        if self.color { c.to_ascii_uppercase() } else { c }
    }

    /// python-chess's form of a lerf piece.
    pub fn from_lerf(piece: LerfPiece) -> PieceData {
        PieceData { piece_type: piece.piece_type() as u8, color: piece.color() == Color::White }
    }

    /// The lerf piece this is.
    pub fn to_lerf(self) -> LerfPiece {
        let pt = PieceType::from_index(self.piece_type).unwrap_or(PieceType::Pawn);
        LerfPiece::new(color_of(self.color), pt)
    }
}

impl Piece {
    /// The shared object of a piece.
    #[inline]
    pub fn shared(piece: LerfPiece, py: Python<'_>) -> Py<Piece> {
        let table = PIECES.get_or_init(py, || {
            LerfPiece::ALL
                .iter()
                .map(|&p| {
                    Piece::new(py, PieceData::from_lerf(p))
                        .and_then(|piece| Py::new(py, piece))
                        .unwrap_or_else(|_| unreachable!("a Piece allocates"))
                })
                .collect()
        });
        let index = piece.piece_type() as usize - 1 + 6 * piece.color() as usize;
        table[index].clone_ref(py)
    }
}

/// A lerf piece type from python-chess's number.
pub fn piece_type_of(n: u8) -> PyResult<PieceType> {
    PieceType::from_index(n)
        .filter(|_| (1..=6).contains(&n))
        .ok_or_else(|| PyValueError::new_err(format!("a piece type goes from 1 to 6, not {n}")))
}

/// A lerf square from python-chess's number.
pub fn square_of(n: u8) -> PyResult<Square> {
    Square::from_index(n)
        .ok_or_else(|| PyValueError::new_err(format!("a square goes from 0 to 63, not {n}")))
}

/// A lerf colour from python-chess's `True` (White) or `False`.
pub fn color_of(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}
