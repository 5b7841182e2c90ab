//! `lerf.Move` and `lerf.Piece`: python-chess's values (squares 0–63 from a1, piece types
//! 1–6, `True` for White), converted to and from lerf's at the board.

use lerf_position::Position;
use lerf_types::{Color, MoveKind, Piece as LerfPiece, PieceType, Square};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::{IllegalMoveError, InvalidMoveError};

/// A move as python-chess has it: from, to, and the promotion piece type (castling in
/// standard chess as the king's two-square step, in Chess960 as king takes rook).
#[pyclass(module = "lerf", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// The origin square, 0 (a1) to 63 (h8).
    #[pyo3(get)]
    pub from_square: u8,
    /// The destination square.
    #[pyo3(get)]
    pub to_square: u8,
    /// The piece type promoted to (2 knight … 5 queen), or `None`.
    #[pyo3(get)]
    pub promotion: Option<u8>,
}

#[pymethods]
impl Move {
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None))]
    fn py_new(from_square: u8, to_square: u8, promotion: Option<u8>) -> PyResult<Move> {
        if from_square > 63 || to_square > 63 {
            return Err(PyValueError::new_err("squares go from 0 (a1) to 63 (h8)"));
        }
        if promotion.is_some_and(|p| !(2..=5).contains(&p)) {
            return Err(PyValueError::new_err(
                "a promotion is to a knight, bishop, rook or queen (2-5)",
            ));
        }
        Ok(Move { from_square, to_square, promotion })
    }

    /// The move in UCI (`e2e4`, `e7e8q`, `0000` for the null move).
    pub fn uci(&self) -> String {
        let mut text = String::with_capacity(5);
        self.write_uci(&mut text);
        text
    }

    /// Reads UCI: `e2e4`, `e7e8q`, `0000`.
    #[staticmethod]
    pub fn from_uci(uci: &str) -> PyResult<Move> {
        let invalid = || InvalidMoveError::new_err(format!("invalid uci: {uci:?}"));
        if uci == "0000" {
            return Ok(Move::null());
        }
        let bytes = uci.as_bytes();
        if !(4..=5).contains(&bytes.len()) {
            return Err(invalid());
        }
        let square = |at: usize| parse_square(&bytes[at..at + 2]).ok_or_else(invalid);
        let (from_square, to_square) = (square(0)?, square(2)?);
        let promotion = match bytes.get(4) {
            None => None,
            Some(b'n') => Some(2),
            Some(b'b') => Some(3),
            Some(b'r') => Some(4),
            Some(b'q') => Some(5),
            Some(_) => return Err(invalid()),
        };
        if from_square == to_square {
            return Err(invalid());
        }
        Ok(Move { from_square, to_square, promotion })
    }

    /// The null move (`0000`), which passes the turn.
    #[staticmethod]
    pub fn null() -> Move {
        Move { from_square: 0, to_square: 0, promotion: None }
    }

    /// `None`: lerf has no drops (python-chess's crazyhouse field).
    #[getter]
    fn drop(&self) -> Option<u8> {
        None
    }

    fn __bool__(&self) -> bool {
        !self.is_null()
    }

    fn __str__(&self) -> String {
        self.uci()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.uci())
    }
}

impl Move {
    pub fn is_null(self) -> bool {
        self.from_square == 0 && self.to_square == 0
    }

    /// python-chess's form of a lerf move played in `pos`.
    /// Appends the move's UCI text to `out` (no allocation of its own).
    pub fn write_uci(&self, out: &mut String) {
        if self.is_null() {
            out.push_str("0000");
            return;
        }
        for sq in [self.from_square, self.to_square] {
            out.push(char::from(b'a' + sq % 8));
            out.push(char::from(b'1' + sq / 8));
        }
        if let Some(p) = self.promotion {
            out.push(char::from(b"  nbrqk"[p as usize]));
        }
    }

    pub fn from_lerf(pos: &Position, m: lerf_types::Move) -> Move {
        if m == lerf_types::Move::NULL {
            return Move::null();
        }
        let to = match m.kind() {
            MoveKind::Castling if !pos.is_chess960() => m.king_or_piece_destination(),
            _ => m.to(),
        };
        let promotion = (m.kind() == MoveKind::Promotion).then(|| m.promotion_type() as u8);
        Move { from_square: m.from().index() as u8, to_square: to.index() as u8, promotion }
    }

    /// The legal lerf move this is in `pos`.
    pub fn in_position(self, pos: &Position) -> PyResult<lerf_types::Move> {
        if self.is_null() {
            return Ok(lerf_types::Move::NULL);
        }
        pos.parse_uci(&self.uci()).map_err(|e| {
            IllegalMoveError::new_err(format!(
                "illegal uci: {:?} in {}: {e}",
                self.uci(),
                pos.to_fen()
            ))
        })
    }
}

/// A piece as python-chess has it: a piece type 1 (pawn) to 6 (king) and a colour.
#[pyclass(module = "lerf", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// 1 (pawn) to 6 (king).
    #[pyo3(get)]
    pub piece_type: u8,
    /// `True` for White.
    #[pyo3(get)]
    pub color: bool,
}

#[pymethods]
impl Piece {
    #[new]
    fn py_new(piece_type: u8, color: bool) -> PyResult<Piece> {
        if !(1..=6).contains(&piece_type) {
            return Err(PyValueError::new_err("a piece type goes from 1 (pawn) to 6 (king)"));
        }
        Ok(Piece { piece_type, color })
    }

    /// `P`, `n`, ...: upper case for White.
    pub fn symbol(&self) -> String {
        let c = b" pnbrqk"[self.piece_type as usize] as char;
        if self.color { c.to_ascii_uppercase().to_string() } else { c.to_string() }
    }

    /// Reads `P`, `n`, ...
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<Piece> {
        let piece = symbol.chars().next().filter(|_| symbol.chars().count() == 1);
        let piece = piece.and_then(LerfPiece::from_char);
        piece
            .map(Piece::from_lerf)
            .ok_or_else(|| PyValueError::new_err(format!("not a piece symbol: {symbol:?}")))
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.symbol())
    }
}

impl Piece {
    pub fn from_lerf(piece: LerfPiece) -> Piece {
        Piece { piece_type: piece.piece_type() as u8, color: piece.color() == Color::White }
    }
}

/// A lerf piece type from python-chess's number.
pub fn piece_type(n: u8) -> PyResult<PieceType> {
    PieceType::from_index(n)
        .filter(|_| (1..=6).contains(&n))
        .ok_or_else(|| PyValueError::new_err(format!("a piece type goes from 1 to 6, not {n}")))
}

/// A lerf square from python-chess's number.
pub fn square(n: u8) -> PyResult<Square> {
    Square::from_index(n)
        .ok_or_else(|| PyValueError::new_err(format!("a square goes from 0 to 63, not {n}")))
}

pub fn color(white: bool) -> Color {
    if white { Color::White } else { Color::Black }
}

pub fn square_name(sq: u8) -> String {
    let (file, rank) = (b'a' + sq % 8, b'1' + sq / 8);
    String::from_utf8(vec![file, rank]).unwrap_or_default()
}

fn parse_square(text: &[u8]) -> Option<u8> {
    match text {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((r - b'1') * 8 + (f - b'a')),
        _ => None,
    }
}
