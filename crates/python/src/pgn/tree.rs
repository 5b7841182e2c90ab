//! python-chess's game tree over `lerf_pgn::tree::GameTree`: `GameNode` objects are made
//! for nodes only when Python asks for them, then kept, so that a node is the same object
//! every time it is reached (its identity, class and attributes last). This file holds the
//! methods every node has; `arena.rs` the tree and the base class, `nodes.rs`
//! `ChildNode` and `Game`.

use lerf_pgn::tree::{GameTree, NodeId};
use pyo3::exceptions::{PyAssertionError, PyIndexError, PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PySlice, PyTuple};
use pyo3::{PyTraverseError, PyVisit};

use crate::board::moves::{Move, MoveData};
use crate::pgn::arena::{GameNode, Tree, attach_child, board_of, nags_of, node_of};
use crate::pgn::headers::{pgn_module, setup_error};
use crate::pgn::nodes::{ChildNode, Game, proxy, proxy_or_none};
use crate::pgn::views::{Mainline, NagSet, Variations};

/// The ply of a node, as python-chess counts it.
fn ply_of(tree: &Bound<'_, Tree>, id: NodeId) -> PyResult<u64> {
    let py = tree.py();
    let t = tree.borrow();
    if t.is_other_variant(py)? {
        let depth = t.tree.depth(id) as u64;
        drop(t);
        let game = proxy(tree, GameTree::ROOT)?;
        return Ok(depth + game.call_method0("ply")?.extract::<u64>()?);
    }
    t.with_headers(py, |t, h| t.ply_with(id, h).map_err(|e| setup_error(&e)))
}

/// The child of `id` that `key` names as python-chess's `node[key]` does: an index (or a
/// slice, a list), a move, or a node.
fn child<'py>(
    tree: &Bound<'py, Tree>,
    id: NodeId,
    key: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = tree.py();
    let variations: Vec<NodeId> = tree.borrow().tree.variations(id).to_vec();
    if key.is_instance_of::<PyInt>() {
        let i: isize = key.extract()?;
        let n = variations.len() as isize;
        let at = if i < 0 { i + n } else { i };
        if at < 0 || at >= n {
            return Err(PyIndexError::new_err("list index out of range"));
        }
        return proxy(tree, variations[at as usize]);
    }
    if let Ok(slice) = key.cast::<PySlice>() {
        let all: PyResult<Vec<Bound<'_, PyAny>>> =
            variations.iter().map(|&v| proxy(tree, v)).collect();
        return PyList::new(py, all?)?.as_any().get_item(slice);
    }
    if let Ok(m) = key.extract::<MoveData>() {
        let target = m.to_loose();
        let t = tree.borrow();
        if let Some(&v) = variations.iter().find(|&&v| t.tree.node(v).mv() == Some(target)) {
            drop(t);
            return proxy(tree, v);
        }
    } else if let Ok((other_tree, other)) = node_of(key)
        && other_tree.is(tree)
        && variations.contains(&other)
    {
        return proxy(tree, other);
    }
    Err(PyKeyError::new_err((key.clone().unbind(),)))
}

impl GameNode {
    /// Calls `add_variation` through Python when a subclass may have replaced it.
    fn add_variation_dispatch<'py>(
        slf: &Bound<'py, Self>,
        mv: &Bound<'py, PyAny>,
        comment: &str,
        starting_comment: &str,
        nags: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let exact = slf.get_type().is(py.get_type::<ChildNode>())
            || slf.get_type().is(py.get_type::<Game>());
        if exact {
            return GameNode::add_variation(slf, mv.extract()?, comment, starting_comment, nags);
        }
        let kwargs = PyDict::new(py);
        kwargs.set_item("comment", comment)?;
        kwargs.set_item("starting_comment", starting_comment)?;
        if let Some(nags) = nags {
            kwargs.set_item("nags", nags)?;
        }
        slf.call_method("add_variation", (mv,), Some(&kwargs))
    }
}

