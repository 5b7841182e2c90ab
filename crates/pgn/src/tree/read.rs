//! [`read_game`]: one game from a [`LineSource`], with python-chess 1.11's reading rules.
//!
//! - Before a game: blank lines and lines starting with `%` or `;` are passed over (and a
//!   byte order mark at the very start).
//! - Headers: tag lines as python-chess's `TAG_REGEX` takes them (a malformed one is
//!   dropped), up to one blank line between them; the first other line starts the
//!   movetext.
//! - Movetext: tokens as `MOVETEXT_REGEX` finds them, line by line, until a blank line
//!   (outside a comment) or the end; `{...}` comments may span lines; `;` ends a line;
//!   `(` opens a variation only after a move; a SAN that cannot be played skips the rest
//!   of its variation; a result token inside a variation is read as a SAN.
//! - A skipped game is passed over by its braces and semicolons alone.
//!
//! The reader consumes exactly the lines python-chess's reader consumes, so a file's
//! position after a game is where python-chess leaves it.

use super::headers::Headers;
use super::headers::TAG_NAME_BYTE;
use super::lines::LineSource;
use super::text::{in_comment_after, is_blank, is_py_space};
use super::tokens::{Token, next_token};
use super::visit::{Flow, GameVisitor, PlayBoard};

/// Why [`read_game`] stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadFailure<L, V> {
    /// The line source failed.
    Lines(L),
    /// The visitor (or its board) stopped the reading.
    Visitor(V),
}

impl<L: core::fmt::Display, V: core::fmt::Display> core::fmt::Display for ReadFailure<L, V> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReadFailure::Lines(e) => write!(f, "reading a line: {e}"),
            ReadFailure::Visitor(e) => e.fmt(f),
        }
    }
}

impl<L: core::error::Error, V: core::error::Error> core::error::Error for ReadFailure<L, V> {}

type Failure<L, V> = ReadFailure<<L as LineSource>::Error, <V as GameVisitor>::Error>;

/// What [`read_game`] returns: the visitor's result (`None` at the end of the input).
pub type ReadResult<L, V> = Result<Option<<V as GameVisitor>::Output>, Failure<L, V>>;

/// The name and value of a tag line as python-chess's
/// `^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+\"([^\r]*)\"\]\s*$` takes them: the value runs
/// to the line's last `"]`, which only whitespace may follow.
pub(crate) fn tag_line(line: &str) -> Option<(&str, &str)> {
    let bytes = line.as_bytes();
    if bytes.first() != Some(&b'[') || !bytes.get(1).is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    let name_end = tag_name_end(bytes);
    // The usual line, `[Name "Value"]\n`, read without the general path's loops: one space,
    // the quote, and the line's last `"]` just before its `\n`, after the opening quote.
    if bytes.get(name_end..name_end + 2) == Some(b" \"")
        && bytes.ends_with(b"\"]\n")
        && name_end + 2 <= bytes.len() - 3
    {
        let value = &line[name_end + 2..bytes.len() - 3];
        return (!has_cr(value.as_bytes())).then_some((&line[1..name_end], value));
    }
    tag_after_name(line, name_end)
}

/// Where the name of the tag line `bytes` (`[` and a first name character checked) ends.
fn tag_name_end(bytes: &[u8]) -> usize {
    2 + bytes[2..].iter().take_while(|&&c| TAG_NAME_BYTE[usize::from(c)]).count()
}

/// The rest of [`tag_line`] for any line, from the end of the tag's name.
fn tag_after_name(line: &str, name_end: usize) -> Option<(&str, &str)> {
    let bytes = line.as_bytes();
    // At least one whitespace character, then the opening quote.
    let mut at = name_end;
    while at < bytes.len() && matches!(bytes[at], b' ' | b'\t') {
        at += 1;
    }
    if at == name_end || bytes.get(at) != Some(&b'"') {
        let after = line[name_end..].trim_start_matches(is_py_space);
        if after.len() == line.len() - name_end || !after.starts_with('"') {
            return None;
        }
        at = line.len() - after.len();
    }
    let value = trim_end_py_space(&line[at + 1..]).strip_suffix("\"]")?;
    (!has_cr(value.as_bytes())).then_some((&line[1..name_end], value))
}

