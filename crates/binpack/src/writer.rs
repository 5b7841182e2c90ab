//! Writing a binpack: entries that continue each other (the next position is the previous
//! one after its move) become one chain, a stem and packed moves; a chunk is written once it
//! holds 1 MiB, at a chain's start, as Stockfish's tools write them.

use crate::bits::BitWriter;
use crate::entry::Entry;
use crate::movetext::{write_move, write_score};
use crate::stem;
use lerf_types::Move;
use std::io::Write;

/// A chunk is written out once it holds this many bytes.
pub const CHUNK_SIZE: usize = 1 << 20;

/// Why an entry cannot be written. Nothing of it was written.
#[derive(Debug)]
#[non_exhaustive]
pub enum WriteError {
    /// The move is not legal in the entry's position.
    IllegalMove(String),
    /// The ply does not fit the format's 14 bits.
    PlyTooLarge(u16),
    /// The result is not -1, 0 or 1.
    BadResult(i16),
    /// The output failed.
    Io(std::io::Error),
}

impl core::fmt::Display for WriteError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            WriteError::IllegalMove(what) => {
                write!(f, "not a legal move of the entry's position: {what}")
            }
            WriteError::PlyTooLarge(ply) => write!(f, "ply {ply} is over the format's 16383"),
            WriteError::BadResult(r) => write!(f, "result {r} is not -1, 0 or 1"),
            WriteError::Io(e) => write!(f, "cannot write the binpack: {e}"),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<std::io::Error> for WriteError {
    fn from(e: std::io::Error) -> WriteError {
        WriteError::Io(e)
    }
}

/// Writes entries to `W` as a binpack. Call [`finish`](Writer::finish) at the end: it writes
/// the last chunk (dropping the writer without it loses that chunk's entries).
pub struct Writer<W: Write> {
    out: W,
    chunk: Vec<u8>,
    last: Option<Entry>,
    moves: BitWriter,
    plies: u16,
    last_score: i16,
    entries: u64,
}

impl<W: Write> Writer<W> {
    /// A writer to `out`.
    pub fn new(out: W) -> Writer<W> {
        Writer {
            out,
            chunk: Vec::with_capacity(CHUNK_SIZE + (64 << 10)),
            last: None,
            moves: BitWriter::default(),
            plies: 0,
            last_score: 0,
            entries: 0,
        }
    }

    /// Entries written so far.
    pub fn entries(&self) -> u64 {
        self.entries
    }

    /// Adds `entry`: to the chain being written when it continues it, else as a new chain.
    pub fn write(&mut self, entry: &Entry) -> Result<(), WriteError> {
        check(entry)?;
        let continues =
            self.plies < u16::MAX && self.last.is_some_and(|last| last.is_continued_by(entry));
        if continues {
            write_move(&mut self.moves, &entry.board, entry.mv);
            write_score(&mut self.moves, self.last_score, entry.score);
            self.last_score = entry.score.wrapping_neg();
            self.plies += 1;
        } else {
            if self.last.is_some() {
                self.end_chain();
            }
            if self.chunk.len() >= CHUNK_SIZE {
                self.flush_chunk()?;
            }
            self.chunk.extend_from_slice(&stem::pack(entry));
            self.moves.clear();
            self.plies = 0;
            self.last_score = entry.score.wrapping_neg();
        }
        self.last = Some(*entry);
        self.entries += 1;
        Ok(())
    }

    fn end_chain(&mut self) {
        self.chunk.extend_from_slice(&self.plies.to_be_bytes());
        self.chunk.extend_from_slice(&self.moves.bytes);
    }

    fn flush_chunk(&mut self) -> std::io::Result<()> {
        self.out.write_all(b"BINP")?;
        self.out.write_all(&(self.chunk.len() as u32).to_le_bytes())?;
        self.out.write_all(&self.chunk)?;
        self.chunk.clear();
        Ok(())
    }

    /// Writes what is left and gives the output back.
    pub fn finish(mut self) -> Result<W, WriteError> {
        if self.last.is_some() {
            self.end_chain();
            self.flush_chunk()?;
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

/// The checks an entry passes before any of it is written.
fn check(entry: &Entry) -> Result<(), WriteError> {
    if entry.ply > 0x3fff {
        return Err(WriteError::PlyTooLarge(entry.ply));
    }
    if !(-1..=1).contains(&entry.result) {
        return Err(WriteError::BadResult(entry.result));
    }
    if entry.mv != Move::NULL && !crate::movetext::is_legal(&entry.board, entry.mv) {
        let uci = lerf_position::Position::from(&entry.board).uci(entry.mv);
        return Err(WriteError::IllegalMove(format!("{uci} in {}", entry.board)));
    }
    Ok(())
}