#[pymethods]
impl GameNode {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> GameNode {
        GameNode { tree: None, id: 0 }
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Some(t) = &self.tree {
            visit.call(t)?;
        }
        Ok(())
    }

    fn __clear__(&mut self) {
        self.tree = None;
    }

    /// The node this one follows (`None` at the root).
    #[getter]
    fn parent<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let (tree, id) = node_of(slf.as_any())?;
        let parent = tree.borrow().tree.parent(id);
        proxy_or_none(&tree, parent)
    }

    #[setter]
    fn set_parent(slf: &Bound<'_, Self>, parent: &Bound<'_, PyAny>) -> PyResult<()> {
        let (tree, id) = node_of(slf.as_any())?;
        let link = if parent.is_none() {
            None
        } else {
            let (other, p) = node_of(parent)?;
            if !other.is(&tree) {
                return Err(PyValueError::new_err(
                    "a node's parent must be a node of the same game",
                ));
            }
            Some(p)
        };
        tree.borrow_mut().tree.set_parent(id, link);
        Ok(())
    }

    /// The move that led here (`None` at the root).
    #[getter(r#move)]
    fn get_move(slf: &Bound<'_, Self>) -> PyResult<Option<Py<Move>>> {
        let (tree, id) = node_of(slf.as_any())?;
        let mv = tree.borrow().tree.node(id).mv();
        Ok(mv.map(|m| Move::shared_loose(m, slf.py())))
    }

    #[setter(r#move)]
    fn set_move(slf: &Bound<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let (tree, id) = node_of(slf.as_any())?;
        let mv = if value.is_none() { None } else { Some(value.extract::<MoveData>()?.to_loose()) };
        tree.borrow_mut().tree.set_move(id, mv);
        Ok(())
    }

    /// The moves that follow, the main one first (a list-like view: changes to it change
    /// the game).
    #[getter]
    fn variations(slf: &Bound<'_, Self>) -> PyResult<Variations> {
        let (tree, id) = node_of(slf.as_any())?;
        Ok(Variations::new(tree.unbind(), id))
    }

    #[setter]
    fn set_variations(slf: &Bound<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let (tree, id) = node_of(slf.as_any())?;
        let ids = crate::pgn::views::node_ids(&tree, value)?;
        tree.borrow_mut().tree.edit_variations(id, |v| *v = ids);
        Ok(())
    }

    /// The comment after the move (at the root: before the first move).
    #[getter]
    fn comment(slf: &Bound<'_, Self>) -> PyResult<String> {
        GameNode::comment_read(slf, str::to_owned)
    }

    #[setter]
    fn set_comment(slf: &Bound<'_, Self>, value: String) -> PyResult<()> {
        GameNode::comment_edit(slf, |_| Ok(value))
    }

    /// The comment before the move, where it starts a variation.
    #[getter]
    fn starting_comment(slf: &Bound<'_, Self>) -> PyResult<String> {
        let (tree, id) = node_of(slf.as_any())?;
        Ok(tree.borrow().tree.node(id).starting_comment.clone())
    }

    #[setter]
    fn set_starting_comment(slf: &Bound<'_, Self>, value: String) -> PyResult<()> {
        let (tree, id) = node_of(slf.as_any())?;
        tree.borrow_mut().tree.node_mut(id).starting_comment = value;
        Ok(())
    }

    /// The move's NAGs (a set-like view).
    #[getter]
    fn nags(slf: &Bound<'_, Self>) -> PyResult<NagSet> {
        let (tree, id) = node_of(slf.as_any())?;
        Ok(NagSet::new(tree.unbind(), id))
    }

    #[setter]
    fn set_nags(slf: &Bound<'_, Self>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let (tree, id) = node_of(slf.as_any())?;
        let nags = nags_of(Some(value))?;
        let mut t = tree.borrow_mut();
        let node = t.tree.node_mut(id);
        node.nags.clear();
        node.nags.extend(nags);
        Ok(())
    }

    /// The position at this node, with the moves from the start on the move stack.
    fn board<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        board_of(slf.as_any())
    }

    /// Half-moves from the start of the game (counting the start position's).
    fn ply(slf: &Bound<'_, Self>) -> PyResult<u64> {
        let (tree, id) = node_of(slf.as_any())?;
        ply_of(&tree, id)
    }

    /// The side to move at this node.
    pub(crate) fn turn(slf: &Bound<'_, Self>) -> PyResult<bool> {
        let (tree, id) = node_of(slf.as_any())?;
        Ok(ply_of(&tree, id)? % 2 == 0)
    }

    /// The topmost node above this one (the game).
    fn root<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let (tree, id) = node_of(slf.as_any())?;
        let top = tree.borrow().tree.ancestors(id).last().unwrap_or(id);
        proxy(&tree, top)
    }

    /// The game this node belongs to.
    fn game<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let root = GameNode::root(slf)?;
        if !root.is_instance_of::<Game>() {
            return Err(PyAssertionError::new_err("GameNode not rooted in Game"));
        }
        Ok(root)
    }

    /// The last node of the main line from here.
    fn end<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let (tree, id) = node_of(slf.as_any())?;
        let end = tree.borrow().tree.end(id);
        proxy(&tree, end)
    }

    /// Whether no move follows.
    fn is_end(slf: &Bound<'_, Self>) -> PyResult<bool> {
        let (tree, id) = node_of(slf.as_any())?;
        Ok(tree.borrow().tree.variations(id).is_empty())
    }

    /// Whether this node is a variation other than the first of its parent.
    fn starts_variation(slf: &Bound<'_, Self>) -> PyResult<bool> {
        let (tree, id) = node_of(slf.as_any())?;
        Ok(tree.borrow().tree.starts_variation(id))
    }

    /// Whether this node is on the game's main line.
    fn is_mainline(slf: &Bound<'_, Self>) -> PyResult<bool> {
        let (tree, id) = node_of(slf.as_any())?;
        Ok(tree.borrow().tree.is_mainline(id))
    }

    /// Whether this node is its parent's first variation (the root is).
    fn is_main_variation(slf: &Bound<'_, Self>) -> PyResult<bool> {
        let (tree, id) = node_of(slf.as_any())?;
        Ok(tree.borrow().tree.is_main_variation(id))
    }

    fn __getitem__<'py>(
        slf: &Bound<'py, Self>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (tree, id) = node_of(slf.as_any())?;
        child(&tree, id, key)
    }

    fn __contains__(slf: &Bound<'_, Self>, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        let (tree, id) = node_of(slf.as_any())?;
        match child(&tree, id, key) {
            Ok(_) => Ok(true),
            Err(e) if e.is_instance_of::<PyKeyError>(slf.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// The child named by an index, a move or a node.
    fn variation<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        GameNode::__getitem__(slf, r#move)
    }

    /// Whether a child is named by an index, a move or a node.
    fn has_variation(slf: &Bound<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        GameNode::__contains__(slf, r#move)
    }

    /// Makes a variation the first.
    fn promote_to_main(slf: &Bound<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let (tree, id) = node_of(slf.as_any())?;
        let (_, v) = node_of(&child(&tree, id, r#move)?)?;
        tree.borrow_mut().tree.promote_to_main(id, v);
        Ok(())
    }

    /// Moves a variation one place up.
    fn promote(slf: &Bound<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let (tree, id) = node_of(slf.as_any())?;
        let (_, v) = node_of(&child(&tree, id, r#move)?)?;
        tree.borrow_mut().tree.promote(id, v);
        Ok(())
    }

    /// Moves a variation one place down.
    fn demote(slf: &Bound<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let (tree, id) = node_of(slf.as_any())?;
        let (_, v) = node_of(&child(&tree, id, r#move)?)?;
        tree.borrow_mut().tree.demote(id, v);
        Ok(())
    }

    /// Removes a variation.
    fn remove_variation(slf: &Bound<'_, Self>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let (tree, id) = node_of(slf.as_any())?;
        let (_, v) = node_of(&child(&tree, id, r#move)?)?;
        tree.borrow_mut().tree.remove_variation(id, v);
        Ok(())
    }

    /// A new `ChildNode` for `move`, last among the variations.
    #[pyo3(signature = (r#move, *, comment="", starting_comment="", nags=None))]
    fn add_variation<'py>(
        slf: &Bound<'py, Self>,
        r#move: MoveData,
        comment: &str,
        starting_comment: &str,
        nags: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (tree, id) = node_of(slf.as_any())?;
        let child = attach_child(&tree, id, r#move, comment, starting_comment, nags_of(nags)?);
        proxy(&tree, child)
    }

    /// A new `ChildNode` for `move`, first among the variations.
    #[pyo3(signature = (r#move, *, comment="", nags=None))]
    fn add_main_variation<'py>(
        slf: &Bound<'py, Self>,
        r#move: &Bound<'py, PyAny>,
        comment: &str,
        nags: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let node = GameNode::add_variation_dispatch(slf, r#move, comment, "", nags)?;
        let (tree, id) = node_of(slf.as_any())?;
        tree.borrow_mut().tree.edit_variations(id, |variations| {
            if let Some(last) = variations.pop() {
                variations.insert(0, last);
            }
        });
        Ok(node)
    }

    /// The first variation, or `None`.
    fn next<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let (tree, id) = node_of(slf.as_any())?;
        let next = tree.borrow().tree.next(id);
        proxy_or_none(&tree, next)
    }

    /// The nodes of the main line after this one.
    fn mainline(slf: &Bound<'_, Self>) -> Mainline {
        Mainline::of_nodes(slf.clone().into_any().unbind())
    }

    /// The moves of the main line after this one.
    fn mainline_moves(slf: &Bound<'_, Self>) -> Mainline {
        Mainline::of_moves(slf.clone().into_any().unbind())
    }

    /// Nodes for `moves` one after the other; `comment` and `nags` go to the last,
    /// `starting_comment` to the first. Returns the last.
    #[pyo3(signature = (moves, *, comment="", starting_comment="", nags=None))]
    fn add_line<'py>(
        slf: &Bound<'py, Self>,
        moves: &Bound<'py, PyAny>,
        comment: &str,
        starting_comment: &str,
        nags: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut node = slf.clone().into_any();
        let mut starting = starting_comment.to_owned();
        for mv in moves.try_iter()? {
            let mv = mv?;
            let next = node.cast::<GameNode>()?;
            node = GameNode::add_variation_dispatch(next, &mv, "", &starting, None)?;
            starting.clear();
        }
        let current: String = node.getattr("comment")?.extract()?;
        let merged =
            if current.is_empty() { comment.to_owned() } else { format!("{current} {comment}") };
        node.setattr("comment", merged)?;
        let extra = nags_of(nags)?;
        if !extra.is_empty() {
            node.getattr("nags")?.call_method1("update", (extra,))?;
        }
        Ok(node)
    }

    /// Visits the subtree with the visitor (`Game` and `ChildNode` say how; python-chess's
    /// `GameNode` leaves it abstract).
    fn accept<'py>(
        slf: &Bound<'py, Self>,
        visitor: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = visitor;
        Err(pyo3::exceptions::PyNotImplementedError::new_err(format!(
            "{}.accept(): a node of no game (make a Game or a ChildNode)",
            slf.get_type().name()?
        )))
    }

    /// Visits the headers and the game as if it started at this node.
    fn accept_subgame<'py>(
        slf: &Bound<'py, Self>,
        visitor: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        pgn_module(slf.py())?.call_method1("_accept_subgame", (slf, visitor))
    }

    pub fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let exporter = pgn_module(py)?.getattr("StringExporter")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("columns", py.None())?;
        slf.call_method1("accept", (exporter.call((), Some(&kwargs))?,))?.extract()
    }
}
