//! `read_game`'s default reading when a game may be in a variant: games in standard chess
//! and Chess960 are built in Rust (`TreeBuilder`), and so are games of the variants of
//! `lerf.variant` (played on the Rust variant board of the start position its class sets
//! up). A game is handed to a Python `GameBuilder` after its headers (replayed to it) when
//! its variant's start cannot be set up (python-chess's error is then recorded as
//! python-chess records it), when its `Variant` tag names no variant, and when a script set
//! another module (python-chess's `chess.variant`) as `lerf.variant`: then it is played on
//! that module's boards.

use lerf_pgn::tree::{
    BuildError, Flow, GameVisitor, Headers, PlayBoard, TreeBoard, TreeBuilder, TreeRead,
};
use lerf_pgn::{VariantKind, variant_kind};
use lerf_rules::LooseMove;
use lerf_rules::variant::VariantBoard;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::build_error;
use crate::pgn::visit::{PyBoard, PyVisitor};

/// A board of either reading.
pub enum AnyBoard<'py> {
    Native(TreeBoard),
    Python(PyBoard<'py>),
}

/// A move of either reading.
pub enum AnyMove<'py> {
    Native(LooseMove),
    Python(Bound<'py, PyAny>),
}

/// What either reading made.
pub enum Built<'py> {
    Native(Box<TreeRead>),
    Python(Bound<'py, PyAny>),
}

fn native<T>(result: Result<T, BuildError>) -> PyResult<T> {
    result.map_err(build_error)
}

impl<'py> PlayBoard for AnyBoard<'py> {
    type Move = AnyMove<'py>;
    type Error = PyErr;

    fn has_moves(&self) -> PyResult<bool> {
        match self {
            AnyBoard::Native(b) => native(b.has_moves()),
            AnyBoard::Python(b) => b.has_moves(),
        }
    }

    fn before_last_move(&self) -> PyResult<AnyBoard<'py>> {
        match self {
            AnyBoard::Native(b) => native(b.before_last_move()).map(AnyBoard::Native),
            AnyBoard::Python(b) => b.before_last_move().map(AnyBoard::Python),
        }
    }

    fn push(&mut self, mv: &AnyMove<'py>) -> PyResult<()> {
        match (self, mv) {
            (AnyBoard::Native(b), AnyMove::Native(m)) => native(PlayBoard::push(b, m)),
            (AnyBoard::Python(b), AnyMove::Python(m)) => b.push(m),
            _ => unreachable!("a reading keeps to its own boards"),
        }
    }
}

/// The reading of one game, native until a variant hands it to Python.
pub struct GameReading<'py> {
    py: Python<'py>,
    builder: TreeBuilder,
    python: Option<PyVisitor<'py>>,
}

impl<'py> GameReading<'py> {
    /// A reading that builds `Game`s.
    pub fn new(py: Python<'py>) -> GameReading<'py> {
        GameReading { py, builder: TreeBuilder::new(), python: None }
    }

    /// Whether variant boards are available as `lerf.variant`: lerf's own, imported the
    /// first time a game asks (as python-chess imports `chess.variant`), or the module a
    /// script set there; `None` set there turns them off.
    fn variants_available(&self) -> PyResult<bool> {
        match self.py.import("lerf")?.getattr("variant") {
            Ok(v) => Ok(!v.is_none()),
            Err(_) => {
                self.py.import("lerf.variant")?;
                Ok(true)
            }
        }
    }

    /// The start of a game of one of `lerf.variant`'s variants, set up by its board class
    /// as python-chess's `Headers.board()` sets it up; `None` when the tag names no such
    /// variant, when another module is set as `lerf.variant`, or when the class refuses
    /// the start (Python then reads the game, recording python-chess's error).
    fn variant_start(&self, name: &str) -> PyResult<Option<VariantBoard>> {
        if !matches!(variant_kind(name), VariantKind::Variant(_)) {
            return Ok(None);
        }
        let module = self.py.import("lerf")?.getattr("variant")?;
        if module.getattr("__name__")?.extract::<String>()? != "lerf.variant" {
            return Ok(None);
        }
        let headers = &self.builder.tree().headers;
        let Ok(class) = module.call_method1("find_variant", (name,)) else { return Ok(None) };
        let fen = match headers.get("FEN") {
            Some(fen) => fen.into_pyobject(self.py)?.into_any(),
            None => class.getattr("starting_fen")?,
        };
        let kwargs = PyDict::new(self.py);
        kwargs.set_item("chess960", headers.is_chess960())?;
        let Ok(board) = class.call((fen,), Some(&kwargs)) else { return Ok(None) };
        let Ok(board) = board.cast::<crate::board::base_board::BaseBoard>() else {
            return Ok(None);
        };
        let Some(mut vb) = board.borrow().variant_board() else { return Ok(None) };
        vb.board.chess960 = vb.board.chess960 || vb.board.has_chess960_castling_rights();
        Ok(Some(vb))
    }

    /// Hands the game to a Python `GameBuilder`, replaying its headers.
    fn hand_to_python(&mut self) -> PyResult<&mut PyVisitor<'py>> {
        let module = crate::pgn::headers::pgn_module(self.py)?;
        let builder = module.getattr("GameBuilder")?.call0()?;
        let mut visitor = PyVisitor::new(builder, module)?;
        visitor.begin_game()?;
        visitor.begin_headers()?;
        for (name, value) in self.builder.tree().headers.iter() {
            visitor.visit_header(name, value)?;
        }
        visitor.end_headers()?;
        Ok(self.python.insert(visitor))
    }
}

