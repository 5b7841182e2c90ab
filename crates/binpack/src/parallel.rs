//! Reading a binpack on several threads: one reads the chunks, the others decode them (any
//! thread the next chunk), the entries come out in the file's order.

use crate::chunk::decode;
use crate::entry::Entry;
use crate::error::BinpackError;
use crate::reader::{RawChunk, Source, chunk_source};
use crate::spread::{Emit, Spread};
use std::io::Read;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// A decoded chunk: its pass over the inputs, its entries and the fault that ended them, if
/// one did.
type Decoded = (u64, Vec<Entry>, Option<BinpackError>);

/// Chunks in flight a decoding thread: each holds a whole chunk's entries (a Lichess-like
/// chunk of 1 MiB, half a million of them), and two keep every thread busy.
const IN_FLIGHT: usize = 2;

/// The entries of a binpack decoded on `threads` threads (one more reads the file), in
/// order: the same entries, and the same error at the same place, as [`Reader`](crate::Reader).
/// Memory: the entries of about two chunks a thread (a chunk's entries, up to about 50 MB
/// for 1 MiB of dense game data, are decoded before the first is given). Dropping it before
/// its end stops its threads and waits for them (the chunks already queued are finished
/// first): none outlives it, and the input is closed when the drop returns.
///
/// ```
/// use lerf_binpack::{Entry, ParallelReader, Writer};
/// use lerf_position::Board;
/// use lerf_types::{Move, Square};
///
/// let mut writer = Writer::new(Vec::new());
/// let mv = Move::new(Square::G1, Square::F3);
/// writer.write(&Entry { board: Board::default(), mv, score: 20, ply: 0, result: 0 })?;
/// let bytes = writer.finish()?;
/// let entries: Vec<Entry> =
///     ParallelReader::new(std::io::Cursor::new(bytes), 2).collect::<Result<_, _>>()?;
/// assert_eq!(entries[0].score, 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ParallelReader {
    spread: Spread<Decoded>,
    current: Vec<Entry>,
    /// The next entry of `current`.
    at: usize,
    fault: Option<BinpackError>,
    /// The pass of the chunk `current` came from.
    pass: u64,
    /// A fault was given: nothing follows it.
    done: bool,
    /// Emptied entry buffers, back to the decoding threads (fresh ones cost page faults).
    spare: SyncSender<Vec<Entry>>,
}

/// A decoding thread's work: a chunk's entries in a buffer from `spares` if one waits.
fn decoder(
    spares: Arc<Mutex<Receiver<Vec<Entry>>>>,
) -> impl FnMut(Result<RawChunk, BinpackError>) -> Decoded + Send + 'static {
    move |chunk| match chunk {
        Ok(chunk) => {
            let mut entries =
                spares.lock().ok().and_then(|rx| rx.try_recv().ok()).unwrap_or_default();
            entries.clear();
            let fault = decode(&chunk.body, chunk.index, chunk.offset, &mut entries);
            (chunk.pass, entries, fault)
        }
        Err(fault) => (u64::MAX, Vec::new(), Some(fault)),
    }
}

impl ParallelReader {
    /// Entries of `input` on `threads` decoding threads (at least one).
    pub fn new<R: Read + Send + 'static>(input: R, threads: usize) -> ParallelReader {
        let mut input = Some(input);
        let once = move |_| input.take().ok_or_else(|| std::io::Error::other("read once"));
        ParallelReader::from_source(chunk_source(1, once, false), threads)
    }

    /// Entries of the chunks of `source` on `threads` decoding threads.
    pub(crate) fn from_source(mut source: Source, threads: usize) -> ParallelReader {
        let produce = move |emit: &Emit<Result<RawChunk, BinpackError>, Decoded>| {
            while let Some(chunk) = source() {
                let last = chunk.is_err();
                if !emit.emit(chunk) || last {
                    return;
                }
            }
        };
        let (spare, spares) = sync_channel(4 * threads.max(1));
        let spares = Arc::new(Mutex::new(spares));
        let spread = Spread::new(produce, threads, IN_FLIGHT, || decoder(Arc::clone(&spares)));
        ParallelReader {
            spread,
            current: Vec::new(),
            at: 0,
            fault: None,
            pass: 0,
            done: false,
            spare,
        }
    }

    /// The pass over the inputs of the last entry given (0 unless cycling).
    #[cfg(any(feature = "nnue", feature = "arrow"))]
    pub(crate) fn pass(&self) -> u64 {
        self.pass
    }
}

impl Iterator for ParallelReader {
    type Item = Result<Entry, BinpackError>;

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(&entry) = self.current.get(self.at) {
                self.at += 1;
                return Some(Ok(entry));
            }
            if self.current.capacity() > 0 {
                // Full or gone threads: the buffer is dropped instead.
                let _ = self.spare.try_send(std::mem::take(&mut self.current));
            }
            if let Some(fault) = self.fault.take() {
                self.done = true;
                return Some(Err(fault));
            }
            if self.done {
                return None;
            }
            let (pass, entries, fault) = self.spread.next()?;
            (self.current, self.at, self.fault, self.pass) = (entries, 0, fault, pass);
        }
    }
}
