//! python-chess's exceptions, raised from lerf's typed errors: each names the move and the
//! position, and each is a `ValueError`; and the exceptions of python-chess's `GameBuilder`.

use lerf_position::{FenError, Position};
use pyo3::create_exception;
use pyo3::exceptions::{PyAssertionError, PyAttributeError, PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyType;

create_exception!(lerf, IllegalMoveError, PyValueError, "A move that is not legal here.");
create_exception!(lerf, InvalidMoveError, PyValueError, "Text that is no move at all.");
create_exception!(lerf, AmbiguousMoveError, PyValueError, "SAN that more than one move fits.");

/// A FEN that lerf refuses: a `ValueError` naming the field, cut to a readable length.
pub fn fen_error(error: &FenError, fen: &str) -> PyErr {
    let shown: String = fen.chars().take(120).collect();
    let ellipsis = if fen.chars().count() > 120 { "…" } else { "" };
    PyValueError::new_err(format!("invalid fen {shown:?}{ellipsis}: {error}"))
}

/// A position from a FEN, as the engine's `Position` (which refuses impossible ones);
/// castling rights naming rook files make it Chess960, as python-chess's PGN reading does.
pub fn parse_position(fen: &str, chess960: bool) -> PyResult<Position> {
    lerf_pgn::position_from_fen_tag(fen, chess960).map_err(|e| fen_error(&e, fen))
}

/// The exception python-chess's `GameBuilder` raises where its variation stack runs out.
pub fn build_error(e: lerf_pgn::tree::BuildError) -> PyErr {
    match e {
        lerf_pgn::tree::BuildError::VariationAtRoot => PyAssertionError::new_err(e.to_string()),
        _ => PyIndexError::new_err(e.to_string()),
    }
}

/// A `ValueError` for text that is not a FEN (or board FEN): what is wrong and the text.
/// As python-chess words it (the text in Python's `repr`), cut after 200 characters.
pub fn fen_value_error(error: &dyn std::fmt::Display, fen: &str) -> PyErr {
    let shown: String = fen.chars().take(200).collect();
    let more = if fen.chars().count() > 200 { "…" } else { "" };
    let repr = Python::attach(|py| py_repr(py, &shown));
    PyValueError::new_err(format!("{error}: {repr}{more}"))
}

/// Python's `repr` of a string (as its error messages quote text).
pub fn py_repr(py: Python<'_>, text: &str) -> String {
    pyo3::types::PyString::new(py, text)
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| format!("{text:?}"))
}

/// [`fen_value_error`] for a FEN refused by the loose board: python-chess quotes the board
/// part alone when that is what is wrong, the whole text otherwise.
pub fn loose_fen_error(error: &lerf_rules::LooseFenError, fen: &str) -> PyErr {
    use lerf_rules::LooseFenError as E;
    // python-chess says "empty fen" with nothing to quote.
    if *error == E::Empty {
        return PyValueError::new_err(error.to_string());
    }
    let board_part = matches!(
        error,
        E::RowCount
            | E::ConsecutiveDigits
            | E::TildeNotAfterPiece
            | E::BadCharacter(_)
            | E::RowWidth
    );
    let shown = if board_part { fen.split_whitespace().next().unwrap_or(fen) } else { fen };
    fen_value_error(error, shown)
}

/// `OSError(errno, message, path)` for a file that cannot be opened: Python picks the
/// subclass from the errno (`FileNotFoundError`, `PermissionError` ...).
pub fn file_error(error: &std::io::Error, path: &std::path::Path) -> PyErr {
    let errno = error.raw_os_error().unwrap_or(0);
    pyo3::exceptions::PyOSError::new_err((errno, error.to_string(), path.display().to_string()))
}

/// Python's `AttributeError` for `obj`'s missing `attribute`, in its words.
pub fn no_attribute(obj: &Bound<'_, PyAny>, attribute: &str) -> PyErr {
    let name = type_name(&obj.get_type()).unwrap_or_default();
    PyAttributeError::new_err(format!("'{name}' object has no attribute '{attribute}'"))
}

/// The name Python's messages give a type: a class defined in Python by its name, a
/// built-in one by its name, another extension's with its module (`numpy.bool`).
pub fn type_name(ty: &Bound<'_, PyType>) -> PyResult<String> {
    const HEAP_TYPE: u64 = 1 << 9;
    let flags: u64 = ty.getattr("__flags__")?.extract()?;
    if flags & HEAP_TYPE != 0 {
        return Ok(ty.name()?.to_string());
    }
    Ok(ty.fully_qualified_name()?.to_string())
}

/// `text` without the white space Python's `str.strip()` takes off (what python-chess
/// quotes of a board part it was given).
pub fn python_strip(text: &str) -> &str {
    text.trim_matches(lerf_rules::is_python_space)
}
