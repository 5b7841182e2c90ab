//! What can go wrong when tables are added or probed.

use crate::kind::TableKind;
use std::fmt;
use std::path::PathBuf;

/// A failed probe, or a table that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyzygyError {
    /// No table for this material has been added (`name` is the position's material,
    /// White's side first).
    MissingTable {
        /// The material, as `KRPvK`.
        name: String,
        /// The table that was needed.
        kind: TableKind,
    },
    /// The position has castling rights, which no table holds.
    CastlingRights,
    /// The position is not one a table can hold (a side without a king, or more than
    /// one, or in standard chess the kings side by side).
    NotAPosition,
    /// The file is not a table of the kind and material its name says, or is cut short.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What was found wrong.
        what: &'static str,
    },
    /// The file could not be opened or mapped.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The operating system's message.
        message: String,
    },
    /// A standard chess probe asked of a tablebase of another family's tables.
    WrongVariant {
        /// The tablebase's family.
        tables: crate::TableVariant,
    },
    /// A variant search went deeper than any set of published tables sends it: the
    /// tables contradict each other.
    TooDeep,
    /// A [`Placement`](crate::Placement) given a square twice, or sets that disagree.
    BadPlacement {
        /// What was wrong.
        why: &'static str,
    },
    /// A table name that is not one (`KQvK` is one; `KQK` is not).
    BadName {
        /// The name given.
        name: String,
        /// Why it is not a name.
        why: &'static str,
    },
}

impl fmt::Display for SyzygyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyzygyError::MissingTable { name, kind } => {
                write!(f, "did not find {} table {name}", kind.name())
            }
            SyzygyError::CastlingRights => {
                f.write_str("syzygy tables do not contain positions with castling rights")
            }
            SyzygyError::NotAPosition => {
                f.write_str("no syzygy table holds this position (one king a side, apart)")
            }
            SyzygyError::Corrupt { path, what } => {
                write!(f, "{}: not a valid syzygy table: {what}", path.display())
            }
            SyzygyError::Io { path, message } => write!(f, "{}: {message}", path.display()),
            SyzygyError::BadName { name, why } => write!(f, "not a table name: {name:?}: {why}"),
            SyzygyError::WrongVariant { tables } => {
                write!(f, "a standard chess probe of a tablebase of {tables:?} tables")
            }
            SyzygyError::BadPlacement { why } => write!(f, "not a placement: {why}"),
            SyzygyError::TooDeep => {
                f.write_str("the search went too deep: the tables contradict each other")
            }
        }
    }
}

impl std::error::Error for SyzygyError {}
