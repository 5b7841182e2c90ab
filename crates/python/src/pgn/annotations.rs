//! The annotations python-chess reads from a node's comment: `[%eval ...]` as an engine
//! score, `[%csl ...]`/`[%cal ...]` as arrows, `[%clk ...]` and `[%emt ...]` as seconds,
//! read and rewritten in Rust (`lerf_pgn::tree`'s annotation functions).

use lerf_pgn::tree::{EvalScore, Seconds};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList, PyType};

use crate::pgn::arena::{GameNode, node_of};

// `lerf.engine`'s score classes and `lerf.svg`'s `Arrow`, imported once: an import per
// `eval()` took three quarters of its time (2.4 of 3.2 µs).
static CP: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static MATE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static POV_SCORE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static ARROW: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// A Python `int` or `float` as seconds for `set_clock`/`set_emt`.
fn seconds_of(value: &Bound<'_, PyAny>) -> PyResult<Seconds> {
    if value.is_instance_of::<PyInt>() {
        match value.extract::<i64>() {
            Ok(n) => return Ok(Seconds::Whole(n)),
            Err(_) => return Ok(Seconds::Float(value.extract::<f64>()?)),
        }
    }
    Ok(Seconds::Float(value.extract::<f64>()?))
}

impl GameNode {
    pub(crate) fn comment_edit(
        slf: &Bound<'_, Self>,
        edit: impl FnOnce(&str) -> PyResult<String>,
    ) -> PyResult<()> {
        let (tree, id) = node_of(slf.as_any())?;
        let new = edit(&tree.borrow().tree.node(id).comment)?;
        tree.borrow_mut().tree.node_mut(id).comment = new;
        Ok(())
    }

    pub(crate) fn comment_read<R>(
        slf: &Bound<'_, Self>,
        read: impl FnOnce(&str) -> R,
    ) -> PyResult<R> {
        let (tree, id) = node_of(slf.as_any())?;
        let t = tree.borrow();
        Ok(read(&t.tree.node(id).comment))
    }
}

#[pymethods]
impl GameNode {
    /// The first `[%eval ...]` of the comment, as a `PovScore` from the side to move.
    fn eval<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let Some(eval) = GameNode::comment_read(slf, lerf_pgn::tree::eval)? else {
            return Ok(py.None().into_bound(py));
        };
        let turn = GameNode::turn(slf)?;
        let (class, value) = match eval.score {
            EvalScore::Cp(n) => (CP.import(py, "lerf._scores", "Cp")?, n),
            EvalScore::Mate(n) => (MATE.import(py, "lerf._scores", "Mate")?, n),
        };
        // The annotation is White's view; a mate in 0 means the side to move is mated.
        let relative =
            if turn || eval.score == EvalScore::Mate(0) { value } else { value.saturating_neg() };
        let score = class.call1((relative,))?;
        POV_SCORE.import(py, "lerf._scores", "PovScore")?.call1((score, turn))
    }

    /// The depth of the first `[%eval ...]`, if it gives one.
    fn eval_depth(slf: &Bound<'_, Self>) -> PyResult<Option<u64>> {
        Ok(GameNode::comment_read(slf, lerf_pgn::tree::eval)?.and_then(|e| e.depth))
    }

    /// Replaces the first `[%eval ...]` (or adds one; removes it with `None`).
    #[pyo3(signature = (score, depth=None))]
    fn set_eval(
        slf: &Bound<'_, Self>,
        score: &Bound<'_, PyAny>,
        depth: Option<i64>,
    ) -> PyResult<()> {
        let eval = if score.is_none() {
            None
        } else {
            let white = score.call_method0("white")?;
            let cp = white.call_method0("score")?;
            let depth = depth.map(|d| d.max(0) as u64);
            if !cp.is_none() {
                Some(lerf_pgn::tree::Eval { score: EvalScore::Cp(cp.extract()?), depth })
            } else {
                let mate = white.call_method0("mate")?;
                let n: i64 = if mate.is_none() { 0 } else { mate.extract()? };
                Some(lerf_pgn::tree::Eval { score: EvalScore::Mate(n), depth })
            }
        };
        GameNode::comment_edit(slf, |c| Ok(lerf_pgn::tree::set_eval(c, eval)))
    }

    /// The marked squares and arrows of the comment (`[%csl ...]`, `[%cal ...]`).
    fn arrows<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        let py = slf.py();
        let marks: Vec<String> = GameNode::comment_read(slf, |c| {
            lerf_pgn::tree::arrows(c).iter().map(|a| format!("{}{}", a.color, a.squares)).collect()
        })?;
        let arrow = ARROW.import(py, "lerf.svg", "Arrow")?;
        let list = PyList::empty(py);
        for mark in marks {
            list.append(arrow.call_method1("from_pgn", (mark,))?)?;
        }
        Ok(list)
    }

    /// Replaces the marked squares and arrows by these (`Arrow`s or `(tail, head)` pairs).
    fn set_arrows(slf: &Bound<'_, Self>, arrows: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = slf.py();
        let arrow_class = ARROW.import(py, "lerf.svg", "Arrow")?;
        let mut marks = Vec::new();
        for arrow in arrows.try_iter()? {
            let arrow = arrow?;
            let arrow = match arrow.extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>() {
                Ok((tail, head)) if !arrow.hasattr("pgn")? => arrow_class.call1((tail, head))?,
                _ => arrow,
            };
            marks.push(arrow.call_method0("pgn")?.extract::<String>()?);
        }
        let marks: Vec<&str> = marks.iter().map(String::as_str).collect();
        GameNode::comment_edit(slf, |c| Ok(lerf_pgn::tree::set_arrows(c, &marks)))
    }

    /// The first `[%clk ...]` of the comment, in seconds.
    fn clock(slf: &Bound<'_, Self>) -> PyResult<Option<f64>> {
        GameNode::comment_read(slf, lerf_pgn::tree::clock)
    }

    /// Replaces the first `[%clk ...]` (or adds one; removes it with `None`).
    fn set_clock(slf: &Bound<'_, Self>, seconds: &Bound<'_, PyAny>) -> PyResult<()> {
        let seconds = if seconds.is_none() { None } else { Some(seconds_of(seconds)?) };
        GameNode::comment_edit(slf, |c| {
            lerf_pgn::tree::set_clock(c, seconds).ok_or_else(|| {
                // Python's inf // 3600 is nan, which int() refuses.
                pyo3::exceptions::PyValueError::new_err("cannot convert float NaN to integer")
            })
        })
    }

    /// The first `[%emt ...]` of the comment, in seconds.
    fn emt(slf: &Bound<'_, Self>) -> PyResult<Option<f64>> {
        GameNode::comment_read(slf, lerf_pgn::tree::emt)
    }

    /// Replaces the first `[%emt ...]` (or adds one; removes it with `None`).
    fn set_emt(slf: &Bound<'_, Self>, seconds: &Bound<'_, PyAny>) -> PyResult<()> {
        let seconds = if seconds.is_none() { None } else { Some(seconds_of(seconds)?) };
        GameNode::comment_edit(slf, |c| {
            lerf_pgn::tree::set_emt(c, seconds).ok_or_else(|| {
                // Python's inf // 3600 is nan, which int() refuses.
                pyo3::exceptions::PyValueError::new_err("cannot convert float NaN to integer")
            })
        })
    }
}