/// Whether a tag value holds a `\r` (python-chess's tag pattern refuses one): a byte loop
/// without a branch for the usual short value (a call of `memchr` costs more than the
/// loop), `memchr` for a long one.
#[inline]
fn has_cr(value: &[u8]) -> bool {
    if value.len() >= 32 {
        return memchr::memchr(b'\r', value).is_some();
    }
    value.iter().fold(false, |found, &c| found | (c == b'\r'))
}

/// `text` without trailing whitespace (Python's); ASCII line ends are the common case.
fn trim_end_py_space(text: &str) -> &str {
    let bytes = text.as_bytes();
    let mut end = bytes.len();
    while end > 0 && matches!(bytes[end - 1], b'\t'..=b'\r' | b'\x1c'..=b'\x1f' | b' ') {
        end -= 1;
    }
    let ascii = &text[..end];
    if end > 0 && bytes[end - 1] >= 0x80 && ascii.chars().next_back().is_some_and(is_py_space) {
        return ascii.trim_end_matches(is_py_space);
    }
    ascii
}

/// python-chess's value of a NAG's digits (saturated).
fn nag_value(digits: &str) -> i64 {
    digits.parse().unwrap_or(i64::MAX)
}

/// The NAG of a `!`/`?` suffix.
fn suffix_nag(suffix: &str) -> (i64, &'static str) {
    match suffix {
        "!" => (1, "1"),
        "?" => (2, "2"),
        "!!" => (3, "3"),
        "??" => (4, "4"),
        "!?" => (5, "5"),
        _ => (6, "6"),
    }
}

struct Reader<'a, L, V: GameVisitor> {
    lines: &'a mut L,
    visitor: &'a mut V,
    line: String,
}

