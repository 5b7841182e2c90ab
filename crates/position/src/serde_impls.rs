//! serde support (the `serde` feature): a position is stored as its FEN.

use crate::Position;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Written as [`Position::to_fen`]: placement, side, castling (Shredder-FEN letters in
/// Chess960, so the variant survives), en passant and both counters. The moves that led to
/// the position are not stored, so repetitions before it are forgotten.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_fen())
    }
}

/// Read with [`Position::from_fen`]: a FEN the parser refuses is a deserialisation error
/// carrying the parser's message, never a broken position.
impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        lerf_types::serde_text::deserialize(deserializer)
    }
}
