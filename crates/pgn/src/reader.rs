//! The streaming reader: PGN bytes in, visitor calls out, one game at a time.

use crate::error::{PgnError, PgnErrorKind};
use crate::visitor::{GameResult, RawTag, Skip, Visitor};
use std::io::{ErrorKind as IoKind, Read};

/// How many bytes the reader asks its input for at a time.
const CHUNK: usize = 64 * 1024;

/// How many bytes the movetext loop keeps in the buffer ahead of it, so that short tokens
/// (moves, numbers, results) are read from a slice with no check for more input.
const LOOKAHEAD: usize = 64;

/// The longest SAN the reader passes on, suffix included (`Qh4xe1+` is 7; python-chess's
/// longest forms, such as `Ng1-f3`, fit well within).
const MAX_SAN: usize = 16;
const _: () = assert!(LOOKAHEAD > MAX_SAN + 1, "the look-ahead holds any SAN and its suffix");

/// The default for the longest token (a comment, usually) the reader takes.
pub const DEFAULT_MAX_TOKEN: usize = 16 * 1024 * 1024;

/// How deep variations may nest: deeper, the game is refused. Real games rarely pass ten;
/// the limit keeps what visitors build (a tree of lines, a stack of positions) and the
/// recursion over it bounded, whatever the input.
pub const MAX_VARIATION_DEPTH: usize = 256;

/// Reads PGN games one at a time from any [`Read`] (a [`BufRead`](std::io::BufRead) such as
/// a file in a `BufReader`, `&[u8]`, or stdin), calling a [`Visitor`] for each token.
///
/// It keeps one buffer, which grows only as far as the longest token (a comment, usually,
/// up to [`DEFAULT_MAX_TOKEN`]), so memory stays constant over a file of any size, and it
/// allocates nothing per move. It reads what real files hold: a UTF-8 byte order mark,
/// CRLF line ends, `%` escape lines, `;` and `{}` comments, NAGs and `!?` annotations, nested
/// variations, move numbers as `12.` or `12...`. As in python-chess, a game ends at an
/// empty line after its movetext (or where the next game's tags begin, or at the end of the
/// input), and a result token does not end it.
///
/// A game that cannot be read gives a [`PgnError`] with the game's number, the line and the
/// token, and the reader goes on with the next game.
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
/// # Ok::<(), lerf_pgn::PgnError<std::convert::Infallible>>(())
/// ```
pub struct Reader<R> {
    inner: R,
    buf: Vec<u8>,
    /// Next unread byte.
    pos: usize,
    /// End of the bytes read into `buf`.
    end: usize,
    eof: bool,
    io_error: Option<std::io::Error>,
    /// Newlines in the bytes already dropped from the front of `buf`.
    lines_before: usize,
    /// Bytes already dropped from the front of `buf`.
    bytes_before: u64,
    /// Games started so far.
    game: usize,
    max_token: usize,
    /// Whether the byte order mark check has been done.
    started: bool,
}

