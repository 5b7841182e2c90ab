//! One table file: its header checked when it is opened, its entries read one block at a
//! time.
//!
//! A `.gtb.cp4` file starts with ten little-endian 32-bit words (the entries a block holds,
//! 16384, in the third; where the blocks start in the ninth), then the file offset of each
//! block and of the file's end. The blocks hold White-to-move's entries, then
//! Black-to-move's, 16384 a block (the last block of each side shorter). A block is a byte
//! this reader passes over, then an LZMA86 stream: a filter byte (0) and an LZMA stream
//! with the classic 13-byte header (properties, dictionary size, unpacked size). An uncompressed `.gtb` file holds the entries one byte
//! each, White's side first.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use memmap2::Mmap;

use crate::error::GaviotaError;
use crate::index::Scheme;

/// Entries in a block.
pub(crate) const BLOCK_ENTRIES: u64 = 16 * 1024;

/// How the entries are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// `.gtb.cp4`: LZMA blocks.
    Lzma,
    /// `.gtb`: one byte an entry.
    Plain,
}

impl Format {
    pub(crate) fn extension(self) -> &'static str {
        match self {
            Format::Lzma => ".gtb.cp4",
            Format::Plain => ".gtb",
        }
    }
}

/// An opened table.
#[derive(Debug)]
pub(crate) struct TableFile {
    pub(crate) path: PathBuf,
    map: Mmap,
    format: Format,
    /// Entries a side holds.
    size: u64,
    /// The blocks' offsets, the end of the last one at the end (`Lzma` only).
    offsets: Vec<u64>,
}

/// A decoded block: its entries, one byte each.
pub(crate) type Block = Arc<[u8]>;

impl TableFile {
    /// Maps and checks `path`, a table laid out as `scheme`.
    pub(crate) fn open(
        path: &Path,
        scheme: Scheme,
        format: Format,
    ) -> Result<TableFile, GaviotaError> {
        let io =
            |e: std::io::Error| GaviotaError::Io { path: path.to_owned(), message: e.to_string() };
        let file = File::open(path).map_err(io)?;
        // SAFETY: the mapping is only read. A table file changed by another process while
        // mapped would give wrong entries (never memory unsafety on the reads below, which
        // are bounds-checked slices of the mapping); tables are not written once made.
        let map = unsafe { Mmap::map(&file) }.map_err(io)?;
        let size = scheme.size();
        let corrupt = |what| GaviotaError::Corrupt { path: path.to_owned(), what };
        let offsets = match format {
            Format::Plain => {
                if map.len() as u64 != 2 * size {
                    return Err(corrupt("its length is not two entries a placement"));
                }
                Vec::new()
            }
            Format::Lzma => read_offsets(&map, size).map_err(corrupt)?,
        };
        Ok(TableFile { path: path.to_owned(), map, format, size, offsets })
    }

    /// The block holding entry `idx` of side `side` (0 White to move, 1 Black), and the
    /// entry's place in it.
    pub(crate) fn locate(&self, side: usize, idx: u64) -> (usize, usize) {
        let per_side = self.size.div_ceil(BLOCK_ENTRIES);
        let block = side as u64 * per_side + idx / BLOCK_ENTRIES;
        (block as usize, (idx % BLOCK_ENTRIES) as usize)
    }

    /// The entries of block `block`.
    pub(crate) fn read_block(&self, block: usize) -> Result<Block, GaviotaError> {
        let per_side = self.size.div_ceil(BLOCK_ENTRIES);
        let first = (block as u64 % per_side) * BLOCK_ENTRIES;
        let entries = BLOCK_ENTRIES.min(self.size - first) as usize;
        let corrupt = |what| GaviotaError::Corrupt { path: self.path.clone(), what };
        match self.format {
            Format::Plain => {
                let side = block as u64 / per_side;
                let start = (side * self.size + first) as usize;
                Ok(Arc::from(&self.map[start..start + entries]))
            }
            Format::Lzma => {
                let (start, end) = (self.offsets[block] as usize, self.offsets[block + 1] as usize);
                let bytes =
                    self.map.get(start..end).ok_or_else(|| corrupt("a block is cut short"))?;
                // A byte the probing code passes over, then LZMA86's filter byte (0: no x86
                // filter, the only one tables use).
                let stream = match bytes.get(..2) {
                    Some([_, 0]) => &bytes[2..],
                    Some(_) => return Err(corrupt("a block asks for a filter tables do not use")),
                    None => return Err(corrupt("an empty block")),
                };
                decode(stream, entries).ok_or_else(|| corrupt("a block does not decode"))
            }
        }
    }
}

/// The block offsets of a `.gtb.cp4` file, checked against its length and its table's
/// size.
fn read_offsets(map: &[u8], size: u64) -> Result<Vec<u64>, &'static str> {
    let word = |i: usize| -> Option<u64> {
        let bytes = map.get(i * 4..i * 4 + 4)?;
        Some(u64::from(u32::from_le_bytes(bytes.try_into().ok()?)))
    };
    let header = "the header is cut short";
    if word(2).ok_or(header)? != BLOCK_ENTRIES {
        return Err("its blocks do not hold 16384 entries");
    }
    let start = word(8).ok_or(header)?;
    let blocks = 2 * size.div_ceil(BLOCK_ENTRIES);
    if start != 40 + 4 * (blocks + 1) {
        return Err("its block count does not fit its material");
    }
    let offsets: Vec<u64> =
        (0..=blocks as usize).map(|i| word(10 + i).ok_or(header)).collect::<Result<_, _>>()?;
    if offsets[0] != start
        || offsets.windows(2).any(|w| w[1] <= w[0])
        || offsets[blocks as usize] > map.len() as u64
    {
        return Err("its block offsets are out of order or past its end");
    }
    Ok(offsets)
}

/// An LZMA stream with its 13-byte header, which must unpack to `entries` bytes.
fn decode(stream: &[u8], entries: usize) -> Option<Block> {
    // The header's unpacked size first: a damaged one must not make the decoder allocate.
    let unpacked = u64::from_le_bytes(stream.get(5..13)?.try_into().ok()?);
    if unpacked != entries as u64 {
        return None;
    }
    let mut out = Vec::with_capacity(entries);
    let options = lzma_rs::decompress::Options {
        unpacked_size: lzma_rs::decompress::UnpackedSize::ReadFromHeader,
        // The format's blocks use a 4 KiB dictionary; anything above 1 MiB is damage.
        memlimit: Some(1 << 20),
        allow_incomplete: false,
    };
    let mut input = stream;
    lzma_rs::lzma_decompress_with_options(&mut input, &mut out, &options).ok()?;
    (out.len() == entries).then(|| Arc::from(out))
}
