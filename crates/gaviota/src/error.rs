//! What can go wrong when tables are added or probed.

use std::fmt;
use std::path::PathBuf;

/// A failed probe, or a table that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GaviotaError {
    /// The table the position needs (`name`, as `kqkr`: White's pieces then Black's,
    /// or the other way round where the format names the material so) is not among the
    /// directories added, or the material has no table (more than five pieces, or a
    /// material the format leaves out).
    MissingTable {
        /// The material, White's side first (`krkq`, `kpppkp`).
        name: String,
    },
    /// The position has castling rights, which no table holds.
    CastlingRights,
    /// A side without exactly one king, or more than 16 pieces a side.
    NotAPosition,
    /// The file is not a table of its name's material, or is damaged.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What was found wrong.
        what: &'static str,
    },
    /// The file or directory could not be read.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The operating system's message.
        message: String,
    },
}

impl fmt::Display for GaviotaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GaviotaError::MissingTable { name } => write!(f, "gaviota table {name} not available"),
            GaviotaError::CastlingRights => {
                f.write_str("gaviota tables do not contain positions with castling rights")
            }
            GaviotaError::NotAPosition => {
                f.write_str("gaviota tables hold positions with one king a side")
            }
            GaviotaError::Corrupt { path, what } => {
                write!(f, "corrupt gaviota table {}: {what}", path.display())
            }
            GaviotaError::Io { path, message } => write!(f, "{}: {message}", path.display()),
        }
    }
}

impl std::error::Error for GaviotaError {}
