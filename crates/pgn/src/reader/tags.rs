//! The tag section, as python-chess reads it: `%` and `;` lines skipped, at most one empty
//! line between tags, a line that starts with `[` taken when it matches python-chess's
//! `TAG_REGEX` and otherwise ignored (and recorded), and the first other line is movetext.

use super::Reader;
use super::bytes::{find_nearby, is_space, is_tag_name_byte};
use super::window::{self, WINDOW};
use crate::error::PgnErrorKind;
use crate::visitor::{RawTag, Visitor};
use core::ops::Range;
use std::io::Read;

/// What a line of the tag section is.
enum TagLine {
    /// `%` or `;` first: a comment line.
    Comment,
    /// Nothing but spaces.
    Blank,
    /// `[` first.
    Tag,
    /// The movetext's first line.
    Movetext,
}

impl<R: Read> Reader<R> {
    /// Reads the tag section, up to the movetext's first line (which is left unread).
    pub(super) fn read_tags<V: Visitor>(&mut self, v: &mut V) {
        self.walk_tags(|reader| reader.tag(v));
    }

    /// Skips the tag section as [`read_tags`](Reader::read_tags) reads it.
    pub(super) fn skip_tags(&mut self) {
        self.walk_tags(Reader::skip_line);
    }

    /// Goes through the tag section line by line, `on_tag` taking each line that starts
    /// with `[` (and its line end).
    fn walk_tags(&mut self, mut on_tag: impl FnMut(&mut Self)) {
        let mut empty_lines = 0;
        loop {
            match self.tag_line() {
                TagLine::Comment => self.skip_line(),
                TagLine::Blank if empty_lines < 1 => {
                    empty_lines += 1;
                    self.skip_line();
                }
                TagLine::Blank | TagLine::Movetext => return,
                TagLine::Tag => {
                    empty_lines = 0;
                    on_tag(self);
                }
            }
        }
    }

    /// What the line at `pos` (a line start) is. The end of the input is movetext (an
    /// empty one).
    fn tag_line(&mut self) -> TagLine {
        match self.peek() {
            Some(b'%' | b';') => TagLine::Comment,
            Some(b'[') => TagLine::Tag,
            None => TagLine::Movetext,
            Some(_) if self.line_is_blank() => TagLine::Blank,
            Some(_) => TagLine::Movetext,
        }
    }

    /// A line starting with `[`: the tag, or a record of why it is ignored. Consumes the
    /// line and its line end.
    fn tag<V: Visitor>(&mut self, v: &mut V) {
        self.look_ahead();
        let (name, value, len) = match plain_tag(self.available()) {
            Some(found) => found,
            None => match self.whole_line() {
                Some(line) => match match_tag_line(&self.buf[self.pos..self.pos + line]) {
                    Some((name, value)) => (name, value, line),
                    None => return self.ignore_line(v, line, PgnErrorKind::BadTag),
                },
                None => return self.ignore_line(v, 64, PgnErrorKind::TokenTooLong),
            },
        };
        let at = self.pos;
        if let Err(e) = v.tag(
            &self.buf[at + name.start..at + name.end],
            RawTag(&self.buf[at + value.start..at + value.end]),
        ) {
            self.record(v, len, PgnErrorKind::Visitor(e));
        }
        self.pos += len;
        self.take_line_end();
    }

    /// The length of the line at `pos` (without its line end), whole in the buffer; `None`
    /// when it is longer than the token limit.
    fn whole_line(&mut self) -> Option<usize> {
        match self.find(0, |s| memchr::memchr2(b'\n', b'\r', s)) {
            Some(len) => Some(len),
            None if self.eof => Some(self.end - self.pos),
            None => None,
        }
    }

    #[cold]
    fn ignore_line<V: Visitor>(&mut self, v: &mut V, len: usize, kind: PgnErrorKind<V::Error>) {
        self.record(v, len, kind);
        self.skip_line();
    }
}

