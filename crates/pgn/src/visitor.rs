//! What the reader tells a visitor, token by token.

use core::fmt;

/// Whether to skip what follows: the rest of a game's movetext, or a variation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Skip(pub bool);

/// A game's result, as its movetext ends (`1-0`, `0-1`, `1/2-1/2`, `*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, or the game goes on.
    Unknown,
}

impl GameResult {
    /// The result as PGN writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result a PGN token stands for.
    pub fn from_token(token: &[u8]) -> Option<GameResult> {
        match token {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Reads a result token (`1-0`, `0-1`, `1/2-1/2`, `*`).
///
/// ```
/// use lerf_pgn::GameResult;
/// assert_eq!("1/2-1/2".parse(), Ok(GameResult::Draw));
/// assert!("½-½".parse::<GameResult>().is_err());
/// ```
impl core::str::FromStr for GameResult {
    type Err = UnknownResult;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameResult::from_token(s.as_bytes()).ok_or(UnknownResult)
    }
}

/// The text given to [`GameResult::from_str`](core::str::FromStr) is no PGN result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UnknownResult;

impl fmt::Display for UnknownResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a game result (expected 1-0, 0-1, 1/2-1/2 or *)")
    }
}

impl std::error::Error for UnknownResult {}

// As PGN writes it (`1-0`, `1/2-1/2`, ...).
#[cfg(feature = "serde")]
lerf_types::__serde_as_text!(GameResult);

/// A tag value as it stands between the quotes, escapes (`\"`, `\\`) included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RawTag<'a>(pub &'a [u8]);

impl RawTag<'_> {
    /// The value with its escapes resolved, as text (invalid UTF-8 replaced).
    pub fn decode(&self) -> String {
        let mut out = Vec::with_capacity(self.0.len());
        let mut bytes = self.0.iter();
        while let Some(&b) = bytes.next() {
            match (b, bytes.as_slice().first()) {
                (b'\\', Some(&next @ (b'"' | b'\\'))) => {
                    out.push(next);
                    bytes.next();
                }
                _ => out.push(b),
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// Receives a game from the [`Reader`](crate::Reader), token by token, and makes the
/// `Output` that reading the game gives. Every method but `end_game` has a default that
/// ignores the token. A method that returns an error refuses that token, not the game: the
/// reader hands the error back through [`error`](Visitor::error) with the game, line and
/// column, and reads on as python-chess does (a refused move skips the rest of its line:
/// the variation, or the mainline up to the game's end).
///
/// ```
/// use lerf_pgn::{Reader, Visitor};
///
/// /// Counts the moves of each game's mainline.
/// struct MoveCounter { moves: usize, depth: usize }
///
/// impl Visitor for MoveCounter {
///     type Output = usize;
///     type Error = std::convert::Infallible;
///     fn begin_game(&mut self) { self.moves = 0; self.depth = 0; }
///     fn san(&mut self, _san: &[u8]) -> Result<(), Self::Error> {
///         self.moves += usize::from(self.depth == 0);
///         Ok(())
///     }
///     fn begin_variation(&mut self) -> Result<lerf_pgn::Skip, Self::Error> {
///         Ok(lerf_pgn::Skip(true)) // variations are not counted, so not even read
///     }
///     fn end_game(&mut self) -> usize { self.moves }
/// }
///
/// let pgn = "[Event \"?\"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 { main } 1-0\n\n1. d4 *\n";
/// let mut reader = Reader::new(pgn.as_bytes());
/// let mut counter = MoveCounter { moves: 0, depth: 0 };
/// let counts: Vec<usize> = std::iter::from_fn(|| reader.read_game(&mut counter))
///     .map(|game| game.unwrap())
///     .collect();
/// assert_eq!(counts, [3, 1]);
/// ```
pub trait Visitor {
    /// What reading one game gives.
    type Output;
    /// Why the visitor refuses a game.
    type Error: fmt::Display;

    /// A new game starts.
    fn begin_game(&mut self) {}

    /// A tag pair.
    ///
    /// # Errors
    ///
    /// The visitor refuses the token: it is recorded and passed over.
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), Self::Error> {
        let _ = (name, value);
        Ok(())
    }

    /// The tags are over and the movetext follows: `Skip(true)` skips it (the reader then
    /// only looks for the game's end) and goes straight to `end_game`.
    ///
    /// # Errors
    ///
    /// The visitor cannot read the movetext (a bad `FEN` tag, say): it is skipped, as with
    /// `Skip(true)`.
    fn begin_movetext(&mut self) -> Result<Skip, Self::Error> {
        Ok(Skip(false))
    }

    /// A move in SAN as python-chess's tokenizer finds it (`Nf3`, `exd6`, `e8=Q`, `O-O`,
    /// `--`, also long forms such as `Ng1-f3`), with the `+` or `#` written right after it,
    /// if any (a `!`/`?` annotation comes as a NAG).
    ///
    /// # Errors
    ///
    /// The visitor refuses the move (an illegal one, say): the rest of its line is skipped.
    fn san(&mut self, san: &[u8]) -> Result<(), Self::Error> {
        let _ = san;
        Ok(())
    }

    /// A numeric annotation glyph: `$n`, or `!` (1), `?` (2), `!!` (3), `??` (4), `!?` (5),
    /// `?!` (6).
    ///
    /// # Errors
    ///
    /// The visitor refuses the token: it is recorded and passed over.
    fn nag(&mut self, nag: u8) -> Result<(), Self::Error> {
        let _ = nag;
        Ok(())
    }

    /// A `{ ... }` comment, without the braces and one space on each side.
    ///
    /// # Errors
    ///
    /// The visitor refuses the token: it is recorded and passed over.
    fn comment(&mut self, comment: &[u8]) -> Result<(), Self::Error> {
        let _ = comment;
        Ok(())
    }

    /// A variation begins (an alternative to the last move): `Skip(true)` skips it.
    ///
    /// # Errors
    ///
    /// The visitor refuses the variation: it is recorded and skipped.
    fn begin_variation(&mut self) -> Result<Skip, Self::Error> {
        Ok(Skip(false))
    }

    /// The variation begun last ends (also for a skipped one).
    ///
    /// # Errors
    ///
    /// The visitor refuses the token: it is recorded and passed over.
    fn end_variation(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }

    /// The result at the end of the movetext.
    ///
    /// # Errors
    ///
    /// The visitor refuses the token: it is recorded and passed over.
    fn result(&mut self, result: GameResult) -> Result<(), Self::Error> {
        let _ = result;
        Ok(())
    }

    /// Something in the game that the reader recovered from: a refused token (with this
    /// visitor's error), or damage the reader passed over (see
    /// [`PgnErrorKind`](crate::PgnErrorKind)). At most
    /// [`MAX_ERRORS_PER_GAME`](crate::MAX_ERRORS_PER_GAME) a game come here. The default
    /// drops it; [`GameBuilder`](crate::GameBuilder) and [`Replay`](crate::Replay) keep
    /// them with the game.
    fn error(&mut self, error: crate::PgnError<Self::Error>) {
        let _ = error;
    }

    /// The game is over (also when the input failed inside it: the output is then
    /// dropped).
    fn end_game(&mut self) -> Self::Output;
}
