//! `chess.syzygy`'s prober (`lerf.syzygy`): `lerf_syzygy::Tablebase` over python-chess
//! boards. The Python half (`python/lerf/syzygy.py`) holds the API's classes, the table
//! name helpers and the checks python-chess makes before it probes.

use crate::board::base_board::BaseBoard;
use lerf_syzygy::{Material, Placement, SyzygyError, TableVariant, Tablebase};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyOSError, PyValueError};
use pyo3::prelude::*;

create_exception!(
    lerf,
    MissingTableError,
    PyKeyError,
    "No table for the position's material has been added (a KeyError)."
);

/// Adds the prober's class, functions and exception to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SyzygyTables>()?;
    m.add_function(wrap_pyfunction!(syzygy_normalize, m)?)?;
    m.add("MissingTableError", m.py().get_type::<MissingTableError>())?;
    Ok(())
}

/// `name` (such as `KRvKQ`) written as its table is named, or with the weaker side first
/// (`mirror`).
#[pyfunction]
#[pyo3(signature = (name, mirror=false))]
fn syzygy_normalize(name: &str, mirror: bool) -> PyResult<String> {
    let m: Material =
        name.parse().map_err(|e: SyzygyError| PyValueError::new_err(e.to_string()))?;
    let n = m.normalized();
    Ok(if mirror { n.swapped() } else { n }.to_string())
}

/// A python-chess board as the standard prober reads it.
enum Converted {
    /// A position a game can reach.
    Board(lerf_position::Board),
    /// Only kings: worth 0 in every WDL probe, as in python-chess.
    Value(i32),
    /// A position no game reaches (the side not to move in check ...), which the
    /// table-only probes still look up, as python-chess does.
    Loose(Placement),
}

/// A python-chess board as the prober reads it, or the exception. As python-chess's
/// probes do, the WDL probes refuse more than seven pieces (`search`) and those that search
/// castling rights (`no_castling`) first; the board is built from the position's sets, not
/// through a FEN. A position no game reaches is [`Converted::Loose`] for the table-only
/// probes (those that do not refuse castling rights) and a missing table for the others.
fn convert(
    board: &Bound<'_, PyAny>,
    kind: &str,
    search: bool,
    no_castling: bool,
) -> PyResult<Converted> {
    let py = board.py();
    if !board.get_type().is(py.get_type::<crate::board::board::Board>()) {
        // A subclass: a variant's board is refused by a standard tablebase, as python-chess
        // refuses it (variant tablebases are Python's, see syzygy.py).
        let variant: String = board.getattr("uci_variant")?.extract()?;
        if variant != "chess" {
            return Err(PyKeyError::new_err(format!(
                "tablebase has been opened for chess, probed with: {variant}"
            )));
        }
    }
    let base = board.cast::<BaseBoard>()?.borrow();
    let loose = base.game.board();
    let layout = &loose.layout;
    let occupied = layout.occupied;
    let count = occupied.popcount();
    if no_castling && loose.castling_rights.any() {
        return Err(PyKeyError::new_err(format!(
            "{}: {}",
            SyzygyError::CastlingRights,
            loose.fen()
        )));
    }
    if search && count as usize > lerf_syzygy::MAX_PIECES {
        return Err(PyKeyError::new_err(format!(
            "syzygy tables support up to {} pieces, not {count}: {}",
            lerf_syzygy::MAX_PIECES,
            loose.fen()
        )));
    }
    if occupied == layout.kings && kind == "wdl" {
        return Ok(Converted::Value(0));
    }
    let sets =
        [layout.pawns, layout.knights, layout.bishops, layout.rooks, layout.queens, layout.kings];
    let rule50 = u16::try_from(loose.halfmove_clock).unwrap_or(u16::MAX);
    let from_sets =
        |ep| lerf_position::Board::from_sets(layout.by_color, sets, loose.turn, ep, rule50, 1);
    // A board may hold an en passant square no push can have passed (python-chess keeps
    // what it is given, and finds no capture onto it): probed without it.
    let made = match from_sets(loose.ep_square) {
        Err(lerf_position::SetsError::EnPassant(_)) => from_sets(None),
        made => made,
    };
    match made {
        Ok(b) => Ok(Converted::Board(b)),
        Err(_) if !no_castling => Ok(Converted::Loose(
            Placement::from_sets(layout.by_color, sets, loose.turn).map_err(error)?,
        )),
        // The searching probes need a position a game can reach.
        Err(_) => {
            Err(MissingTableError::new_err(format!("did not find {kind} table {}", key_of(loose))))
        }
    }
}

/// A converted board for a searching probe: `Ok(board)` or `Err(value)`.
fn searched(c: Converted) -> PyResult<Result<lerf_position::Board, i32>> {
    match c {
        Converted::Board(b) => Ok(Ok(b)),
        Converted::Value(v) => Ok(Err(v)),
        Converted::Loose(_) => Err(MissingTableError::new_err("no table holds this position")),
    }
}