/// A tag as nearly every file writes it, `[Name "value"]` with one space and the line
/// ending right after the `]`, whole in the look-ahead: the name, the value and the line's
/// length (without its line end). On such a line python-chess's regex finds the same name
/// and value. `None` leaves the line to [`match_tag_line`].
#[inline(always)]
fn plain_tag(bytes: &[u8]) -> Option<(Range<usize>, Range<usize>, usize)> {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    if let Some(window) = bytes.first_chunk::<WINDOW>() {
        // Lines longer than the window (a long opening name) are read as below.
        if let Some(found) = tag_in_window(window) {
            return Some(found);
        }
    }
    scan_plain_tag(bytes)
}

/// [`plain_tag`] on a line that ends within `window`, from the window's masks: no loop,
/// and no branch on where the name, the value or the line ends.
#[inline(always)]
#[cfg_attr(not(all(target_arch = "x86_64", target_feature = "avx2")), allow(dead_code))]
fn tag_in_window(window: &[u8; WINDOW]) -> Option<(Range<usize>, Range<usize>, usize)> {
    let masks = window::masks(window);
    let end = masks.line_ends.trailing_zeros() as usize;
    let space = masks.spaces.trailing_zeros() as usize;
    // The name is bytes 1 to the first space: at least one, each a name byte (the mask
    // counts `[` at 0 as none, and every byte from 32 on, so a longer name fails here).
    let name_bytes = ((1u64 << space.min(63)) - 1) & !1;
    let plain = end < WINDOW
        && space >= 2
        && space + 4 <= end
        && masks.not_name & name_bytes == 0
        && window[1].is_ascii_alphanumeric()
        && window[space + 1] == b'"'
        && window[end - 2] == b'"'
        && window[end - 1] == b']';
    // The value runs to the last `"]`, as the regex's greedy `[^\r]*` takes it.
    plain.then(|| (1..space, space + 2..end - 2, end))
}

/// [`plain_tag`] a byte at a time: the first quote after the value closing it, and spaces
/// allowed after the `]`.
#[inline(always)]
fn scan_plain_tag(bytes: &[u8]) -> Option<(Range<usize>, Range<usize>, usize)> {
    let space = 1 + find_nearby(bytes.get(1..)?, [b' '])?;
    let name = 1..space;
    let plain = !name.is_empty()
        && bytes[1].is_ascii_alphanumeric()
        && bytes[name.clone()].iter().all(|&b| is_tag_name_byte(b))
        && bytes.get(space + 1) == Some(&b'"');
    if !plain {
        return None;
    }
    let value_start = space + 2;
    let close = value_start + find_nearby(bytes.get(value_start..)?, [b'"', b'\n', b'\r'])?;
    if bytes[close] != b'"' || bytes.get(close + 1) != Some(&b']') {
        return None;
    }
    let rest = &bytes[close + 2..];
    let spaces = rest.iter().take_while(|&&b| is_space(b)).count();
    matches!(rest.get(spaces), Some(b'\n' | b'\r')).then_some((
        name,
        value_start..close,
        close + 2 + spaces,
    ))
}

