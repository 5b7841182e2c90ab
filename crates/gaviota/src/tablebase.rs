//! [`Tablebase`]: the tables of any number of directories, opened on first use and shared
//! between threads, with a cache of decoded blocks.

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use lerf_position::Board;
use lerf_types::{Color, PieceType, Square};

use crate::distance::{BLACK_MATES, DRAW, ILLEGAL, WHITE_MATES, unpack};
use crate::error::GaviotaError;
use crate::index::{NAMES, Table};
use crate::side::Side;
use crate::table::{Block, Format, TableFile};

/// Decoded blocks kept: 16 KiB each, 4 MiB in all.
const CACHED_BLOCKS: usize = 256;

/// A table found in a directory, opened on its first probe.
#[derive(Debug)]
struct Slot {
    id: usize,
    path: PathBuf,
    format: Format,
    file: OnceLock<Result<TableFile, GaviotaError>>,
}

/// The most recently decoded blocks, by table and block number.
#[derive(Debug, Default)]
struct BlockCache {
    blocks: HashMap<(usize, usize), Block>,
    order: VecDeque<(usize, usize)>,
}

/// What a probe finds: the distance to mate in plies, from either side's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dtm {
    /// Neither side can force mate.
    Draw,
    /// `winner` mates in `plies` half-moves (0: the side to move is mated now).
    Mate {
        /// The side that mates.
        winner: Color,
        /// Half-moves to the mate.
        plies: u32,
    },
    /// Not a position a table holds (kings touching, a pawn on its first or last rank).
    Illegal,
}

/// Gaviota tables from any number of directories.
///
/// ```no_run
/// use lerf_gaviota::Tablebase;
/// use lerf_position::Board;
///
/// let mut tables = Tablebase::new();
/// tables.add_directory("gaviota")?;
/// let board: Board = "8/8/8/8/8/3k4/8/3KQ3 w - - 0 1".parse()?;
/// // Positive: the side to move mates, in this many plies.
/// assert!(tables.probe_dtm(&board)? > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Tablebase {
    slots: HashMap<&'static str, Slot>,
    /// The id the next table opened gets (ids key the block cache).
    next_id: usize,
    cache: Mutex<BlockCache>,
}

