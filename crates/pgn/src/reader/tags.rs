//! The tag section, as python-chess reads it: `%` and `;` lines skipped, at most one empty
//! line between tags, a line that starts with `[` taken when it matches python-chess's
//! `TAG_REGEX` and otherwise ignored (and recorded), and the first other line is movetext.

use super::Reader;
use super::bytes::{find_nearby, is_space, is_tag_name_byte};
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

/// A tag as nearly every file writes it, `[Name "value"]` with one space, the first quote
/// after the value closing it, and the line ending right after the `]` (or after spaces),
/// whole in the look-ahead: the name, the value and the line's length. On such a line
/// python-chess's regex finds the same name and value. `None` leaves the line to
/// [`match_tag_line`].
#[inline(always)]
fn plain_tag(bytes: &[u8]) -> Option<(Range<usize>, Range<usize>, usize)> {
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

    /// The quick path takes only lines the regex reads the same way.
    #[test]
    fn plain_tags_agree_with_the_regex() {
        for line in [
            "[Event \"Rated [blitz]\"]\n",
            "[FEN \"\"]\r\n",
            "[A \"x\"]  \n",
            "[A \"x\"] \"]\n",
            "[A \"x\" ]\n",
            "[A \"x\"y\"]\n",
            "[ Event \"x\"]\n",
            "[Event\t\"x\"]\n",
            "[Event \"x\n",
            "[_A \"x\"]\n",
        ] {
            if let Some((name, value, len)) = plain_tag(line.as_bytes()) {
                let body = line.trim_end_matches(['\n', '\r']);
                assert_eq!(len, body.len(), "{line:?}");
                assert_eq!(Some((&line[name], &line[value])), regex(body), "{line:?}");
            }
        }
        assert!(plain_tag(b"[Event \"x\"]\n").is_some());
        let long = format!("[Event \"{}\"]\n", "x".repeat(super::super::buffer::LOOKAHEAD));
        assert!(plain_tag(long.as_bytes()).is_none(), "a value past the look-ahead");
    }
}