/// python-chess's `TAG_REGEX`, `^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"([^\r]*)"\]\s*$`, on
/// one line without its line end: the name's and the value's ranges. The value runs from
/// the first quote to the last `"]` that only spaces follow, so `[White ""X""]` has the
/// value `"X"`; escapes stay as written.
pub(super) fn match_tag_line(line: &[u8]) -> Option<(Range<usize>, Range<usize>)> {
    if line.first() != Some(&b'[') || !line.get(1)?.is_ascii_alphanumeric() {
        return None;
    }
    let name_end = 2 + line[2..].iter().take_while(|&&b| is_tag_name_byte(b)).count();
    let spaces = line[name_end..].iter().take_while(|&&b| is_space(b)).count();
    let quote = name_end + spaces;
    if spaces == 0 || line.get(quote) != Some(&b'"') {
        return None;
    }
    let trimmed = line.len() - line.iter().rev().take_while(|&&b| is_space(b)).count();
    let close = trimmed.checked_sub(2)?;
    (close > quote && &line[close..trimmed] == b"\"]").then_some((1..name_end, quote + 1..close))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regex(line: &str) -> Option<(&str, &str)> {
        match_tag_line(line.as_bytes()).map(|(n, v)| (&line[n], &line[v]))
    }

    /// Each line as python-chess 1.11's `TAG_REGEX` takes it (checked against the regex on
    /// the same strings).
    #[test]
    fn the_tag_regex() {
        let cases = [
            ("[Event \"Rated\"]", Some(("Event", "Rated"))),
            ("[White \"\"Socrates Expert\"\"]", Some(("White", "\"Socrates Expert\""))),
            ("[White  \t \"x\"]  ", Some(("White", "x"))),
            ("[A \"\"]", Some(("A", ""))),
            ("[A \"x\"] \"]", Some(("A", "x\"] "))),
            ("[A \"x\\\"y\"]", Some(("A", "x\\\"y"))),
            ("[0_+#=:- \"v\"]", Some(("0_+#=:-", "v"))),
            ("[A \"x\"", None),
            ("[A \"x\"] junk", None),
            ("[_A \"x\"]", None),
            ("[A\"x\"]", None),
            ("[ A \"x\"]", None),
            ("[A x]", None),
            ("[A \"]", None),
            ("[Ev(ent \"x\"]", None),
            ("[", None),
        ];
        for (line, expected) in cases {
            assert_eq!(regex(line), expected, "{line:?}");
        }
    }

    /// The quick paths take only lines the regex reads the same way.
    #[test]
    fn plain_tags_agree_with_the_regex() {
        let name31 = format!("[{} \"x\"]\n", "N".repeat(31));
        let name32 = format!("[{} \"x\"]\n", "N".repeat(32));
        let to_63 = format!("[Event \"{}\"]\n", "v".repeat(63 - 10));
        let to_64 = format!("[Event \"{}\"]\n", "v".repeat(64 - 10));
        let lines = [
            "[Event \"Rated [blitz]\"]\n",
            "[FEN \"\"]\r\n",
            "[A \"x\"]  \n",
            "[A \"x\"] \"]\n",
            "[A \"x\" ]\n",
            "[A \"x\"y\"]\n",
            "[A \"]\n",
            "[A \"\"]\n",
            "[A  \"x\"]\n",
            "[A\t\"x\"]\n",
            "[A# \"x\"]\n",
            "[A( \"x\"]\n",
            "[\u{e9} \"x\"]\n",
            "[A \"caf\u{e9}\"]\n",
            "[ Event \"x\"]\n",
            "[Event\t\"x\"]\n",
            "[Event \"x\n",
            "[Event \"x\"]",
            "[_A \"x\"]\n",
            "[A \"x\"]\r",
            &name31,
            &name32,
            &to_63,
            &to_64,
        ];
        for line in lines {
            let body = line.trim_end_matches(['\n', '\r']);
            let mut window = [b'x'; WINDOW];
            let n = line.len().min(WINDOW);
            window[..n].copy_from_slice(&line.as_bytes()[..n]);
            let found = [scan_plain_tag(line.as_bytes()), tag_in_window(&window)];
            for (name, value, len) in found.into_iter().flatten() {
                assert_eq!(len, body.len(), "{line:?}");
                assert_eq!(Some((&line[name], &line[value])), regex(body), "{line:?}");
            }
        }
        let window = |line: &str| {
            let mut window = [b' '; WINDOW];
            window[..line.len()].copy_from_slice(line.as_bytes());
            window
        };
        for line in ["[Event \"x\"]\n", "[A \"\"]\r\n", &name31, &to_63] {
            assert!(tag_in_window(&window(line)).is_some(), "{line:?}");
        }
        assert!(tag_in_window(&window(&to_64[..64])).is_none(), "no line end in the window");
        assert!(scan_plain_tag(b"[Event \"x\"]\n").is_some());
        let long = format!("[Event \"{}\"]\n", "x".repeat(super::super::bytes::LOOKAHEAD));
        assert!(scan_plain_tag(long.as_bytes()).is_none(), "a value past the look-ahead");
    }
}