/// How a token of movetext is read, and where the game stands.
struct Movetext {
    /// Variations entered (and read).
    depth: usize,
    /// Variations being skipped (nesting within the skipped one), 0 when reading.
    skip_depth: usize,
    /// Whether the current line (mainline or variation) has a move yet: a `(` before any
    /// move is ignored, as in python-chess.
    line_has_move: bool,
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
            bytes_before: 0,
            game: 0,
            max_token: DEFAULT_MAX_TOKEN,
            started: false,
        }
    }

    /// The same reader with another limit on the longest token, in bytes (at least 1 KiB).
    #[must_use]
    pub fn with_max_token(mut self, bytes: usize) -> Reader<R> {
        self.max_token = bytes.max(1024);
        self
    }

    /// How many games have been started so far.
    pub fn games(&self) -> usize {
        self.game
    }

    /// How many bytes of the input have been read through (for progress reports).
    pub fn bytes_read(&self) -> u64 {
        self.bytes_before + self.pos as u64
    }

    /// The next game, read through `visitor`: `None` at the end of the input.
    pub fn read_game<V: Visitor>(
        &mut self,
        visitor: &mut V,
    ) -> Option<Result<V::Output, PgnError<V::Error>>> {
        if !self.skip_to_game() {
            return self.io_error.take().map(|e| Err(self.error(&[], PgnErrorKind::Io(e))));
        }
        self.game += 1;
        visitor.begin_game();
        let mut in_tags = true;
        match self.read_tags_and_movetext(visitor, &mut in_tags) {
            Ok(()) => Some(Ok(visitor.end_game())),
            Err(e) => {
                if in_tags {
                    self.skip_tag_section();
                }
                self.skip_rest_of_game();
                visitor.end_game();
                Some(Err(e))
            }
        }
    }

    /// Skips the next game without looking at its moves: `None` at the end of the input.
    pub fn skip_game(&mut self) -> Option<()> {
        if !self.skip_to_game() {
            return None;
        }
        self.game += 1;
        if self.peek() == Some(b'[') {
            self.skip_tag_section();
        }
        self.skip_rest_of_game();
        Some(())
    }

    // ----- the buffer -----

    /// Reads more input. Drops the bytes before `pos` first; returns false when nothing
    /// more comes (end of input, an error, or a token at the size limit).
    fn fill(&mut self) -> bool {
        if self.eof {
            return false;
        }
        if self.pos > 0 {
            self.lines_before += memchr::memchr_iter(b'\n', &self.buf[..self.pos]).count();
            self.bytes_before += self.pos as u64;
            self.buf.copy_within(self.pos..self.end, 0);
            self.end -= self.pos;
            self.pos = 0;
        }
        if self.end == self.buf.len() {
            if self.buf.len() >= self.max_token + CHUNK {
                return false;
            }
            self.buf.resize(self.buf.len() + CHUNK, 0);
        }
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return false;
                }
                Ok(n) => {
                    self.end += n;
                    return true;
                }
                Err(e) if e.kind() == IoKind::Interrupted => {}
                Err(e) => {
                    self.io_error = Some(e);
                    self.eof = true;
                    return false;
                }
            }
        }
    }

    /// Reads until the buffer holds `LOOKAHEAD` bytes past `pos`, or the input ends.
    #[inline]
    fn look_ahead(&mut self) {
        while self.end - self.pos < LOOKAHEAD && self.fill() {}
    }

    /// The bytes read and not yet consumed.
    #[inline]
    fn available(&self) -> &[u8] {
        &self.buf[self.pos..self.end]
    }

    /// The byte `offset` past `pos`, reading more input if needed.
    #[inline]
    fn peek_at(&mut self, offset: usize) -> Option<u8> {
        while self.pos + offset >= self.end {
            if !self.fill() {
                return None;
            }
        }
        Some(self.buf[self.pos + offset])
    }

    #[inline]
    fn peek(&mut self) -> Option<u8> {
        self.peek_at(0)
    }

    /// The offset from `pos` of the first byte at or after `from` that `find` finds in a
    /// slice, reading more input as needed; `None` if the input ends first.
    fn find(&mut self, mut from: usize, find: impl Fn(&[u8]) -> Option<usize>) -> Option<usize> {
        loop {
            let start = self.pos + from;
            if start < self.end {
                if let Some(i) = find(&self.buf[start..self.end]) {
                    return Some(from + i);
                }
                from = self.end - self.pos;
            }
            if !self.fill() {
                return None;
            }
        }
    }

    /// The length of the run of bytes from `pos` for which `keep` holds.
    fn run_length(&mut self, keep: impl Fn(u8) -> bool) -> usize {
        self.find(0, |s| s.iter().position(|&b| !keep(b))).unwrap_or(self.end - self.pos)
    }

    /// The bytes `pos..pos + len` (which must be in the buffer).
    fn slice(&self, len: usize) -> &[u8] {
        &self.buf[self.pos..self.pos + len]
    }

    /// How many bytes of the current line are in the buffer from `pos`.
    fn line_len(&self) -> usize {
        memchr::memchr(b'\n', &self.buf[self.pos..self.end]).unwrap_or(self.end - self.pos)
    }

    /// The line of the byte at `pos`, from 1.
    fn line(&self) -> usize {
        1 + self.lines_before + memchr::memchr_iter(b'\n', &self.buf[..self.pos]).count()
    }

    fn error<E>(&self, token: &[u8], kind: PgnErrorKind<E>) -> PgnError<E> {
        PgnError::new(self.game, self.line(), token, kind)
    }

    /// An error about the `len` bytes at `pos`.
    fn error_here<E>(&self, len: usize, kind: PgnErrorKind<E>) -> PgnError<E> {
        let len = len.min(self.end - self.pos).min(64);
        self.error(self.slice(len), kind)
    }

    // ----- lines -----

    /// Skips to the end of the line (the newline itself is left).
    fn skip_line(&mut self) {
        match self.find(0, |s| memchr::memchr(b'\n', s)) {
            Some(i) => self.pos += i,
            None => self.pos = self.end,
        }
    }

    /// At the start of a line: whether it is empty (only spaces, tabs, a CR); if so, it is
    /// consumed with its newline.
    fn take_blank_line(&mut self) -> bool {
        let spaces = self.run_length(|b| matches!(b, b' ' | b'\t' | b'\r'));
        match self.peek_at(spaces) {
            Some(b'\n') => {
                self.pos += spaces + 1;
                true
            }
            None => {
                self.pos += spaces;
                true
            }
            Some(_) => false,
        }
    }

    /// Skips blank lines, `%` and `;` lines and the byte order mark up to the next game;
    /// false at the end of the input.
    fn skip_to_game(&mut self) -> bool {
        if !self.started {
            self.started = true;
            if self.peek_at(2).is_some() && self.slice(3) == b"\xef\xbb\xbf" {
                self.pos += 3;
            }
        }
        loop {
            let spaces = self.run_length(|b| b.is_ascii_whitespace());
            self.pos += spaces;
            match self.peek() {
                None => return false,
                Some(b'%' | b';') => self.skip_line(),
                Some(_) => return true,
            }
        }
    }

    // ----- tags -----

    fn read_tags_and_movetext<V: Visitor>(
        &mut self,
        v: &mut V,
        in_tags: &mut bool,
    ) -> Result<(), PgnError<V::Error>> {
        loop {
            let spaces = self.run_length(|b| b.is_ascii_whitespace());
            self.pos += spaces;
            match self.peek() {
                Some(b'[') => self.read_tag(v)?,
                Some(b'%' | b';') => self.skip_line(),
                _ => break,
            }
        }
        *in_tags = false;
        let Skip(skip) =
            v.begin_movetext().map_err(|e| self.error(&[], PgnErrorKind::Visitor(e)))?;
        if skip {
            self.skip_rest_of_game();
            return Ok(());
        }
        self.read_movetext(v)
    }

    /// `[Name "value"]`, with `\"` and `\\` escapes in the value.
    fn read_tag<V: Visitor>(&mut self, v: &mut V) -> Result<(), PgnError<V::Error>> {
        self.look_ahead();
        if let Some((name, close)) = plain_tag(self.available()) {
            let (pos, value_start) = (self.pos, name.end + 2);
            let name = &self.buf[pos + name.start..pos + name.end];
            if let Err(e) = v.tag(name, RawTag(&self.buf[pos + value_start..pos + close])) {
                return Err(self.error_here(close + 2, PgnErrorKind::Visitor(e)));
            }
            self.pos += close + 2;
            return Ok(());
        }
        let bad = |r: &Self| r.error_here(r.line_len(), PgnErrorKind::BadTag);
        let name_start = 1 + self.run_length_from(1, |b| b == b' ' || b == b'\t');
        let name_len = self.run_length_from(name_start, is_tag_name_byte);
        let space = self.run_length_from(name_start + name_len, |b| b == b' ' || b == b'\t');
        let quote = name_start + name_len + space;
        if name_len == 0 || space == 0 || self.peek_at(quote) != Some(b'"') {
            return Err(bad(self));
        }
        // The closing quote: the first one not escaped by a backslash.
        let mut i = quote + 1;
        let close = loop {
            let Some(found) = self.find(i, |s| memchr::memchr3(b'"', b'\\', b'\n', s)) else {
                return Err(self.error_here(64, PgnErrorKind::Unterminated));
            };
            let byte = self.buf[self.pos + found];
            match byte {
                // A backslash escapes the next byte, but never the line's end: a tag is one
                // line (found by fuzzing: an escaped newline read, then wrote, a broken tag).
                b'\\' if self.peek_at(found + 1) == Some(b'\n') => return Err(bad(self)),
                b'\\' => i = found + 2,
                b'"' => break found,
                _ => return Err(bad(self)),
            }
        };
        let after = close + 1 + self.run_length_from(close + 1, |b| b == b' ' || b == b'\t');
        if self.peek_at(after) != Some(b']') {
            return Err(bad(self));
        }
        let name = &self.buf[self.pos + name_start..self.pos + name_start + name_len];
        let value = RawTag(&self.buf[self.pos + quote + 1..self.pos + close]);
        if let Err(e) = v.tag(name, value) {
            return Err(self.error_here(after + 1, PgnErrorKind::Visitor(e)));
        }
        self.pos += after + 1;
        Ok(())
    }

    /// [`run_length`](Reader::run_length) starting `from` bytes past `pos`.
    fn run_length_from(&mut self, from: usize, keep: impl Fn(u8) -> bool) -> usize {
        self.find(from, |s| s.iter().position(|&b| !keep(b)))
            .map_or(self.end - self.pos - from.min(self.end - self.pos), |i| i - from)
    }

    // ----- movetext -----

    fn read_movetext<V: Visitor>(&mut self, v: &mut V) -> Result<(), PgnError<V::Error>> {
        let mut state = Movetext { depth: 0, skip_depth: 0, line_has_move: false };
        let mut line_start = false;
        loop {
            if line_start {
                line_start = false;
                if self.take_blank_line() {
                    return Ok(());
                }
                match self.peek() {
                    Some(b'%') => {
                        self.skip_line();
                        continue;
                    }
                    // The next game's tags, without an empty line before them.
                    Some(b'[') => return Ok(()),
                    _ => {}
                }
            }
            self.look_ahead();
            let Some(&b) = self.available().first() else { return Ok(()) };
            // The common bytes first, as tests the branch predictor follows well: a match
            // here compiled to a jump table that mispredicted on most tokens. Spaces come
            // after them: each token takes the spaces that follow it.
            if b.is_ascii_alphabetic() && state.skip_depth == 0 {
                self.san(v, &mut state)?;
            } else if b == b'{' {
                self.comment(v, &state)?;
            } else if b.is_ascii_digit() && state.skip_depth == 0 {
                self.number_or_result(v, &mut state)?;
            } else if b == b' ' {
                self.skip_filler();
            } else if b == b'\n' {
                self.pos += 1;
                line_start = true;
            } else {
                self.other_token(v, &mut state, b)?;
            }
        }
    }

    /// The rarer tokens of movetext.
    fn other_token<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut Movetext,
        b: u8,
    ) -> Result<(), PgnError<V::Error>> {
        match b {
            b'\t' | b'\r' | b'.' | b'+' | b'#' => {
                let run = self.available().iter().take_while(|&&c| is_filler(c)).count();
                self.pos += run;
            }
            b';' => self.skip_line(),
            b'(' => self.open_variation(v, state)?,
            b')' => self.close_variation(v, state)?,
            _ if state.skip_depth > 0 => self.skip_token(),
            b'$' => self.nag(v)?,
            b'!' | b'?' => self.annotation(v)?,
            b'*' => {
                if state.depth == 0 {
                    self.visit(1, |v| v.result(GameResult::Unknown), v)?;
                }
                self.pos += 1;
            }
            b'-' | b'@' => self.san(v, state)?,
            // An ellipsis written as one character, after a move number.
            0xe2 if self.peek_at(1) == Some(0x80) && self.peek_at(2) == Some(0xa6) => {
                self.pos += 3;
            }
            _ => return Err(self.error_here(utf8_len(b), PgnErrorKind::UnexpectedCharacter)),
        }
        Ok(())
    }

    /// Calls the visitor; its error is reported with the `len` bytes at `pos`.
    fn visit<V: Visitor>(
        &mut self,
        len: usize,
        call: impl FnOnce(&mut V) -> Result<(), V::Error>,
        v: &mut V,
    ) -> Result<(), PgnError<V::Error>> {
        call(v).map_err(|e| self.error_here(len, PgnErrorKind::Visitor(e)))
    }

    fn comment<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &Movetext,
    ) -> Result<(), PgnError<V::Error>> {
        // Most comments (clock times, evaluations) close within the look-ahead.
        let close = match find_nearby(&self.available()[1..], [b'}']) {
            Some(i) => Some(1 + i),
            None => self.find(1, |s| memchr::memchr(b'}', s)),
        };
        let Some(close) = close else {
            return Err(if self.end - self.pos >= self.max_token {
                self.error_here(32, PgnErrorKind::TokenTooLong)
            } else {
                self.error_here(32, PgnErrorKind::Unterminated)
            });
        };
        if state.skip_depth == 0 {
            // Without the braces, and one space on each side, as python-chess reads it.
            let mut text = &self.buf[self.pos + 1..self.pos + close];
            if let [b' ', rest @ ..] = text {
                text = rest;
            }
            if let [rest @ .., b' '] = text {
                text = rest;
            }
            if let Err(e) = v.comment(text) {
                return Err(self.error_here(close + 1, PgnErrorKind::Visitor(e)));
            }
        }
        self.pos += close + 1;
        self.skip_filler();
        Ok(())
    }

    fn open_variation<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut Movetext,
    ) -> Result<(), PgnError<V::Error>> {
        if state.skip_depth > 0 {
            state.skip_depth += 1;
        } else if state.line_has_move {
            match v.begin_variation() {
                Ok(Skip(true)) => state.skip_depth = 1,
                Ok(Skip(false)) if state.depth == MAX_VARIATION_DEPTH => {
                    return Err(self.error_here(1, PgnErrorKind::TooDeep));
                }
                Ok(Skip(false)) => {
                    state.depth += 1;
                    state.line_has_move = false;
                }
                Err(e) => return Err(self.error_here(1, PgnErrorKind::Visitor(e))),
            }
        }
        self.pos += 1;
        Ok(())
    }

    fn close_variation<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut Movetext,
    ) -> Result<(), PgnError<V::Error>> {
        let close = match state.skip_depth {
            0 if state.depth > 0 => {
                state.depth -= 1;
                state.line_has_move = true;
                true
            }
            0 => false, // a `)` with no `(`: ignored, as in python-chess
            1 => {
                state.skip_depth = 0;
                true
            }
            _ => {
                state.skip_depth -= 1;
                false
            }
        };
        if let Err(e) = if close { v.end_variation() } else { Ok(()) } {
            return Err(self.error_here(1, PgnErrorKind::Visitor(e)));
        }
        self.pos += 1;
        Ok(())
    }

    /// Skips a token inside a skipped variation.
    fn skip_token(&mut self) {
        let len = self.run_length(|b| !matches!(b, b'{' | b'(' | b')' | b'\n' | b';'));
        self.pos += len.max(1);
    }

    fn nag<V: Visitor>(&mut self, v: &mut V) -> Result<(), PgnError<V::Error>> {
        let digits = self.run_length_from(1, |b| b.is_ascii_digit());
        let value = self.slice(1 + digits)[1..].iter().try_fold(0u32, |n, &d| {
            n.checked_mul(10).and_then(|n| n.checked_add(u32::from(d - b'0')))
        });
        let Some(nag) = value.filter(|_| digits > 0).and_then(|n| u8::try_from(n).ok()) else {
            return Err(self.error_here(1 + digits, PgnErrorKind::BadNag));
        };
        if let Err(e) = v.nag(nag) {
            return Err(self.error_here(1 + digits, PgnErrorKind::Visitor(e)));
        }
        self.pos += 1 + digits;
        Ok(())
    }

    /// `!`, `?`, `!!`, `??`, `!?`, `?!` as NAGs 1 to 6.
    fn annotation<V: Visitor>(&mut self, v: &mut V) -> Result<(), PgnError<V::Error>> {
        let len = self.run_length(|b| b == b'!' || b == b'?').min(2);
        let nag = match self.slice(len) {
            b"!" => 1,
            b"?" => 2,
            b"!!" => 3,
            b"??" => 4,
            b"!?" => 5,
            _ => 6,
        };
        if let Err(e) = v.nag(nag) {
            return Err(self.error_here(len, PgnErrorKind::Visitor(e)));
        }
        self.pos += len;
        Ok(())
    }

    /// A move number (`12.`, `12...`, `12.e4`), a result, or castling with zeros.
    fn number_or_result<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut Movetext,
    ) -> Result<(), PgnError<V::Error>> {
        // Most are move numbers: digits, then a dot (what follows the dots is the next
        // token). Results and castling have no dot after their first digits.
        let available = self.available();
        let digits = available.iter().take_while(|b| b.is_ascii_digit()).count();
        if available.get(digits) == Some(&b'.') {
            self.pos += digits;
            self.skip_filler();
            return Ok(());
        }
        // The look-ahead holds any word short enough to be one of these.
        let len = self.available().iter().take_while(|&&b| is_word_byte(b)).count();
        let word = self.slice(len);
        if let Some(result) = GameResult::from_token(word) {
            if state.depth == 0 {
                self.visit(len, |v| v.result(result), v)?;
            }
            self.pos += len;
            return Ok(());
        }
        if word.starts_with(b"0-0") || word.starts_with(b"0000") {
            return self.san(v, state);
        }
        let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
        let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
        if digits == len || dots > 0 {
            // The move number; what follows the dots is read as the next token.
            self.pos += digits + dots;
            return Ok(());
        }
        Err(self.error_here(len, PgnErrorKind::UnexpectedCharacter))
    }

    /// A move in SAN, with its `+`/`#` (an annotation after it is its own token). Called
    /// after [`look_ahead`](Reader::look_ahead), so a move of up to `MAX_SAN` bytes and its
    /// suffix are in the buffer, or else the input ends first.
    #[inline]
    fn san<V: Visitor>(
        &mut self,
        v: &mut V,
        state: &mut Movetext,
    ) -> Result<(), PgnError<V::Error>> {
        let available = self.available();
        let window = &available[..available.len().min(MAX_SAN + 1)];
        let body = window.iter().position(|&b| !is_san_byte(b)).unwrap_or(window.len());
        let suffix = usize::from(matches!(window.get(body), Some(b'+' | b'#')));
        let len = body + suffix;
        if len > MAX_SAN {
            return Err(self.long_san());
        }
        if let Err(e) = v.san(&self.buf[self.pos..self.pos + len]) {
            return Err(self.error_here(len, PgnErrorKind::Visitor(e)));
        }
        state.line_has_move = true;
        self.pos += len;
        self.skip_filler();
        Ok(())
    }

    /// Skips the spaces (and stray dots, `+` and `#`) after a token, which the loop would
    /// otherwise take a turn over: a move, a comment or a move number is nearly always
    /// followed by a space.
    #[inline]
    fn skip_filler(&mut self) {
        let run = self.available().iter().take_while(|&&c| is_filler(c)).count();
        self.pos += run;
    }

    /// The error for a word of SAN bytes longer than any move, shown whole (up to 64 bytes).
    #[cold]
    fn long_san<E>(&mut self) -> PgnError<E> {
        let body = self.run_length(is_san_byte);
        let suffix = usize::from(matches!(self.peek_at(body), Some(b'+' | b'#')));
        self.error_here(body + suffix, PgnErrorKind::UnexpectedCharacter)
    }

    /// After an error in the tags: past the rest of them (tag lines, blank lines), to the
    /// movetext.
    fn skip_tag_section(&mut self) {
        loop {
            self.skip_line();
            let spaces = self.run_length(|b| b.is_ascii_whitespace());
            self.pos += spaces;
            if !matches!(self.peek(), Some(b'[' | b'%' | b';')) {
                return;
            }
        }
    }

    /// After an error, or to skip a game: on to the game's end without reading tokens,
    /// minding only comments (which may hold anything) and the start of each line.
    fn skip_rest_of_game(&mut self) {
        let mut line_start = false;
        loop {
            if line_start && (self.take_blank_line() || self.peek() == Some(b'[')) {
                return;
            }
            let Some(i) = self.find(0, |s| memchr::memchr2(b'\n', b'{', s)) else {
                self.pos = self.end;
                return;
            };
            self.pos += i;
            if self.buf[self.pos] == b'\n' {
                self.pos += 1;
                line_start = true;
            } else {
                line_start = false;
                match self.find(1, |s| memchr::memchr(b'}', s)) {
                    Some(close) => self.pos += close + 1,
                    None => {
                        self.pos = self.end;
                        return;
                    }
                }
            }
        }
    }
}

