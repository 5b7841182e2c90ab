//! [`skim_game`]: a game's headers only (or nothing), straight from bytes, as
//! [`read_game`](super::read_game) reads them with python-chess's `HeadersBuilder` or
//! `SkipVisitor` — the same lines consumed, the same tags kept — without copying a line.
//! What `read_headers` and `skip_game` run on a file read in blocks.

use super::headers::Headers;
use super::read::tag_line;
use super::text::{in_comment_after, is_blank};

/// What [`skim_game`] found.
// The headers are returned by value: a game's one allocation-free hand-over.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skim {
    /// A game: its headers (when collected) and the bytes its lines take.
    Game {
        /// The tags, in python-chess's order (empty when not collected).
        headers: Headers,
        /// How many bytes of the input the game's lines take.
        consumed: usize,
    },
    /// No game before the end of the input; the bytes passed over.
    End {
        /// How many bytes were passed over.
        consumed: usize,
    },
    /// The input ends inside the game: call again with more of it.
    NeedMore,
}

/// The lines of a text as `readline()` gives them from an `io.StringIO`: each ends after
/// its `\n`.
struct TextLines<'a> {
    text: &'a str,
    at: usize,
    eof: bool,
}

/// The input ended inside the game.
struct NeedMore;

impl<'a> TextLines<'a> {
    /// The next line (its `\n` included); `""` at the end of the input.
    fn next(&mut self) -> Result<&'a str, NeedMore> {
        let rest = &self.text[self.at..];
        let n = match memchr::memchr(b'\n', rest.as_bytes()) {
            Some(i) => i + 1,
            None if self.eof => rest.len(),
            None => return Err(NeedMore),
        };
        self.at += n;
        Ok(&rest[..n])
    }
}

fn is_comment_line(line: &str) -> bool {
    line.starts_with('%') || line.starts_with(';')
}

/// The header section, python-chess's way: returns whether a game was found and the line
/// after the headers.
fn headers<'a>(
    lines: &mut TextLines<'a>,
    mut collected: Option<&mut Headers>,
) -> Result<(bool, &'a str), NeedMore> {
    let mut line = lines.next()?;
    line = line.trim_start_matches('\u{feff}');
    while is_blank(line) || is_comment_line(line) {
        line = lines.next()?;
    }
    let mut found = false;
    let mut blank_lines = 0;
    while !line.is_empty() {
        if is_comment_line(line) {
            line = lines.next()?;
            continue;
        }
        if blank_lines < 1 && is_blank(line) {
            blank_lines += 1;
            line = lines.next()?;
            continue;
        }
        found = true;
        if !line.starts_with('[') {
            break;
        }
        blank_lines = 0;
        if let Some(headers) = collected.as_deref_mut()
            && let Some((name, value)) = tag_line(line)
        {
            headers.insert_read(name, value);
        }
        line = lines.next()?;
    }
    Ok((found, line))
}

/// A skipped game's movetext from `line`: to a blank line outside a comment.
fn skip_movetext<'a>(lines: &mut TextLines<'a>, mut line: &'a str) -> Result<(), NeedMore> {
    let mut in_comment = false;
    while !line.is_empty() {
        if !in_comment {
            if is_blank(line) {
                break;
            } else if line.starts_with('%') {
                line = lines.next()?;
                continue;
            }
        }
        in_comment = in_comment_after(line, in_comment);
        line = lines.next()?;
    }
    Ok(())
}

/// Reads one game from the start of `text` (`eof`: nothing follows it) as `read_game` with
/// python-chess's `HeadersBuilder` (`collect`) or `SkipVisitor` reads it from an
/// `io.StringIO` of the text (lines end at `\n`; a file's text layer has made its line
/// ends `\n` before).
///
/// ```
/// use lerf_pgn::tree::{Skim, skim_game};
///
/// let pgn = "[White \"A\"]\n\n1. e4 { a } *\n\n[White \"B\"]\n\n1. d4 *\n";
/// let Skim::Game { headers, consumed } = skim_game(pgn, true, true) else { panic!() };
/// assert_eq!(headers.get("White"), Some("A"));
/// assert!(pgn[consumed..].starts_with("[White \"B\"]"));
/// assert_eq!(skim_game(&pgn[..20], false, true), Skim::NeedMore);
/// ```
pub fn skim_game(text: &str, eof: bool, collect: bool) -> Skim {
    let mut lines = TextLines { text, at: 0, eof };
    let mut headers = Headers::empty();
    match headers_then_movetext(&mut lines, collect.then_some(&mut headers)) {
        Ok(true) => Skim::Game { headers, consumed: lines.at },
        Ok(false) => Skim::End { consumed: lines.at },
        Err(NeedMore) => Skim::NeedMore,
    }
}

