//! Live views of a node: `node.variations` (a list-like view of its children),
//! `node.nags` (a set-like view of its NAGs), and `Mainline` (python-chess's iterable
//! over a main line, of nodes or of moves). Changes made through a view change the game.

use lerf_pgn::tree::NodeId;
use pyo3::exceptions::{PyIndexError, PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySet, PySlice};
use pyo3::{PyTraverseError, PyVisit};

use crate::board::moves::Move;
use crate::pgn::arena::{Tree, node_of};
use crate::pgn::headers::pgn_module;
use crate::pgn::nodes::proxy;

/// The node ids of an iterable of nodes of `tree`.
pub fn node_ids(tree: &Bound<'_, Tree>, nodes: &Bound<'_, PyAny>) -> PyResult<Vec<NodeId>> {
    nodes.try_iter()?.map(|n| node_in(tree, &n?)).collect()
}

/// The id of `node`, which must belong to `tree`.
fn node_in(tree: &Bound<'_, Tree>, node: &Bound<'_, PyAny>) -> PyResult<NodeId> {
    let (other, id) = node_of(node)?;
    if !other.is(tree) {
        return Err(PyValueError::new_err(
            "a node of another game cannot be a variation here (make it with add_variation)",
        ));
    }
    Ok(id)
}

/// `i` as an index of a list of `len` (negative from the end).
fn list_index(i: isize, len: usize) -> PyResult<usize> {
    let at = if i < 0 { i + len as isize } else { i };
    if at < 0 || at as usize >= len {
        return Err(PyIndexError::new_err("list index out of range"));
    }
    Ok(at as usize)
}

/// A node's variations, as python-chess's list of child nodes.
#[pyclass(module = "lerf.pgn", name = "Variations", sequence)]
pub struct Variations {
    tree: Py<Tree>,
    id: NodeId,
}

impl Variations {
    /// The view of `id`'s variations.
    pub fn new(tree: Py<Tree>, id: NodeId) -> Variations {
        Variations { tree, id }
    }

    fn ids(&self, py: Python<'_>) -> Vec<NodeId> {
        self.tree.bind(py).borrow().tree.variations(self.id).to_vec()
    }

    fn nodes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let tree = self.tree.bind(py);
        let nodes: PyResult<Vec<Bound<'py, PyAny>>> =
            self.ids(py).into_iter().map(|v| proxy(tree, v)).collect();
        PyList::new(py, nodes?)
    }

    fn edit<R>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Vec<NodeId>) -> PyResult<R>,
    ) -> PyResult<R> {
        let tree = self.tree.bind(py);
        let mut ids = self.ids(py);
        let result = f(&mut ids)?;
        tree.borrow_mut().tree.edit_variations(self.id, |v| *v = ids);
        Ok(result)
    }

    fn position(&self, py: Python<'_>, node: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
        let Ok((tree, id)) = node_of(node) else { return Ok(None) };
        if !tree.is(self.tree.bind(py)) {
            return Ok(None);
        }
        Ok(self.ids(py).iter().position(|&v| v == id))
    }
}

