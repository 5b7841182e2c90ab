//! Movetext, token by token, as python-chess's `read_game` reads it: its tokenizer (a
//! regex applied at each byte, bytes it does not match passed over), a line that starts
//! with `%` or `;` skipped, an empty line ending the game, `(` only where the board has a
//! move to take back, and an illegal move skipping the rest of its line.
//!
//! Where python-chess reads past damage without a word (an unknown token, a stray `)`, a
//! tag line inside movetext) the reader records it through [`Visitor::error`], and reads
//! on exactly as python-chess does.

use super::bytes::{find_nearby, is_filler, is_gap, is_space_or_line_end, move_token_len};
use super::bytes::{move_number_len, result_len};
use super::{MAX_VARIATION_DEPTH, Reader};
use crate::error::PgnErrorKind;
use crate::visitor::{GameResult, Skip, Visitor};
use std::io::Read;

/// What is being skipped, and what its closing `)` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Skipping {
    /// Nothing: tokens are read.
    No,
    /// A variation the visitor declined: its `)` calls `end_variation`.
    Declined,
    /// A variation not begun (too deep, or `begin_variation` failed): its `)` just ends it.
    NotBegun,
    /// The rest of a variation after an illegal move: its `)` ends the variation and the
    /// line before it goes on.
    AfterError,
    /// The rest of the mainline after an illegal move: up to the game's end.
    Rest,
}

/// Where the movetext loop stands.
struct Movetext {
    /// Variations begun and being read.
    depth: usize,
    /// Moves on the current line's board since the game's start position (python-chess
    /// opens a variation only where this is not zero).
    plies: u32,
    skipping: Skipping,
    /// Parentheses open in what is skipped, the skipped variation's own included.
    skip_depth: usize,
    /// Inside a word already recorded as unknown (one record a word).
    in_unknown: bool,
    /// On a tag line read as movetext, already recorded once for the whole line.
    tag_line: bool,
}

impl<R: Read> Reader<R> {
    /// Reads the movetext from the start of its first line to the game's end.
    pub(super) fn read_movetext<V: Visitor>(&mut self, v: &mut V) {
        self.plies.clear();
        let mut m = Movetext {
            depth: 0,
            plies: 0,
            skipping: Skipping::No,
            skip_depth: 0,
            in_unknown: false,
            tag_line: false,
        };
        let mut line_start = true;
        loop {
            if line_start {
                line_start = false;
                m.tag_line = false;
                match self.peek() {
                    None => return,
                    Some(b'%' | b';') => {
                        self.skip_line();
                        line_start = true;
                        continue;
                    }
                    Some(_) if self.line_is_blank() => {
                        self.skip_line();
                        return;
                    }
                    Some(b'[') if m.skipping == Skipping::No => {
                        self.record(v, self.word_len(), PgnErrorKind::TagInMovetext);
                        m.tag_line = true;
                    }
                    Some(_) => {}
                }
            }
            self.look_ahead();
            let Some(&b) = self.available().first() else { return };
            if m.skipping != Skipping::No {
                line_start = self.skipped_token(v, &mut m, b);
                continue;
            }
            // The common bytes first, as tests the branch predictor follows well.
            if b.is_ascii_alphabetic() {
                match move_token_len(self.available()) {
                    Some(len) => self.san(v, &mut m, len),
                    None => self.unknown(v, &mut m),
                }
            } else if b == b'{' {
                self.comment(v, true);
                self.skip_filler(&mut m);
            } else if b.is_ascii_digit() {
                self.digits(v, &mut m);
            } else if b == b' ' {
                self.skip_filler(&mut m);
            } else if b == b'\n' || b == b'\r' {
                m.in_unknown = false;
                // Nearly every line ends before a move or a move number: such a line is
                // neither blank, nor a comment, nor a tag line, so its start needs no look.
                if b == b'\n' && self.available().get(1).is_some_and(u8::is_ascii_alphanumeric) {
                    self.pos += 1;
                    m.tag_line = false;
                } else {
                    self.take_line_end();
                    line_start = true;
                }
            } else {
                line_start = self.other_token(v, &mut m, b);
            }
        }
    }