impl<L: LineSource, V: GameVisitor> Reader<'_, L, V> {
    fn next_line(&mut self) -> Result<(), Failure<L, V>> {
        self.lines.read_line(&mut self.line).map_err(ReadFailure::Lines)
    }

    fn call<T>(result: Result<T, V::Error>) -> Result<T, Failure<L, V>> {
        result.map_err(ReadFailure::Visitor)
    }

    fn is_comment_line(&self) -> bool {
        self.line.starts_with('%') || self.line.starts_with(';')
    }

    /// The header section. Returns whether a game was found, whether it is skipped, and
    /// the headers the reader collected (when the visitor keeps none).
    fn headers(&mut self) -> Result<(bool, bool, Option<Headers>), Failure<L, V>> {
        self.next_line()?;
        if self.line.starts_with('\u{feff}') {
            let start = self.line.len() - self.line.trim_start_matches('\u{feff}').len();
            self.line.drain(..start);
        }
        while is_blank(&self.line) || self.is_comment_line() {
            self.next_line()?;
        }
        let (mut found, mut skipping, mut collected) = (false, false, None);
        let mut blank_lines = 0;
        while !self.line.is_empty() {
            if self.is_comment_line() {
                self.next_line()?;
                continue;
            }
            if blank_lines < 1 && is_blank(&self.line) {
                blank_lines += 1;
                self.next_line()?;
                continue;
            }
            if !found {
                found = true;
                skipping = Self::call(self.visitor.begin_game())? == Flow::Skip;
                if !skipping && !Self::call(self.visitor.begin_headers())? {
                    collected = Some(Headers::empty());
                }
            }
            if !self.line.starts_with('[') {
                break;
            }
            blank_lines = 0;
            if !skipping {
                match tag_line(&self.line) {
                    Some((name, value)) => {
                        Self::call(self.visitor.visit_header(name, value))?;
                        if let Some(headers) = collected.as_mut() {
                            headers.insert_read(name, value);
                        }
                    }
                    None => {
                        self.next_line()?;
                        continue;
                    }
                }
            }
            self.next_line()?;
        }
        Ok((found, skipping, collected))
    }

    /// Passes over a skipped game's movetext: up to a blank line outside a comment.
    fn skip_movetext(&mut self) -> Result<(), Failure<L, V>> {
        let mut in_comment = false;
        while !self.line.is_empty() {
            if !in_comment {
                if is_blank(&self.line) {
                    break;
                } else if self.line.starts_with('%') {
                    self.next_line()?;
                    continue;
                }
            }
            in_comment = in_comment_after(&self.line, in_comment);
            self.next_line()?;
        }
        Ok(())
    }

    /// A comment that does not close on its line, starting at byte `start` (its `{`):
    /// read to its `}` across lines; the line then holds what follows the `}`.
    fn long_comment(&mut self, start: usize) -> Result<String, Failure<L, V>> {
        let mut text = String::new();
        let mut rest = self.line.split_off(start);
        while !rest.is_empty() && !rest.contains('}') {
            text.push_str(&rest);
            self.lines.read_line(&mut rest).map_err(ReadFailure::Lines)?;
        }
        if let Some(close) = rest.find('}') {
            let end =
                if close > 0 && rest.as_bytes()[close - 1] == b' ' { close - 1 } else { close };
            text.push_str(&rest[..end]);
            rest.drain(..=close);
        }
        self.line = rest;
        Ok(text)
    }

    /// The movetext of a game played on `start`.
    fn movetext(&mut self, start: V::Board) -> Result<(), Failure<L, V>> {
        let mut boards = vec![start];
        let mut skip_depth = 0usize;
        let mut fresh = true;
        while !self.line.is_empty() {
            if fresh {
                if self.is_comment_line() {
                    self.next_line()?;
                    continue;
                }
                if is_blank(&self.line) {
                    return Ok(());
                }
            }
            fresh = true;
            let mut at = 0;
            while let Some((start, token, end)) = next_token(&self.line, at) {
                at = end;
                match token {
                    Token::Comment(text) => {
                        // python-chess drops `{` and one space after it, and one space
                        // before the `}`.
                        let open = if text.starts_with("{ ") { 2 } else { 1 };
                        let body = start + open;
                        match self.line[body..].find('}') {
                            Some(close) => {
                                // Closed on this line: the line goes on after the `}`.
                                let close = body + close;
                                let bytes = self.line.as_bytes();
                                let end = if close > body && bytes[close - 1] == b' ' {
                                    close - 1
                                } else {
                                    close
                                };
                                if skip_depth == 0 {
                                    Self::call(self.visitor.visit_comment(&self.line[body..end]))?;
                                }
                                at = close + 1;
                            }
                            None => {
                                let comment = self.long_comment(body)?;
                                if skip_depth == 0 {
                                    Self::call(self.visitor.visit_comment(&comment))?;
                                }
                                fresh = false;
                                break;
                            }
                        }
                    }
                    Token::Open => {
                        if skip_depth > 0 {
                            skip_depth += 1;
                        } else if Self::call(boards[boards.len() - 1].has_moves())? {
                            if Self::call(self.visitor.begin_variation())? == Flow::Skip {
                                skip_depth = 1;
                            } else {
                                let board =
                                    Self::call(boards[boards.len() - 1].before_last_move())?;
                                boards.push(board);
                            }
                        }
                    }
                    Token::Close => {
                        if skip_depth == 1 {
                            skip_depth = 0;
                            Self::call(self.visitor.end_variation())?;
                        } else if skip_depth > 0 {
                            skip_depth -= 1;
                        } else if boards.len() > 1 {
                            Self::call(self.visitor.end_variation())?;
                            boards.pop();
                        }
                    }
                    _ if skip_depth > 0 => {}
                    Token::LineComment => break,
                    Token::Nag(text) => {
                        let digits = &text[1..];
                        Self::call(self.visitor.visit_nag(nag_value(digits), digits))?;
                    }
                    Token::Suffix(text) => {
                        let (nag, digits) = suffix_nag(text);
                        Self::call(self.visitor.visit_nag(nag, digits))?;
                    }
                    Token::Result(text) if boards.len() == 1 => {
                        Self::call(self.visitor.visit_result(text))?;
                    }
                    Token::Result(san) | Token::Move(san) => {
                        let board = boards.last_mut().expect("the main line's board stays");
                        if Self::call(self.visitor.begin_parse_san(board, san))? != Flow::Skip {
                            match Self::call(self.visitor.parse_san(board, san))? {
                                Some(mv) => {
                                    Self::call(self.visitor.visit_move(board, &mv))?;
                                    Self::call(board.push(&mv))?;
                                }
                                None => skip_depth = 1,
                            }
                        }
                        Self::call(self.visitor.visit_board(board))?;
                    }
                }
            }
            if fresh {
                self.next_line()?;
            }
        }
        Ok(())
    }
}

