//! The side to move as a type, for walks specialised on it.

use lerf_types::Color;

/// The side to move of a walk's node, known at compile time: each level's generator,
/// check information and bulk count are made for one side, and the next level's for the
/// other.
pub(crate) trait Side {
    /// The side to move.
    const US: Color;
    /// The side to move one ply further down.
    type Next: Side;
}

/// White to move.
pub(crate) struct WhiteToMove;
/// Black to move.
pub(crate) struct BlackToMove;

impl Side for WhiteToMove {
    const US: Color = Color::White;
    type Next = BlackToMove;
}

impl Side for BlackToMove {
    const US: Color = Color::Black;
    type Next = WhiteToMove;
}