    /// The rarer tokens; true when the line ended.
    fn other_token<V: Visitor>(&mut self, v: &mut V, m: &mut Movetext, b: u8) -> bool {
        match b {
            b'(' => self.open_variation(v, m),
            b')' => self.close_variation(v, m),
            b';' => {
                self.skip_line();
                m.in_unknown = false;
                return true;
            }
            b'$' => self.nag(v, m),
            b'!' | b'?' => self.annotation(v),
            b'*' => self.result(v, m, 1, GameResult::Unknown),
            b'-' | b'@' => match move_token_len(self.available()) {
                Some(len) => self.san(v, m, len),
                None => self.unknown(v, m),
            },
            // An ellipsis written as one character, after a move number.
            0xe2 if self.available().starts_with("…".as_bytes()) => self.pos += 3,
            _ if is_filler(b) => self.skip_filler(m),
            _ => self.unknown(v, m),
        }
        false
    }

    /// A token inside what is skipped: only comments, parentheses and line ends count;
    /// true when the line ended.
    fn skipped_token<V: Visitor>(&mut self, v: &mut V, m: &mut Movetext, b: u8) -> bool {
        match b {
            b'{' => self.comment(v, false),
            b'(' => {
                m.skip_depth += 1;
                self.pos += 1;
            }
            b')' => self.close_variation(v, m),
            b'\n' | b'\r' => {
                self.take_line_end();
                return true;
            }
            b';' => {
                self.skip_line();
                return true;
            }
            _ => {
                let ahead = self.available();
                let run = ahead.iter().position(|b| b"{()\n\r;".contains(b));
                self.pos += run.unwrap_or(ahead.len());
            }
        }
        false
    }

    /// A move token (`len` bytes, and a `+` or `#` right after it, which python-chess's
    /// tokenizer leaves out but a visitor keeping the text as written wants).
    #[inline(always)]
    fn san<V: Visitor>(&mut self, v: &mut V, m: &mut Movetext, len: usize) {
        // A branch, not a select (see `promotion_after`).
        let len = match self.available().get(len) {
            Some(b'+' | b'#') => len + 1,
            _ => len,
        };
        match v.san(&self.buf[self.pos..self.pos + len]) {
            Ok(()) => {
                m.plies += 1;
                self.pos += len;
                self.skip_filler(m);
            }
            Err(e) => {
                self.record(v, len, PgnErrorKind::Visitor(e));
                self.pos += len;
                skip_line_after_error(m);
            }
        }
    }

    /// A byte starting no token: passed over, and recorded once a word unless python-chess
    /// passes over it as a matter of course (spaces, move numbers, dots, check signs).
    fn unknown<V: Visitor>(&mut self, v: &mut V, m: &mut Movetext) {
        let b = self.available()[0];
        if !is_filler(b) && !m.in_unknown && !m.tag_line {
            m.in_unknown = true;
            self.record(v, self.word_len(), PgnErrorKind::UnknownToken);
        }
        self.pos += 1;
    }

    /// The length of the word at `pos` in the look-ahead (up to a space or line end).
    fn word_len(&self) -> usize {
        let ahead = self.available();
        ahead.iter().position(|&b| is_space_or_line_end(b)).unwrap_or(ahead.len())
    }

    /// Spaces, dots and check signs after a token, which the loop would otherwise take a
    /// turn over (nearly always one space: tested first, the loop only past it).
    #[inline(always)]
    fn skip_filler(&mut self, m: &mut Movetext) {
        let ahead = self.available();
        let run = match ahead {
            // One space, then the next token: nearly every time.
            [b' ', next, ..] if !is_gap(*next) => 1,
            [first, ..] if is_gap(*first) => {
                let mut run = 1;
                while run < ahead.len() && is_gap(ahead[run]) {
                    run += 1;
                }
                run
            }
            _ => return,
        };
        m.in_unknown = false;
        self.pos += run;
    }

