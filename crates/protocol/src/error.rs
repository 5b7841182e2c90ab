//! What can be wrong with a line: the token the parser stopped at, where it is, and what
//! was expected there.

use core::fmt;
use lerf_types::Excerpt;

/// A token a parser could not use (or the end of a line where more was needed).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// The token (its first 32 bytes, as lerf's other errors keep them); empty at the end of
    /// the line.
    pub token: Excerpt,
    /// The byte offset of the token in the line (the line's length at its end).
    pub at: usize,
    /// What the parser wanted there, e.g. `"a number after depth"`.
    pub expected: &'static str,
}

impl ParseError {
    pub(crate) fn new(token: &str, at: usize, expected: &'static str) -> ParseError {
        ParseError { token: Excerpt::from(token), at, expected }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.as_str().is_empty() {
            write!(f, "at the end of the line (byte {}): expected {}", self.at, self.expected)
        } else {
            write!(
                f,
                "at byte {}, token {:?}: expected {}",
                self.at,
                self.token.as_str(),
                self.expected
            )
        }
    }
}

impl std::error::Error for ParseError {}

/// A move of a message that is not legal where it is played: its index in the message's
/// list (a pv, `searchmoves`, `bestmove` and its ponder move) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The move's index, from 0.
    pub index: usize,
    /// Why it is not legal there.
    pub error: lerf_position::UciError,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for MoveError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_token_and_where_it_is_and_cut_long_tokens_at_a_char_boundary() {
        let e = ParseError::new("x1", 9, "a number after depth");
        assert_eq!(e.to_string(), "at byte 9, token \"x1\": expected a number after depth");
        let end = ParseError::new("", 5, "a move after bestmove");
        assert_eq!(
            end.to_string(),
            "at the end of the line (byte 5): expected a move after bestmove"
        );
        let long = "é".repeat(40);
        assert_eq!(ParseError::new(&long, 0, "x").token.as_str().len(), Excerpt::CAPACITY);
    }
}
