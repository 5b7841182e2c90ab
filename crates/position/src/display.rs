//! Text views of a position: an ASCII board with its FEN and key.

use crate::position::Position;
use core::fmt;
use lerf_types::{CastlingSide, Color, File, Rank, Square};

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

/// Two positions are equal when they are the same position for the repetition rule: the
/// same pieces on the same squares, the same side to move, the same castling rights with
/// the same rooks, and the same en-passant square (which a position keeps only when an
/// en-passant capture is legal). Whatever history led to them, however their castling rights
/// were lost, equal positions print the same FEN up to the counters.
///
/// Not compared: the half-move clock and the full-move number (see
/// [`Position::eq_including_clocks`]), the moves played, and the Chess960 flag, which
/// changes only notation: a Chess960 position with the standard set-up plays exactly like
/// the standard one.
///
/// Consistent with [`Position::key`]: equal positions have equal keys, and [`Hash`] hashes
/// the key, so a `HashSet<Position>` holds each position once.
///
/// ```
/// use lerf_position::Position;
/// let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
/// for text in ["h1h2", "e8e7", "h2h1", "e7e8"] {
///     pos.play_uci(text)?;
/// }
/// let same = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1")?;
/// assert_eq!(pos, same);
/// assert!(!pos.eq_including_clocks(&same));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.key() == other.key()
            && self.board == other.board
            && self.side_to_move == other.side_to_move
            && self.castling_rights() == other.castling_rights()
            && self.ep_square() == other.ep_square()
            && Color::ALL.into_iter().all(|c| {
                CastlingSide::ALL
                    .into_iter()
                    .all(|s| self.castling_rook_square(c, s) == other.castling_rook_square(c, s))
            })
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl Position {
    /// Whether the positions are equal (`==`) and also have the same half-move clock and
    /// game ply (so the same full-move number): equal FENs, in other words.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let a = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1")?;
    /// let b = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 12 40")?;
    /// assert!(a == b && !a.eq_including_clocks(&b));
    /// # Ok::<(), lerf_position::FenError>(())
    /// ```
    pub fn eq_including_clocks(&self, other: &Position) -> bool {
        self == other
            && self.rule50_count() == other.rule50_count()
            && self.game_ply() == other.game_ply()
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
