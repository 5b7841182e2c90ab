//! `ChildNode` and `Game`, python-chess's two kinds of node, and the game's export: a game
//! written by an exact `StringExporter` or `FileExporter` (and `str(game)`) is written in
//! Rust; any other visitor is driven from Python (`lerf/pgn.py`).

use lerf_pgn::tree::{ExportError, ExportOptions, GameTree, Headers, MoveTextWriter, NodeId};
use lerf_san::loose::loose_san;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple, PyType};

use crate::board::board::nothing_to_move;
use crate::board::moves::MoveData;
use crate::board::truth::Truth;
use crate::pgn::arena::{GameNode, Tree, attach_child, loose_game_of, nags_of, node_of};
use crate::pgn::headers::{PyHeaders, pgn_module, setup_error};

/// A node after a move (python-chess's `ChildNode`).
#[pyclass(module = "lerf.pgn", name = "ChildNode", extends = GameNode, subclass)]
pub struct ChildNode {}

/// The move of a child node and the position before it, for Rust (`None` in a variant lerf
/// does not play).
fn move_and_parent_board(
    slf: &Bound<'_, PyAny>,
) -> PyResult<Option<(lerf_rules::LooseMove, lerf_rules::LooseBoard)>> {
    let (tree, id) = node_of(slf)?;
    let (parent, mv) = {
        let t = tree.borrow();
        (t.tree.parent(id), t.tree.node(id).mv())
    };
    let (Some(parent), Some(mv)) = (parent, mv) else {
        return Err(PyValueError::new_err("the root node has no move"));
    };
    Ok(loose_game_of(&tree, parent)?.map(|g| (mv, *g.board())))
}

#[pymethods]
impl ChildNode {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyClassInitializer<ChildNode> {
        PyClassInitializer::from(GameNode { tree: None, id: 0 }).add_subclass(ChildNode {})
    }

    /// A new node after `parent` for `move`, last among its variations.
    #[pyo3(signature = (parent, r#move, *, comment="", starting_comment="", nags=None))]
    fn __init__(
        slf: &Bound<'_, Self>,
        parent: &Bound<'_, PyAny>,
        r#move: MoveData,
        comment: &str,
        starting_comment: &str,
        nags: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let (tree, parent) = node_of(parent)?;
        let id = attach_child(&tree, parent, r#move, comment, starting_comment, nags_of(nags)?);
        tree.borrow_mut().register(id, slf.clone().into_any().unbind());
        let mut me = slf.borrow_mut();
        let base = me.as_super();
        base.tree = Some(tree.unbind());
        base.id = id.index() as u32;
        Ok(())
    }

    /// The SAN of the move that led here.
    fn san(slf: &Bound<'_, Self>) -> PyResult<String> {
        match move_and_parent_board(slf.as_any())? {
            Some((mv, board)) => loose_san(&board, mv).map_err(|_| nothing_to_move(mv, &board)),
            None => {
                let parent = slf.getattr("parent")?;
                parent
                    .call_method0("board")?
                    .call_method1("san", (slf.getattr("move")?,))?
                    .extract()
            }
        }
    }

    /// The UCI of the move that led here (castling as king takes rook in Chess960).
    #[pyo3(signature = (*, chess960=None))]
    fn uci(slf: &Bound<'_, Self>, chess960: Option<Truth>) -> PyResult<String> {
        match move_and_parent_board(slf.as_any())? {
            Some((mv, board)) => {
                let chess960 = chess960.map_or(board.chess960, |t| t.0);
                Ok(board.from_chess960(chess960, board.to_chess960(mv)).to_string())
            }
            None => {
                let board = slf.getattr("parent")?.call_method0("board")?;
                let kwargs = PyDict::new(slf.py());
                kwargs.set_item("chess960", chess960.map(|t| t.0))?;
                board.call_method("uci", (slf.getattr("move")?,), Some(&kwargs))?.extract()
            }
        }
    }

    /// Visits this node's line and what follows, with the visitor; returns its result.
    fn accept<'py>(
        slf: &Bound<'py, Self>,
        visitor: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        pgn_module(slf.py())?.call_method1("_accept_child", (slf, visitor))
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let class = slf.get_type().name()?.to_string();
        let address = slf.as_ptr() as usize;
        let parent_board = slf.getattr("parent").and_then(|p| p.call_method0("board"));
        match parent_board {
            Err(e) if e.is_instance_of::<PyValueError>(py) => {
                let mv = slf.getattr("move")?.str()?.to_string();
                Ok(format!("<{class} at {address:#x} (dangling: {mv})>"))
            }
            Err(e) => Err(e),
            Ok(board) => {
                let number: u64 = board.getattr("fullmove_number")?.extract()?;
                let white: bool = board.getattr("turn")?.extract()?;
                let san: String = board.call_method1("san", (slf.getattr("move")?,))?.extract()?;
                let dots = if white { "." } else { "..." };
                Ok(format!("<{class} at {address:#x} ({number}{dots} {san} ...)>"))
            }
        }
    }
}

