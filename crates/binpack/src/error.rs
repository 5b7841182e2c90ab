//! What goes wrong reading a binpack: each error names the chunk and the byte.

use core::fmt;

/// A binpack that cannot be read: where, and what was wrong there. Nothing read before the
/// error is lost: the entries before it were given out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BinpackError {
    /// The chunk (from 0) the fault is in.
    pub chunk: u64,
    /// The fault's byte offset in the file.
    pub offset: u64,
    /// What was wrong.
    pub kind: ErrorKind,
}

/// What was wrong in a binpack.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A chunk does not start with `BINP`.
    BadMagic,
    /// A chunk's size is larger than any writer makes (100 MiB).
    ChunkTooLarge(u32),
    /// The file ends inside a chunk's header or body.
    Truncated,
    /// A chain's stem holds no position lerf accepts (why).
    BadPosition(String),
    /// A stored move is not a legal move of its position (its UCI text).
    IllegalMove(String),
    /// A chain's moves run past the end of its chunk.
    MovetextOverrun,
    /// A score's variable-length blocks hold more than 16 bits.
    BadScore,
    /// The file could not be read.
    Io(String),
}

impl fmt::Display for BinpackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "binpack chunk {} at byte {}: ", self.chunk, self.offset)?;
        match &self.kind {
            ErrorKind::BadMagic => f.write_str("no BINP chunk header"),
            ErrorKind::ChunkTooLarge(n) => write!(f, "a chunk of {n} bytes (over 100 MiB)"),
            ErrorKind::Truncated => f.write_str("the file ends inside the chunk"),
            ErrorKind::BadPosition(why) => write!(f, "the chain's position is invalid: {why}"),
            ErrorKind::IllegalMove(uci) => write!(f, "move {uci} is not legal in its position"),
            ErrorKind::MovetextOverrun => f.write_str("a chain's moves run past its chunk"),
            ErrorKind::BadScore => f.write_str("a score's blocks hold more than 16 bits"),
            ErrorKind::Io(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for BinpackError {}
