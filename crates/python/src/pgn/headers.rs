//! `chess.pgn.Headers` over `lerf_pgn::tree::Headers`: a mutable mapping that keeps the
//! Seven Tag Roster first, refuses what python-chess refuses, and makes Python strings
//! only for the tags that are read.

use lerf_pgn::tree::{HeaderError, Headers, is_tag_name};
use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString, PyTuple, PyType};

use crate::board::board::Board;
use crate::errors::py_repr;

/// `lerf.pgn` (for the visitors and the variant lookup written in Python).
static PGN: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// The Python module `lerf.pgn`.
pub fn pgn_module(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    Ok(PGN.get_or_try_init(py, || Ok::<_, PyErr>(py.import("lerf.pgn")?.unbind()))?.bind(py))
}

/// `collections.abc`'s `Mapping`, `KeysView`, `ValuesView`, `ItemsView`.
static ABC: PyOnceLock<[Py<PyAny>; 4]> = PyOnceLock::new();

fn abc(py: Python<'_>) -> PyResult<&[Py<PyAny>; 4]> {
    ABC.get_or_try_init(py, || {
        let m = py.import("collections.abc")?;
        Ok([
            m.getattr("Mapping")?.unbind(),
            m.getattr("KeysView")?.unbind(),
            m.getattr("ValuesView")?.unbind(),
            m.getattr("ItemsView")?.unbind(),
        ])
    })
}

/// The `ValueError` python-chess raises for a refused tag, with Python's `repr`s.
fn header_error(py: Python<'_>, e: &HeaderError) -> PyErr {
    let repr = |s: &str| py_repr(py, s);
    match e {
        HeaderError::InvalidName(name) => {
            PyValueError::new_err(format!("invalid pgn header tag: {}", repr(name)))
        }
        HeaderError::LineBreak { name, value } => {
            PyValueError::new_err(format!("line break in pgn header {name}: {}", repr(value)))
        }
    }
}

/// A tag value as text: a `str` as it is, anything else as `str(value)`.
fn value_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    match value.cast::<PyString>() {
        Ok(s) => Ok(s.to_str()?.to_owned()),
        Err(_) => Ok(value.str()?.to_str()?.to_owned()),
    }
}

/// Whether `name` is one of the Seven Tag Roster's (python-chess checks neither their
/// names nor their values).
fn is_roster(name: &str) -> bool {
    lerf_pgn::SEVEN_TAG_ROSTER.iter().any(|(tag, _)| *tag == name)
}

fn key_text<'a>(key: &'a Bound<'_, PyAny>) -> PyResult<&'a str> {
    key.cast::<PyString>().map_err(|_| PyTypeError::new_err("pgn header tags are str"))?.to_str()
}

/// Tag pairs as Python gets them from pickling.
type TagPairs = Vec<(String, String)>;

/// A game's headers (python-chess's `chess.pgn.Headers`).
/// An optional argument whose absence differs from `None` (`pop(key, default)`).
pub enum Fallback<'py> {
    /// Not given.
    Missing,
    /// Given (`None` included).
    Given(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Fallback<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Fallback<'py>> {
        Ok(Fallback::Given(obj.to_owned()))
    }
}

/// A game's tags, as `chess.pgn.Headers`: a mapping of names to values that keeps the Seven
/// Tag Roster first, in its order, then the others in the order they were set.
#[pyclass(module = "lerf.pgn", name = "Headers", subclass, mapping, weakref)]
pub struct PyHeaders {
    /// The tags.
    pub inner: Headers,
}