    /// At a digit: most often a move number (digits, then a dot), else a token the tokenizer
    /// finds there (`1e4`, `0-0`, `0000`, a result) or a digit passed over.
    fn digits<V: Visitor>(&mut self, v: &mut V, m: &mut Movetext) {
        let ahead = self.available();
        if let Some(len) = move_number_len(ahead) {
            self.pos += len;
            m.in_unknown = false;
            return;
        }
        let digits = ahead.iter().take_while(|b| b.is_ascii_digit()).count();
        // Before a dot, no token starts inside the digits but `0000`.
        if ahead.get(digits) == Some(&b'.') && !ahead[..digits].windows(4).any(|w| w == b"0000") {
            self.pos += digits;
            self.skip_filler(m);
            return;
        }
        if let Some(len) = move_token_len(ahead) {
            return self.san(v, m, len);
        }
        match result_len(ahead) {
            Some(len) => {
                let result = match ahead[0] {
                    b'0' => GameResult::BlackWins,
                    _ if len == 3 => GameResult::WhiteWins,
                    _ => GameResult::Draw,
                };
                self.result(v, m, len, result);
            }
            None => self.pos += 1,
        }
    }

    /// A result token: the game's result in the mainline; in a variation python-chess reads
    /// it as a move, which is not one, so the variation's rest is skipped.
    fn result<V: Visitor>(&mut self, v: &mut V, m: &mut Movetext, len: usize, r: GameResult) {
        if m.depth == 0 {
            if let Err(e) = v.result(r) {
                self.record(v, len, PgnErrorKind::Visitor(e));
            }
        } else {
            self.record(v, len, PgnErrorKind::ResultInVariation);
            skip_line_after_error(m);
        }
        self.pos += len;
    }

    /// `{ ... }`, up to its closing brace on any line. `visit`: hand it to the visitor
    /// (without the braces, and one space on each side, as python-chess reads it).
    #[inline(always)]
    fn comment<V: Visitor>(&mut self, v: &mut V, visit: bool) {
        // Most comments (clock times, evaluations) close within the look-ahead.
        match find_nearby(&self.available()[1..], [b'}']) {
            Some(i) => self.close_comment(v, visit, 1 + i),
            None => self.far_comment(v, visit),
        }
    }

    #[inline(always)]
    fn close_comment<V: Visitor>(&mut self, v: &mut V, visit: bool, close: usize) {
        if visit {
            self.visit_comment(v, close);
        }
        self.pos += close + 1;
    }

    /// A comment whose `}` is past the look-ahead.
    #[inline(never)]
    fn far_comment<V: Visitor>(&mut self, v: &mut V, visit: bool) {
        match self.find(1, |s| memchr::memchr(b'}', s)) {
            Some(close) => self.close_comment(v, visit, close),
            None => self.long_or_open_comment(v, visit),
        }
    }

    #[inline(always)]
    fn visit_comment<V: Visitor>(&mut self, v: &mut V, close: usize) {
        let mut text = &self.buf[self.pos + 1..self.pos + close];
        if let [b' ', rest @ ..] = text {
            text = rest;
        }
        if let [rest @ .., b' '] = text {
            text = rest;
        }
        if let Err(e) = v.comment(text) {
            self.record(v, close + 1, PgnErrorKind::Visitor(e));
        }
    }

    /// A comment whose `}` is not in the buffer: either the input ends inside it (it takes
    /// the rest, as in python-chess) or it is longer than the token limit (skipped to its
    /// brace without keeping it).
    #[cold]
    fn long_or_open_comment<V: Visitor>(&mut self, v: &mut V, visit: bool) {
        if self.eof {
            self.record(v, 32, PgnErrorKind::Unterminated);
            if visit {
                let text_end = self.end - self.pos;
                self.visit_comment(v, text_end);
            }
            self.pos = self.end;
            return;
        }
        self.record(v, 32, PgnErrorKind::TokenTooLong);
        self.pos += 1;
        if self.advance_to(|s| memchr::memchr(b'}', s)) {
            self.pos += 1;
        }
    }

