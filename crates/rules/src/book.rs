//! Polyglot book entries read on loose boards, as python-chess's `chess.polyglot` reads
//! them.

use crate::board::LooseBoard;
use crate::moves::LooseMove;
use lerf_position::{Book, BookEntry};

/// The move an entry stores, not yet read in a position: castling is the king taking its
/// rook; an entry whose origin equals its destination is a drop of its piece.
///
/// ```
/// use lerf_position::BookEntry;
/// use lerf_rules::book_move;
///
/// let entry = BookEntry { key: 0, raw_move: 28 | 12 << 6, weight: 1, learn: 0 };
/// assert_eq!(book_move(&entry).to_string(), "e2e4");
/// ```
pub fn book_move(entry: &BookEntry) -> LooseMove {
    let (from, to, piece) = entry.squares();
    if from == to {
        LooseMove { from, to, promotion: None, drop: piece }
    } else {
        LooseMove { from, to, promotion: piece, drop: None }
    }
}

/// Whether `entry`'s promotion part (bits 12 to 14 of its move) names a piece or none (0
/// to 5). python-chess reads a part of 6 or 7 as a promotion to piece type 7 or 8, which
/// no legal move has: such an entry is never found for a board.
///
/// ```
/// use lerf_position::BookEntry;
/// use lerf_rules::promotion_names_a_piece;
///
/// let entry = |raw_move| BookEntry { key: 0, raw_move, weight: 1, learn: 0 };
/// assert!(promotion_names_a_piece(&entry(52 | 60 << 6 | 4 << 12)));
/// assert!(!promotion_names_a_piece(&entry(28 | 12 << 6 | 6 << 12)));
/// ```
pub fn promotion_names_a_piece(entry: &BookEntry) -> bool {
    (entry.raw_move >> 12) & 0x7 < 6
}

/// A book read on loose boards.
pub trait LooseBook {
    /// The entries of a loose board with their moves as python-chess reads them (castling
    /// as the king's two-square step in standard chess), legal ones only, in book order
    /// (never an entry whose promotion part names no piece: see
    /// [`promotion_names_a_piece`]).
    fn loose_moves<'a>(
        &'a self,
        board: &'a LooseBoard,
    ) -> impl Iterator<Item = (BookEntry, LooseMove)> + 'a;
}

impl<B: AsRef<[u8]>> LooseBook for Book<B> {
    fn loose_moves<'a>(
        &'a self,
        board: &'a LooseBoard,
    ) -> impl Iterator<Item = (BookEntry, LooseMove)> + 'a {
        self.entries(board.polyglot_key()).filter(promotion_names_a_piece).filter_map(
            move |entry| {
                let m = board.from_chess960(board.chess960, book_move(&entry));
                board.is_legal(m).then_some((entry, m))
            },
        )
    }
}