/// The root of a game, with its headers and errors (python-chess's `Game`).
#[pyclass(module = "lerf.pgn", name = "Game", extends = GameNode, subclass)]
pub struct Game {}

impl Game {
    /// A new `Game` object (of this exact class) over a tree read in Rust.
    pub fn create<'py>(
        py: Python<'py>,
        tree: GameTree,
        headers: Headers,
        errors: Bound<'py, PyList>,
    ) -> PyResult<Bound<'py, Game>> {
        let headers = PyHeaders::create(py, headers)?.into_any().unbind();
        let tree = Bound::new(py, Tree::new(tree, headers, errors.into_any().unbind()))?;
        let init = PyClassInitializer::from(GameNode { tree: Some(tree.clone().unbind()), id: 0 })
            .add_subclass(Game {});
        let game = Bound::new(py, init)?;
        // Known weakly, as the nodes lerf makes: a game dropped by its reader is freed at
        // once, with its tree, instead of waiting in a cycle for the garbage collector.
        tree.borrow_mut().register_weakly(GameTree::ROOT, game.as_any())?;
        Ok(game)
    }

    fn tree_of<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Tree>> {
        Ok(node_of(slf.as_any())?.0)
    }

    /// The game written by a writer with these options, in Rust; `None` in a variant lerf
    /// does not play.
    fn export(slf: &Bound<'_, Self>, options: ExportOptions) -> PyResult<Option<MoveTextWriter>> {
        let py = slf.py();
        let tree = Game::tree_of(slf)?;
        let t = tree.borrow();
        if t.is_other_variant(py)? {
            return Ok(None);
        }
        let mut w = MoveTextWriter::new(options);
        t.with_headers(py, |tree, headers| {
            tree.write_game_with(headers, &mut w).map_err(|e| match e {
                ExportError::Setup(e) => setup_error(&e),
                ExportError::NothingToMove { .. } => {
                    pyo3::exceptions::PyAssertionError::new_err(e.to_string())
                }
            })
        })?;
        Ok(Some(w))
    }
}