    fn open_variation<V: Visitor>(&mut self, v: &mut V, m: &mut Movetext) {
        if m.plies == 0 {
            // python-chess ignores it: there is no move to take back.
            self.record(v, 1, PgnErrorKind::VariationBeforeMove);
        } else if m.depth >= MAX_VARIATION_DEPTH {
            self.record(v, 1, PgnErrorKind::TooDeep);
            (m.skipping, m.skip_depth) = (Skipping::NotBegun, 1);
        } else {
            match v.begin_variation() {
                Ok(Skip(true)) => (m.skipping, m.skip_depth) = (Skipping::Declined, 1),
                Ok(Skip(false)) => {
                    self.plies.push(m.plies);
                    m.plies -= 1;
                    m.depth += 1;
                }
                Err(e) => {
                    self.record(v, 1, PgnErrorKind::Visitor(e));
                    (m.skipping, m.skip_depth) = (Skipping::NotBegun, 1);
                }
            }
        }
        self.pos += 1;
    }

    fn close_variation<V: Visitor>(&mut self, v: &mut V, m: &mut Movetext) {
        let leave = match m.skipping {
            Skipping::Rest => false,
            Skipping::No if m.depth == 0 => {
                self.record(v, 1, PgnErrorKind::UnmatchedParenthesis);
                false
            }
            Skipping::No => true,
            _ if m.skip_depth > 1 => {
                m.skip_depth -= 1;
                false
            }
            Skipping::NotBegun => {
                m.skipping = Skipping::No;
                false
            }
            Skipping::Declined => {
                m.skipping = Skipping::No;
                if let Err(e) = v.end_variation() {
                    self.record(v, 1, PgnErrorKind::Visitor(e));
                }
                false
            }
            Skipping::AfterError => {
                m.skipping = Skipping::No;
                true
            }
        };
        if leave {
            if let Err(e) = v.end_variation() {
                self.record(v, 1, PgnErrorKind::Visitor(e));
            }
            m.depth -= 1;
            m.plies = self.plies.pop().unwrap_or(0);
        }
        self.pos += 1;
    }

    /// `$` and digits: a NAG up to 255 (python-chess keeps larger ones; lerf's visitors
    /// take a byte, so a larger one is recorded and dropped). `$` alone is passed over.
    fn nag<V: Visitor>(&mut self, v: &mut V, m: &mut Movetext) {
        let digits = self.find(1, |s| s.iter().position(|b| !b.is_ascii_digit()));
        let digits = digits.unwrap_or(self.end - self.pos) - 1;
        if digits == 0 {
            return self.unknown(v, m);
        }
        let value = self.slice(1 + digits)[1..]
            .iter()
            .try_fold(0u8, |n, &d| n.checked_mul(10).and_then(|n| n.checked_add(d - b'0')));
        match value {
            Some(nag) => {
                if let Err(e) = v.nag(nag) {
                    self.record(v, 1 + digits, PgnErrorKind::Visitor(e));
                }
            }
            None => self.record(v, 1 + digits, PgnErrorKind::BadNag),
        }
        self.pos += 1 + digits;
    }

    /// `!`, `?`, `!!`, `??`, `!?`, `?!` as NAGs 1 to 6.
    fn annotation<V: Visitor>(&mut self, v: &mut V) {
        let ahead = self.available();
        let len = if matches!(ahead.get(1), Some(b'!' | b'?')) { 2 } else { 1 };
        let nag = match &ahead[..len] {
            b"!" => 1,
            b"?" => 2,
            b"!!" => 3,
            b"??" => 4,
            b"!?" => 5,
            _ => 6,
        };
        if let Err(e) = v.nag(nag) {
            self.record(v, len, PgnErrorKind::Visitor(e));
        }
        self.pos += len;
    }
}

/// After an illegal move (or a result inside a variation): the rest of the line is
/// skipped, up to the variation's `)` or, in the mainline, to the game's end.
fn skip_line_after_error(m: &mut Movetext) {
    if m.depth == 0 {
        m.skipping = Skipping::Rest;
    } else {
        (m.skipping, m.skip_depth) = (Skipping::AfterError, 1);
    }
}
