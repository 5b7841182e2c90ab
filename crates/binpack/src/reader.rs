//! Reading a binpack: chunk by chunk (one chunk in memory at a time), each chain's stem and
//! then its moves, one entry at a time.

use crate::bits::BitReader;
use crate::entry::Entry;
use crate::error::{BinpackError, ErrorKind};
use crate::movetext::{MoveFault, read_move, read_score};
use crate::stem;
use std::io::Read;

/// The largest chunk a reader accepts (writers make 1 MiB ones).
pub const MAX_CHUNK: u32 = 100 << 20;
/// A stem and its move count: the least a chain takes.
const CHAIN_MIN: usize = 34;

/// The chain being read: the entry given last and where its moves are.
struct Chain {
    entry: Entry,
    /// Moves left to read.
    left: u16,
    /// The chain's moves: their first byte in the chunk, and bits read.
    start: usize,
    bits: usize,
    last_score: i16,
}

/// The entries of a binpack read from `R`, in order. A fault ends the entries with an
/// error naming the chunk and byte; the entries before it were given.
pub struct Reader<R> {
    input: R,
    chunk: Vec<u8>,
    /// The next chain's byte in the chunk.
    offset: usize,
    chain: Option<Chain>,
    /// Chunks read (the current one is `chunks - 1`) and the file offset of the current
    /// chunk's body.
    chunks: u64,
    chunk_start: u64,
    /// Chains begun.
    chains: u64,
    done: bool,
}

impl<R: Read> Reader<R> {
    /// Entries of `input`, a binpack.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            chunk: Vec::new(),
            offset: 0,
            chain: None,
            chunks: 0,
            chunk_start: 0,
            chains: 0,
            done: false,
        }
    }

    /// Chains read so far (each a stem and the entries that continue it).
    pub fn chains(&self) -> u64 {
        self.chains
    }

    /// Chunks read so far.
    pub fn chunks(&self) -> u64 {
        self.chunks
    }

    fn error(&self, at: usize, kind: ErrorKind) -> BinpackError {
        BinpackError {
            chunk: self.chunks.saturating_sub(1),
            offset: self.chunk_start + at as u64,
            kind,
        }
    }

    /// Reads the next chunk; `Ok(false)` at the end of the input.
    fn next_chunk(&mut self) -> Result<bool, BinpackError> {
        let file_offset = self.chunk_start + self.chunk.len() as u64;
        let mut header = [0u8; 8];
        let got = read_full(&mut self.input, &mut header).map_err(|e| self.io(e))?;
        let at = |kind| BinpackError { chunk: self.chunks, offset: file_offset, kind };
        if got == 0 {
            return Ok(false);
        }
        if got < 8 {
            return Err(at(ErrorKind::Truncated));
        }
        if &header[..4] != b"BINP" {
            return Err(at(ErrorKind::BadMagic));
        }
        let size = u32::from_le_bytes([header[4], header[5], header[6], header[7]]);
        if size > MAX_CHUNK {
            return Err(at(ErrorKind::ChunkTooLarge(size)));
        }
        self.chunk.resize(size as usize, 0);
        let got = read_full(&mut self.input, &mut self.chunk).map_err(|e| self.io(e))?;
        if got < size as usize {
            return Err(BinpackError {
                chunk: self.chunks,
                offset: file_offset + 8 + got as u64,
                kind: ErrorKind::Truncated,
            });
        }
        self.chunks += 1;
        self.chunk_start = file_offset + 8;
        self.offset = 0;
        Ok(true)
    }

    fn io(&self, e: std::io::Error) -> BinpackError {
        BinpackError {
            chunk: self.chunks,
            offset: self.chunk_start,
            kind: ErrorKind::Io(e.to_string()),
        }
    }

    /// The next entry of the current chain, if it has moves left.
    fn chain_entry(&mut self) -> Option<Result<Entry, BinpackError>> {
        let chain = self.chain.as_mut()?;
        if chain.left == 0 {
            self.offset = chain.start + BitReader::resume(&[], chain.bits).bytes_used();
            self.chain = None;
            return None;
        }
        let mut bits = BitReader::resume(&self.chunk[chain.start..], chain.bits);
        let entry = &mut chain.entry;
        entry.board.do_move(entry.mv);
        let result = read_move(&mut bits, &entry.board)
            .and_then(|m| Ok((m, read_score(&mut bits, chain.last_score)?)));
        let (m, score) = match result {
            Ok(found) => found,
            Err(fault) => {
                let at = chain.start + bits.bytes_used();
                self.done = true;
                let kind = match fault {
                    MoveFault::Overrun => ErrorKind::MovetextOverrun,
                    MoveFault::Illegal(uci) => ErrorKind::IllegalMove(uci),
                };
                return Some(Err(self.error(at, kind)));
            }
        };
        chain.bits = bits.pos();
        chain.left -= 1;
        chain.last_score = score.wrapping_neg();
        (entry.mv, entry.score, entry.ply, entry.result) =
            (m, score, entry.ply.wrapping_add(1), -entry.result);
        Some(Ok(chain.entry))
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Entry, BinpackError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if let Some(entry) = self.chain_entry() {
            return Some(entry);
        }
        while self.offset + CHAIN_MIN > self.chunk.len() {
            match self.next_chunk() {
                Ok(true) => {}
                Ok(false) => {
                    self.done = true;
                    return None;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        let at = self.offset;
        let stem_bytes: &[u8; 32] = self.chunk[at..at + 32].try_into().expect("32 bytes");
        let entry = match stem::unpack(stem_bytes) {
            Ok(entry) => entry,
            Err(why) => {
                self.done = true;
                return Some(Err(self.error(at, ErrorKind::BadPosition(why))));
            }
        };
        let plies = u16::from_be_bytes([self.chunk[at + 32], self.chunk[at + 33]]);
        self.offset = at + CHAIN_MIN;
        self.chains += 1;
        if entry.mv != lerf_types::Move::NULL && !legal(&entry) {
            self.done = true;
            return Some(Err(self.error(at + 24, ErrorKind::IllegalMove(uci(&entry)))));
        }
        if plies > 0 {
            if entry.mv == lerf_types::Move::NULL {
                self.done = true;
                return Some(Err(self.error(at + 24, ErrorKind::IllegalMove("0000".into()))));
            }
            let last_score = entry.score.wrapping_neg();
            self.chain =
                Some(Chain { entry, left: plies, start: at + CHAIN_MIN, bits: 0, last_score });
        }
        Some(Ok(entry))
    }
}

/// Whether the stem's move is legal in its position.
fn legal(entry: &Entry) -> bool {
    crate::movetext::is_legal(&entry.board, entry.mv)
}

fn uci(entry: &Entry) -> String {
    format!("{}{}", entry.mv.from(), entry.mv.to())
}

/// Reads until `buf` is full or the input ends; the bytes read.
fn read_full(input: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}