/// The Rust rules' board of a variant board.
fn variant_board(board: &Bound<'_, PyAny>) -> PyResult<lerf_rules::variant::VariantBoard> {
    let base = board.cast::<BaseBoard>()?.borrow();
    base.variant_board()
        .ok_or_else(|| PyValueError::new_err("a variant tablebase probes variant boards"))
}

/// A variant board's pieces and turn, for a tablebase of its family's tables.
fn placement(board: &Bound<'_, PyAny>) -> PyResult<Placement> {
    let base = board.cast::<BaseBoard>()?.borrow();
    let loose = base.game.board();
    let layout = &loose.layout;
    let sets =
        [layout.pawns, layout.knights, layout.bishops, layout.rooks, layout.queens, layout.kings];
    Placement::from_sets(layout.by_color, sets, loose.turn).map_err(error)
}

/// The material, White's side first, as python-chess's `calc_key` writes it.
fn key_of(loose: &lerf_rules::LooseBoard) -> String {
    let mut out = String::new();
    for (i, color) in [lerf_types::Color::White, lerf_types::Color::Black].into_iter().enumerate() {
        if i == 1 {
            out.push('v');
        }
        for (letter, pt) in [('K', 6), ('Q', 5), ('R', 4), ('B', 3), ('N', 2), ('P', 1)] {
            let pt = lerf_types::PieceType::from_index(pt).expect("a piece type");
            let n = loose.layout.pieces_mask(pt, color).popcount();
            out.extend(std::iter::repeat_n(letter, n as usize));
        }
    }
    out
}

/// python-chess's words for the two checks it makes of a table file, in its order: a
/// size other than 64n + 16 bytes, then a magic number not the table kind's. `None` for
/// what lerf finds wrong past them (python-chess has no words of its own there).
fn corrupt_words(path: &std::path::Path, what: &str) -> Option<String> {
    let shown = Python::attach(|py| crate::errors::py_repr(py, &path.to_string_lossy()));
    let size = std::fs::metadata(path).ok()?.len();
    if size % 64 != 16 {
        return Some(format!("invalid file size: ensure {shown} is a valid syzygy tablebase file"));
    }
    (what == lerf_syzygy::WRONG_MAGIC)
        .then(|| format!("invalid magic header: ensure {shown} is a valid syzygy tablebase file"))
}

fn error(e: SyzygyError) -> PyErr {
    match e {
        SyzygyError::MissingTable { .. } | SyzygyError::NotAPosition => {
            MissingTableError::new_err(e.to_string())
        }
        SyzygyError::Corrupt { ref path, what } => {
            PyOSError::new_err(corrupt_words(path, what).unwrap_or_else(|| e.to_string()))
        }
        SyzygyError::Io { .. } => PyOSError::new_err(e.to_string()),
        // python-chess's recursive search ends the same way over contradictory tables.
        SyzygyError::TooDeep => pyo3::exceptions::PyRecursionError::new_err(e.to_string()),
        // Castling rights are refused before a probe (`convert`), with the board's FEN.
        _ => PyKeyError::new_err(e.to_string()),
    }
}

/// Syzygy tables added by directory or file, opened on first probe (lerf-syzygy's
/// `Tablebase`). Probes take python-chess boards and give python-chess's values.
#[pyclass(module = "lerf._lerf")]
pub struct SyzygyTables {
    inner: Tablebase,
}

#[pymethods]
impl SyzygyTables {
    /// Tables of the family python-chess's `uci_variant` names (`"chess"` by default).
    #[new]
    #[pyo3(signature = (variant="chess"))]
    fn new(variant: &str) -> PyResult<SyzygyTables> {
        let family = TableVariant::from_uci(variant)
            .ok_or_else(|| PyValueError::new_err(format!("no syzygy tables for {variant}")))?;
        Ok(SyzygyTables { inner: Tablebase::with_variant(family) })
    }

    /// A variant board's `probe` (`"wdl"`, `"dtz"`, `"dtz_no_ep"`, or `"wdl_table"`: the
    /// table after the variant's own rules), searched over the variant's moves.
    fn probe_variant(&self, board: &Bound<'_, PyAny>, probe: &str) -> PyResult<i32> {
        let vb = variant_board(board)?;
        match probe {
            "wdl" => self.inner.probe_variant_wdl(&vb),
            "dtz" => self.inner.probe_variant_dtz(&vb),
            "dtz_no_ep" => self.inner.probe_variant_dtz_no_ep(&vb),
            "wdl_table" => self.inner.probe_variant_wdl_table(&vb),
            _ => return Err(PyValueError::new_err(format!("no variant probe {probe:?}"))),
        }
        .map_err(error)
    }

    /// A variant board's search over captures: `(value, 2 if a capture decides else 1)`.
    fn probe_variant_ab(
        &self,
        board: &Bound<'_, PyAny>,
        alpha: i32,
        beta: i32,
    ) -> PyResult<(i32, u8)> {
        self.inner.probe_variant_ab(&variant_board(board)?, alpha, beta).map_err(error)
    }

    /// A variant board's WDL table value (the board's own rules are not consulted).
    fn probe_placement_wdl_table(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        self.inner.probe_wdl_table_of(&placement(board)?).map_err(error)
    }

