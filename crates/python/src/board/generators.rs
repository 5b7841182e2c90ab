//! `LegalMoveGenerator` and `PseudoLegalMoveGenerator`: the live move lists of a board
//! (`board.legal_moves`), made anew each time they are read.
//!
//! For a `Board` (or a subclass that does not replace the generating methods' class) the
//! moves come straight from the Rust board; for any other object, its
//! `generate_legal_moves()`, `is_legal()`... are called, as python-chess does.

use lerf_bitboard::Bitboard;
use lerf_rules::variant::VariantBoard;
use lerf_rules::{LooseBoard, LooseMove};
use lerf_san::loose::loose_san;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::board::board::{Board, move_iter};
use crate::board::moves::MoveData;

/// Which moves a generator lists.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Legal,
    PseudoLegal,
}

impl Kind {
    fn generate(self, board: &LooseBoard, out: &mut Vec<LooseMove>) {
        match self {
            Kind::Legal => board.generate_legal_moves(Bitboard::FULL, Bitboard::FULL, out),
            Kind::PseudoLegal => {
                board.generate_pseudo_legal_moves(Bitboard::FULL, Bitboard::FULL, out);
            }
        }
    }

    fn contains(self, board: &LooseBoard, m: LooseMove) -> bool {
        match self {
            Kind::Legal => board.is_legal(m),
            Kind::PseudoLegal => board.is_pseudo_legal(m),
        }
    }

    fn generator_method(self) -> &'static str {
        match self {
            Kind::Legal => "generate_legal_moves",
            Kind::PseudoLegal => "generate_pseudo_legal_moves",
        }
    }

    fn test_method(self) -> &'static str {
        match self {
            Kind::Legal => "is_legal",
            Kind::PseudoLegal => "is_pseudo_legal",
        }
    }
}

/// The Rust board behind `board` when it is a `Board` whose class is `Board` itself.
fn native(board: &Bound<'_, PyAny>) -> Option<LooseBoard> {
    let board = board.cast_exact::<Board>().ok()?;
    let board = board.borrow();
    Some(*board.as_super().board())
}

/// The variant board behind `board` when it is one of `lerf.variant`'s boards (the Rust
/// board keeps its variant and the state beside the position) whose class keeps the variant
/// boards' own generating method for `kind`: its moves are then listed in Rust, as that
/// method would list them.
fn variant_native(board: &Bound<'_, PyAny>, kind: Kind) -> PyResult<Option<VariantBoard>> {
    static METHODS: PyOnceLock<[Py<PyAny>; 2]> = PyOnceLock::new();
    let Ok(b) = board.cast::<Board>() else { return Ok(None) };
    if b.borrow().as_super().variant.is_none() {
        return Ok(None);
    }
    let py = board.py();
    let methods = METHODS.get_or_try_init(py, || -> PyResult<[Py<PyAny>; 2]> {
        let class = py.import("lerf.variant._board")?.getattr("_VariantBoard")?;
        Ok([
            class.getattr(Kind::Legal.generator_method())?.unbind(),
            class.getattr(Kind::PseudoLegal.generator_method())?.unbind(),
        ])
    })?;
    let own = &methods[usize::from(kind == Kind::PseudoLegal)];
    let name = match kind {
        Kind::Legal => pyo3::intern!(py, "generate_legal_moves"),
        Kind::PseudoLegal => pyo3::intern!(py, "generate_pseudo_legal_moves"),
    };
    if !board.get_type().getattr(name)?.is(own.bind(py)) {
        return Ok(None);
    }
    Ok(b.borrow().as_super().variant_board())
}

/// A position whose moves are listed in Rust: a `Board`'s, or a variant board's.
#[derive(Clone, Copy, PartialEq)]
enum Position {
    Standard(LooseBoard),
    Variant(VariantBoard),
}

impl Position {
    /// The position behind `board`, when its moves of `kind` are Rust's to list.
    fn of(board: &Bound<'_, PyAny>, kind: Kind) -> PyResult<Option<Position>> {
        if let Some(b) = native(board) {
            return Ok(Some(Position::Standard(b)));
        }
        Ok(variant_native(board, kind)?.map(Position::Variant))
    }

    /// The moves of `kind`.
    fn moves(&self, kind: Kind) -> Vec<LooseMove> {
        let mut out = Vec::with_capacity(64);
        match (self, kind) {
            (Position::Standard(b), _) => kind.generate(b, &mut out),
            (Position::Variant(vb), Kind::Legal) => vb.generate_legal_moves(&mut out),
            (Position::Variant(vb), Kind::PseudoLegal) => vb.generate_pseudo_legal_moves(&mut out),
        }
        out
    }
}

/// The moves of `kind`, from the Rust board or through the object's method.
fn moves<'py>(
    board: &Bound<'py, PyAny>,
    kind: Kind,
) -> PyResult<Result<Vec<LooseMove>, Bound<'py, PyAny>>> {
    match Position::of(board, kind)? {
        Some(position) => Ok(Ok(position.moves(kind))),
        None => Ok(Err(board.call_method0(kind.generator_method())?)),
    }
}

