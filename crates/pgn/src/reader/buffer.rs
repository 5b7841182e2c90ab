//! The reader's one buffer: refilled from the input, dropped from the front as it is read,
//! and the line and column of any byte in it (for errors), with python-chess's line ends.

use super::Reader;
use super::bytes::{LOOKAHEAD, is_space};
use std::io::{ErrorKind as IoKind, Read};

/// How many bytes the reader asks its input for at a time.
pub(super) const CHUNK: usize = 64 * 1024;

/// Line ends in `bytes` as Python's universal newlines count them: `\n`, `\r\n` and a lone
/// `\r` are one each. `cr_before` says the byte before `bytes` was a `\r`.
pub(super) fn count_line_ends(bytes: &[u8], cr_before: bool) -> usize {
    // memchr's count of one byte is its fastest path (a `memchr2` loop over every match
    // was 10% of a tournament file's reading); `\r` costs one search, more only if found.
    let lf = memchr::memchr_iter(b'\n', bytes).count();
    let split_pair = usize::from(cr_before && bytes.first() == Some(&b'\n'));
    if memchr::memchr(b'\r', bytes).is_none() {
        return lf - split_pair;
    }
    let cr = memchr::memchr_iter(b'\r', bytes).count();
    let pairs = memchr::memmem::find_iter(bytes, b"\r\n").count();
    lf + cr - pairs - split_pair
}

impl<R: Read> Reader<R> {
    /// Reads more input. Drops the bytes before `pos` first; returns false when nothing
    /// more comes (end of input, an error, or a buffer at the size limit).
    pub(super) fn fill(&mut self) -> bool {
        if self.eof {
            return false;
        }
        if self.pos > 0 {
            self.drop_consumed();
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

    /// Moves the unread bytes to the front, keeping count of the lines dropped.
    fn drop_consumed(&mut self) {
        let dropped = &self.buf[..self.pos];
        self.lines_before += count_line_ends(dropped, self.cr_before);
        if let Some(last_end) = memchr::memrchr2(b'\n', b'\r', dropped) {
            self.line_start = self.bytes_before + last_end as u64 + 1;
        }
        self.cr_before = dropped.last() == Some(&b'\r');
        self.bytes_before += self.pos as u64;
        self.buf.copy_within(self.pos..self.end, 0);
        self.end -= self.pos;
        self.pos = 0;
    }

    /// Reads until the buffer holds `LOOKAHEAD` bytes past `pos`, or the input ends.
    #[inline]
    pub(super) fn look_ahead(&mut self) {
        while self.end - self.pos < LOOKAHEAD && self.fill() {}
    }

    /// The bytes read and not yet consumed.
    #[inline]
    pub(super) fn available(&self) -> &[u8] {
        &self.buf[self.pos..self.end]
    }

    /// The byte `offset` past `pos`, reading more input if needed.
    #[inline]
    pub(super) fn peek_at(&mut self, offset: usize) -> Option<u8> {
        while self.pos + offset >= self.end {
            if !self.fill() {
                return None;
            }
        }
        Some(self.buf[self.pos + offset])
    }

    #[inline]
    pub(super) fn peek(&mut self) -> Option<u8> {
        self.peek_at(0)
    }

    /// The offset from `pos` of the first byte at or after `from` that `find` finds in a
    /// slice, reading more input as needed (the buffer grows up to its limit); `None` if
    /// the input or the buffer's room ends first.
    pub(super) fn find(
        &mut self,
        mut from: usize,
        find: impl Fn(&[u8]) -> Option<usize>,
    ) -> Option<usize> {
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

    /// Moves `pos` past the bytes before the first one that `find` finds, reading on with
    /// the buffer kept small (for runs of any length); returns whether it found one.
    pub(super) fn advance_to(&mut self, find: impl Fn(&[u8]) -> Option<usize>) -> bool {
        loop {
            if let Some(i) = find(self.available()) {
                self.pos += i;
                return true;
            }
            self.pos = self.end;
            if !self.fill() {
                return false;
            }
        }
    }

    /// Whether the line at `pos` holds only spaces (Python's `str.isspace`, so the end of
    /// the input right after spaces counts too), without consuming them.
    pub(super) fn line_is_blank(&mut self) -> bool {
        match self.find(0, |s| s.iter().position(|&b| !is_space(b))) {
            Some(i) => matches!(self.buf[self.pos + i], b'\n' | b'\r'),
            None => true,
        }
    }

    /// The bytes `pos..pos + len` (which must be in the buffer).
    pub(super) fn slice(&self, len: usize) -> &[u8] {
        &self.buf[self.pos..self.pos + len]
    }

    /// The line of the byte at `pos`, from 1.
    pub(super) fn line(&self) -> usize {
        1 + self.lines_before + count_line_ends(&self.buf[..self.pos], self.cr_before)
    }

    /// The column of the byte at `pos` in its line, in bytes from 1.
    pub(super) fn column(&self) -> usize {
        let line_start = match memchr::memrchr2(b'\n', b'\r', &self.buf[..self.pos]) {
            Some(i) => self.bytes_before + i as u64 + 1,
            None => self.line_start,
        };
        (self.bytes_before + self.pos as u64 - line_start) as usize + 1
    }

    /// At a line end (`\n`, `\r\n` or a lone `\r`): consumes it.
    pub(super) fn take_line_end(&mut self) -> bool {
        match self.peek() {
            Some(b'\n') => self.pos += 1,
            Some(b'\r') => {
                self.pos += 1;
                if self.peek() == Some(b'\n') {
                    self.pos += 1;
                }
            }
            _ => return false,
        }
        true
    }

    /// Skips to the end of the line and past its line end, in constant memory.
    pub(super) fn skip_line(&mut self) {
        if self.advance_to(|s| memchr::memchr2(b'\n', b'\r', s)) {
            self.take_line_end();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::count_line_ends;

    #[test]
    fn line_ends_as_universal_newlines_count_them() {
        assert_eq!(count_line_ends(b"a\nb\r\nc\rd", false), 3);
        assert_eq!(count_line_ends(b"\r\r\n\n", false), 3);
        assert_eq!(count_line_ends(b"\nx", true), 0, "the \\n of a \\r\\n cut in two");
        assert_eq!(count_line_ends(b"x\r", false), 1);
        // Counted in two pieces, the pieces add up to the whole.
        let text = b"1. e4\r\ne5\r2. Nf3\n\r\n\r";
        for cut in 0..=text.len() {
            let (a, b) = text.split_at(cut);
            let cr = a.last() == Some(&b'\r');
            assert_eq!(count_line_ends(a, false) + count_line_ends(b, cr), 5, "cut {cut}");
        }
    }
}
