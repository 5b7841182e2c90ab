//! Pickling of games and nodes: a node object pickles as its class, its tree and its id
//! (and its attributes); the tree as its arena, headers, errors and the node objects made
//! so far. A pickle of any node therefore holds the whole game, as python-chess's does,
//! nodes of one game pickled together share one tree again, and node objects keep their
//! class and attributes.

use lerf_pgn::tree::{GameTree, Headers, NodeId};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::board::moves::{Move, MoveData};
use crate::pgn::arena::{GameNode, NodeObject, Tree};

/// One node of the arena: parent, move, variations, comment, starting comment, NAGs.
type NodeState<M> = (Option<u32>, Option<M>, Vec<u32>, String, String, Vec<i64>);

/// A tree: its arena, headers, errors and node objects.
type TreeState = (Vec<NodeState<MoveData>>, Py<PyAny>, Py<PyAny>, Vec<Option<Py<PyAny>>>);

fn bad(what: &str) -> PyErr {
    PyValueError::new_err(format!("not the pickled state of a lerf game: {what}"))
}

/// `copyreg.__newobj__`: makes an object of a class without calling its `__init__`.
fn new_object_function(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    py.import("copyreg")?.getattr("__newobj__")
}

fn node_state(py: Python<'_>, tree: &GameTree, id: NodeId) -> NodeState<Py<Move>> {
    let node = tree.node(id);
    (
        node.parent().map(|p| p.index() as u32),
        node.mv().map(|m| Move::shared_loose(m, py)),
        node.variations().iter().map(|v| v.index() as u32).collect(),
        node.comment.clone(),
        node.starting_comment.clone(),
        node.nags.iter().copied().collect(),
    )
}

/// The arena as [`NodeState`]s, in id order.
fn arena_state(py: Python<'_>, tree: &GameTree) -> Vec<NodeState<Py<Move>>> {
    (0..tree.node_count()).map(|i| node_state(py, tree, NodeId::from_index(i as u32))).collect()
}

/// The tree the states describe, its ids as they were; every link checked.
fn arena_from_state(nodes: Vec<NodeState<MoveData>>) -> PyResult<GameTree> {
    let count = nodes.len();
    let id = |i: u32| {
        if (i as usize) < count { Ok(NodeId::from_index(i)) } else { Err(bad("a node id")) }
    };
    let mut tree = GameTree::with_headers(Headers::empty());
    for (i, (parent, mv, variations, comment, starting_comment, nags)) in
        nodes.into_iter().enumerate()
    {
        let parent = parent.map(id).transpose()?;
        let node = if i == 0 {
            if mv.is_some() {
                return Err(bad("a move at the root"));
            }
            tree.set_parent(GameTree::ROOT, parent);
            GameTree::ROOT
        } else {
            tree.push_detached(parent, mv.map(|m| m.to_loose()))
        };
        let variations = variations.into_iter().map(id).collect::<PyResult<Vec<_>>>()?;
        if variations.contains(&GameTree::ROOT) {
            return Err(bad("the root among variations"));
        }
        tree.edit_variations(node, |v| *v = variations);
        let data = tree.node_mut(node);
        data.comment = comment;
        data.starting_comment = starting_comment;
        data.nags = nags.into_iter().collect();
    }
    if count == 0 {
        return Err(bad("no root"));
    }
    Ok(tree)
}

#[pymethods]
impl Tree {
    #[new]
    fn py_new(py: Python<'_>) -> Tree {
        Tree::new(GameTree::with_headers(Headers::empty()), py.None(), py.None())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let me = slf.borrow();
        // The node objects alive now (a weakly known one that was dropped is made again).
        let proxies: Vec<Option<Py<PyAny>>> = me
            .proxies
            .iter()
            .map(|p| p.as_ref().and_then(|p| p.alive(py)).map(Bound::unbind))
            .collect();
        let state =
            (arena_state(py, &me.tree), me.headers.clone_ref(py), me.errors.clone_ref(py), proxies);
        (new_object_function(py)?, (slf.get_type(),), state).into_pyobject(py)
    }

    fn __setstate__(slf: &Bound<'_, Self>, state: TreeState) -> PyResult<()> {
        let (nodes, headers, errors, proxies) = state;
        let tree = arena_from_state(nodes)?;
        if proxies.len() > tree.node_count() {
            return Err(bad("more node objects than nodes"));
        }
        let mut me = slf.borrow_mut();
        me.tree = tree;
        me.headers = headers;
        me.errors = errors;
        me.proxies = proxies.into_iter().map(|p| p.map(NodeObject::Kept)).collect();
        Ok(())
    }
}

#[pymethods]
impl GameNode {
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let me = slf.borrow();
        let tree = me.tree.as_ref().map(|t| t.clone_ref(py));
        let state = (tree, me.id, slf.getattr("__dict__")?);
        (new_object_function(py)?, (slf.get_type(),), state).into_pyobject(py)
    }

    fn __setstate__(
        slf: &Bound<'_, Self>,
        state: (Option<Py<Tree>>, u32, Bound<'_, PyDict>),
    ) -> PyResult<()> {
        let (tree, id, attributes) = state;
        slf.getattr("__dict__")?.call_method1("update", (attributes,))?;
        let mut me = slf.borrow_mut();
        me.tree = tree;
        me.id = id;
        Ok(())
    }
}