fn count(board: &Bound<'_, PyAny>, kind: Kind) -> PyResult<usize> {
    match moves(board, kind)? {
        Ok(list) => Ok(list.len()),
        Err(iter) => {
            let mut n = 0;
            for m in iter.try_iter()? {
                m?;
                n += 1;
            }
            Ok(n)
        }
    }
}

fn any(board: &Bound<'_, PyAny>, kind: Kind) -> PyResult<bool> {
    match moves(board, kind)? {
        Ok(list) => Ok(!list.is_empty()),
        Err(iter) => match iter.try_iter()?.next() {
            Some(m) => m.map(|_| true),
            None => Ok(false),
        },
    }
}

fn iterate<'py>(board: &Bound<'py, PyAny>, kind: Kind) -> PyResult<Bound<'py, PyAny>> {
    match moves(board, kind)? {
        Ok(list) => move_iter(board.py(), &list),
        Err(iter) => Ok(iter.try_iter()?.into_any()),
    }
}

fn contains(board: &Bound<'_, PyAny>, kind: Kind, m: &Bound<'_, PyAny>) -> PyResult<bool> {
    if let (Some(b), Ok(mv)) = (native(board), m.extract::<MoveData>()) {
        return Ok(kind.contains(&b, mv.to_loose()));
    }
    board.call_method1(kind.test_method(), (m,))?.is_truthy()
}

/// The text of the moves in a generator's `repr`: SAN for legal moves, UCI for others.
fn sans(board: &Bound<'_, PyAny>, kind: Kind) -> PyResult<String> {
    let mut texts = Vec::new();
    if let Some(b) = native(board) {
        let mut list = Vec::new();
        kind.generate(&b, &mut list);
        for m in list {
            let text = match (kind, b.is_legal(m)) {
                (Kind::PseudoLegal, false) => m.to_string(),
                _ => loose_san(&b, m).unwrap_or_else(|_| m.to_string()),
            };
            texts.push(text);
        }
    } else {
        for m in iterate(board, kind)?.try_iter()? {
            let m = m?;
            let legal =
                kind == Kind::Legal || board.call_method1("is_legal", (&m,))?.is_truthy()?;
            let method = if legal { "san" } else { "uci" };
            texts.push(board.call_method1(method, (&m,))?.extract()?);
        }
    }
    Ok(texts.join(", "))
}

macro_rules! generator_class {
    ($name:ident, $text:literal, $kind:expr, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(module = "lerf")]
        pub struct $name {
            /// The board whose moves these are.
            #[pyo3(get)]
            board: Py<PyAny>,
            /// How many moves `iter()` listed, with the position, for the `len()` that
            /// `list()` calls right after.
            last: Option<(Position, usize)>,
        }

        impl $name {
            /// The generator of `board`'s moves.
            pub fn of_board(board: Py<PyAny>) -> $name {
                $name { board, last: None }
            }
        }

        #[pymethods]
        impl $name {
            #[new]
            fn py_new(board: Py<PyAny>) -> $name {
                $name { board, last: None }
            }

            fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
                any(self.board.bind(py), $kind)
            }

            /// Whether there is any move.
            fn any(&self, py: Python<'_>) -> PyResult<bool> {
                any(self.board.bind(py), $kind)
            }

            /// How many moves there are.
            fn count(&self, py: Python<'_>) -> PyResult<usize> {
                count(self.board.bind(py), $kind)
            }

            /// The number of moves of a `Board` (or a variant board); other objects have no
            /// length (as in python-chess, where `list()` then walks their moves once).
            fn __len__(&mut self, py: Python<'_>) -> PyResult<usize> {
                let Some(position) = Position::of(self.board.bind(py), $kind)? else {
                    return Err(PyTypeError::new_err("the moves of this board have no len()"));
                };
                // `list()` asks for the length right after `iter()`: the count made there.
                if let Some((seen, n)) = self.last.take() {
                    if seen == position {
                        return Ok(n);
                    }
                }
                Ok(position.moves($kind).len())
            }

            fn __iter__<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                let board = self.board.bind(py);
                match Position::of(board, $kind)? {
                    Some(position) => {
                        let list = position.moves($kind);
                        self.last = Some((position, list.len()));
                        move_iter(py, &list)
                    }
                    None => iterate(board, $kind),
                }
            }

            fn __contains__(&self, py: Python<'_>, m: &Bound<'_, PyAny>) -> PyResult<bool> {
                contains(self.board.bind(py), $kind, m)
            }

            fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
                let py = slf.py();
                let board = slf.borrow().board.clone_ref(py);
                let texts = sans(board.bind(py), $kind)?;
                Ok(format!("<{} at {:#x} ({texts})>", $text, slf.as_ptr() as usize))
            }
        }
    };
}

generator_class!(
    LegalMoveGenerator,
    "LegalMoveGenerator",
    Kind::Legal,
    "The legal moves of a board, as `board.legal_moves`: iterate, `len()`, `count()`, `in`."
);
generator_class!(
    PseudoLegalMoveGenerator,
    "PseudoLegalMoveGenerator",
    Kind::PseudoLegal,
    "The pseudo-legal moves of a board, as `board.pseudo_legal_moves`."
);