#[pymethods]
impl Variations {
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.tree)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.ids(py).len()
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        !self.ids(py).is_empty()
    }

    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            return self.nodes(py)?.as_any().get_item(slice);
        }
        let ids = self.ids(py);
        let at = list_index(index.extract()?, ids.len())?;
        proxy(self.tree.bind(py), ids[at])
    }

    fn __setitem__(
        &self,
        py: Python<'_>,
        index: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let tree = self.tree.bind(py);
        if let Ok(slice) = index.cast::<PySlice>() {
            let list = self.nodes(py)?;
            list.as_any().set_item(slice, value)?;
            let ids = node_ids(tree, &list)?;
            return self.edit(py, |v| {
                *v = ids;
                Ok(())
            });
        }
        let id = node_in(tree, value)?;
        let i: isize = index.extract()?;
        self.edit(py, |v| {
            let at = list_index(i, v.len())?;
            v[at] = id;
            Ok(())
        })
    }

    fn __delitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let list = self.nodes(py)?;
            list.as_any().del_item(slice)?;
            let ids = node_ids(self.tree.bind(py), &list)?;
            return self.edit(py, |v| {
                *v = ids;
                Ok(())
            });
        }
        let i: isize = index.extract()?;
        self.edit(py, |v| {
            let at = list_index(i, v.len())?;
            v.remove(at);
            Ok(())
        })
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.nodes(py)?.try_iter()?.into_any())
    }

    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = self.nodes(py)?;
        list.reverse()?;
        Ok(list.try_iter()?.into_any())
    }

    fn __contains__(&self, py: Python<'_>, node: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.position(py, node)?.is_some())
    }

    fn __eq__<'py>(&self, py: Python<'py>, other: &Bound<'py, PyAny>) -> PyResult<bool> {
        let mine = self.nodes(py)?;
        if let Ok(o) = other.cast::<Variations>() {
            return mine.eq(o.borrow().nodes(py)?);
        }
        match other.cast::<PyList>() {
            Ok(list) => mine.eq(list),
            Err(_) => Ok(false),
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.nodes(py)?.repr()?.to_string())
    }

    /// Where `node` is among the variations (`ValueError` if it is not one).
    fn index(&self, py: Python<'_>, node: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.position(py, node)?
            .ok_or_else(|| PyValueError::new_err("node is not in the variations"))
    }

    /// How many times `node` is among the variations.
    fn count(&self, py: Python<'_>, node: &Bound<'_, PyAny>) -> PyResult<usize> {
        let Ok((tree, id)) = node_of(node) else { return Ok(0) };
        if !tree.is(self.tree.bind(py)) {
            return Ok(0);
        }
        Ok(self.ids(py).iter().filter(|&&v| v == id).count())
    }

    /// Adds a node (of this game) last.
    fn append(&self, py: Python<'_>, node: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = node_in(self.tree.bind(py), node)?;
        self.edit(py, |v| {
            v.push(id);
            Ok(())
        })
    }

    /// Adds nodes (of this game) last.
    fn extend(&self, py: Python<'_>, nodes: &Bound<'_, PyAny>) -> PyResult<()> {
        let ids = node_ids(self.tree.bind(py), nodes)?;
        self.edit(py, |v| {
            v.extend(ids);
            Ok(())
        })
    }

    /// Puts a node (of this game) at `index`.
    fn insert(&self, py: Python<'_>, index: isize, node: &Bound<'_, PyAny>) -> PyResult<()> {
        let id = node_in(self.tree.bind(py), node)?;
        self.edit(py, |v| {
            let n = v.len() as isize;
            let at = if index < 0 { (index + n).max(0) } else { index.min(n) };
            v.insert(at as usize, id);
            Ok(())
        })
    }

    /// Removes `node` (`ValueError` if it is not a variation).
    fn remove(&self, py: Python<'_>, node: &Bound<'_, PyAny>) -> PyResult<()> {
        let at = self.index(py, node)?;
        self.edit(py, |v| {
            v.remove(at);
            Ok(())
        })
    }

    /// Removes and returns the variation at `index` (the last by default).
    #[pyo3(signature = (index=-1))]
    fn pop<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
        let id = self.edit(py, |v| {
            if v.is_empty() {
                return Err(PyIndexError::new_err("pop from empty list"));
            }
            let at = list_index(index, v.len())?;
            Ok(v.remove(at))
        })?;
        proxy(self.tree.bind(py), id)
    }

    /// Removes every variation.
    fn clear(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, |v| {
            v.clear();
            Ok(())
        })
    }

    /// Reverses the order of the variations.
    fn reverse(&self, py: Python<'_>) -> PyResult<()> {
        self.edit(py, |v| {
            v.reverse();
            Ok(())
        })
    }

    /// A list of the variations' nodes.
    fn copy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.nodes(py)
    }
}

/// A node's NAGs, as python-chess's set of integers.
#[pyclass(module = "lerf.pgn", name = "NagSet")]
pub struct NagSet {
    tree: Py<Tree>,
    id: NodeId,
}

impl NagSet {
    /// The view of `id`'s NAGs.
    pub fn new(tree: Py<Tree>, id: NodeId) -> NagSet {
        NagSet { tree, id }
    }

    fn values(&self, py: Python<'_>) -> Vec<i64> {
        self.tree.bind(py).borrow().tree.node(self.id).nags.iter().copied().collect()
    }

    fn set<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PySet>> {
        PySet::new(py, self.values(py))
    }

    fn edit<R>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut std::collections::BTreeSet<i64>) -> R,
    ) -> R {
        f(&mut self.tree.bind(py).borrow_mut().tree.node_mut(self.id).nags)
    }
}

#[pymethods]
impl NagSet {
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.tree)
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.values(py).len()
    }

    fn __bool__(&self, py: Python<'_>) -> bool {
        !self.values(py).is_empty()
    }

    fn __contains__(&self, py: Python<'_>, nag: &Bound<'_, PyAny>) -> bool {
        nag.extract::<i64>().is_ok_and(|n| self.values(py).contains(&n))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(py, self.values(py))?.try_iter()?.into_any())
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mine = self.set(py)?;
        if let Ok(o) = other.cast::<NagSet>() {
            return Ok(self.values(py) == o.borrow().values(py));
        }
        mine.eq(other)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(self.set(py)?.repr()?.to_string())
    }

    /// Adds a NAG.
    fn add(&self, py: Python<'_>, nag: i64) {
        self.edit(py, |s| s.insert(nag));
    }

    /// Removes a NAG if present.
    fn discard(&self, py: Python<'_>, nag: i64) {
        self.edit(py, |s| s.remove(&nag));
    }

    /// Removes a NAG (`KeyError` if absent).
    fn remove(&self, py: Python<'_>, nag: i64) -> PyResult<()> {
        if self.edit(py, |s| s.remove(&nag)) { Ok(()) } else { Err(PyKeyError::new_err(nag)) }
    }

    /// Adds the NAGs of each iterable.
    #[pyo3(signature = (*others))]
    fn update(&self, py: Python<'_>, others: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        for other in others {
            let nags: PyResult<Vec<i64>> = other.try_iter()?.map(|n| n?.extract()).collect();
            let nags = nags?;
            self.edit(py, |s| s.extend(nags));
        }
        Ok(())
    }

    /// Removes and returns the smallest NAG (`KeyError` if there is none).
    fn pop(&self, py: Python<'_>) -> PyResult<i64> {
        self.edit(py, |s| s.pop_first()).ok_or_else(|| PyKeyError::new_err("pop from an empty set"))
    }

    /// Removes every NAG.
    fn clear(&self, py: Python<'_>) {
        self.edit(py, |s| s.clear());
    }

    /// A `set` of the NAGs.
    fn copy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PySet>> {
        self.set(py)
    }

    fn __ior__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.update(py, vec![other.clone()])
    }

    fn __or__<'py>(
        &self,
        py: Python<'py>,
        other: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.set(py)?.call_method1("union", (other,))
    }
}

