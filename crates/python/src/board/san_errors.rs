//! The exceptions python-chess raises for a SAN it refuses, in its words.

use lerf_rules::LooseBoard;
use lerf_san::loose::LooseSanError;
use pyo3::prelude::*;

use crate::errors::{AmbiguousMoveError, IllegalMoveError, InvalidMoveError, py_repr as repr};

/// The exception python-chess raises for a SAN it refuses.
pub fn san_error(py: Python<'_>, e: &LooseSanError, text: &str, board: &LooseBoard) -> PyErr {
    san_error_in(py, e, text, &board.fen())
}

/// [`san_error`] for the position of FEN `fen` (a variant's, pockets and checks included).
pub fn san_error_in(py: Python<'_>, e: &LooseSanError, text: &str, fen: &str) -> PyErr {
    let invalid = invalid_message(py, e, text);
    let text = repr(py, text);
    match e {
        LooseSanError::Invalid { .. } | LooseSanError::InvalidDrop => {
            InvalidMoveError::new_err(invalid)
        }
        LooseSanError::Ambiguous => AmbiguousMoveError::new_err(format!("{e}: {text} in {fen}")),
        LooseSanError::NoMatchingMove { .. } => IllegalMoveError::new_err(format!("{e} in {fen}")),
        _ => IllegalMoveError::new_err(format!("{e}: {text} in {fen}")),
    }
}

/// python-chess's words for a SAN `text` that is not one (`InvalidMoveError`): the text in
/// Python's `repr`, or for a crazyhouse drop what `Move.from_uci` says of the UCI text it
/// was read as.
pub fn invalid_message(py: Python<'_>, e: &LooseSanError, text: &str) -> String {
    match e {
        LooseSanError::InvalidDrop => invalid_uci_message(py, &lerf_san::variant::drop_uci(text)),
        _ => format!("{e}: {}", repr(py, text)),
    }
}

/// python-chess's words for a UCI text `Move.from_uci` refuses: its length first, then a
/// move from a square to itself (`a1a1`, `a1a1q`: "use 0000 for null moves").
pub fn invalid_uci_message(py: Python<'_>, uci: &str) -> String {
    let to_itself = uci.len() >= 4
        && uci.is_char_boundary(4)
        && uci.get(..2) == uci.get(2..4)
        && uci[..2].parse::<lerf_types::Square>().is_ok()
        && (uci.len() == 4 || matches!(&uci[4..], "p" | "n" | "b" | "r" | "q" | "k"));
    match uci.chars().count() {
        4 | 5 if to_itself => {
            format!("invalid uci (use 0000 for null moves): {}", repr(py, uci))
        }
        4 | 5 => format!("invalid uci: {}", repr(py, uci)),
        _ => format!("expected uci string to be of length 4 or 5: {}", repr(py, uci)),
    }
}