/// The options of an exporter object, if it is an exact `StringExporter` or `FileExporter`
/// with nothing written yet (whether it is a `FileExporter` with them).
fn fresh_exporter(visitor: &Bound<'_, PyAny>) -> PyResult<Option<(ExportOptions, bool)>> {
    let py = visitor.py();
    let module = pgn_module(py)?;
    let class = visitor.get_type();
    let file = class.is(module.getattr("FileExporter")?);
    if !file && !class.is(module.getattr("StringExporter")?) {
        return Ok(None);
    }
    let fresh = !visitor.getattr("current_line")?.is_truthy()?
        && visitor.getattr("variation_depth")?.extract::<i64>()? == 0
        && (file || !visitor.getattr("lines")?.is_truthy()?);
    if !fresh {
        return Ok(None);
    }
    let columns = visitor.getattr("columns")?;
    let columns = if columns.is_none() {
        None
    } else {
        // Any other number (a float, a huge int) is left to the exporter's own Python,
        // which compares with it as python-chess does.
        let Ok(n) = columns.extract::<i64>() else { return Ok(None) };
        Some(n.max(0) as usize)
    };
    let options = ExportOptions {
        columns,
        headers: visitor.getattr("headers")?.is_truthy()?,
        comments: visitor.getattr("comments")?.is_truthy()?,
        variations: visitor.getattr("variations")?.is_truthy()?,
    };
    Ok(Some((options, file)))
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyClassInitializer<Game> {
        PyClassInitializer::from(GameNode { tree: None, id: 0 }).add_subclass(Game {})
    }

    /// A game with these headers (by default the Seven Tag Roster's) and no moves.
    #[pyo3(signature = (headers=None))]
    fn __init__(slf: &Bound<'_, Self>, headers: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let py = slf.py();
        let data = headers.filter(|h| !h.is_none());
        let object = PyHeaders::create(
            py,
            if data.is_none() { Headers::default() } else { Headers::empty() },
        )?;
        PyHeaders::update_from(&object, data, None)?;
        let tree = Tree::new(
            GameTree::with_headers(Headers::empty()),
            object.into_any().unbind(),
            PyList::empty(py).into_any().unbind(),
        );
        let tree = Bound::new(py, tree)?;
        tree.borrow_mut().register(GameTree::ROOT, slf.clone().into_any().unbind());
        let mut me = slf.borrow_mut();
        let base = me.as_super();
        base.tree = Some(tree.unbind());
        base.id = 0;
        Ok(())
    }

    /// The game's tag pairs.
    #[getter]
    fn headers<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Ok(Game::tree_of(slf)?.borrow().headers.bind(slf.py()).clone())
    }

    #[setter]
    fn set_headers(slf: &Bound<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        Game::tree_of(slf)?.borrow_mut().headers = value.clone().unbind();
        Ok(())
    }

    /// What was recovered from while reading the game (exceptions).
    #[getter]
    fn errors<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Ok(Game::tree_of(slf)?.borrow().errors.bind(slf.py()).clone())
    }

    #[setter]
    fn set_errors(slf: &Bound<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        Game::tree_of(slf)?.borrow_mut().errors = value.clone().unbind();
        Ok(())
    }

    /// The start position (the headers' `board()`).
    fn board<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let headers = Game::headers(slf)?;
        if headers.is_instance_of::<PyHeaders>() {
            return PyHeaders::board(headers.cast::<PyHeaders>()?);
        }
        headers.call_method0("board")
    }

    /// The start position's ply (0 without a `FEN` tag).
    fn ply(slf: &Bound<'_, Self>) -> PyResult<u64> {
        let headers = Game::headers(slf)?;
        if !headers.contains("FEN")? {
            return Ok(0);
        }
        Game::board(slf)?.call_method0("ply")?.extract()
    }

    /// Sets the `FEN`, `SetUp` and `Variant` tags for a start position (a board or a FEN).
    fn setup(slf: &Bound<'_, Self>, board: &Bound<'_, PyAny>) -> PyResult<()> {
        pgn_module(slf.py())?.call_method1("_setup", (slf, board))?;
        Ok(())
    }

    /// Visits the game with the visitor; returns its result.
    fn accept<'py>(
        slf: &Bound<'py, Self>,
        visitor: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        if let Some((options, file)) = fresh_exporter(visitor)?
            && let Some(w) = Game::export(slf, options)?
        {
            return finish_exporter(visitor, w, file);
        }
        pgn_module(py)?.call_method1("_accept_game", (slf, visitor))
    }

    /// The `TimeControl` tag, parsed.
    fn time_control<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let text = Game::headers(slf)?.call_method1("get", ("TimeControl", ""))?;
        pgn_module(slf.py())?.call_method1("parse_time_control", (text,))
    }

    /// A game of this class from a board's start position and move stack.
    #[classmethod]
    fn from_board<'py>(
        cls: &Bound<'py, PyType>,
        board: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        pgn_module(cls.py())?.call_method1("_game_from_board", (cls, board))
    }

    /// A game of this class without the Seven Tag Roster.
    #[classmethod]
    fn without_tag_roster<'py>(cls: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyAny>> {
        let kwargs = PyDict::new(cls.py());
        kwargs.set_item("headers", PyDict::new(cls.py()))?;
        cls.call((), Some(&kwargs))
    }

    /// A `GameBuilder` making games of this class.
    #[classmethod]
    fn builder<'py>(cls: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyAny>> {
        let kwargs = PyDict::new(cls.py());
        kwargs.set_item("Game", cls)?;
        pgn_module(cls.py())?.getattr("GameBuilder")?.call((), Some(&kwargs))
    }

    fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let options = ExportOptions { columns: None, ..ExportOptions::default() };
        match Game::export(slf, options)? {
            Some(w) => Ok(w.into_string()),
            None => GameNode::__str__(slf.as_super()),
        }
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let headers = Game::headers(slf)?;
        let get = |k: &str, d: &str| -> PyResult<String> {
            Ok(headers.call_method1("get", (k, d))?.repr()?.to_string())
        };
        let errors = Game::errors(slf)?.len()?;
        let errors = if errors > 0 { format!(", {errors} errors") } else { String::new() };
        Ok(format!(
            "<{} at {:#x} ({} vs. {}, {} at {}{errors})>",
            slf.get_type().name()?,
            slf.as_ptr() as usize,
            get("White", "?")?,
            get("Black", "?")?,
            get("Date", "????.??.??")?,
            get("Site", "?")?,
        ))
    }
}

