//! Errors the reader reports: which game, which line, which token, and why.

use core::fmt;

/// What was wrong with a game, or with the input.
#[derive(Debug)]
#[non_exhaustive]
pub enum PgnErrorKind<E> {
    /// The input could not be read.
    Io(std::io::Error),
    /// A tag that is not `[Name "value"]`.
    BadTag,
    /// A character that starts no PGN token.
    UnexpectedCharacter,
    /// A `{` comment, or a tag value, that the input ends inside of.
    Unterminated,
    /// A token longer than the reader takes (see `Reader::with_max_token`).
    TokenTooLong,
    /// A NAG above 255.
    BadNag,
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`](crate::MAX_VARIATION_DEPTH).
    TooDeep,
    /// The visitor refused the game (an illegal move, say).
    Visitor(E),
}

/// A game the reader could not read, with where it went wrong. The reader goes on with the
/// next game.
#[derive(Debug)]
pub struct PgnError<E> {
    /// The game's number in the input, from 1.
    pub game: usize,
    /// The line of the token at fault, from 1.
    pub line: usize,
    /// The token at fault (cut to 32 characters).
    pub token: String,
    /// What is wrong.
    pub kind: PgnErrorKind<E>,
}

impl<E> PgnError<E> {
    pub(crate) fn new(game: usize, line: usize, token: &[u8], kind: PgnErrorKind<E>) -> Self {
        let token = String::from_utf8_lossy(token);
        let token = match token.char_indices().nth(32) {
            Some((end, _)) => format!("{}…", &token[..end]),
            None => token.into_owned(),
        };
        PgnError { game, line, token, kind }
    }
}

impl<E: fmt::Display> fmt::Display for PgnError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, line {}, token {:?}: ", self.game, self.line, self.token)?;
        match &self.kind {
            PgnErrorKind::Io(e) => write!(f, "cannot read the input: {e}"),
            PgnErrorKind::BadTag => write!(f, "not a tag pair [Name \"value\"]"),
            PgnErrorKind::UnexpectedCharacter => write!(f, "no PGN token starts like this"),
            PgnErrorKind::Unterminated => write!(f, "the input ends inside it"),
            PgnErrorKind::TokenTooLong => write!(f, "longer than the reader's limit"),
            PgnErrorKind::BadNag => write!(f, "a NAG goes from $0 to $255"),
            PgnErrorKind::TooDeep => {
                write!(f, "variations nested deeper than {}", crate::MAX_VARIATION_DEPTH)
            }
            PgnErrorKind::Visitor(e) => write!(f, "{e}"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for PgnError<E> {}