/// Reads one game from `lines`, calling `visitor` as python-chess's `read_game` calls its
/// visitor; returns the visitor's result, or `None` at the end of the input.
///
/// # Errors
///
/// A failing line source or a visitor that stops the reading; the lines read so far stay
/// read.
pub fn read_game<L: LineSource, V: GameVisitor>(
    lines: &mut L,
    visitor: &mut V,
) -> ReadResult<L, V> {
    let mut reader = Reader { lines, visitor, line: String::new() };
    let (found, mut skipping, collected) = reader.headers()?;
    if !found {
        return Ok(None);
    }
    if !skipping {
        skipping = Reader::<L, V>::call(reader.visitor.end_headers())? == Flow::Skip;
    }
    let mut start = None;
    if !skipping {
        start = Reader::<L, V>::call(reader.visitor.setup(collected.as_ref()))?;
        match &start {
            Some(board) => Reader::<L, V>::call(reader.visitor.visit_board(board))?,
            None => skipping = true,
        }
    }
    match start {
        Some(board) if !skipping => reader.movetext(board)?,
        _ => reader.skip_movetext()?,
    }
    Reader::<L, V>::call(reader.visitor.end_game())?;
    Ok(Some(Reader::<L, V>::call(reader.visitor.result())?))
}

#[cfg(test)]
mod tests {
    use super::tag_line;

    #[test]
    fn tag_lines_as_python_chess_regex() {
        assert_eq!(tag_line("[Event \"A\"]\n"), Some(("Event", "A")));
        assert_eq!(tag_line("[Black \"[=0040.34h5a4]\"]"), Some(("Black", "[=0040.34h5a4]")));
        assert_eq!(tag_line("[BlackType: \"program\"]"), Some(("BlackType:", "program")));
        assert_eq!(tag_line("[A \"x\"] \"] \n"), Some(("A", "x\"] ")));
        assert_eq!(tag_line("[A  \"\"]"), Some(("A", "")));
        assert_eq!(tag_line("[A\"x\"]"), None);
        assert_eq!(tag_line("[_A \"x\"]"), None);
        assert_eq!(tag_line("[A \"x\r\"]"), None);
        assert_eq!(tag_line("[A \"x\"] y"), None);
        assert_eq!(tag_line("[A \"x\"]\r\n"), Some(("A", "x")));
        assert_eq!(tag_line("[A\u{3000}\"x\"]\u{3000}\n"), Some(("A", "x")));
        assert_eq!(tag_line("[A \u{a0}\"x\"] \u{a0}"), Some(("A", "x")));
        assert_eq!(tag_line("[A \u{200b}\"x\"]"), None);
        assert_eq!(tag_line("[A \"x\"]\u{200b}"), None);
        assert_eq!(tag_line("[A\x0b\"x\"]\x1c"), Some(("A", "x")));
        // The usual `[Name "Value"]\n` line's short path, at its edges.
        assert_eq!(tag_line("[A \"\"]\n"), Some(("A", "")));
        assert_eq!(tag_line("[A \"]\n"), None);
        assert_eq!(tag_line("[A \"x\"] y\"]\n"), Some(("A", "x\"] y")));
        assert_eq!(tag_line("[A \"x\r\"]\n"), None);
        let long = "y".repeat(40);
        assert_eq!(tag_line(&format!("[A \"{long}\"]\n")), Some(("A", long.as_str())));
        assert_eq!(tag_line(&format!("[A \"{long}\r\"]\n")), None);
        assert_eq!(tag_line(&format!("[A \"{long}\r\"]")), None);
    }

    /// The short path takes a line exactly as the general one does: random lines of the
    /// bytes that matter (quotes, brackets, spaces, `\r`, `\n`, Unicode spaces).
    #[test]
    fn the_usual_lines_short_path_reads_as_the_general_path() {
        const PIECES: [&str; 14] = [
            "[", "]", "\"", " ", "\t", "\r", "\n", "A", "b1", "_", "é", "\u{3000}", "\u{a0}", "x y",
        ];
        fn property(picks: Vec<u8>) -> bool {
            let mut line = String::from("[E");
            for p in picks {
                line.push_str(PIECES[usize::from(p) % PIECES.len()]);
            }
            for candidate in [line.clone(), format!("{line}\"]\n"), format!("[E \"{line}\"]\n")] {
                let name_end = super::tag_name_end(candidate.as_bytes());
                if tag_line(&candidate) != super::tag_after_name(&candidate, name_end) {
                    return false;
                }
            }
            true
        }
        quickcheck::QuickCheck::new().tests(5000).quickcheck(property as fn(Vec<u8>) -> bool);
    }
}
