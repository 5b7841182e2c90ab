//! The families of Syzygy tables: standard chess, atomic, and the two losing-chess rule
//! sets (suicide as FICS plays it, giveaway as Lichess's antichess). Each family has its
//! own file suffixes and magic numbers, and the families whose kings may stand side by side
//! (or be missing, or be several) index their leading pieces differently.

use crate::kind::TableKind;

/// The rules a set of tables was generated for.
///
/// Each family has its own suffixes and magic numbers. The two losing-chess families also
/// read each other's files for pawnless material, as python-chess's variant boards do: a
/// suicide tablebase takes `KQvR.gtbw` as well as `KQvR.stbw`, a giveaway one the other
/// way round (such a file must still start with the reading family's magic number; a file
/// with pawns may start with either losing family's).
///
/// ```
/// use lerf_syzygy::{TableKind, TableVariant};
/// assert_eq!(TableVariant::Atomic.suffix(TableKind::Wdl), "atbw");
/// assert_eq!(TableVariant::Suicide.pawnless_suffix(TableKind::Dtz), Some("gtbz"));
/// assert_eq!(TableVariant::Giveaway.kind_of_suffix("stbw"), Some((TableKind::Wdl, true)));
/// assert!(!TableVariant::Giveaway.one_king());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TableVariant {
    /// Standard chess (`.rtbw`, `.rtbz`).
    #[default]
    Standard,
    /// Atomic chess (`.atbw`, `.atbz`): one king a side, which may touch.
    Atomic,
    /// Suicide chess as FICS plays it (`.stbw`, `.stbz`): kings are ordinary pieces, any
    /// number of them.
    Suicide,
    /// Giveaway, which Lichess calls antichess (`.gtbw`, `.gtbz`).
    Giveaway,
}

const STANDARD: ([u8; 4], [u8; 4]) = ([0x71, 0xe8, 0x23, 0x5d], [0xd7, 0x66, 0x0c, 0xa5]);
const ATOMIC: ([u8; 4], [u8; 4]) = ([0x55, 0x8d, 0xa4, 0x49], [0x91, 0xa9, 0x5e, 0xeb]);
const SUICIDE: ([u8; 4], [u8; 4]) = ([0x7b, 0xf6, 0x93, 0x15], [0xe4, 0xcf, 0xe7, 0x23]);
const GIVEAWAY: ([u8; 4], [u8; 4]) = ([0xbc, 0x55, 0xbc, 0x21], [0xd6, 0xf5, 0x1b, 0x50]);

impl TableVariant {
    /// Every family.
    pub const ALL: [TableVariant; 4] = [
        TableVariant::Standard,
        TableVariant::Atomic,
        TableVariant::Suicide,
        TableVariant::Giveaway,
    ];

    /// The family python-chess's `uci_variant` names (`"chess"`, `"atomic"`, `"suicide"`,
    /// `"giveaway"`, `"antichess"`); `None` for variants without tables.
    pub fn from_uci(name: &str) -> Option<TableVariant> {
        Some(match name {
            "chess" => TableVariant::Standard,
            "atomic" => TableVariant::Atomic,
            "suicide" => TableVariant::Suicide,
            "giveaway" | "antichess" => TableVariant::Giveaway,
            _ => return None,
        })
    }

    /// The other losing-chess family, whose pawnless files this one reads too.
    fn partner(self) -> Option<TableVariant> {
        match self {
            TableVariant::Suicide => Some(TableVariant::Giveaway),
            TableVariant::Giveaway => Some(TableVariant::Suicide),
            _ => None,
        }
    }

    fn own(self) -> (([u8; 4], [u8; 4]), [&'static str; 2]) {
        match self {
            TableVariant::Standard => (STANDARD, ["rtbw", "rtbz"]),
            TableVariant::Atomic => (ATOMIC, ["atbw", "atbz"]),
            TableVariant::Suicide => (SUICIDE, ["stbw", "stbz"]),
            TableVariant::Giveaway => (GIVEAWAY, ["gtbw", "gtbz"]),
        }
    }

    /// The file extension of this family's `kind` tables.
    pub fn suffix(self, kind: TableKind) -> &'static str {
        self.own().1[usize::from(kind == TableKind::Dtz)]
    }

    /// The extension of the other family's files this one reads for pawnless material.
    pub fn pawnless_suffix(self, kind: TableKind) -> Option<&'static str> {
        self.partner().map(|p| p.suffix(kind))
    }

    /// The four bytes this family's `kind` tables start with.
    pub fn magic(self, kind: TableKind) -> [u8; 4] {
        let (magic, _) = self.own();
        if kind == TableKind::Wdl { magic.0 } else { magic.1 }
    }

    /// Whether a `kind` table file of this family, with or without pawns, may start with
    /// `head`: its own magic number, or for material with pawns the other losing family's.
    pub fn accepts_magic(self, kind: TableKind, pawns: bool, head: [u8; 4]) -> bool {
        head == self.magic(kind) || (pawns && self.partner().is_some_and(|p| head == p.magic(kind)))
    }

    /// What a file extension is in this family: its kind, and whether only pawnless
    /// material may be read from it (`None` for an extension it does not read).
    pub fn kind_of_suffix(self, ext: &str) -> Option<(TableKind, bool)> {
        [TableKind::Wdl, TableKind::Dtz].into_iter().find_map(|kind| {
            if self.suffix(kind) == ext {
                Some((kind, false))
            } else if self.pawnless_suffix(kind) == Some(ext) {
                Some((kind, true))
            } else {
                None
            }
        })
    }

    /// Whether every table has exactly one king a side (standard and atomic); in the
    /// losing-chess families a king is an ordinary piece.
    pub fn one_king(self) -> bool {
        matches!(self, TableVariant::Standard | TableVariant::Atomic)
    }

    /// Whether the leading pieces are indexed with kings allowed side by side (every
    /// family but standard chess): two unique leading pieces have 518 placements instead
    /// of 462, and a pawnless table with fewer than two unique pieces leads with its
    /// smallest group of like pieces.
    pub fn connected_kings(self) -> bool {
        self != TableVariant::Standard
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_name_their_family() {
        for v in TableVariant::ALL {
            for kind in [TableKind::Wdl, TableKind::Dtz] {
                assert_eq!(v.kind_of_suffix(v.suffix(kind)), Some((kind, false)));
                assert!(v.accepts_magic(kind, false, v.magic(kind)));
            }
        }
        assert_eq!(TableVariant::Standard.kind_of_suffix("atbw"), None);
        assert_eq!(TableVariant::Suicide.kind_of_suffix("gtbz"), Some((TableKind::Dtz, true)));
        assert_eq!(TableVariant::Atomic.pawnless_suffix(TableKind::Wdl), None);
        let giveaway = TableVariant::Giveaway.magic(TableKind::Wdl);
        assert!(TableVariant::Suicide.accepts_magic(TableKind::Wdl, true, giveaway));
        assert!(!TableVariant::Suicide.accepts_magic(TableKind::Wdl, false, giveaway));
        assert_eq!(TableVariant::from_uci("antichess"), Some(TableVariant::Giveaway));
        assert_eq!(TableVariant::from_uci("horde"), None);
    }
}