/// What a `Mainline` yields for each node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Yield {
    Nodes,
    Moves,
}

/// The main line after a node (python-chess's `Mainline`), of nodes or of moves.
#[pyclass(module = "lerf.pgn", name = "Mainline")]
pub struct Mainline {
    /// The node the line starts after.
    #[pyo3(get)]
    start: Py<PyAny>,
    /// What is made of each node (`None` for the nodes themselves, or a function).
    f: Option<Py<PyAny>>,
    kind: Yield,
}

impl Mainline {
    /// The nodes after `start`.
    pub fn of_nodes(start: Py<PyAny>) -> Mainline {
        Mainline { start, f: None, kind: Yield::Nodes }
    }

    /// The moves after `start`.
    pub fn of_moves(start: Py<PyAny>) -> Mainline {
        Mainline { start, f: None, kind: Yield::Moves }
    }

    fn item<'py>(&self, tree: &Bound<'py, Tree>, id: NodeId) -> PyResult<Bound<'py, PyAny>> {
        let py = tree.py();
        if let Some(f) = &self.f {
            return f.bind(py).call1((proxy(tree, id)?,));
        }
        match self.kind {
            Yield::Nodes => proxy(tree, id),
            Yield::Moves => {
                let mv = tree.borrow().tree.node(id).mv();
                Ok(match mv {
                    Some(m) => Move::shared_loose(m, py).into_bound(py).into_any(),
                    None => py.None().into_bound(py),
                })
            }
        }
    }
}

#[pymethods]
impl Mainline {
    /// The main line after `start`, each node mapped by `f`.
    #[new]
    fn py_new(start: Py<PyAny>, f: Py<PyAny>) -> Mainline {
        Mainline { start, f: Some(f), kind: Yield::Nodes }
    }

    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.start)?;
        if let Some(f) = &self.f {
            visit.call(f)?;
        }
        Ok(())
    }

    /// The function mapping each node (the identity, or `node.move`, for lerf's own).
    #[getter]
    fn f<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match (&self.f, self.kind) {
            (Some(f), _) => Ok(f.bind(py).clone()),
            (None, Yield::Nodes) => pgn_module(py)?.getattr("_identity"),
            (None, Yield::Moves) => pgn_module(py)?.getattr("_node_move"),
        }
    }

    fn __bool__(&self, py: Python<'_>) -> PyResult<bool> {
        let (tree, id) = node_of(self.start.bind(py))?;
        Ok(!tree.borrow().tree.variations(id).is_empty())
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<MainlineIter> {
        let (tree, id) = node_of(self.start.bind(py))?;
        let f = self.f.as_ref().map(|f| f.clone_ref(py));
        Ok(MainlineIter {
            line: Mainline { start: self.start.clone_ref(py), f, kind: self.kind },
            tree: tree.unbind(),
            at: id,
        })
    }

    fn __reversed__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (tree, start) = node_of(self.start.bind(py))?;
        let ids: Vec<NodeId> = tree.borrow().tree.mainline(start).collect();
        let items: PyResult<Vec<Bound<'py, PyAny>>> =
            ids.into_iter().rev().map(|id| self.item(&tree, id)).collect();
        Ok(PyList::new(py, items?)?.try_iter()?.into_any())
    }

    /// Visits the main line's nodes with the visitor; returns its result.
    fn accept<'py>(
        slf: &Bound<'py, Self>,
        visitor: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        pgn_module(slf.py())?.call_method1("_accept_mainline", (slf, visitor))
    }

    fn __str__(slf: &Bound<'_, Self>) -> PyResult<String> {
        pgn_module(slf.py())?.call_method1("_mainline_str", (slf,))?.extract()
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        pgn_module(slf.py())?.call_method1("_mainline_repr", (slf,))?.extract()
    }
}

/// An iterator over a `Mainline`.
#[pyclass(module = "lerf.pgn", name = "MainlineIterator")]
pub struct MainlineIter {
    line: Mainline,
    tree: Py<Tree>,
    at: NodeId,
}

#[pymethods]
impl MainlineIter {
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.tree)?;
        self.line.__traverse__(visit)
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let tree = self.tree.bind(py);
        let Some(next) = tree.borrow().tree.next(self.at) else { return Ok(None) };
        self.at = next;
        self.line.item(tree, next).map(Some)
    }
}