/// A tag as nearly every file writes it, `[Name "value"]` with one space and no escape,
/// whole in the look-ahead at the start of `bytes`: the name's range and the offset of the
/// closing quote. `None` leaves the tag to the reader that takes every form.
#[inline]
fn plain_tag(bytes: &[u8]) -> Option<(core::ops::Range<usize>, usize)> {
    let space = 1 + find_nearby(bytes.get(1..)?, [b' '])?;
    let name = 1..space;
    let value_start = space + 2;
    let plain = !name.is_empty()
        && bytes[name.clone()].iter().all(|&b| is_tag_name_byte(b))
        && bytes.get(space + 1) == Some(&b'"');
    if !plain {
        return None;
    }
    let close = value_start + find_nearby(bytes.get(value_start..)?, [b'"', b'\\', b'\n'])?;
    (bytes[close] == b'"' && bytes.get(close + 1) == Some(&b']')).then_some((name, close))
}

/// What each byte may be part of, as bits (see the `is_*` functions): one table load
/// instead of a chain of range tests, on the bytes the movetext loop looks at most.
const BYTE_CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let alphanumeric = c.is_ascii_alphanumeric();
        if alphanumeric || matches!(c, b'_' | b'+' | b'#' | b'=' | b':' | b'-') {
            class[b] |= TAG_NAME;
        }
        if matches!(c, b' ' | b'\t' | b'\r' | b'.' | b'+' | b'#') {
            class[b] |= FILLER;
        }
        if alphanumeric || matches!(c, b'.' | b'/' | b'-' | b'=' | b'@') {
            class[b] |= WORD;
        }
        if alphanumeric || matches!(c, b'-' | b'=' | b'@') {
            class[b] |= SAN;
        }
        b += 1;
    }
    class
};
const TAG_NAME: u8 = 1;
const FILLER: u8 = 2;
const WORD: u8 = 4;
const SAN: u8 = 8;

