//! The two tables of a material: win/draw/loss and distance to zeroing.

/// Which of a material's two tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// Win/draw/loss (`.rtbw`).
    Wdl,
    /// Distance to zeroing (`.rtbz`).
    Dtz,
}

impl TableKind {
    /// The file extension of the standard chess tables of this kind.
    pub fn extension(self) -> &'static str {
        match self {
            TableKind::Wdl => "rtbw",
            TableKind::Dtz => "rtbz",
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            TableKind::Wdl => "wdl",
            TableKind::Dtz => "dtz",
        }
    }
}
