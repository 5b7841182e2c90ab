//! The arena under python-chess's game tree: one `_Tree` object holds a game's nodes
//! (`lerf_pgn::tree::GameTree`), its headers and errors, and the node objects made so far;
//! `GameNode` is the node objects' base class (its methods are in `pgn_tree.rs`). Nothing
//! here makes node objects (`pgn_nodes.rs` does), so every PGN module can build on it.

use lerf_pgn::tree::{GameTree, Headers, NodeId};
use lerf_position::loose::LooseGame;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::{PyTraverseError, PyVisit};

use crate::board::Board;
use crate::moves::MoveData;
use crate::pgn_headers::{PyHeaders, pgn_module, setup_error};

/// A game's nodes, its headers and errors, and the node objects made so far.
#[pyclass(module = "lerf.pgn", name = "_Tree")]
pub struct Tree {
    /// The nodes (its own headers unused: the game's `headers` object holds them).
    pub tree: GameTree,
    pub(crate) proxies: Vec<Option<Py<PyAny>>>,
    /// The game's `headers`.
    pub headers: Py<PyAny>,
    /// The game's `errors`.
    pub errors: Py<PyAny>,
}

#[pymethods]
impl Tree {
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        for proxy in self.proxies.iter().flatten() {
            visit.call(proxy)?;
        }
        visit.call(&self.headers)?;
        visit.call(&self.errors)
    }

    fn __clear__(&mut self) {
        self.proxies.clear();
    }
}

impl Tree {
    /// A tree over `tree`, with these headers and errors objects.
    pub fn new(tree: GameTree, headers: Py<PyAny>, errors: Py<PyAny>) -> Tree {
        Tree { tree, proxies: Vec::new(), headers, errors }
    }

    /// Keeps `object` as the node object of `id`.
    pub fn register(&mut self, id: NodeId, object: Py<PyAny>) {
        if self.proxies.len() <= id.index() {
            self.proxies.resize_with(id.index() + 1, || None);
        }
        self.proxies[id.index()] = Some(object);
    }

    /// The headers as Rust reads them (copied from a mapping that is not a `Headers`).
    pub fn with_headers<R>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&GameTree, &Headers) -> PyResult<R>,
    ) -> PyResult<R> {
        let headers = self.headers.bind(py);
        match headers.cast::<PyHeaders>() {
            Ok(h) => f(&self.tree, &h.borrow().inner),
            Err(_) => {
                let mut copy = Headers::empty();
                for item in headers.call_method0("items")?.try_iter()? {
                    let (k, v): (String, Bound<'_, PyAny>) = item?.extract()?;
                    let _ = copy.insert(&k, &v.str()?.to_string());
                }
                f(&self.tree, &copy)
            }
        }
    }

    /// Whether the headers name a variant lerf does not play (Python plays it).
    pub fn is_other_variant(&self, py: Python<'_>) -> PyResult<bool> {
        self.with_headers(py, |_, h| Ok(h.other_variant().is_some()))
    }
}

/// A node of a game (python-chess's `GameNode`): `Game` is the root, `ChildNode` every
/// other node.
#[pyclass(module = "lerf.pgn", name = "GameNode", subclass, dict, weakref)]
pub struct GameNode {
    pub tree: Option<Py<Tree>>,
    pub id: u32,
}

/// The tree and node id of a node object.
pub fn node_of<'py>(node: &Bound<'py, PyAny>) -> PyResult<(Bound<'py, Tree>, NodeId)> {
    let node = node.cast::<GameNode>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "expected a game node, got {}",
            node.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))
    })?;
    let inner = node.borrow();
    match &inner.tree {
        Some(t) => Ok((t.bind(node.py()).clone(), NodeId::from_index(inner.id))),
        None => Err(PyRuntimeError::new_err(
            "this node is not part of a game (its __init__ was not called)",
        )),
    }
}

/// A node's position as a `Board` (or, in a variant lerf does not play, as Python's
/// variant board, through `lerf.pgn`).
pub fn board_of<'py>(node: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = node.py();
    let (tree, id) = node_of(node)?;
    if tree.borrow().is_other_variant(py)? {
        return pgn_module(py)?.call_method1("_variant_node_board", (node,));
    }
    let game = tree
        .borrow()
        .with_headers(py, |t, h| t.board_at_with(id, h).map_err(|e| setup_error(&e)))?;
    Ok(Board::create(py, game)?.into_any())
}

/// A node's position for Rust (`None` in a variant lerf does not play).
pub fn loose_game_of(tree: &Bound<'_, Tree>, id: NodeId) -> PyResult<Option<LooseGame>> {
    let py = tree.py();
    let t = tree.borrow();
    if t.is_other_variant(py)? {
        return Ok(None);
    }
    t.with_headers(py, |t, h| t.board_at_with(id, h).map(Some).map_err(|e| setup_error(&e)))
}

/// The NAGs of an iterable of integers.
pub fn nags_of(nags: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<i64>> {
    match nags {
        None => Ok(Vec::new()),
        Some(n) => n.try_iter()?.map(|v| v?.extract::<i64>()).collect(),
    }
}

/// A new node after `(tree, parent)` for `mv`, with its comments and NAGs; its object is
/// `object` when given (a node being initialised), a new `ChildNode` otherwise.
pub fn attach_child<'py>(
    tree: &Bound<'py, Tree>,
    parent: NodeId,
    mv: MoveData,
    comment: &str,
    starting_comment: &str,
    nags: Vec<i64>,
) -> NodeId {
    let mut t = tree.borrow_mut();
    let id = t.tree.add_variation(parent, mv.to_loose());
    let node = t.tree.node_mut(id);
    node.comment = comment.to_owned();
    node.starting_comment = starting_comment.to_owned();
    node.nags.extend(nags);
    id
}
