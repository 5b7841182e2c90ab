//! Where the tree reader's lines come from: [`LineSource`], one line at a time with its
//! line end, as Python's `readline()` gives them; [`StrLines`] over text in memory
//! (`io.StringIO`: lines end at `\n`), [`ReadLines`] over bytes (a file opened in text
//! mode: UTF-8, `\r\n` and `\r` read as `\n`).

use std::io::{self, BufRead};

/// Lines for [`read_game`](super::read_game).
pub trait LineSource {
    /// What a failing read raises.
    type Error;

    /// Replaces `line` by the next line, its line end included; leaves it empty at the
    /// end of the input.
    ///
    /// # Errors
    ///
    /// The source's failure.
    fn read_line(&mut self, line: &mut String) -> Result<(), Self::Error>;
}

/// The lines of a string, each ending after its `\n` (as `io.StringIO` reads them).
#[derive(Debug, Clone)]
pub struct StrLines<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> StrLines<'a> {
    /// The lines of `text`, from the start.
    pub fn new(text: &'a str) -> StrLines<'a> {
        StrLines { text, at: 0 }
    }

    /// How many bytes have been read (where the next line starts).
    pub fn position(&self) -> usize {
        self.at
    }
}

impl LineSource for StrLines<'_> {
    type Error = core::convert::Infallible;

    fn read_line(&mut self, line: &mut String) -> Result<(), Self::Error> {
        line.clear();
        let rest = &self.text[self.at..];
        let end = memchr::memchr(b'\n', rest.as_bytes()).map_or(rest.len(), |i| i + 1);
        line.push_str(&rest[..end]);
        self.at += end;
        Ok(())
    }
}

/// The lines of a byte stream as Python reads a file opened in text mode with UTF-8 and
/// `errors="replace"`: `\r\n` and a lone `\r` end a line as `\n` does and read as `\n`;
/// bytes that are not UTF-8 read as U+FFFD.
#[derive(Debug)]
pub struct ReadLines<R> {
    input: R,
    bytes: Vec<u8>,
}

impl<R: BufRead> ReadLines<R> {
    /// The lines of `input`.
    pub fn new(input: R) -> ReadLines<R> {
        ReadLines { input, bytes: Vec::new() }
    }

    /// The input back.
    pub fn into_inner(self) -> R {
        self.input
    }

    /// Appends the bytes up to the next line end (translated to `\n`) to `self.bytes`.
    fn fill_line(&mut self) -> io::Result<()> {
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                return Ok(());
            }
            match memchr::memchr2(b'\n', b'\r', buf) {
                Some(i) => {
                    let cr = buf[i] == b'\r';
                    self.bytes.extend_from_slice(&buf[..i]);
                    self.bytes.push(b'\n');
                    self.input.consume(i + 1);
                    if cr {
                        // A `\n` right after the `\r` belongs to the same line end.
                        let next = self.input.fill_buf()?;
                        if next.first() == Some(&b'\n') {
                            self.input.consume(1);
                        }
                    }
                    return Ok(());
                }
                None => {
                    let n = buf.len();
                    self.bytes.extend_from_slice(buf);
                    self.input.consume(n);
                }
            }
        }
    }
}

impl<R: BufRead> LineSource for ReadLines<R> {
    type Error = io::Error;

    fn read_line(&mut self, line: &mut String) -> io::Result<()> {
        self.bytes.clear();
        self.fill_line()?;
        line.clear();
        match core::str::from_utf8(&self.bytes) {
            Ok(text) => line.push_str(text),
            Err(_) => line.push_str(&String::from_utf8_lossy(&self.bytes)),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all<L: LineSource>(mut lines: L) -> Vec<String>
    where
        L::Error: core::fmt::Debug,
    {
        let mut out = Vec::new();
        let mut line = String::new();
        loop {
            lines.read_line(&mut line).unwrap();
            if line.is_empty() {
                return out;
            }
            out.push(line.clone());
        }
    }

    #[test]
    fn str_lines_end_at_newline_only() {
        assert_eq!(all(StrLines::new("a\r\nb\rc\n\nd")), ["a\r\n", "b\rc\n", "\n", "d"]);
        assert!(all(StrLines::new("")).is_empty());
    }

    #[test]
    fn read_lines_translate_line_ends_and_replace_bad_bytes() {
        let input: &[u8] = b"a\r\nb\rc\n\r\nd\xffe";
        assert_eq!(all(ReadLines::new(input)), ["a\n", "b\n", "c\n", "\n", "d\u{fffd}e"]);
        // A `\r\n` split across the reader's buffer is one line end.
        let reader = io::BufReader::with_capacity(2, &b"ab\r\ncd"[..]);
        assert_eq!(all(ReadLines::new(reader)), ["ab\n", "cd"]);
    }
}
