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

/// A book read on loose boards.
pub trait LooseBook {
    /// The entries of a loose board with their moves as python-chess reads them (castling
    /// as the king's two-square step in standard chess), legal ones only, in book order.
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
        self.entries(board.polyglot_key()).filter_map(move |entry| {
            let m = board.from_chess960(board.chess960, book_move(&entry));
            board.is_legal(m).then_some((entry, m))
        })
    }
}
