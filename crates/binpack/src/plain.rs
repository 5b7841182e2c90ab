//! Stockfish's `.plain` text format: per entry, lines `fen ...`, `move ...` (UCI), `score
//! ...`, `ply ...`, `result ...`, then `e`.

use crate::entry::Entry;
use lerf_position::{Board, Position};
use std::io::{BufRead, Write};

/// Writes `entry` as `.plain` text (the FEN as X-FEN for Chess960, the move in UCI).
pub fn write_plain(out: &mut impl Write, entry: &Entry) -> std::io::Result<()> {
    let pos = Position::from(&entry.board);
    let fen = if pos.is_chess960() { pos.to_xfen() } else { pos.to_fen() };
    writeln!(
        out,
        "fen {fen}\nmove {}\nscore {}\nply {}\nresult {}\ne",
        pos.uci(entry.mv),
        entry.score,
        entry.ply,
        entry.result
    )
}

/// A `.plain` entry that cannot be read: the line, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlainError {
    /// The line (from 1).
    pub line: u64,
    /// What is wrong there.
    pub message: String,
}

impl core::fmt::Display for PlainError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, ".plain line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PlainError {}

/// The entries of `.plain` text, in order; the first fault ends them.
pub struct PlainReader<R> {
    input: R,
    line: u64,
    text: String,
    done: bool,
}

impl<R: BufRead> PlainReader<R> {
    /// Entries of `input`.
    pub fn new(input: R) -> PlainReader<R> {
        PlainReader { input, line: 0, text: String::new(), done: false }
    }

    fn fail<T>(&mut self, message: String) -> Option<Result<T, PlainError>> {
        self.done = true;
        Some(Err(PlainError { line: self.line, message }))
    }
}

impl<R: BufRead> Iterator for PlainReader<R> {
    type Item = Result<Entry, PlainError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let (mut pos, mut uci, mut score, mut ply, mut result) = (None, None, 0i16, 0u16, 0i16);
        let mut started = false;
        loop {
            self.text.clear();
            match self.input.read_line(&mut self.text) {
                Ok(0) if !started => {
                    self.done = true;
                    return None;
                }
                Ok(0) => return self.fail("the file ends inside an entry (no `e` line)".into()),
                Ok(_) => self.line += 1,
                Err(e) => return self.fail(e.to_string()),
            }
            let line = self.text.trim();
            if line.is_empty() {
                continue;
            }
            started = true;
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            let number = |v: &str| {
                v.trim().parse::<i32>().map_err(|_| format!("{key}: not a number: {v:?}"))
            };
            match key {
                "fen" => match Position::from_fen(value).or_else(|_| Position::from_fen_960(value))
                {
                    Ok(p) => pos = Some(p),
                    Err(e) => return self.fail(format!("{e}: {value:?}")),
                },
                "move" => uci = Some(value.trim().to_owned()),
                "score" | "ply" | "result" => {
                    let n = match number(value) {
                        Ok(n) => n,
                        Err(m) => return self.fail(m),
                    };
                    let fits = match key {
                        "score" => i16::try_from(n).map(|v| score = v).is_ok(),
                        "ply" => u16::try_from(n).map(|v| ply = v).is_ok(),
                        // A game's result for the side to move: a loss, a draw or a win.
                        _ => (-1..=1).contains(&n) && i16::try_from(n).map(|v| result = v).is_ok(),
                    };
                    if !fits {
                        return self.fail(format!("{key} {n} is out of range"));
                    }
                }
                "e" => {
                    let Some(pos) = pos.take() else {
                        return self.fail("an entry without `fen`".into());
                    };
                    let mv = match uci.as_deref() {
                        None | Some("0000") => lerf_types::Move::NULL,
                        Some(text) => match pos.parse_uci(text) {
                            Ok(m) => m,
                            Err(e) => return self.fail(format!("{e}: {text}")),
                        },
                    };
                    return Some(Ok(Entry { board: Board::from(&pos), mv, score, ply, result }));
                }
                // Other keys (some tools add their own) are passed over.
                _ => {}
            }
        }
    }
}
