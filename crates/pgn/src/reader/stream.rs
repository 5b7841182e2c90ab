//! The [`Reader`]: its state, the calls a user makes, and how recovered problems reach the
//! visitor.

use super::limits::{DEFAULT_MAX_TOKEN, MAX_ERRORS_PER_GAME};
use crate::error::{PgnError, PgnErrorKind, ReadError};
use crate::visitor::{Skip, Visitor};
use std::io::Read;

/// Reads PGN games one at a time from any [`Read`] (a [`BufRead`](std::io::BufRead) such as
/// a file in a `BufReader`, `&[u8]`, stdin, or a [`ZstdReader`](crate::ZstdReader) for
/// `.pgn.zst`), calling a [`Visitor`] for each token.
///
/// It reads what python-chess 1.11's `read_game` reads, game for game: the same games, the
/// same tags, the same mainline up to the same point. Damage does not drop a game: a
/// malformed tag line is ignored, an unknown token passed over, an illegal or ambiguous
/// move ends its line (the rest of a variation, or of the mainline), each recorded through
/// [`Visitor::error`] with its line and column. A game ends at an empty line after its
/// movetext or at the end of the input (not at a result token, nor at a tag line: a game
/// that runs into the next one's tags without an empty line reads them as movetext, as
/// python-chess does). `\n`, `\r\n` and a lone `\r` all end lines.
///
/// It keeps one buffer, which grows only as far as the longest comment or tag line (up to
/// [`DEFAULT_MAX_TOKEN`]; longer ones are skipped and recorded), so memory stays constant
/// over a file of any size, and it allocates nothing per move.
///
/// ```
/// use lerf_pgn::{GameBuilder, Reader};
///
/// let pgn = "[White \"Anderssen\"]\n[Black \"Dufresne\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 d5 *\n";
/// let mut reader = Reader::new(pgn.as_bytes());
/// let mut builder = GameBuilder::new();
/// let first = reader.read_game(&mut builder).unwrap()?;
/// assert_eq!(first.tag("White"), Some("Anderssen"));
/// assert_eq!(first.mainline_sans(), ["e4", "e5", "Nf3", "Nc6"]);
/// let second = reader.read_game(&mut builder).unwrap()?;
/// assert_eq!(second.mainline_sans(), ["d4", "d5"]);
/// assert!(reader.read_game(&mut builder).is_none());
/// # Ok::<(), lerf_pgn::ReadError>(())
/// ```
pub struct Reader<R> {
    pub(super) inner: R,
    pub(super) buf: Vec<u8>,
    /// Next unread byte.
    pub(super) pos: usize,
    /// End of the bytes read into `buf`.
    pub(super) end: usize,
    pub(super) eof: bool,
    pub(super) io_error: Option<std::io::Error>,
    /// Line ends in the bytes already dropped from the front of `buf`.
    pub(super) lines_before: usize,
    /// Whether the last byte dropped was a `\r` (a `\n` first in `buf` then ends no line).
    pub(super) cr_before: bool,
    /// Offset in the input of the start of the line the dropped bytes end in.
    pub(super) line_start: u64,
    /// Bytes already dropped from the front of `buf`.
    pub(super) bytes_before: u64,
    /// Games started so far.
    pub(super) game: usize,
    /// Input offset of the first line of the game started last.
    pub(super) game_start: u64,
    /// Problems recovered from in the current game.
    pub(super) errors_in_game: usize,
    pub(super) max_token: usize,
    /// The ply count of each open variation's parent line (reused from game to game).
    pub(super) plies: Vec<u32>,
}

impl<R: Read> Reader<R> {
    /// A reader of `inner`.
    pub fn new(inner: R) -> Reader<R> {
        Reader {
            inner,
            buf: Vec::new(),
            pos: 0,
            end: 0,
            eof: false,
            io_error: None,
            lines_before: 0,
            cr_before: false,
            line_start: 0,
            bytes_before: 0,
            game: 0,
            game_start: 0,
            errors_in_game: 0,
            max_token: DEFAULT_MAX_TOKEN,
            plies: Vec::new(),
        }
    }

    /// The same reader with another limit on the longest comment or tag line kept whole,
    /// in bytes (at least 1 KiB).
    #[must_use]
    pub fn with_max_token(mut self, bytes: usize) -> Reader<R> {
        self.max_token = bytes.max(1024);
        self
    }

    /// How many games have been started so far.
    pub fn games(&self) -> usize {
        self.game
    }

    /// How many problems the reader recovered from in the game read last (all of them,
    /// also those past [`MAX_ERRORS_PER_GAME`] that the visitor did not get).
    pub fn errors_in_game(&self) -> usize {
        self.errors_in_game
    }

    /// The input offset of the first line of the game read last (0 before any game): where
    /// the input can be cut so that the part from here on starts with this game, which is
    /// how [`GameChunks`](crate::GameChunks) cuts.
    pub fn game_offset(&self) -> u64 {
        self.game_start
    }

    /// The input, as given to [`Reader::new`].
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    /// The input, as given to [`Reader::new`]. Reading from it directly loses the reader's
    /// place.
    pub fn get_mut(&mut self) -> &mut R {
        &mut self.inner
    }

    /// How many bytes of the input have been read through (for progress reports).
    pub fn bytes_read(&self) -> u64 {
        self.bytes_before + self.pos as u64
    }

    /// The next game, read through `visitor`: `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// Only the input failing (an I/O error, a corrupt compressed stream) is an error: the
    /// game it cut short is not given, and the next call returns `None`. Damage in the PGN
    /// itself reaches the visitor through [`Visitor::error`], and the game is read on.
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, ReadError>> {
        if !self.skip_to_game() {
            return self.io_error.take().map(|e| Err(self.read_error(e)));
        }
        self.start_game();
        visitor.begin_game();
        self.read_tags(visitor);
        match visitor.begin_movetext() {
            Ok(Skip(false)) => self.read_movetext(visitor),
            Ok(Skip(true)) => self.skip_movetext(),
            Err(e) => {
                self.record(visitor, 0, PgnErrorKind::Visitor(e));
                self.skip_movetext();
            }
        }
        let output = visitor.end_game();
        match self.io_error.take() {
            Some(e) => Some(Err(self.read_error(e))),
            None => Some(Ok(output)),
        }
    }

    /// Skips the next game without looking at its moves: `None` at the end of the input.
    pub fn skip_game(&mut self) -> Option<()> {
        if !self.skip_to_game() {
            return None;
        }
        self.start_game();
        self.skip_tags();
        self.skip_movetext();
        Some(())
    }

    pub(super) fn start_game(&mut self) {
        self.game += 1;
        self.game_start = self.bytes_read();
        self.errors_in_game = 0;
    }

    /// Hands a recovered problem about the `len` bytes at `pos` to the visitor (the first
    /// [`MAX_ERRORS_PER_GAME`] of a game), with the game, line and column.
    #[cold]
    pub(super) fn record<V: Visitor>(
        &mut self,
        visitor: &mut V,
        len: usize,
        kind: PgnErrorKind<V::Error>,
    ) {
        self.errors_in_game += 1;
        if self.errors_in_game <= MAX_ERRORS_PER_GAME {
            let len = len.min(self.end - self.pos).min(64);
            let token = self.slice(len);
            visitor.error(PgnError::new(self.game, self.line(), self.column(), token, kind));
        }
    }

    pub(super) fn read_error(&self, source: std::io::Error) -> ReadError {
        ReadError { game: self.game, line: self.line(), offset: self.bytes_read(), source }
    }
}
