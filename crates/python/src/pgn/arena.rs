//! The arena under python-chess's game tree: one `_Tree` object holds a game's nodes
//! (`lerf_pgn::tree::GameTree`), its headers and errors, and the node objects made so far;
//! `GameNode` is the node objects' base class (its methods are in `tree.rs`). Nothing
//! here makes node objects (`nodes.rs` does), so every PGN module can build on it.
//!
//! A node object lerf makes when first asked for a node (`game.mainline()`,
//! `node.parent`, ...) is known to the tree by a weak reference: the same object comes
//! back while anyone holds it, and one walked past and dropped is freed at once instead of
//! living with the tree in a reference cycle that only the garbage collector frees (which
//! traversed every such object, a fifth of a walk over a file's mainlines). A node asked
//! for again after its object was dropped gets an object the tree keeps (the game is walked
//! more than once: lookups, not new objects, from then on), as do node objects made by
//! Python code and any node given an attribute, as python-chess keeps all of its nodes. A
//! game object lerf reads is known weakly too, so that a game its reader drops is freed at
//! once with its tree (no cycle); dropped while nodes of it are held, it is made again
//! (a `Game`, kept) when asked for.

use lerf_pgn::tree::{GameTree, Headers, NodeId};
use lerf_rules::LooseGame;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyWeakrefMethods, PyWeakrefReference};
use pyo3::{PyTraverseError, PyVisit};

use crate::board::board::Board;
use crate::board::moves::MoveData;
use crate::pgn::headers::{PyHeaders, pgn_module, setup_error};

/// How a tree knows the object of one of its nodes.
pub(crate) enum NodeObject {
    /// Kept as long as the tree.
    Kept(Py<PyAny>),
    /// Referenced weakly: made by lerf, no attribute set on it.
    Weak(Py<PyWeakrefReference>),
}

impl NodeObject {
    /// The object, if it is alive.
    pub(crate) fn alive<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        match self {
            NodeObject::Kept(object) => Some(object.bind(py).clone()),
            NodeObject::Weak(weak) => weak.bind(py).upgrade(),
        }
    }
}

/// A game's nodes, its headers and errors, and the node objects made so far.
#[pyclass(module = "lerf.pgn", name = "_Tree")]
pub struct Tree {
    /// The nodes (its own headers unused: the game's `headers` object holds them).
    pub tree: GameTree,
    pub(crate) proxies: Vec<Option<NodeObject>>,
    /// The game's `headers`.
    pub headers: Py<PyAny>,
    /// The game's `errors`.
    pub errors: Py<PyAny>,
}

#[pymethods]
impl Tree {
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        for proxy in self.proxies.iter().flatten() {
            match proxy {
                NodeObject::Kept(object) => visit.call(object)?,
                NodeObject::Weak(weak) => visit.call(weak)?,
            }
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

    fn set_object(&mut self, id: NodeId, object: NodeObject) {
        if self.proxies.len() <= id.index() {
            self.proxies.resize_with(id.index() + 1, || None);
        }
        self.proxies[id.index()] = Some(object);
    }

    /// Keeps `object` as the node object of `id` for the tree's lifetime.
    pub fn register(&mut self, id: NodeId, object: Py<PyAny>) {
        self.set_object(id, NodeObject::Kept(object));
    }

    /// Knows `object` as the node object of `id` while something else holds it.
    pub fn register_weakly(&mut self, id: NodeId, object: &Bound<'_, PyAny>) -> PyResult<()> {
        let weak = PyWeakrefReference::new(object)?.unbind();
        self.set_object(id, NodeObject::Weak(weak));
        Ok(())
    }

    /// The node object of `id`; otherwise whether one was made and dropped before (`true`).
    pub fn find_node_object<'py>(
        &self,
        py: Python<'py>,
        id: NodeId,
    ) -> Result<Bound<'py, PyAny>, bool> {
        match self.proxies.get(id.index()) {
            Some(Some(object)) => object.alive(py).ok_or(true),
            _ => Err(false),
        }
    }

    /// Keeps the node object of `id` (weakly known so far) for the tree's lifetime.
    pub fn keep(&mut self, py: Python<'_>, id: NodeId) {
        if let Some(Some(weak @ NodeObject::Weak(_))) = self.proxies.get(id.index())
            && let Some(object) = weak.alive(py)
        {
            self.set_object(id, NodeObject::Kept(object.unbind()));
        }
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

/// Makes the tree keep this node's object: an attribute set on it must last as long as
/// the node, as on python-chess's nodes.
fn keep_node(slf: &Bound<'_, GameNode>) {
    let node = slf.borrow();
    if let Some(tree) = &node.tree {
        tree.bind(slf.py()).borrow_mut().keep(slf.py(), NodeId::from_index(node.id));
    }
}

/// Sets (or, without a value, deletes) an attribute as `object` does: the descriptors of
/// the class first (`comment`, ...), then the instance's `__dict__`. `object.__setattr__`
/// refuses a class with its own `__setattr__`, so this is its C function.
fn generic_set_attr(
    object: &Bound<'_, PyAny>,
    name: &Bound<'_, PyAny>,
    value: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let value = value.map_or(core::ptr::null_mut(), Bound::as_ptr);
    // SAFETY: `object` and `name` are live objects held by the caller for the call, and
    // `value` is one or null (a deletion, as the C API takes it); the GIL is held.
    let status =
        unsafe { pyo3::ffi::PyObject_GenericSetAttr(object.as_ptr(), name.as_ptr(), value) };
    if status < 0 {
        return Err(PyErr::fetch(object.py()));
    }
    Ok(())
}

#[pymethods]
impl GameNode {
    fn __setattr__(
        slf: &Bound<'_, Self>,
        name: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        keep_node(slf);
        generic_set_attr(slf.as_any(), name, Some(value))
    }

    fn __delattr__(slf: &Bound<'_, Self>, name: &Bound<'_, PyAny>) -> PyResult<()> {
        keep_node(slf);
        generic_set_attr(slf.as_any(), name, None)
    }
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
