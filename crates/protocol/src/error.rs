//! What can be wrong with a line: the token the parser stopped at, where it is, and what
//! was expected there.

use core::fmt;

/// A token a parser could not use (or the end of a line where more was needed).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// The token, cut to [`ParseError::TOKEN_LIMIT`] bytes; empty at the end of the line.
    pub token: TokenText,
    /// The byte offset of the token in the line (the line's length at its end).
    pub at: usize,
    /// What the parser wanted there, e.g. `"a number after depth"`.
    pub expected: &'static str,
}

impl ParseError {
    /// How much of a token an error keeps.
    pub const TOKEN_LIMIT: usize = 64;

    pub(crate) fn new(token: &str, at: usize, expected: &'static str) -> ParseError {
        ParseError { token: TokenText::new(token, Self::TOKEN_LIMIT), at, expected }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.token.is_empty() {
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

/// A token kept for an error message: at most a fixed number of bytes, cut at a character
/// boundary (a whole line of garbage is not kept).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct TokenText(String);

impl TokenText {
    pub(crate) fn new(text: &str, limit: usize) -> TokenText {
        let mut end = text.len().min(limit);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        TokenText(text[..end].to_owned())
    }

    /// The kept text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether nothing is kept (the error is at the end of a line).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

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
        assert_eq!(ParseError::new(&long, 0, "x").token.as_str().len(), 64);
    }
}
