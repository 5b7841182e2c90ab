//! Reading a binpack: chunk by chunk (one chunk in memory at a time), one entry at a time.

use crate::chunk::{ChunkCursor, Fault};
use crate::entry::Entry;
use crate::error::{BinpackError, ErrorKind};
use std::io::Read;

/// The largest chunk a reader accepts (writers make 1 MiB ones).
pub const MAX_CHUNK: u32 = 100 << 20;

/// Reads the next chunk's header and body into `body`: `Ok(false)` at the end of the input.
/// `offset` is the header's place in the file; `index` the chunk's.
pub(crate) fn read_chunk(
    input: &mut impl Read,
    body: &mut Vec<u8>,
    offset: u64,
    index: u64,
) -> Result<bool, BinpackError> {
    let at = |offset, kind| BinpackError { chunk: index, offset, kind };
    let mut header = [0u8; 8];
    let got =
        read_full(input, &mut header).map_err(|e| at(offset, ErrorKind::Io(e.to_string())))?;
    if got == 0 {
        return Ok(false);
    }
    if got < 8 {
        return Err(at(offset, ErrorKind::Truncated));
    }
    if &header[..4] != b"BINP" {
        return Err(at(offset, ErrorKind::BadMagic));
    }
    let size = u32::from_le_bytes([header[4], header[5], header[6], header[7]]);
    if size > MAX_CHUNK {
        return Err(at(offset, ErrorKind::ChunkTooLarge(size)));
    }
    body.resize(size as usize, 0);
    let got = read_full(input, body).map_err(|e| at(offset + 8, ErrorKind::Io(e.to_string())))?;
    if got < size as usize {
        return Err(at(offset + 8 + got as u64, ErrorKind::Truncated));
    }
    Ok(true)
}

/// The entries of a binpack read from `R`, in order. A fault ends the entries with an
/// error naming the chunk and byte; the entries before it were given.
pub struct Reader<R> {
    input: R,
    chunk: Vec<u8>,
    cursor: ChunkCursor,
    /// Chunks read (the current one is `chunks - 1`) and the file offset of the current
    /// chunk's body.
    chunks: u64,
    chunk_start: u64,
    /// Chains of the chunks before the current one.
    chains: u64,
    done: bool,
}

impl<R: Read> Reader<R> {
    /// Entries of `input`, a binpack.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            chunk: Vec::new(),
            cursor: ChunkCursor::default(),
            chunks: 0,
            chunk_start: 0,
            chains: 0,
            done: false,
        }
    }

    /// Chains read so far (each a stem and the entries that continue it).
    pub fn chains(&self) -> u64 {
        self.chains + self.cursor.chains
    }

    /// Chunks read so far.
    pub fn chunks(&self) -> u64 {
        self.chunks
    }
}

impl<R: Read> Reader<R> {
    /// The next entry, lent: reading it copies no position (the iterator's
    /// [`next`](Iterator::next) copies it out). A fault ends the entries as it does for the
    /// iterator.
    ///
    /// ```
    /// # use lerf_binpack::{Entry, Reader, Writer};
    /// # let mut writer = Writer::new(Vec::new());
    /// # writer.write(&Entry { board: Default::default(), mv: lerf_types::Move::NULL, score: 7, ply: 0, result: 0 })?;
    /// # let bytes = writer.finish()?;
    /// let mut reader = Reader::new(&bytes[..]);
    /// let mut total = 0i64;
    /// while let Some(entry) = reader.next_entry() {
    ///     total += i64::from(entry?.score);
    /// }
    /// assert_eq!(total, 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn next_entry(&mut self) -> Option<Result<&Entry, BinpackError>> {
        if self.done {
            return None;
        }
        // The common case inline, in the caller's loop: the chunk has another entry.
        match self.cursor.advance(&self.chunk) {
            Some(Ok(())) => Some(Ok(self.cursor.entry())),
            step => self.after_chunk_step(step),
        }
    }

    /// [`next_entry`](Reader::next_entry) where the chunk's step gave no entry: a fault, or
    /// the chunk's end (then the next chunks are read until one gives an entry).
    #[cold]
    #[inline(never)]
    fn after_chunk_step(
        &mut self,
        mut step: Option<Result<(), Fault>>,
    ) -> Option<Result<&Entry, BinpackError>> {
        loop {
            match step {
                Some(Ok(())) => return Some(Ok(self.cursor.entry())),
                Some(Err((at, kind))) => {
                    self.done = true;
                    let offset = self.chunk_start + at as u64;
                    let chunk = self.chunks.saturating_sub(1);
                    return Some(Err(BinpackError { chunk, offset, kind }));
                }
                None => {}
            }
            let next_header = self.chunk_start + self.chunk.len() as u64;
            match read_chunk(&mut self.input, &mut self.chunk, next_header, self.chunks) {
                Ok(true) => {
                    self.chains += self.cursor.chains;
                    self.cursor = ChunkCursor::default();
                    self.chunks += 1;
                    self.chunk_start = next_header + 8;
                }
                Ok(false) => {
                    self.done = true;
                    return None;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
            step = self.cursor.advance(&self.chunk);
        }
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = Result<Entry, BinpackError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.next_entry().map(|entry| entry.copied())
    }
}

/// Reads until `buf` is full or the input ends; the bytes read.
fn read_full(input: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// A chunk as read: its pass over the inputs (0 unless cycling), its index in its file,
/// its body's offset in the file, and its body.
pub(crate) struct RawChunk {
    pub(crate) pass: u64,
    pub(crate) index: u64,
    pub(crate) offset: u64,
    pub(crate) body: Vec<u8>,
}

/// Chunks one after the other (`None` at the end); a fault ends them.
pub(crate) type Source = Box<dyn FnMut() -> Option<Result<RawChunk, BinpackError>> + Send>;

/// The chunks of `inputs` inputs (the `i`th opened by `open(i)`), one after the other, and
/// again from the first when `cyclic` (until a whole pass finds no chunk). A fault ends
/// them.
pub(crate) fn chunk_source<R: Read + Send + 'static>(
    inputs: usize,
    mut open: impl FnMut(usize) -> std::io::Result<R> + Send + 'static,
    cyclic: bool,
) -> Source {
    let (mut current, mut input, mut pass, mut found) = (0usize, None::<R>, 0u64, false);
    let (mut index, mut offset, mut failed) = (0u64, 0u64, false);
    Box::new(move || {
        loop {
            if failed {
                return None;
            }
            let Some(reader) = input.as_mut() else {
                if current == inputs {
                    if !cyclic || !found {
                        return None;
                    }
                    (current, pass, found) = (0, pass + 1, false);
                }
                match open(current) {
                    Ok(opened) => input = Some(opened),
                    Err(e) => {
                        failed = true;
                        let kind = ErrorKind::Io(format!("input {current}: {e}"));
                        return Some(Err(BinpackError { chunk: 0, offset: 0, kind }));
                    }
                }
                (current, index, offset) = (current + 1, 0, 0);
                continue;
            };
            let mut body = Vec::new();
            match read_chunk(reader, &mut body, offset, index) {
                Ok(true) => {
                    let chunk = RawChunk { pass, index, offset: offset + 8, body };
                    (index, offset, found) =
                        (index + 1, chunk.offset + chunk.body.len() as u64, true);
                    return Some(Ok(chunk));
                }
                Ok(false) => input = None,
                Err(e) => {
                    failed = true;
                    return Some(Err(e));
                }
            }
        }
    })
}
