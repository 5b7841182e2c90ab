//! Text views of a position: an ASCII board with its FEN and key.

use crate::position::Position;
use core::fmt;
use lerf_types::{File, Rank, Square};

/// The board drawn in ASCII (rank 8 on top), then the FEN and the key.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, " +---+---+---+---+---+---+---+---+")?;
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                let c = self.piece_on(Square::new(file, rank)).map_or(' ', |p| p.to_char());
                write!(f, " | {c}")?;
            }
            writeln!(f, " | {}", rank.to_char())?;
            writeln!(f, " +---+---+---+---+---+---+---+---+")?;
        }
        writeln!(f, "   a   b   c   d   e   f   g   h")?;
        writeln!(f)?;
        writeln!(f, "Fen: {}", self.to_fen())?;
        write!(f, "Key: {:016X}", self.key())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?})", self.to_fen())
    }
}

/// Two positions are equal when they have the same board, side to move, castling rights
/// (with the same rooks), en-passant square, counters and variant. The history is not
/// compared.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.side_to_move == other.side_to_move
            && self.chess960 == other.chess960
            && self.game_ply == other.game_ply
            && self.castling_rook_square == other.castling_rook_square
            && self.state().castling_rights == other.state().castling_rights
            && self.state().ep_square == other.state().ep_square
            && self.state().rule50 == other.state().rule50
            && self.key() == other.key()
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl core::str::FromStr for Position {
    type Err = crate::FenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::from_fen(s)
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}
