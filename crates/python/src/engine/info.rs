//! UCI `info` and `bestmove` lines into python-chess's values: an `InfoDict` of plain
//! numbers, `PovScore`s, `PovWdl`s and moves checked against the position searched.

use lerf_protocol::uci::{Bound as ScoreBound, EngineMessage, Info, Score};
use lerf_rules::{LooseBoard, LooseMove};
use lerf_types::UciMove;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList};

use crate::board::board::{Board, base};
use crate::board::moves::Move;

static CP: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static MATE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static POV_SCORE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static WDL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static POV_WDL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The `Info` flags of python-chess, as bits.
const INFO_SCORE: u32 = 2;
const INFO_PV: u32 = 4;
const INFO_REFUTATION: u32 = 8;
const INFO_CURRLINE: u32 = 16;

const SCORES: &str = "lerf._scores";

/// A UCI move as a loose move (the null move `0000` included).
fn loose(m: UciMove) -> LooseMove {
    match m {
        UciMove::Normal { from, to, promotion } => LooseMove { from, to, promotion, drop: None },
        UciMove::Null => LooseMove::NULL,
    }
}

/// The move as this board plays it, if legal: standard castling may come as king takes
/// rook or as the king's step, whichever the board's mode writes.
fn legal_on(board: &LooseBoard, m: UciMove) -> Option<LooseMove> {
    let m = loose(m);
    if m.is_null() {
        return None;
    }
    let m = board.from_chess960(board.chess960, board.to_chess960(m));
    board.is_legal(m).then_some(m)
}

/// The moves of a line played out from `board`, as far as they are legal; the problem with
/// the first one that is not, if any.
fn line_on(
    py: Python<'_>,
    board: &LooseBoard,
    moves: &[UciMove],
    what: &str,
    problems: &mut Vec<String>,
) -> PyResult<Py<PyList>> {
    let list = PyList::empty(py);
    let mut board = *board;
    for (i, &m) in moves.iter().enumerate() {
        match legal_on(&board, m) {
            Some(lm) => {
                list.append(Move::shared_loose(lm, py))?;
                board = board.play_unchecked(lm);
            }
            None => {
                problems.push(format!(
                    "{what}: move {} ({m}) is not legal in {} (kept the {i} before it)",
                    i + 1,
                    board.fen()
                ));
                break;
            }
        }
    }
    Ok(list.unbind())
}

fn pov_score<'py>(py: Python<'py>, score: Score, turn: bool) -> PyResult<Bound<'py, PyAny>> {
    let relative = match score {
        Score::Cp(n) => CP.import(py, SCORES, "Cp")?.call1((n,))?,
        Score::Mate(n) => MATE.import(py, SCORES, "Mate")?.call1((n,))?,
    };
    POV_SCORE.import(py, SCORES, "PovScore")?.call1((relative, turn))
}

/// `ebf <x>`, which python-chess reads though UCI does not define it: the protocol crate
/// passes it over as two unknown tokens, so it is looked for only when something was.
fn ebf(fields: &str) -> Option<f64> {
    let mut words = fields.split_whitespace();
    while let Some(w) = words.next() {
        if w == "ebf" {
            return words.next().and_then(|x| x.parse().ok());
        }
    }
    None
}