macro_rules! either {
    ($self:ident, $native:expr, |$v:ident| $python:expr) => {
        match $self.python.as_mut() {
            Some($v) => $python,
            None => native($native),
        }
    };
}

impl<'py> GameVisitor for GameReading<'py> {
    type Board = AnyBoard<'py>;
    type Output = Built<'py>;
    type Error = PyErr;

    fn begin_game(&mut self) -> PyResult<Flow> {
        self.python = None;
        native(self.builder.begin_game())
    }

    fn begin_headers(&mut self) -> PyResult<bool> {
        native(self.builder.begin_headers())
    }

    fn visit_header(&mut self, name: &str, value: &str) -> PyResult<()> {
        native(self.builder.visit_header(name, value))
    }

    fn end_headers(&mut self) -> PyResult<Flow> {
        native(self.builder.end_headers())
    }

    fn setup(&mut self, headers: Option<&Headers>) -> PyResult<Option<AnyBoard<'py>>> {
        let variant = self.builder.tree().headers.other_variant().map(str::to_owned);
        if let Some(name) = variant
            && self.variants_available()?
        {
            if let Some(start) = self.variant_start(&name)? {
                return Ok(Some(AnyBoard::Native(TreeBoard::variant(start))));
            }
            let visitor = self.hand_to_python()?;
            return Ok(visitor.setup(None)?.map(AnyBoard::Python));
        }
        Ok(native(self.builder.setup(headers))?.map(AnyBoard::Native))
    }

    fn begin_parse_san(&mut self, board: &AnyBoard<'py>, san: &str) -> PyResult<Flow> {
        match (self.python.as_mut(), board) {
            (Some(v), AnyBoard::Python(b)) => v.begin_parse_san(b, san),
            _ => Ok(Flow::Continue),
        }
    }

    fn parse_san(&mut self, board: &AnyBoard<'py>, san: &str) -> PyResult<Option<AnyMove<'py>>> {
        match (self.python.as_mut(), board) {
            (Some(v), AnyBoard::Python(b)) => Ok(v.parse_san(b, san)?.map(AnyMove::Python)),
            (_, AnyBoard::Native(b)) => {
                Ok(native(self.builder.parse_san(b, san))?.map(AnyMove::Native))
            }
            _ => unreachable!("a reading keeps to its own boards"),
        }
    }

    fn visit_move(&mut self, board: &AnyBoard<'py>, mv: &AnyMove<'py>) -> PyResult<()> {
        match (self.python.as_mut(), board, mv) {
            (Some(v), AnyBoard::Python(b), AnyMove::Python(m)) => v.visit_move(b, m),
            (_, AnyBoard::Native(b), AnyMove::Native(m)) => native(self.builder.visit_move(b, m)),
            _ => unreachable!("a reading keeps to its own boards"),
        }
    }

    fn visit_board(&mut self, board: &AnyBoard<'py>) -> PyResult<()> {
        match (self.python.as_mut(), board) {
            (Some(v), AnyBoard::Python(b)) => v.visit_board(b),
            _ => Ok(()),
        }
    }

    fn visit_comment(&mut self, comment: &str) -> PyResult<()> {
        either!(self, self.builder.visit_comment(comment), |v| v.visit_comment(comment))
    }

    fn visit_nag(&mut self, nag: i64, digits: &str) -> PyResult<()> {
        either!(self, self.builder.visit_nag(nag, digits), |v| v.visit_nag(nag, digits))
    }

    fn begin_variation(&mut self) -> PyResult<Flow> {
        either!(self, self.builder.begin_variation(), |v| v.begin_variation())
    }

    fn end_variation(&mut self) -> PyResult<()> {
        either!(self, self.builder.end_variation(), |v| v.end_variation())
    }

    fn visit_result(&mut self, result: &str) -> PyResult<()> {
        either!(self, self.builder.visit_result(result), |v| v.visit_result(result))
    }

    fn end_game(&mut self) -> PyResult<()> {
        either!(self, self.builder.end_game(), |v| v.end_game())
    }

    fn result(&mut self) -> PyResult<Built<'py>> {
        match self.python.take() {
            Some(mut v) => Ok(Built::Python(v.result()?)),
            None => Ok(Built::Native(Box::new(native(self.builder.result())?))),
        }
    }
}
