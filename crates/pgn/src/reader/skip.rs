//! What the reader passes over without visiting: the lines between games, and a game's
//! movetext when the visitor skips it (or its start position cannot be set up), both as
//! python-chess's `read_game` passes over them.

use super::Reader;
use std::io::Read;

const BOM: &[u8] = b"\xef\xbb\xbf";

impl<R: Read> Reader<R> {
    /// Skips byte order marks, empty lines and `%` and `;` lines up to the next game's first
    /// line; false at the end of the input.
    pub(super) fn skip_to_game(&mut self) -> bool {
        while self.peek_at(2).is_some() && self.slice(3) == BOM {
            self.pos += 3;
        }
        loop {
            match self.peek() {
                None => return false,
                Some(b'%' | b';') => self.skip_line(),
                // A line of spaces is skipped; any other line starts the game.
                Some(_) if self.line_is_blank() => self.skip_line(),
                Some(_) => return true,
            }
        }
    }

    /// Skips a game's movetext as python-chess's fast path does: up to an empty line that
    /// is not inside a `{}` comment, `%` lines and `;` comments passed over.
    pub(super) fn skip_movetext(&mut self) {
        let mut in_comment = false;
        loop {
            // At a line start.
            if !in_comment {
                match self.peek() {
                    None => return,
                    Some(b'%') => {
                        self.skip_line();
                        continue;
                    }
                    _ => {}
                }
                if self.line_is_blank() {
                    self.skip_line();
                    return;
                }
            }
            // Through the line: braces open and close comments, `;` ends the line.
            loop {
                let found = self.advance_to(|s| {
                    if in_comment {
                        memchr::memchr3(b'}', b'\n', b'\r', s)
                    } else {
                        s.iter().position(|b| matches!(b, b'{' | b';' | b'\n' | b'\r'))
                    }
                });
                if !found {
                    return;
                }
                match self.buf[self.pos] {
                    b'{' => {
                        in_comment = true;
                        self.pos += 1;
                    }
                    b'}' => {
                        in_comment = false;
                        self.pos += 1;
                    }
                    b';' => {
                        self.skip_line();
                        break;
                    }
                    _ => {
                        self.take_line_end();
                        break;
                    }
                }
            }
        }
    }
}