/// python-chess's `_parse_uci_info`: the fields of an `info` line (without `info`) as an
/// `InfoDict`, scores from the view of the side to move on `board`, lines checked against
/// it; `selector` (the `Info` flags) says which of the costly fields to read. Returns the
/// dict and what was wrong with the line, if anything (the caller logs it): a value that
/// is not one, or a move that is not legal where it stands (the moves before it are kept).
#[pyfunction]
#[pyo3(signature = (fields, board, selector = 31))]
pub fn parse_uci_info<'py>(
    py: Python<'py>,
    fields: &str,
    board: PyRef<'py, Board>,
    selector: u32,
) -> PyResult<(Bound<'py, PyDict>, Option<Vec<String>>)> {
    let dict = PyDict::new(py);
    if selector == 0 {
        return Ok((dict, None));
    }
    let info = Info::read(fields);
    let root = base(&board).board();
    let turn = root.turn == lerf_types::Color::White;
    let mut problems = Vec::new();
    for e in &info.skipped {
        // Unknown words are passed over silently, as UCI asks; a malformed value is not.
        if e.expected != "an info field" && e.expected != "a move in UCI notation" {
            problems.push(format!("{e} in info {fields:?}"));
        }
    }
    macro_rules! put {
        ($key:literal, $value:expr) => {
            if let Some(v) = $value {
                dict.set_item($key, v)?;
            }
        };
    }
    put!("depth", info.depth);
    put!("seldepth", info.seldepth);
    put!("multipv", info.multipv);
    if selector & INFO_SCORE != 0 {
        if let Some(score) = info.score {
            dict.set_item("score", pov_score(py, score, turn)?)?;
        }
        match info.bound {
            Some(ScoreBound::Lower) => dict.set_item("lowerbound", true)?,
            Some(ScoreBound::Upper) => dict.set_item("upperbound", true)?,
            None => {}
        }
    }
    if let Some((w, d, l)) = info.wdl {
        let wdl = WDL.import(py, SCORES, "Wdl")?.call1((w, d, l))?;
        dict.set_item("wdl", POV_WDL.import(py, SCORES, "PovWdl")?.call1((wdl, turn))?)?;
    }
    put!("nodes", info.nodes);
    put!("nps", info.nps);
    put!("hashfull", info.hashfull);
    put!("tbhits", info.tbhits);
    put!("cpuload", info.cpuload);
    put!("time", info.time.map(|ms| ms as f64 / 1000.0));
    put!("currmove", info.currmove.map(|m| Move::shared_loose(loose(m), py)));
    put!("currmovenumber", info.currmovenumber);
    if !info.skipped.is_empty() {
        put!("ebf", ebf(fields));
    }
    if selector & INFO_PV != 0 && has_word(fields, "pv") {
        dict.set_item("pv", line_on(py, root, &info.pv, "pv", &mut problems)?)?;
    }
    if selector & INFO_REFUTATION != 0 && has_word(fields, "refutation") {
        let refutation = PyDict::new(py);
        if let Some((&first, rest)) = info.refutation.split_first() {
            match legal_on(root, first) {
                Some(m) => {
                    let after = root.play_unchecked(m);
                    let line = line_on(py, &after, rest, "refutation", &mut problems)?;
                    refutation.set_item(Move::shared_loose(m, py), line)?;
                }
                None => problems.push(format!("refutation: {first} is not legal")),
            }
        }
        dict.set_item("refutation", refutation)?;
    }
    if selector & INFO_CURRLINE != 0
        && let Some(currline) = &info.currline
    {
        let lines = PyDict::new(py);
        match currline.cpu {
            Some(cpu) => {
                let line = line_on(py, root, &currline.moves, "currline", &mut problems)?;
                lines.set_item(cpu, line)?;
            }
            None => problems.push(format!("currline without a cpu number in {fields:?}")),
        }
        dict.set_item("currline", lines)?;
    }
    put!("string", info.string.as_deref());
    Ok((dict, (!problems.is_empty()).then_some(problems)))
}

/// Whether `word` stands as a token of its own in `fields`, before any `string` (whose
/// text runs to the end of the line and may hold any word).
fn has_word(fields: &str, word: &str) -> bool {
    fields.split_whitespace().take_while(|&w| w != "string").any(|w| w == word)
}

/// A `bestmove`'s best move, ponder move, and why a ponder move was dropped.
type BestMoveParts = (Option<Py<Move>>, Option<Py<Move>>, Option<String>);

/// python-chess's `_parse_uci_bestmove`: the best and ponder moves of a `bestmove` line
/// (its arguments, without `bestmove`) on `board`, the position searched. `(None, None)`
/// for `(none)`; a ponder move that is not legal after the best one is dropped (the
/// second value says why); a best move that is not a legal move raises `ValueError`.
#[pyfunction]
pub fn parse_uci_bestmove(
    py: Python<'_>,
    args: &str,
    board: PyRef<'_, Board>,
) -> PyResult<BestMoveParts> {
    let line = format!("bestmove {args}");
    let message: EngineMessage =
        line.parse().map_err(|e| PyValueError::new_err(format!("{e} in {line:?}")))?;
    let EngineMessage::BestMove { best, ponder } = message else {
        return Err(PyValueError::new_err(format!("not a bestmove line: {line:?}")));
    };
    let root = base(&board).board();
    let Some(best) = best else { return Ok((None, None, None)) };
    // `0000`, the null move, is what python-chess hands back as the move (nothing after
    // it is read).
    if loose(best).is_null() {
        return Ok((Some(Move::shared_loose(loose(best), py)), None, None));
    }
    let Some(best) = legal_on(root, best) else {
        // python-chess's words (its Board.parse_uci's).
        let uci = crate::errors::py_repr(py, &best.to_string());
        return Err(PyValueError::new_err(format!("illegal uci: {uci} in {}", root.fen())));
    };
    let after = root.play_unchecked(best);
    let (ponder, problem) = match ponder {
        None => (None, None),
        Some(p) if loose(p).is_null() => (Some(Move::shared_loose(loose(p), py)), None),
        Some(p) => match legal_on(&after, p) {
            Some(p) => (Some(Move::shared_loose(p, py)), None),
            None => (None, Some(format!("ponder move {p} is not legal in {}", after.fen()))),
        },
    };
    Ok((Some(Move::shared_loose(best, py)), ponder, problem))
}