    /// A variant board's DTZ table value: `(distance, 1)`, or `(0, -1)` when the table
    /// stores the other side to move.
    fn probe_placement_dtz_table(
        &self,
        board: &Bound<'_, PyAny>,
        wdl: i32,
    ) -> PyResult<(i32, i32)> {
        match self.inner.probe_dtz_table_of(&placement(board)?, wdl).map_err(error)? {
            Some(v) => Ok((v, 1)),
            None => Ok((0, -1)),
        }
    }

    /// Adds the tables in `directory`; returns how many files were added.
    #[pyo3(signature = (directory, wdl=true, dtz=true))]
    fn add_directory(
        &mut self,
        directory: std::path::PathBuf,
        wdl: bool,
        dtz: bool,
    ) -> PyResult<usize> {
        self.inner
            .add_directory_of(&directory, wdl, dtz)
            .map_err(|e| PyOSError::new_err(e.to_string()))
    }

    /// Adds one table file if it is named as a table is; returns 1 if it was, else 0.
    #[pyo3(signature = (path, wdl=true, dtz=true))]
    fn add_file(&mut self, path: std::path::PathBuf, wdl: bool, dtz: bool) -> usize {
        usize::from(self.inner.add_file_of(&path, wdl, dtz))
    }

    /// Opens and checks every table added, raising for the first that is not valid.
    fn open_all(&self) -> PyResult<usize> {
        self.inner.open_all().map_err(|e| PyOSError::new_err(e.to_string()))
    }

    /// The most pieces of any table added.
    fn max_pieces(&self) -> u32 {
        self.inner.max_pieces()
    }

    /// Unmaps the tables opened so far (they reopen when probed).
    fn close(&mut self) {
        self.inner.close();
    }

    /// The WDL table's value, without en passant or the search over captures.
    fn probe_wdl_table(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        match convert(board, "wdl", true, false)? {
            Converted::Board(b) => self.inner.probe_wdl_table(&b).map_err(error),
            Converted::Value(v) => Ok(v),
            Converted::Loose(p) => self.inner.probe_wdl_table_of(&p).map_err(error),
        }
    }

    /// `(value, 2 if a capture wins else 1)` of the search over captures.
    fn probe_ab(&self, board: &Bound<'_, PyAny>, alpha: i32, beta: i32) -> PyResult<(i32, u8)> {
        match searched(convert(board, "wdl", true, true)?)? {
            Ok(b) => self.inner.probe_ab(&b, alpha, beta).map_err(error),
            Err(v) => Ok((v, 1)),
        }
    }

    /// WDL with captures and en passant resolved.
    fn probe_wdl(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        match searched(convert(board, "wdl", true, true)?)? {
            Ok(b) => self.inner.probe_wdl(&b).map(|w| w.value()).map_err(error),
            Err(v) => Ok(v),
        }
    }

    /// `(distance, 1)` from the DTZ table, or `(0, -1)` when it stores the other side.
    fn probe_dtz_table(&self, board: &Bound<'_, PyAny>, wdl: i32) -> PyResult<(i32, i32)> {
        let found = match convert(board, "dtz", false, false)? {
            Converted::Board(b) => self.inner.probe_dtz_table(&b, wdl),
            Converted::Value(v) => return Ok((v, 1)),
            Converted::Loose(p) => self.inner.probe_dtz_table_of(&p, wdl),
        };
        match found.map_err(error)? {
            Some(v) => Ok((v, 1)),
            None => Ok((0, -1)),
        }
    }

    /// DTZ, en passant at the root left out.
    fn probe_dtz_no_ep(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        match searched(convert(board, "wdl", true, true)?)? {
            Ok(b) => self.inner.probe_dtz_no_ep(&b).map_err(error),
            Err(v) => Ok(v),
        }
    }

    /// The WDL (`dtz` false) or DTZ of every FEN, `None` where the tables have no answer
    /// (a missing table, castling rights), on `threads` threads without the GIL. A FEN that
    /// is not a position raises `ValueError` naming it and its index; nothing is probed then.
    #[pyo3(signature = (fens, dtz=false, threads=1))]
    fn probe_fens(
        &self,
        py: Python<'_>,
        fens: Vec<String>,
        dtz: bool,
        threads: usize,
    ) -> PyResult<Vec<Option<i32>>> {
        let inner = &self.inner;
        let answers = py.detach(|| {
            inner.probe_all(&fens, threads, |t, fen| {
                let board = fen.parse::<lerf_position::Board>()?;
                Ok(if dtz {
                    t.probe_dtz(&board).ok()
                } else {
                    t.probe_wdl(&board).ok().map(|w| w.value())
                })
            })
        });
        answers
            .into_iter()
            .enumerate()
            .map(|(i, a): (usize, Result<Option<i32>, lerf_position::FenError>)| {
                a.map_err(|e| PyValueError::new_err(format!("fen {i} ({:?}): {e}", fens[i])))
            })
            .collect()
    }

    /// DTZ with en passant resolved.
    fn probe_dtz(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        match searched(convert(board, "wdl", true, true)?)? {
            Ok(b) => self.inner.probe_dtz(&b).map_err(error),
            Err(v) => Ok(v),
        }
    }
}