impl PyHeaders {
    /// A `Headers` object (of this exact class) over `inner`.
    pub fn create(py: Python<'_>, inner: Headers) -> PyResult<Bound<'_, PyHeaders>> {
        Bound::new(py, PyHeaders { inner })
    }

    /// Sets one tag as `headers[key] = value` does.
    pub fn set(
        &mut self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        let name = key_text(key)?;
        let text = value_text(value)?;
        if !value.is_instance_of::<PyString>() && !is_roster(name) && is_tag_name(name) {
            // python-chess asks a value that is no str whether it holds a line break as it
            // asks a str (`"\n" in value`): an int raises TypeError, a list of one-line
            // strings passes (kept here as its text).
            if value.contains("\n")? || value.contains("\r")? {
                let repr = value.repr()?;
                return Err(PyValueError::new_err(format!(
                    "line break in pgn header {name}: {repr}"
                )));
            }
        }
        self.inner.insert(name, &text).map_err(|e| header_error(py, &e))
    }

    /// `update(data, **kwargs)` as `MutableMapping.update` does it.
    pub fn update_from(
        slf: &Bound<'_, PyHeaders>,
        data: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        let py = slf.py();
        if let Some(data) = data {
            if let Ok(other) = data.cast::<PyHeaders>() {
                let tags: Vec<(String, String)> = other
                    .borrow()
                    .inner
                    .iter()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect();
                let mut me = slf.borrow_mut();
                for (k, v) in tags {
                    me.inner.insert(&k, &v).map_err(|e| header_error(py, &e))?;
                }
            } else if data.is_instance(abc(py)?[0].bind(py))? || data.hasattr("keys")? {
                for key in data.call_method0("keys")?.try_iter()? {
                    let key = key?;
                    let value = data.get_item(&key)?;
                    slf.borrow_mut().set(py, &key, &value)?;
                }
            } else {
                for pair in data.try_iter()? {
                    let pair = pair?;
                    let (key, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair.extract()?;
                    slf.borrow_mut().set(py, &key, &value)?;
                }
            }
        }
        if let Some(kwargs) = kwargs {
            for (key, value) in kwargs.iter() {
                slf.borrow_mut().set(py, &key, &value)?;
            }
        }
        Ok(())
    }

    /// The start position of these headers for a standard game (`None` for a variant lerf
    /// does not play: Python looks it up).
    pub fn standard_board(&self) -> PyResult<Option<lerf_rules::LooseBoard>> {
        if self.inner.other_variant().is_some() {
            return Ok(None);
        }
        lerf_pgn::tree::start_board_of(&self.inner).map(Some).map_err(|e| setup_error(&e))
    }
}

/// The `ValueError` of a start position that cannot be set up.
pub fn setup_error(e: &lerf_pgn::tree::SetupError) -> PyErr {
    match e {
        lerf_pgn::tree::SetupError::Fen { fen, error } => {
            crate::errors::loose_fen_error(error, fen)
        }
        other => PyValueError::new_err(other.to_string()),
    }
}

#[pymethods]
impl PyHeaders {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn py_new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> PyHeaders {
        PyHeaders { inner: Headers::empty() }
    }

    /// `Headers()` is the Seven Tag Roster's defaults; `Headers(data, **kwargs)` those tags.
    #[pyo3(signature = (data=None, **kwargs))]
    fn __init__(
        slf: &Bound<'_, Self>,
        data: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        let data = data.filter(|d| !d.is_none());
        slf.borrow_mut().inner = if data.is_none() { Headers::default() } else { Headers::empty() };
        PyHeaders::update_from(slf, data, kwargs)
    }

    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyString>> {
        let value = key.cast::<PyString>().ok().and_then(|k| self.inner.get(k.to_str().ok()?));
        match value {
            Some(v) => Ok(PyString::new(py, v).unbind()),
            None => Err(PyKeyError::new_err((key.clone().unbind(),))),
        }
    }

    fn __setitem__(&mut self, key: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        self.set(key.py(), key, value)
    }

    fn __delitem__(&mut self, key: &Bound<'_, PyAny>) -> PyResult<()> {
        let removed = key
            .cast::<PyString>()
            .ok()
            .is_some_and(|k| k.to_str().is_ok_and(|k| self.inner.remove(k)));
        if removed { Ok(()) } else { Err(PyKeyError::new_err((key.clone().unbind(),))) }
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __contains__(&self, key: &Bound<'_, PyAny>) -> bool {
        key.cast::<PyString>()
            .ok()
            .and_then(|k| k.to_str().ok())
            .is_some_and(|k| self.inner.contains(k))
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let keys: Vec<&str> = self.inner.iter().map(|(k, _)| k).collect();
        Ok(PyList::new(py, keys)?.try_iter()?.into_any())
    }

    /// The value of `key`, or `default`.
    #[pyo3(signature = (key, default=None))]
    fn get<'py>(
        &self,
        key: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
    ) -> Bound<'py, PyAny> {
        let py = key.py();
        let value = key.cast::<PyString>().ok().and_then(|k| self.inner.get(k.to_str().ok()?));
        match value {
            Some(v) => PyString::new(py, v).into_any(),
            None => default.unwrap_or_else(|| py.None().into_bound(py)),
        }
    }

    /// A view of the tag names, roster first.
    fn keys<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        abc(slf.py())?[1].bind(slf.py()).call1((slf,))
    }

