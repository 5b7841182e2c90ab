//! One chunk's entries: its chains read one after the other, each stem and then its moves.
//! The cursor holds no bytes: the caller passes the chunk to each step, so the chunk can be
//! reused (one buffer a reader) or decoded anywhere (one a thread). It keeps the entry it
//! read last and lends it: the next move is played on that board where it lies, so reading
//! an entry copies no position.

use crate::bits::BitReader;
use crate::entry::Entry;
use crate::error::{BinpackError, ErrorKind};
use crate::movetext::{is_legal, read_move, read_score};
use crate::stem;
use lerf_position::Board;
use lerf_types::{Move, PieceType};

/// A stem and its move count: the least a chain takes. Fewer bytes left in a chunk are
/// padding, as Stockfish's reader takes them.
pub(crate) const CHAIN_MIN: usize = 34;

/// Where reading one chunk stands.
pub(crate) struct ChunkCursor {
    /// The entry read last.
    entry: Entry,
    /// The type of the piece `entry.mv` moves (known when the move was read: the board
    /// need not look it up again to play it).
    mover: PieceType,
    /// Moves of the current chain left to read.
    left: u16,
    /// The current chain's moves (none for a stem without moves): their first byte in the
    /// chunk, and bits read.
    start: usize,
    bits: usize,
    last_score: i16,
    /// Chains begun in this chunk.
    pub(crate) chains: u64,
}

impl Default for ChunkCursor {
    fn default() -> ChunkCursor {
        let board = Board::default();
        ChunkCursor {
            entry: Entry { board, mv: Move::NULL, score: 0, ply: 0, result: 0 },
            mover: PieceType::Pawn,
            left: 0,
            start: 0,
            bits: 0,
            last_score: 0,
            chains: 0,
        }
    }
}

/// A fault at a byte of the chunk.
pub(crate) type Fault = (usize, ErrorKind);

impl ChunkCursor {
    /// The entry the last successful [`advance`](ChunkCursor::advance) read.
    #[inline(always)]
    pub(crate) fn entry(&self) -> &Entry {
        &self.entry
    }

    /// Reads the next entry of `chunk` (then [`entry`](ChunkCursor::entry) lends it): `None`
    /// when the chunk has no more.
    #[inline(always)]
    pub(crate) fn advance(&mut self, chunk: &[u8]) -> Option<Result<(), Fault>> {
        if self.left > 0 {
            return Some(self.chain_entry(chunk));
        }
        // The next chain starts at the byte after the last chain's moves (none for a stem
        // without moves; the chunk's start before the first chain).
        let at = self.start + self.bits.div_ceil(8);
        if at + CHAIN_MIN > chunk.len() {
            return None;
        }
        let stem_bytes: &[u8; 32] = chunk[at..at + 32].try_into().expect("32 bytes");
        let entry = match stem::unpack(stem_bytes) {
            Ok(entry) => entry,
            Err(why) => return Some(Err((at, ErrorKind::BadPosition(why)))),
        };
        let plies = u16::from_be_bytes([chunk[at + 32], chunk[at + 33]]);
        (self.start, self.bits) = (at + CHAIN_MIN, 0);
        self.chains += 1;
        if entry.mv != Move::NULL && !is_legal(&entry.board, entry.mv) {
            let uci = format!("{}{}", entry.mv.from(), entry.mv.to());
            return Some(Err((at + 24, ErrorKind::IllegalMove(uci))));
        }
        if plies > 0 {
            if entry.mv == Move::NULL {
                return Some(Err((at + 24, ErrorKind::IllegalMove("0000".into()))));
            }
            // The move is legal (checked above): its origin holds a piece.
            self.mover = entry.board.piece_type_on(entry.mv.from()).unwrap_or(PieceType::Pawn);
            self.left = plies;
            self.last_score = entry.score.wrapping_neg();
        }
        self.entry = entry;
        Some(Ok(()))
    }

    /// The next entry of a chain with moves left. A fault leaves the board after the
    /// previous entry's move: nothing is read after a fault.
    #[inline(always)]
    fn chain_entry(&mut self, chunk: &[u8]) -> Result<(), Fault> {
        let mut bits = BitReader::resume(&chunk[self.start..], self.bits);
        let mut window = bits.window();
        let entry = &mut self.entry;
        entry.board.do_move_by(entry.mv, self.mover);
        let moved = read_move(&mut window, &entry.board);
        let score = read_score(&mut window, self.last_score);
        // Bits past the chunk's end read as zeros: that is the fault, whatever they named.
        let overran = bits.advance(window.used()).is_none();
        let at = self.start + bits.bytes_used();
        if overran {
            return Err((at, ErrorKind::MovetextOverrun));
        }
        let (m, mover) = moved.map_err(|why| (at, ErrorKind::IllegalMove(why.describe())))?;
        let score = score.ok_or((at, ErrorKind::BadScore))?;
        (self.bits, self.mover) = (bits.pos(), mover);
        self.left -= 1;
        self.last_score = score.wrapping_neg();
        (entry.mv, entry.score, entry.ply, entry.result) =
            (m, score, entry.ply.wrapping_add(1), -entry.result);
        Ok(())
    }
}

/// Every entry of one chunk (`index` in the file, its body at `body_offset`), and the fault
/// that ended them early, if one did.
pub(crate) fn decode(
    chunk: &[u8],
    index: u64,
    body_offset: u64,
    out: &mut Vec<Entry>,
) -> Option<BinpackError> {
    let mut cursor = ChunkCursor::default();
    while let Some(step) = cursor.advance(chunk) {
        match step {
            Ok(()) => out.push(*cursor.entry()),
            Err((at, kind)) => {
                return Some(BinpackError { chunk: index, offset: body_offset + at as u64, kind });
            }
        }
    }
    None
}
