//! One chunk's entries: its chains read one after the other, each stem and then its moves.
//! The cursor holds no bytes: the caller passes the chunk to each step, so the chunk can be
//! reused (one buffer a reader) or decoded anywhere (one a thread).

use crate::bits::BitReader;
use crate::entry::Entry;
use crate::error::{BinpackError, ErrorKind};
use crate::movetext::{MoveFault, is_legal, read_move, read_score};
use crate::stem;
use lerf_types::{Move, PieceType};

/// A stem and its move count: the least a chain takes. Fewer bytes left in a chunk are
/// padding, as Stockfish's reader takes them.
pub(crate) const CHAIN_MIN: usize = 34;

/// The chain being read: the entry given last and where its moves are.
struct Chain {
    entry: Entry,
    /// The type of the piece `entry.mv` moves (known when the move was read: the board
    /// need not look it up again to play it).
    mover: PieceType,
    /// Moves left to read.
    left: u16,
    /// The chain's moves: their first byte in the chunk, and bits read.
    start: usize,
    bits: usize,
    last_score: i16,
}

/// Where reading one chunk stands.
#[derive(Default)]
pub(crate) struct ChunkCursor {
    /// The next chain's byte.
    offset: usize,
    chain: Option<Chain>,
    /// Chains begun in this chunk.
    pub(crate) chains: u64,
}

/// A fault at a byte of the chunk.
pub(crate) type Fault = (usize, ErrorKind);

impl ChunkCursor {
    /// The next entry of `chunk`, `None` when it has no more.
    #[inline(always)]
    pub(crate) fn next(&mut self, chunk: &[u8]) -> Option<Result<Entry, Fault>> {
        if let Some(chain) = self.chain.as_mut() {
            if chain.left > 0 {
                return Some(Self::chain_entry(chain, chunk));
            }
            self.offset = chain.start + BitReader::resume(&[], chain.bits).bytes_used();
            self.chain = None;
        }
        if self.offset + CHAIN_MIN > chunk.len() {
            return None;
        }
        let at = self.offset;
        let stem_bytes: &[u8; 32] = chunk[at..at + 32].try_into().expect("32 bytes");
        let entry = match stem::unpack(stem_bytes) {
            Ok(entry) => entry,
            Err(why) => return Some(Err((at, ErrorKind::BadPosition(why)))),
        };
        let plies = u16::from_be_bytes([chunk[at + 32], chunk[at + 33]]);
        self.offset = at + CHAIN_MIN;
        self.chains += 1;
        if entry.mv != Move::NULL && !is_legal(&entry.board, entry.mv) {
            let uci = format!("{}{}", entry.mv.from(), entry.mv.to());
            return Some(Err((at + 24, ErrorKind::IllegalMove(uci))));
        }
        if plies > 0 {
            if entry.mv == Move::NULL {
                return Some(Err((at + 24, ErrorKind::IllegalMove("0000".into()))));
            }
            let last_score = entry.score.wrapping_neg();
            // The move is legal (checked above): its origin holds a piece.
            let mover =
                entry.board.piece_on(entry.mv.from()).map_or(PieceType::Pawn, |p| p.piece_type());
            let start = at + CHAIN_MIN;
            self.chain = Some(Chain { entry, mover, left: plies, start, bits: 0, last_score });
        }
        Some(Ok(entry))
    }

    /// The next entry of a chain with moves left.
    #[inline(always)]
    fn chain_entry(chain: &mut Chain, chunk: &[u8]) -> Result<Entry, Fault> {
        let mut bits = BitReader::resume(&chunk[chain.start..], chain.bits);
        let entry = &mut chain.entry;
        entry.board.do_move_by(entry.mv, chain.mover);
        let found = read_move(&mut bits, &entry.board)
            .and_then(|moved| Ok((moved, read_score(&mut bits, chain.last_score)?)));
        let ((m, mover), score) = found.map_err(|fault| {
            let kind = match fault {
                MoveFault::Overrun => ErrorKind::MovetextOverrun,
                MoveFault::Illegal(uci) => ErrorKind::IllegalMove(uci),
            };
            (chain.start + bits.bytes_used(), kind)
        })?;
        (chain.bits, chain.mover) = (bits.pos(), mover);
        chain.left -= 1;
        chain.last_score = score.wrapping_neg();
        (entry.mv, entry.score, entry.ply, entry.result) =
            (m, score, entry.ply.wrapping_add(1), -entry.result);
        Ok(*entry)
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
    while let Some(entry) = cursor.next(chunk) {
        match entry {
            Ok(e) => out.push(e),
            Err((at, kind)) => {
                return Some(BinpackError { chunk: index, offset: body_offset + at as u64, kind });
            }
        }
    }
    None
}
