//! python-chess's exceptions, raised from lerf's typed errors: each names the move and the
//! position, and each is a `ValueError`.

use lerf_position::{FenError, Position};
use lerf_san::{SanError, SanErrorKind};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(lerf, IllegalMoveError, PyValueError, "A move that is not legal here.");
create_exception!(lerf, InvalidMoveError, PyValueError, "Text that is no move at all.");
create_exception!(lerf, AmbiguousMoveError, PyValueError, "SAN that more than one move fits.");

/// A SAN that cannot be played in `pos`, as python-chess's exception class: text that
/// python-chess's SAN pattern does not take is invalid, text it takes that names no legal
/// move is illegal (so `e8=K` is illegal, as there).
pub fn san_error(error: &SanError, text: &str, pos: &Position) -> PyErr {
    let message = format!("{error} in {}", pos.to_fen());
    match error.kind {
        SanErrorKind::Ambiguous => AmbiguousMoveError::new_err(message),
        SanErrorKind::Syntax | SanErrorKind::UnknownPiece(_) if !python_chess_san_shape(text) => {
            InvalidMoveError::new_err(format!("invalid san: {text:?}: {message}"))
        }
        _ => IllegalMoveError::new_err(message),
    }
}

/// Whether python-chess's `SAN_REGEX` (or its castling and null-move texts) takes `text`
/// whole: `[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](=?[nbrqkNBRQK])?[+#]?`.
fn python_chess_san_shape(text: &str) -> bool {
    const CASTLING: [&str; 4] = ["O-O", "O-O-O", "0-0", "0-0-0"];
    let body = text.strip_suffix(['+', '#']).unwrap_or(text);
    if CASTLING.contains(&body) || ["--", "Z0", "0000", "@@@@"].contains(&text) {
        return true;
    }
    let b = body.as_bytes();
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let takes = |can: bool| if can { &[1usize, 0][..] } else { &[0usize][..] };
    for &piece in takes(b"NBKRQ".contains(&at(0))) {
        for &file in takes(matches!(at(piece), b'a'..=b'h')) {
            let i = piece + file;
            for &rank in takes(matches!(at(i), b'1'..=b'8')) {
                let j = i + rank;
                for &sep in takes(matches!(at(j), b'-' | b'x')) {
                    let k = j + sep;
                    if !(matches!(at(k), b'a'..=b'h') && matches!(at(k + 1), b'1'..=b'8')) {
                        continue;
                    }
                    let rest = &b[(k + 2).min(b.len())..];
                    let promotion = |p: &[u8]| p.len() == 1 && b"nbrqkNBRQK".contains(&p[0]);
                    if rest.is_empty()
                        || promotion(rest)
                        || (rest.first() == Some(&b'=') && promotion(&rest[1..]))
                    {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// A FEN that lerf refuses: a `ValueError` naming the field, cut to a readable length.
pub fn fen_error(error: &FenError, fen: &str) -> PyErr {
    let shown: String = fen.chars().take(120).collect();
    let ellipsis = if fen.chars().count() > 120 { "…" } else { "" };
    PyValueError::new_err(format!("invalid fen {shown:?}{ellipsis}: {error}"))
}
