//! What can go wrong: damage in a game, which the reader records and reads past
//! ([`PgnError`]), the input failing, which ends the reading ([`ReadError`]), and a game
//! that cannot be replayed ([`ReplayError`]).

use core::fmt;
use lerf_position::FenError;
use lerf_san::SanError;
use lerf_san::loose::LooseSanError;

/// What was wrong in a game. The reader recovered from each of these as python-chess 1.11
/// does; [`is_python_chess_error`](PgnErrorKind::is_python_chess_error) tells the ones that
/// python-chess also records in `Game.errors` (the rest it passes over without a word).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PgnErrorKind<E> {
    /// A line starting with `[` in the tags that is not `[Name "value"]`: ignored.
    BadTag,
    /// A line starting with `[` inside movetext (the next game's tags, with no empty line
    /// before them, most often): read as movetext, as python-chess does.
    TagInMovetext,
    /// A word that holds no PGN token: passed over.
    UnknownToken,
    /// A `(` before any move it could be an alternative to: ignored.
    VariationBeforeMove,
    /// A `)` with no `(`: ignored.
    UnmatchedParenthesis,
    /// A result token inside a variation: not a move, so the variation's rest is skipped.
    ResultInVariation,
    /// A `{` comment that the input ends inside of: it takes the rest of the input.
    Unterminated,
    /// A comment or tag line longer than the reader keeps (see `Reader::with_max_token`):
    /// skipped.
    TokenTooLong,
    /// A NAG above 255: dropped.
    BadNag,
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`](crate::MAX_VARIATION_DEPTH):
    /// the deeper one is skipped.
    TooDeep,
    /// The visitor refused a token (an illegal or ambiguous move, say, whose line is then
    /// skipped: the rest of the variation, or of the mainline).
    Visitor(E),
}

impl<E> PgnErrorKind<E> {
    /// Whether python-chess records this in `Game.errors` too: a token the visitor refused
    /// (an illegal, ambiguous or invalid move, a bad `FEN` tag) or a result read as a move.
    pub fn is_python_chess_error(&self) -> bool {
        matches!(self, PgnErrorKind::Visitor(_) | PgnErrorKind::ResultInVariation)
    }
}

/// Something wrong in a game, where it is, and what the reader did about it (see
/// [`PgnErrorKind`]). The reader goes on reading the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError<E> {
    /// The game's number in the input, from 1.
    pub game: usize,
    /// The line of the token at fault, from 1 (`\n`, `\r\n` and a lone `\r` end lines).
    pub line: usize,
    /// The column of the token's first byte, in bytes from 1.
    pub column: usize,
    /// The token at fault (cut to 32 characters).
    pub token: String,
    /// What is wrong.
    pub kind: PgnErrorKind<E>,
}

impl<E> PgnError<E> {
    pub(crate) fn new(
        game: usize,
        line: usize,
        column: usize,
        token: &[u8],
        kind: PgnErrorKind<E>,
    ) -> Self {
        let token = String::from_utf8_lossy(token);
        let token = match token.char_indices().nth(32) {
            Some((end, _)) => format!("{}…", &token[..end]),
            None => token.into_owned(),
        };
        PgnError { game, line, column, token, kind }
    }

    /// The same error with the visitor's part turned by `f` (to keep errors of visitors of
    /// different types together, say).
    pub fn map<F>(self, f: impl FnOnce(E) -> F) -> PgnError<F> {
        let kind = match self.kind {
            PgnErrorKind::BadTag => PgnErrorKind::BadTag,
            PgnErrorKind::TagInMovetext => PgnErrorKind::TagInMovetext,
            PgnErrorKind::UnknownToken => PgnErrorKind::UnknownToken,
            PgnErrorKind::VariationBeforeMove => PgnErrorKind::VariationBeforeMove,
            PgnErrorKind::UnmatchedParenthesis => PgnErrorKind::UnmatchedParenthesis,
            PgnErrorKind::ResultInVariation => PgnErrorKind::ResultInVariation,
            PgnErrorKind::Unterminated => PgnErrorKind::Unterminated,
            PgnErrorKind::TokenTooLong => PgnErrorKind::TokenTooLong,
            PgnErrorKind::BadNag => PgnErrorKind::BadNag,
            PgnErrorKind::TooDeep => PgnErrorKind::TooDeep,
            PgnErrorKind::Visitor(e) => PgnErrorKind::Visitor(f(e)),
        };
        PgnError { game: self.game, line: self.line, column: self.column, token: self.token, kind }
    }
}

impl<E: fmt::Display> fmt::Display for PgnErrorKind<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnErrorKind::BadTag => f.write_str("not a tag pair [Name \"value\"]; line ignored"),
            PgnErrorKind::TagInMovetext => f.write_str(
                "a tag line inside movetext (no empty line before it?); read as movetext",
            ),
            PgnErrorKind::UnknownToken => f.write_str("no PGN token; passed over"),
            PgnErrorKind::VariationBeforeMove => {
                f.write_str("a variation before any move; '(' ignored")
            }
            PgnErrorKind::UnmatchedParenthesis => f.write_str("a ')' with no '('; ignored"),
            PgnErrorKind::ResultInVariation => {
                f.write_str("a result inside a variation; the variation's rest skipped")
            }
            PgnErrorKind::Unterminated => f.write_str("the input ends inside this comment"),
            PgnErrorKind::TokenTooLong => f.write_str("longer than the reader's limit; skipped"),
            PgnErrorKind::BadNag => f.write_str("a NAG goes from $0 to $255; dropped"),
            PgnErrorKind::TooDeep => {
                write!(f, "variations nested deeper than {}; skipped", crate::MAX_VARIATION_DEPTH)
            }
            PgnErrorKind::Visitor(e) => write!(f, "{e}"),
        }
    }
}

impl<E: fmt::Display> fmt::Display for PgnError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, column {}, token {:?}: {}",
            self.game, self.line, self.column, self.token, self.kind
        )
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for PgnError<E> {}

/// The input failed (an I/O error, a corrupt or truncated compressed stream): reading
/// stops. Every game before `game` was read whole.
#[derive(Debug)]
pub struct ReadError {
    /// The game being read when the input failed, from 1 (0 before the first).
    pub game: usize,
    /// The line reached, from 1.
    pub line: usize,
    /// The bytes of PGN read before the failure.
    pub offset: u64,
    /// What the input said.
    pub source: std::io::Error,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "game {}, line {}, after {} bytes of PGN: cannot read the input: {}",
            self.game, self.line, self.offset, self.source
        )
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

/// Why [`Replay`](crate::Replay) refused a game.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayError {
    /// The `FEN` tag does not hold a position (lerf refuses impossible ones, which
    /// python-chess sets up): no move is played.
    Fen(FenError),
    /// A move that is not legal (or not SAN) where it stands.
    San(SanError),
    /// A null move while in check, which lerf cannot play.
    NullMoveInCheck,
    /// The `FEN` tag of a variant game (Atomic, Crazyhouse ...) is not a FEN of that
    /// variant (python-chess's words): no move is played.
    VariantFen(String),
    /// A move of a variant game that is not legal (or not SAN) where it stands.
    VariantSan {
        /// The move's text (cut to 16 characters).
        text: String,
        /// What is wrong with it.
        error: LooseSanError,
    },
    /// A `Variant` python-chess does not know either: the game is played as standard
    /// chess, as python-chess plays it.
    UnknownVariant(String),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Fen(e) => e.fmt(f),
            ReplayError::San(e) => e.fmt(f),
            ReplayError::NullMoveInCheck => f.write_str("a null move in check"),
            ReplayError::VariantFen(e) => write!(f, "variant fen: {e}"),
            ReplayError::VariantSan { text, error } => write!(f, "{error}: {text:?}"),
            ReplayError::UnknownVariant(v) => {
                write!(f, "unknown variant {v:?}; played as standard chess")
            }
        }
    }
}

impl std::error::Error for ReplayError {}