    /// A view of the tag values, in the names' order.
    fn values<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        abc(slf.py())?[2].bind(slf.py()).call1((slf,))
    }

    /// A view of the (name, value) pairs, in the names' order.
    fn items<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        abc(slf.py())?[3].bind(slf.py()).call1((slf,))
    }

    /// Removes `key` and returns its value (or `default`; `KeyError` without one).
    #[pyo3(signature = (key, default=Fallback::Missing))]
    fn pop<'py>(
        &mut self,
        key: &Bound<'py, PyAny>,
        default: Fallback<'py>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = key.py();
        let name = key.cast::<PyString>().ok().and_then(|k| k.to_str().ok().map(str::to_owned));
        let value = name.as_deref().and_then(|n| self.inner.get(n).map(str::to_owned));
        match (name, value, default) {
            (Some(n), Some(v), _) => {
                self.inner.remove(&n);
                Ok(PyString::new(py, &v).into_any())
            }
            (_, _, Fallback::Given(value)) => Ok(value),
            (_, _, Fallback::Missing) => Err(PyKeyError::new_err((key.clone().unbind(),))),
        }
    }

    /// Removes and returns the first `(key, value)` pair.
    fn popitem(&mut self) -> PyResult<(String, String)> {
        let (k, v) = self
            .inner
            .nth(0)
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .ok_or_else(|| PyKeyError::new_err(()))?;
        self.inner.remove(&k);
        Ok((k, v))
    }

    /// Removes every tag.
    fn clear(&mut self) {
        self.inner.clear();
    }

    /// Sets tags from a mapping or pairs, then from keywords.
    #[pyo3(signature = (other=None, /, **kwargs))]
    fn update(
        slf: &Bound<'_, Self>,
        other: Option<&Bound<'_, PyAny>>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        PyHeaders::update_from(slf, other, kwargs)
    }

    /// The value of `key`, setting it to `default` first when missing.
    #[pyo3(signature = (key, default=None))]
    fn setdefault<'py>(
        &mut self,
        key: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = key.py();
        if let Some(v) = key.cast::<PyString>().ok().and_then(|k| self.inner.get(k.to_str().ok()?))
        {
            return Ok(PyString::new(py, v).into_any());
        }
        let default = default.unwrap_or_else(|| py.None().into_bound(py));
        self.set(py, key, &default)?;
        Ok(default)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if let Ok(o) = other.cast::<PyHeaders>() {
            return Ok(pyo3::types::PyBool::new(py, self.inner == o.borrow().inner)
                .to_owned()
                .into_any()
                .unbind());
        }
        if !other.is_instance(abc(py)?[0].bind(py))? {
            return Ok(py.NotImplemented());
        }
        let mine = PyDict::new(py);
        for (k, v) in self.inner.iter() {
            mine.set_item(k, v)?;
        }
        let theirs = PyDict::new(py);
        for item in other.call_method0("items")?.try_iter()? {
            let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item?.extract()?;
            theirs.set_item(k, v)?;
        }
        Ok(mine.eq(theirs)?.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    /// A copy, of the same class.
    fn copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.get_type().call1((slf,))
    }

    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        PyHeaders::copy(slf)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (TagPairs,))> {
        let pairs = slf.borrow().inner.iter().map(|(k, v)| (k.to_owned(), v.to_owned())).collect();
        Ok((slf.get_type(), (pairs,)))
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let name = slf.get_type().name()?.to_string();
        let me = slf.borrow();
        let parts: PyResult<Vec<String>> = me
            .inner
            .iter()
            .map(|(k, v)| Ok(format!("{k}={}", PyString::new(py, v).repr()?)))
            .collect();
        Ok(format!("{name}({})", parts?.join(", ")))
    }

    /// Whether the `Variant` tag names Chess960.
    fn is_chess960(&self) -> bool {
        self.inner.is_chess960()
    }

    /// Whether the `Variant` tag names a FICS wild setup.
    fn is_wild(&self) -> bool {
        self.inner.is_wild()
    }

    /// The board class of the game's variant (`ValueError` for one that is not known).
    fn variant<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.inner.other_variant() {
            None => Ok(py.get_type::<Board>().into_any()),
            Some(name) => pgn_module(py)?.call_method1("_find_variant", (name,)),
        }
    }

    /// The start position: the `FEN` tag's or the variant's start, Chess960 when the tags
    /// or the castling rights say so.
    pub fn board<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        match slf.borrow().standard_board()? {
            Some(board) => Ok(Board::create(py, lerf_rules::LooseGame::new(board))?.into_any()),
            None => pgn_module(py)?.call_method1("_variant_board", (slf,)),
        }
    }

    /// A `HeadersBuilder` making headers of this class.
    #[classmethod]
    fn builder<'py>(cls: &Bound<'py, PyType>) -> PyResult<Bound<'py, PyAny>> {
        let kwargs = PyDict::new(cls.py());
        kwargs.set_item("Headers", cls)?;
        pgn_module(cls.py())?.getattr("HeadersBuilder")?.call((), Some(&kwargs))
    }
}
