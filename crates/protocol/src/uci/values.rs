//! The values inside UCI lines: numbers, moves and move lists, read from tokens with the
//! error a bad one gives.

use crate::error::ParseError;
use crate::tokens::{Token, Tokens};
use lerf_types::UciMove;

/// The token after a keyword read as a number, or the error naming it (or the end of the
/// line) with `expected`.
pub(crate) fn number<T: core::str::FromStr>(
    tokens: &mut Tokens<'_>,
    expected: &'static str,
) -> Result<T, ParseError> {
    match tokens.next() {
        Some(t) => t.text.parse().map_err(|_| ParseError::new(t.text, t.at, expected)),
        None => Err(ParseError::new("", tokens.line().len(), expected)),
    }
}

/// A token read as a UCI move (`e2e4`, `e7e8q`, `0000`).
pub(crate) fn uci_move(token: Token<'_>, expected: &'static str) -> Result<UciMove, ParseError> {
    token.text.parse().map_err(|_| ParseError::new(token.text, token.at, expected))
}

/// The moves that follow, up to the next of `keywords` or the end of the line. A token that
/// is no move is recorded in `skipped` and passed over: the moves after it are kept.
pub(crate) fn moves_until(
    tokens: &mut Tokens<'_>,
    keywords: &[&str],
    skipped: &mut Vec<ParseError>,
) -> Vec<UciMove> {
    let mut moves = Vec::new();
    while let Some(t) = tokens.peek() {
        // A move first: no keyword reads as one, and moves are most of a line.
        if let Ok(m) = t.text.parse() {
            tokens.next();
            moves.push(m);
            continue;
        }
        if keywords.contains(&t.text) {
            break;
        }
        tokens.next();
        skipped.push(ParseError::new(t.text, t.at, "a move in UCI notation"));
    }
    moves
}

/// Writes ` word` and each move after it.
pub(crate) fn write_moves(
    f: &mut core::fmt::Formatter<'_>,
    word: &str,
    moves: &[UciMove],
) -> core::fmt::Result {
    f.write_str(" ")?;
    f.write_str(word)?;
    for m in moves {
        write!(f, " {m}")?;
    }
    Ok(())
}

/// Writes ` word value` for each field that has a value.
pub(crate) fn write_numbers<T: core::fmt::Display>(
    f: &mut core::fmt::Formatter<'_>,
    fields: &[(&str, Option<T>)],
) -> core::fmt::Result {
    for (word, value) in fields {
        if let Some(v) = value {
            write!(f, " {word} {v}")?;
        }
    }
    Ok(())
}
