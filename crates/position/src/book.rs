//! Polyglot opening books (`.bin`): 16-byte entries sorted by position key, read from any
//! bytes (a file read whole, a memory map).

use crate::Position;
use core::fmt;
use lerf_types::{Move, PieceType, Square};

/// One book entry: the position's Polyglot key, the move as the book stores it, its weight
/// and the learn field.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BookEntry {
    /// The Polyglot key of the position ([`Position::polyglot_key`]).
    pub key: u64,
    /// The move's 16 bits: destination, origin, promotion piece.
    pub raw_move: u16,
    /// How often (or how well) the move was played; books use 0 for deleted entries.
    pub weight: u16,
    /// Free for the book's maker.
    pub learn: u32,
}

impl BookEntry {
    /// The move as stored, not yet read in a position: its origin, its destination (for
    /// castling, the rook the king takes) and the piece in its top bits (the promotion; a
    /// drop of that piece where origin and destination are the same square).
    ///
    /// ```
    /// use lerf_position::BookEntry;
    /// use lerf_types::{PieceType, Square};
    ///
    /// // e7e8q: destination 60, origin 52 (<< 6), queen (4 << 12)
    /// let entry = BookEntry { key: 0, raw_move: 60 | 52 << 6 | 4 << 12, weight: 1, learn: 0 };
    /// assert_eq!(entry.squares(), (Square::E7, Square::E8, Some(PieceType::Queen)));
    /// ```
    pub fn squares(&self) -> (Square, Square, Option<PieceType>) {
        let to = Square::from_index_wrapping((self.raw_move & 0x3f) as u8);
        let from = Square::from_index_wrapping(((self.raw_move >> 6) & 0x3f) as u8);
        let part = ((self.raw_move >> 12) & 0x7) as u8;
        let piece = if part == 0 { None } else { PieceType::from_index(part + 1) };
        (from, to, piece)
    }

    fn from_bytes(bytes: &[u8; 16]) -> BookEntry {
        let word = |at: usize, len: usize| {
            bytes[at..at + len].iter().fold(0u64, |acc, &b| acc << 8 | u64::from(b))
        };
        BookEntry {
            key: word(0, 8),
            raw_move: word(8, 2) as u16,
            weight: word(10, 2) as u16,
            learn: word(12, 4) as u32,
        }
    }
}

/// A book whose size is not a whole number of 16-byte entries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookSizeError(pub usize);

impl fmt::Display for BookSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a Polyglot book is made of 16-byte entries, not {} bytes", self.0)
    }
}

impl core::error::Error for BookSizeError {}

/// A Polyglot book over its bytes.
///
/// ```
/// use lerf_position::{Book, Position};
///
/// // One entry: 1. e4 from the start position, weight 5.
/// let key = Position::startpos().polyglot_key();
/// let mut bytes = key.to_be_bytes().to_vec();
/// bytes.extend([0x03, 0x1c, 0, 5, 0, 0, 0, 0]); // e2 (12) << 6 | e4 (28)
/// let book = Book::new(bytes)?;
/// let (entry, m) = book.moves(&Position::startpos()).next().unwrap();
/// assert_eq!(entry.weight, 5);
/// assert_eq!(m.to_uci(false).to_string(), "e2e4");
/// # Ok::<(), lerf_position::BookSizeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Book<B> {
    bytes: B,
}

impl<B: AsRef<[u8]>> Book<B> {
    /// A book over `bytes` (entries sorted by key, as Polyglot writes them).
    ///
    /// # Errors
    ///
    /// [`BookSizeError`] when the length is not a multiple of 16.
    pub fn new(bytes: B) -> Result<Book<B>, BookSizeError> {
        let len = bytes.as_ref().len();
        if len % 16 == 0 { Ok(Book { bytes }) } else { Err(BookSizeError(len)) }
    }

    /// How many entries the book holds.
    pub fn len(&self) -> usize {
        self.bytes.as_ref().len() / 16
    }

    /// Whether the book is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry at `index`.
    pub fn get(&self, index: usize) -> Option<BookEntry> {
        let at = index.checked_mul(16)?;
        let chunk = self.bytes.as_ref().get(at..at.checked_add(16)?)?;
        chunk.try_into().ok().map(BookEntry::from_bytes)
    }

    /// The index of the first entry whose key is not below `key` (binary search).
    pub fn lower_bound(&self, key: u64) -> usize {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.get(mid) {
                Some(e) if e.key < key => lo = mid + 1,
                _ => hi = mid,
            }
        }
        lo
    }

    /// The entries of `key`, in book order.
    pub fn entries(&self, key: u64) -> impl Iterator<Item = BookEntry> + '_ {
        (self.lower_bound(key)..self.len()).map_while(move |i| self.get(i).filter(|e| e.key == key))
    }

    /// The entries of `pos` with their moves, legal ones only, in book order.
    pub fn moves<'a>(&'a self, pos: &'a Position) -> impl Iterator<Item = (BookEntry, Move)> + 'a {
        self.entries(pos.polyglot_key()).filter_map(move |entry| {
            let (from, to, promotion) = entry.squares();
            if from == to {
                return None; // a drop, which standard chess has none of
            }
            let m = pos.move_from_squares(from, to, promotion).ok()?;
            pos.check_move(m).ok().map(|()| (entry, m))
        })
    }
}