#[inline]
fn is_tag_name_byte(b: u8) -> bool {
    BYTE_CLASS[b as usize] & TAG_NAME != 0
}

/// Bytes between tokens that mean nothing: spaces, and the dots, `+` and `#` that stand
/// apart from a move.
#[inline]
fn is_filler(b: u8) -> bool {
    BYTE_CLASS[b as usize] & FILLER != 0
}

/// Bytes of a word that starts with a digit: move numbers, results, castling with zeros.
#[inline]
fn is_word_byte(b: u8) -> bool {
    BYTE_CLASS[b as usize] & WORD != 0
}

/// Bytes of a SAN before its suffix.
#[inline]
fn is_san_byte(b: u8) -> bool {
    BYTE_CLASS[b as usize] & SAN != 0
}

/// The first of `bytes` in the first `LOOKAHEAD` bytes of `haystack`, eight bytes at a
/// time (a short search inline: memchr's SIMD search pays a call and a set-up that a
/// 20-byte comment or tag value does not repay).
#[inline]
fn find_nearby<const N: usize>(haystack: &[u8], bytes: [u8; N]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let window = &haystack[..haystack.len().min(LOOKAHEAD)];
    let mut words = window.chunks_exact(8);
    let mut offset = 0;
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        // A zero byte of `x` is a match. The lowest flagged byte of each mask is exact (a
        // borrow only flags bytes above a true zero), so the lowest of their union is too.
        let found = bytes.iter().fold(0, |found, &byte| {
            let x = word ^ (ONES * u64::from(byte));
            found | (x.wrapping_sub(ONES) & !x & HIGHS)
        });
        if found != 0 {
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    words.remainder().iter().position(|b| bytes.contains(b)).map(|i| offset + i)
}

/// How many bytes the UTF-8 sequence starting with `b` has (1 for anything else).
fn utf8_len(b: u8) -> usize {
    match b {
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf7 => 4,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight-at-a-time search finds what a plain search finds in the look-ahead, at
    /// every offset, next to bytes that differ from the one sought in one bit, or in the
    /// high bit, where a carry or borrow could flag the wrong byte.
    #[test]
    fn nearby_search_agrees_with_a_plain_search() {
        let fillers =
            [b' ', b'}' ^ 0x80, b'}' ^ 1, b'}' - 1, b'}' + 1, 0, 0xff, b'|', b'#', 0x8a, b'\n'];
        for len in 0..LOOKAHEAD + 20 {
            for at in 0..=len {
                for i in 0..fillers.len() {
                    let mut haystack: Vec<u8> =
                        (0..len).map(|j| fillers[(i + j) % fillers.len()]).collect();
                    if at < len {
                        haystack[at] = b'}';
                    }
                    let window = &haystack[..len.min(LOOKAHEAD)];
                    let plain = window.iter().position(|&b| b == b'}');
                    assert_eq!(find_nearby(&haystack, [b'}']), plain, "{haystack:?}");
                    let plain3 = window.iter().position(|b| b"}\n\"".contains(b));
                    assert_eq!(find_nearby(&haystack, *b"}\n\""), plain3, "{haystack:?}");
                }
            }
        }
    }

    /// The quick tag reader takes only the plain form, and finds its name and value.
    #[test]
    fn plain_tags_and_the_rest() {
        fn quick(line: &str) -> Option<(&str, &str, &str)> {
            plain_tag(line.as_bytes()).map(|(name, close)| {
                (&line[name.clone()], &line[name.end + 2..close], &line[close + 2..])
            })
        }
        assert_eq!(quick("[Event \"Rated [blitz]\"]\n"), Some(("Event", "Rated [blitz]", "\n")));
        assert_eq!(quick("[FEN \"\"]"), Some(("FEN", "", "")));
        for other in [
            "[ Event \"x\"]",
            "[Event  \"x\"]",
            "[Event\t\"x\"]",
            "[Event \"x\" ]",
            "[Event \"x\\\"y\"]",
            "[Event \"x\n\"]",
            "[Ev(ent \"x\"]",
            "[ \"x\"]",
            "[Event \"x\"",
            "[Event x]",
            "[Event",
            "[",
        ] {
            assert_eq!(quick(other), None, "{other:?}");
        }
        let long = format!("[Event \"{}\"]", "x".repeat(LOOKAHEAD));
        assert_eq!(quick(&long), None, "a value past the look-ahead");
    }

    /// A SAN-like word longer than any move is refused whole (as far as errors show a
    /// token), and one at the limit passes.
    #[test]
    fn san_longer_than_any_move_is_refused() {
        let mut tokens = Vec::new();
        for len in [MAX_SAN - 1, MAX_SAN, MAX_SAN + 1, 30, 70] {
            let text = format!("1. {} *\n", "a".repeat(len));
            let mut reader = Reader::new(text.as_bytes());
            tokens.push(match reader.read_game(&mut crate::GameBuilder::new()) {
                Some(Ok(_)) => None,
                Some(Err(e)) => Some(e.token),
                None => unreachable!("one game"),
            });
        }
        let (a, shown) = (|n| "a".repeat(n), format!("{}…", "a".repeat(32)));
        assert_eq!(tokens, [None, None, Some(a(MAX_SAN + 1)), Some(a(30)), Some(shown)]);
    }
}