impl Tablebase {
    /// A tablebase without tables.
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// Adds the tables of `dir`: files named as the format's tables (`kqkr.gtb.cp4`, or
    /// uncompressed `kqkr.gtb`), other files ignored. A table found in an earlier
    /// directory is kept; within one, a `.gtb.cp4` is taken over a `.gtb`. Returns how many tables were added; the files are opened and
    /// checked on the first probe that needs them.
    pub fn add_directory(&mut self, dir: impl AsRef<Path>) -> Result<usize, GaviotaError> {
        let dir = dir.as_ref();
        let io =
            |e: std::io::Error| GaviotaError::Io { path: dir.to_owned(), message: e.to_string() };
        let mut added = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let path = entry.map_err(io)?.path();
            let Some(file_name) = path.file_name().and_then(|n| n.to_str()) else { continue };
            for format in [Format::Lzma, Format::Plain] {
                let Some(stem) = file_name.strip_suffix(format.extension()) else { continue };
                let Some(&name) = NAMES.iter().find(|&&n| n == stem) else { continue };
                // Kept: a table of an earlier directory, and a compressed one of this one.
                let keep = match self.slots.get(name) {
                    None => false,
                    Some(slot) => !added.contains(&name) || slot.format == Format::Lzma,
                };
                if !keep {
                    let id = self.next_id;
                    self.next_id += 1;
                    let slot = Slot { id, path: path.clone(), format, file: OnceLock::new() };
                    self.slots.insert(name, slot);
                    if !added.contains(&name) {
                        added.push(name);
                    }
                }
            }
        }
        Ok(added.len())
    }

    /// The tables added, by name (`kqk`, `krpkp` ...).
    pub fn table_names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.slots.keys().copied()
    }

    /// The file of the table `name`, if it was added.
    pub fn table_path(&self, name: &str) -> Option<&Path> {
        self.slots.get(name).map(|s| s.path.as_path())
    }

    /// Forgets every table (their files are unmapped) and the cached blocks.
    pub fn close(&mut self) {
        self.slots.clear();
        *self.cache.lock().unwrap_or_else(|e| e.into_inner()) = BlockCache::default();
    }

    /// The distance to mate of a position given as piece lists (each side's king among
    /// them), with the side to move and the en passant square, as the Gaviota probing
    /// code answers it: an en passant capture is tried against the table's entry.
    ///
    /// # Errors
    ///
    /// [`GaviotaError::MissingTable`] when a needed table was not added (or the material
    /// has none), [`GaviotaError::NotAPosition`] for more than 16 pieces a side,
    /// [`GaviotaError::Corrupt`] and [`GaviotaError::Io`] for a file that cannot be read.
    pub fn probe_pieces(
        &self,
        side_to_move: Color,
        ep_square: Option<Square>,
        white: &[(PieceType, Square)],
        black: &[(PieceType, Square)],
    ) -> Result<Dtm, GaviotaError> {
        let side = |pieces: &[(PieceType, Square)]| {
            let raw: Vec<(u8, u8)> =
                pieces.iter().map(|&(pt, sq)| (pt as u8, sq.index() as u8)).collect();
            Side::new(&raw).ok_or(GaviotaError::NotAPosition)
        };
        let (w, b) = (side(white)?, side(black)?);
        let stm = usize::from(side_to_move == Color::Black);
        let dtm = self.probe_sides(stm, ep_square.map(|sq| sq.index() as u8), &w, &b)?;
        let plies = dtm >> 3;
        Ok(match dtm & 7 {
            DRAW => Dtm::Draw,
            WHITE_MATES => Dtm::Mate { winner: Color::White, plies },
            BLACK_MATES => Dtm::Mate { winner: Color::Black, plies },
            _ => Dtm::Illegal,
        })
    }

    /// The raw answer of [`probe_pieces`](Tablebase::probe_pieces) for lists of
    /// `(piece type 1-6, square 0-63)`: the result code (0 draw, 1 White mates, 2 Black
    /// mates, 3 illegal) and the plies, as the C probing code's `tb_probe_hard` gives them.
    #[doc(hidden)]
    pub fn probe_codes(
        &self,
        black_to_move: bool,
        ep_square: Option<u8>,
        white: &[(u8, u8)],
        black: &[(u8, u8)],
    ) -> Result<(u32, u32), GaviotaError> {
        let valid =
            |pieces: &[(u8, u8)]| pieces.iter().all(|&(pt, sq)| (1..=6).contains(&pt) && sq < 64);
        if !valid(white) || !valid(black) || ep_square.is_some_and(|sq| sq >= 64) {
            return Err(GaviotaError::NotAPosition);
        }
        let w = Side::new(white).ok_or(GaviotaError::NotAPosition)?;
        let b = Side::new(black).ok_or(GaviotaError::NotAPosition)?;
        let dtm = self.probe_sides(usize::from(black_to_move), ep_square, &w, &b)?;
        Ok((dtm & 7, dtm >> 3))
    }

    /// The distance to mate of `board` in plies: positive when the side to move mates,
    /// negative when it is mated, 0 for a draw (and for a side to move already mated).
    ///
    /// # Errors
    ///
    /// [`GaviotaError::CastlingRights`], [`GaviotaError::MissingTable`] (more than five
    /// pieces included), and those of [`probe_pieces`](Tablebase::probe_pieces).
    pub fn probe_dtm(&self, board: &Board) -> Result<i32, GaviotaError> {
        if !board.castling_rights().is_empty() {
            return Err(GaviotaError::CastlingRights);
        }
        let list = |color: Color| -> Vec<(PieceType, Square)> {
            PieceType::ALL
                .iter()
                .rev()
                .flat_map(|&pt| board.pieces(color, pt).into_iter().map(move |sq| (pt, sq)))
                .collect()
        };
        let stm = board.side_to_move();
        match self.probe_pieces(stm, board.ep_square(), &list(Color::White), &list(Color::Black))? {
            Dtm::Draw => Ok(0),
            Dtm::Mate { winner, plies } => {
                let plies = plies as i32;
                Ok(if winner == stm { plies } else { -plies })
            }
            Dtm::Illegal => Err(GaviotaError::NotAPosition),
        }
    }

    /// The entry of `table` for the side to move `stm` (0 White) at the placement
    /// `w`, `b` (kings first, pieces as the name lists them): [`ILLEGAL`] where the table
    /// has no entry for it.
    pub(crate) fn table_entry(
        &self,
        table: Table,
        stm: usize,
        w: &[u8],
        b: &[u8],
    ) -> Result<u32, GaviotaError> {
        let Table { name, scheme } = table;
        let Some(idx) = scheme.index(w, b) else { return Ok(ILLEGAL) };
        let slot = self
            .slots
            .get(name)
            .ok_or_else(|| GaviotaError::MissingTable { name: name.to_owned() })?;
        let file = slot
            .file
            .get_or_init(|| TableFile::open(&slot.path, scheme, slot.format))
            .as_ref()
            .map_err(Clone::clone)?;
        let (block, at) = file.locate(stm, idx);
        let entries = self.block(slot.id, file, block)?;
        Ok(unpack(stm, entries[at]))
    }

    /// Block `block` of `file` (table `id`), from the cache or decoded into it.
    fn block(&self, id: usize, file: &TableFile, block: usize) -> Result<Block, GaviotaError> {
        let key = (id, block);
        if let Some(found) = self.cache.lock().unwrap_or_else(|e| e.into_inner()).blocks.get(&key) {
            return Ok(found.clone());
        }
        let decoded = file.read_block(block)?;
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.blocks.insert(key, decoded.clone()).is_none() {
            cache.order.push_back(key);
            if cache.order.len() > CACHED_BLOCKS
                && let Some(old) = cache.order.pop_front()
            {
                cache.blocks.remove(&old);
            }
        }
        Ok(decoded)
    }
}
