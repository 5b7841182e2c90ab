//! What goes wrong reading a network file or evaluating a position.

use core::fmt;

/// A network file that cannot be used: each names the byte offset where reading stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NetworkError {
    /// The file ended inside `what`, which started at `offset`.
    Truncated {
        /// The part being read (`"feature transformer weights"`, ...).
        what: &'static str,
        /// Where that part started.
        offset: usize,
    },
    /// The first word is not a version this crate reads. Stockfish 12-14's HalfKP networks,
    /// and the threat-input networks of Stockfish 18 (big) and 19, end here.
    UnsupportedVersion {
        /// The version word found.
        version: u32,
    },
    /// The feature transformer's hash names a feature set other than HalfKAv2_hm, or a
    /// width this crate does not evaluate.
    UnsupportedFeatures {
        /// The hash found.
        hash: u32,
        /// Where it was read.
        offset: usize,
    },
    /// A hash that must agree with the rest of the file does not: the file is damaged or
    /// made for another architecture.
    HashMismatch {
        /// The part whose hash is wrong.
        what: &'static str,
        /// The hash expected from the rest of the file.
        expected: u32,
        /// The hash found.
        found: u32,
        /// Where it was read.
        offset: usize,
    },
    /// A LEB128-compressed block is malformed: a bad magic, a value too long for its type,
    /// or a byte count that disagrees with the values read.
    Compression {
        /// The block being read.
        what: &'static str,
        /// Where the fault was found.
        offset: usize,
        /// The fault.
        reason: &'static str,
    },
    /// The network ended at `end`, but the input holds `len` bytes: the network is embedded in
    /// a larger file (cut it out with `&bytes[start..start + end]`), or the file is damaged.
    TrailingBytes {
        /// Where the network ended.
        end: usize,
        /// The input's length.
        len: usize,
    },
    /// The file could not be read.
    Io(String),
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::Truncated { what, offset } => {
                write!(f, "network file truncated in the {what} starting at byte {offset}")
            }
            NetworkError::UnsupportedVersion { version } => write!(
                f,
                "unsupported network version {version:#010x}: lerf-nnue reads HalfKAv2_hm \
                 networks (version 0x7af32f20: Stockfish 15.1 to 17, Stockfish 18's small \
                 network); HalfKP and threat-input networks are not supported"
            ),
            NetworkError::UnsupportedFeatures { hash, offset } => write!(
                f,
                "unsupported feature transformer (hash {hash:#010x} at byte {offset}): only \
                 HalfKAv2_hm with a width of 32 to 4096 in steps of 32 is read"
            ),
            NetworkError::HashMismatch { what, expected, found, offset } => write!(
                f,
                "{what} hash {found:#010x} at byte {offset} disagrees with {expected:#010x}: \
                 damaged file or another architecture"
            ),
            NetworkError::Compression { what, offset, reason } => {
                write!(f, "bad LEB128 block ({what}) at byte {offset}: {reason}")
            }
            NetworkError::TrailingBytes { end, len } => write!(
                f,
                "the network ends at byte {end} but the input holds {len} bytes \
                 (a network embedded in a larger file can be cut out at 0..{end})"
            ),
            NetworkError::Io(message) => write!(f, "cannot read the network file: {message}"),
        }
    }
}

impl std::error::Error for NetworkError {}

/// A position the network cannot evaluate. Nothing is changed when one is returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum EvalError {
    /// A side has no king, or more than one.
    Kings {
        /// White's king count.
        white: u32,
        /// Black's king count.
        black: u32,
    },
    /// More than 32 pieces: the layer stacks are chosen by piece count and end at 32.
    TooManyPieces(u32),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Kings { white, black } => write!(
                f,
                "NNUE needs one king a side; this position has {white} white and {black} black"
            ),
            EvalError::TooManyPieces(n) => {
                write!(f, "NNUE evaluates up to 32 pieces; this position has {n}")
            }
        }
    }
}

impl std::error::Error for EvalError {}