fn headers_then_movetext(
    lines: &mut TextLines<'_>,
    collected: Option<&mut Headers>,
) -> Result<bool, NeedMore> {
    let (found, line) = headers(lines, collected)?;
    if found {
        skip_movetext(lines, line)?;
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::{Flow, GameVisitor, StrLines, read_game};
    use lerf_rules::{LooseGame, LooseMove};

    /// `HeadersBuilder` (or `SkipVisitor`) through the line reader.
    struct Reference(bool, Headers);

    impl GameVisitor for Reference {
        type Board = LooseGame;
        type Output = Headers;
        type Error = crate::tree::BuildError;

        fn begin_game(&mut self) -> Result<Flow, Self::Error> {
            Ok(if self.0 { Flow::Continue } else { Flow::Skip })
        }
        fn begin_headers(&mut self) -> Result<bool, Self::Error> {
            self.1 = Headers::empty();
            Ok(true)
        }
        fn visit_header(&mut self, name: &str, value: &str) -> Result<(), Self::Error> {
            let _ = self.1.insert(name, value);
            Ok(())
        }
        fn end_headers(&mut self) -> Result<Flow, Self::Error> {
            Ok(Flow::Skip)
        }
        fn setup(&mut self, _: Option<&Headers>) -> Result<Option<LooseGame>, Self::Error> {
            Ok(None)
        }
        fn parse_san(&mut self, _: &LooseGame, _: &str) -> Result<Option<LooseMove>, Self::Error> {
            Ok(None)
        }
        fn result(&mut self) -> Result<Headers, Self::Error> {
            Ok(core::mem::replace(&mut self.1, Headers::empty()))
        }
    }

    fn compare(text: &str) {
        for collect in [true, false] {
            let mut lines = StrLines::new(text);
            let mut at = 0;
            loop {
                let before = lines.position();
                let expected =
                    read_game(&mut lines, &mut Reference(collect, Headers::empty())).unwrap();
                let got = skim_game(&text[at..], true, collect);
                match (expected, got) {
                    (Some(h), Skim::Game { headers, consumed }) => {
                        assert_eq!(headers, h, "{text:?} at {before}");
                        at += consumed;
                        assert_eq!(at, lines.position(), "{text:?}");
                    }
                    (None, Skim::End { consumed }) => {
                        assert_eq!(at + consumed, text.len());
                        break;
                    }
                    (e, g) => panic!("{text:?} at {before}: lines {e:?}, bytes {g:?}"),
                }
            }
        }
    }

    #[test]
    fn skimming_reads_as_the_line_reader() {
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let mut texts =
            vec![std::fs::read_to_string(data.join("lichess-2025-05-sample.pgn")).unwrap()];
        for dir in ["tree", "recovery"] {
            for entry in std::fs::read_dir(data.join(dir)).unwrap() {
                let path = entry.unwrap().path();
                if path.extension().is_some_and(|e| e == "pgn") {
                    let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
                    texts.push(text);
                }
            }
        }
        for text in texts {
            compare(&text);
        }
        compare("\u{feff}\u{feff}[A \"1\"]\n%x\n\n[B \"2\"]\n\n\n1. e4 { ; \n} ; {\n\n");
    }

    #[test]
    fn partial_input_asks_for_more() {
        assert_eq!(skim_game("[A \"1\"]\n\n1. e4 {\n\n", false, true), Skim::NeedMore);
        assert_eq!(skim_game("\n\n", true, true), Skim::End { consumed: 2 });
    }
}