/// Leaves an exporter object as if it had written the game itself; returns its result.
fn finish_exporter<'py>(
    visitor: &Bound<'py, PyAny>,
    w: MoveTextWriter,
    file: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let py = visitor.py();
    visitor.setattr("force_movenumber", w.force_move_number())?;
    if file {
        let written = visitor.getattr("handle")?.call_method1("write", (w.output(),))?;
        visitor.setattr("written", &written)?;
        return Ok(written);
    }
    let text = w.output();
    let lines = PyList::empty(py);
    for line in text.strip_suffix('\n').unwrap_or(text).split('\n') {
        lines.append(PyString::new(py, line))?;
    }
    if text.is_empty() {
        lines.call_method0("clear")?;
    }
    visitor.setattr("lines", lines)?;
    Ok(PyString::new(py, &w.into_string()).into_any())
}

// `NodeId` is part of the signatures above through `node_of`.
const _: fn(NodeId) -> usize = NodeId::index;

/// The node object of `id` in `tree`: the live one, or a new `ChildNode` (known to the tree
/// weakly the first time, kept when one was made and dropped before: see `arena.rs`).
pub fn proxy<'py>(tree: &Bound<'py, Tree>, id: NodeId) -> PyResult<Bound<'py, PyAny>> {
    let py = tree.py();
    let made_before = match tree.borrow().find_node_object(py, id) {
        Ok(node) => return Ok(node),
        Err(made_before) => made_before,
    };
    let base = GameNode { tree: Some(tree.clone().unbind()), id: id.index() as u32 };
    if id == GameTree::ROOT {
        // A game object read by lerf and dropped while nodes of it were held: a `Game`
        // again, which the tree keeps from now on.
        let game = Bound::new(py, PyClassInitializer::from(base).add_subclass(Game {}))?;
        tree.borrow_mut().register(id, game.clone().into_any().unbind());
        return Ok(game.into_any());
    }
    let node =
        Bound::new(py, PyClassInitializer::from(base).add_subclass(ChildNode {}))?.into_any();
    if made_before {
        tree.borrow_mut().register(id, node.clone().unbind());
    } else {
        tree.borrow_mut().register_weakly(id, &node)?;
    }
    Ok(node)
}

/// The node object of `id`, or `None` for no node.
pub fn proxy_or_none<'py>(
    tree: &Bound<'py, Tree>,
    id: Option<NodeId>,
) -> PyResult<Bound<'py, PyAny>> {
    match id {
        Some(id) => proxy(tree, id),
        None => Ok(tree.py().None().into_bound(tree.py())),
    }
}
