//! `lerf.polyglot`'s book reader: a Polyglot `.bin` mapped into memory and probed by
//! `lerf_position::Book`.

use lerf_position::{Book, BookEntry};
use lerf_rules::{LooseBook, LooseMove, book_move};
use pyo3::exceptions::{PyIndexError, PyOSError, PyValueError};
use pyo3::prelude::*;

use crate::board::board::{Board, base};
use crate::board::moves::{Move, MoveData};

/// The bytes of a book: a memory map, or nothing for an empty file (which cannot be
/// mapped).
enum Bytes {
    Map(memmap2::Mmap),
    Empty,
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            Bytes::Map(map) => map,
            Bytes::Empty => &[],
        }
    }
}

/// A Polyglot opening book mapped into memory.
#[pyclass(module = "lerf")]
pub struct PolyglotBook {
    book: Option<Book<Bytes>>,
}

/// An entry as a tuple: key, raw move, weight, learn, and the move's from, to, promotion
/// and drop.
type EntryTuple = (u64, u16, u16, u32, Py<Move>);

fn entry_tuple(py: Python<'_>, e: BookEntry, m: LooseMove) -> EntryTuple {
    (e.key, e.raw_move, e.weight, e.learn, MoveData::from_loose(m).shared(py))
}

impl PolyglotBook {
    fn book(&self) -> PyResult<&Book<Bytes>> {
        self.book.as_ref().ok_or_else(|| PyValueError::new_err("the book is closed"))
    }
}

#[pymethods]
impl PolyglotBook {
    /// The book at `path`, mapped into memory; no path makes an empty book (what
    /// python-chess reads where the file cannot be mapped, a directory say).
    #[new]
    #[pyo3(signature = (path=None))]
    fn py_new(path: Option<std::path::PathBuf>) -> PyResult<PolyglotBook> {
        let Some(path) = path else {
            return Ok(PolyglotBook {
                book: Some(Book::new(Bytes::Empty).map_err(|e| PyOSError::new_err(e.to_string()))?),
            });
        };
        let file = std::fs::File::open(&path)?;
        let len = file.metadata()?.len();
        let bytes = if len == 0 {
            Bytes::Empty
        } else {
            // SAFETY: the map is read-only; like python-chess's mmap, it assumes no other
            // process truncates the book while it is open (reads would then fault).
            Bytes::Map(unsafe { memmap2::Mmap::map(&file)? })
        };
        let book = Book::new(bytes).map_err(|e| {
            PyOSError::new_err(format!("{e}: ensure {} is a polyglot opening book", path.display()))
        })?;
        Ok(PolyglotBook { book: Some(book) })
    }

    fn __len__(&self) -> PyResult<usize> {
        Ok(self.book()?.len())
    }

    /// The entry at `index` (counted from the end when negative), its move as stored.
    fn entry(&self, py: Python<'_>, index: isize) -> PyResult<EntryTuple> {
        let book = self.book()?;
        let index = if index < 0 { index + book.len() as isize } else { index };
        let e = usize::try_from(index)
            .ok()
            .and_then(|i| book.get(i))
            .ok_or_else(|| PyIndexError::new_err("book index out of range"))?;
        Ok(entry_tuple(py, e, book_move(&e)))
    }

    /// The index of the first entry whose key is not below `key`.
    fn bisect_key_left(&self, key: u64) -> PyResult<usize> {
        Ok(self.book()?.lower_bound(key))
    }

    /// The entries of `key` with at least `minimum_weight`, moves as stored.
    fn key_entries(
        &self,
        py: Python<'_>,
        key: u64,
        minimum_weight: i64,
    ) -> PyResult<Vec<EntryTuple>> {
        Ok(self
            .book()?
            .entries(key)
            .filter(|e| i64::from(e.weight) >= minimum_weight)
            .map(|e| entry_tuple(py, e, book_move(&e)))
            .collect())
    }

    /// The entries of `board` with at least `minimum_weight` and a legal move, the move
    /// as the board writes it.
    fn board_entries(
        &self,
        board: PyRef<'_, Board>,
        minimum_weight: i64,
    ) -> PyResult<Vec<EntryTuple>> {
        let b = base(&board).board();
        Ok(self
            .book()?
            .loose_moves(b)
            .filter(|(e, _)| i64::from(e.weight) >= minimum_weight)
            .map(|(e, m)| entry_tuple(board.py(), e, m))
            .collect())
    }

    /// Unmaps the book.
    fn close(&mut self) {
        self.book = None;
    }
}

/// The Polyglot key of a board, as python-chess's `zobrist_hash`.
#[pyfunction]
pub fn zobrist_hash(board: PyRef<'_, Board>) -> u64 {
    base(&board).board().polyglot_key()
}

/// The 781 random numbers of the Polyglot format.
#[pyfunction]
pub fn polyglot_random_array() -> Vec<u64> {
    lerf_position::POLYGLOT_RANDOM.to_vec()
}

/// Adds `chess.polyglot`'s book reader and key functions to the extension module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PolyglotBook>()?;
    m.add_function(wrap_pyfunction!(zobrist_hash, m)?)?;
    m.add_function(wrap_pyfunction!(polyglot_random_array, m)?)?;
    Ok(())
}
