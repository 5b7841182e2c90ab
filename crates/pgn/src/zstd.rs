//! Zstandard-compressed PGN (`.pgn.zst`, as the Lichess database publishes it), read as a
//! plain [`Read`] of PGN bytes: the decompression runs on a thread of its own, a few chunks
//! ahead of the reader, so the two overlap.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, sync_channel};
use std::thread::JoinHandle;
use zstd::stream::raw::{Decoder, InBuffer, Operation, OutBuffer};
use zstd::zstd_safe::DCtx;

/// Decompressed bytes handed over at a time.
const CHUNK: usize = 256 * 1024;
/// Chunks decompressed ahead of the reader at most (bounded memory: about 2 MiB).
const AHEAD: usize = 8;
/// Compressed bytes read at a time.
const INPUT: usize = 128 * 1024;
/// Decoding contexts kept for later streams at most.
const SPARE: usize = 4;
/// A context holding more memory than this (a long-window stream's) is not kept.
const SPARE_BYTES: usize = 16 << 20;

/// Decoding contexts whose streams ended cleanly, kept for the next ones. zstd's C code
/// allocates a context's window with `malloc` (2.4 MB for the shards `split` writes), so a
/// new context a stream is fresh pages a stream, and in a Dask worker (whose nanny fixes
/// glibc's mmap threshold at 128 KiB) a mapping made and unmapped a stream: 600 page faults
/// a shard.
static SPARE_CONTEXTS: Mutex<Vec<DCtx<'static>>> = Mutex::new(Vec::new());

/// Whether a context is small enough to keep.
fn worth_keeping(context: &DCtx<'_>) -> bool {
    context.sizeof() <= SPARE_BYTES
}

/// A spare decoding context, or a new one (a decoder made on it starts a new session).
fn take_context() -> io::Result<DCtx<'static>> {
    let spare = SPARE_CONTEXTS.lock().ok().and_then(|mut spare| spare.pop());
    spare.or_else(DCtx::try_create).ok_or_else(|| {
        io::Error::new(io::ErrorKind::OutOfMemory, "no memory for a Zstandard decoder")
    })
}

/// Keeps the context of a stream that ended cleanly for a later stream, unless the pool is
/// full or the context is large (a context that met an error, or whose stream was stopped
/// halfway, is dropped instead).
fn keep_context(context: DCtx<'static>) {
    if !worth_keeping(&context) {
        return;
    }
    if let Ok(mut spare) = SPARE_CONTEXTS.lock()
        && spare.len() < SPARE
    {
        spare.push(context);
    }
}

/// Whether `prefix` starts a Zstandard stream: a frame's magic number, or a skippable
/// frame's (which `zstd` tools put first for metadata).
///
/// ```
/// assert!(lerf_pgn::is_zstd(&[0x28, 0xb5, 0x2f, 0xfd, 0x04]));
/// assert!(!lerf_pgn::is_zstd(b"[Event \"?\"]"));
/// ```
pub fn is_zstd(prefix: &[u8]) -> bool {
    match prefix {
        [0x28, 0xb5, 0x2f, 0xfd, ..] => true,
        [low, 0x2a, 0x4d, 0x18, ..] => low & 0xf0 == 0x50,
        _ => false,
    }
}

/// PGN from `inner`, decompressed if it is Zstandard (told by its first bytes, not by a
/// name), as it is otherwise.
///
/// # Errors
///
/// Reading the first bytes failed, or the decoder could not be made.
pub fn decompressed<R: Read + Send + 'static>(inner: R) -> io::Result<Box<dyn Read + Send>> {
    let mut inner = BufReader::with_capacity(INPUT, inner);
    if is_zstd(inner.fill_buf()?) {
        return Ok(Box::new(ZstdReader::new(inner)?));
    }
    // Plain: the bytes the sniffing read, then the input itself, so that a reader with a
    // buffer of its own (every `Reader`) reads straight into it. Through the `BufReader`
    // each byte was copied once more: 6% of `cargo xtask pgn`'s instructions on TWIC.
    let head = inner.buffer().to_vec();
    Ok(Box::new(io::Cursor::new(head).chain(inner.into_inner())))
}

/// The PGN of the file at `path`, plain or Zstandard-compressed (see [`decompressed`]).
///
/// # Errors
///
/// The file cannot be opened or read.
pub fn open(path: impl AsRef<Path>) -> io::Result<Box<dyn Read + Send>> {
    decompressed(File::open(path)?)
}

/// The decompressed bytes of a Zstandard stream (one frame or several, skippable frames
/// passed over), decompressed on a thread of its own.
///
/// A stream that is corrupt, or that ends inside a frame (a truncated download), is a read
/// error naming the compressed byte offset, after every byte before it was given out, so a
/// [`Reader`](crate::Reader) over it reports every game before the damage.
///
/// ```
/// use lerf_pgn::{Reader, Replay, ZstdReader};
///
/// let compressed = zstd::encode_all(&b"1. e4 e5 2. Nf3 *\n"[..], 3)?;
/// let mut reader = Reader::new(ZstdReader::new(std::io::Cursor::new(compressed))?);
/// assert_eq!(reader.read_game(&mut Replay::new()).unwrap()?.moves, 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct ZstdReader {
    chunks: Receiver<io::Result<Vec<u8>>>,
    /// Emptied chunks going back to the decompressor to be filled again.
    spent: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    at: usize,
    finished: bool,
    thread: Option<JoinHandle<()>>,
}

impl ZstdReader {
    /// Starts decompressing `inner` on a new thread.
    ///
    /// # Errors
    ///
    /// The decoder could not be made (out of memory).
    pub fn new<R: Read + Send + 'static>(inner: R) -> io::Result<ZstdReader> {
        let context = take_context()?;
        let (chunk_tx, chunks) = sync_channel(AHEAD);
        let (spent, spent_rx) = sync_channel(AHEAD + 2);
        let thread = std::thread::Builder::new()
            .name("lerf-zstd".into())
            .spawn(move || decompress(inner, context, &chunk_tx, &spent_rx))?;
        Ok(ZstdReader {
            chunks,
            spent,
            current: Vec::new(),
            at: 0,
            finished: false,
            thread: Some(thread),
        })
    }
}

impl Read for ZstdReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.current.len() {
            if self.finished {
                return Ok(0);
            }
            match self.chunks.recv() {
                Ok(Ok(chunk)) => {
                    let spent = std::mem::replace(&mut self.current, chunk);
                    let _ = self.spent.try_send(spent);
                    self.at = 0;
                }
                Ok(Err(e)) => {
                    self.finished = true;
                    return Err(e);
                }
                // The decompressor is done and gone.
                Err(_) => self.finished = true,
            }
        }
        let n = buf.len().min(self.current.len() - self.at);
        buf[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

impl Drop for ZstdReader {
    fn drop(&mut self) {
        // Dropping the receiver stops the decompressor at its next send.
        let (_, dead) = sync_channel(0);
        drop(std::mem::replace(&mut self.chunks, dead));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Sends what was decompressed before a failure, then the failure.
fn fail(out: &SyncSender<io::Result<Vec<u8>>>, chunk: Vec<u8>, error: io::Error) {
    if !chunk.is_empty() && out.send(Ok(chunk)).is_err() {
        return;
    }
    let _ = out.send(Err(error));
}

/// The decompressor thread: chunks of decompressed bytes to `out` until the input ends, or
/// an error, which is the last thing sent.
fn decompress<R: Read>(
    input: R,
    mut context: DCtx<'static>,
    out: &SyncSender<io::Result<Vec<u8>>>,
    spent: &Receiver<Vec<u8>>,
) {
    if decompress_with(input, Decoder::with_context(&mut context), out, spent) {
        keep_context(context);
    }
}

/// [`decompress`]'s work: whether the stream ended cleanly. (The reader sees the end once
/// this thread is gone, after the context is kept.)
fn decompress_with<R: Read>(
    mut input: R,
    mut decoder: Decoder<'_>,
    out: &SyncSender<io::Result<Vec<u8>>>,
    spent: &Receiver<Vec<u8>>,
) -> bool {
    let mut compressed = vec![0u8; INPUT];
    let (mut start, mut end) = (0, 0);
    // Compressed bytes before `compressed[start]`, for error messages.
    let mut offset: u64 = 0;
    // Whether the last frame begun has been decoded to its end.
    let mut frame_done = true;
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        if start == end {
            offset += end as u64;
            start = 0;
            match read_some(&mut input, &mut compressed) {
                Ok(0) if frame_done => break,
                Ok(0) => {
                    let message = format!(
                        "Zstandard stream cut short at compressed byte {offset}: the file is truncated"
                    );
                    fail(out, chunk, io::Error::new(io::ErrorKind::UnexpectedEof, message));
                    return false;
                }
                Ok(n) => end = n,
                Err(e) => {
                    fail(out, chunk, e);
                    return false;
                }
            }
        }
        let mut in_buffer = InBuffer::around(&compressed[start..end]);
        let filled = chunk.len();
        let mut out_buffer = OutBuffer::around_pos(&mut chunk, filled);
        let result = decoder.run(&mut in_buffer, &mut out_buffer);
        let used = in_buffer.pos();
        match result {
            Ok(hint) => frame_done = hint == 0,
            Err(e) => {
                let at = offset + (start + used) as u64;
                let message = format!("corrupt Zstandard data at compressed byte {at}: {e}");
                fail(out, chunk, io::Error::new(io::ErrorKind::InvalidData, message));
                return false;
            }
        }
        start += used;
        if chunk.len() == chunk.capacity() {
            let next = match spent.try_recv() {
                Ok(mut old) => {
                    old.clear();
                    old
                }
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => Vec::with_capacity(CHUNK),
            };
            if out.send(Ok(std::mem::replace(&mut chunk, next))).is_err() {
                return false;
            }
        }
    }
    if !chunk.is_empty() {
        let _ = out.send(Ok(chunk));
    }
    true
}

/// One read, retried when interrupted.
fn read_some<R: Read>(input: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    loop {
        match input.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decompress_all(data: Vec<u8>) -> (Vec<u8>, Option<io::Error>) {
        let mut reader = ZstdReader::new(io::Cursor::new(data)).unwrap();
        let mut out = Vec::new();
        let mut buf = [0u8; 7000];
        loop {
            match reader.read(&mut buf) {
                Ok(0) => return (out, None),
                Ok(n) => out.extend_from_slice(&buf[..n]),
                Err(e) => return (out, Some(e)),
            }
        }
    }

    fn text(len: usize) -> Vec<u8> {
        (0..len).map(|i| b"1. e4 e5 2. Nf3 Nc6 { [%clk 0:03:00] }\n"[i % 38]).collect()
    }

    #[test]
    fn round_trips_one_frame_several_frames_and_skippable_ones() {
        let plain = text(3 * CHUNK + 123);
        let one = zstd::encode_all(&plain[..], 3).unwrap();
        assert!(is_zstd(&one));
        assert!(decompress_all(one).0 == plain);
        let mut several = zstd::encode_all(&plain[..1000], 1).unwrap();
        several.extend_from_slice(&[0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 1, 2, 3]);
        several.extend(zstd::encode_all(&plain[1000..], 19).unwrap());
        assert!(decompress_all(several).0 == plain);
        assert_eq!(decompress_all(zstd::encode_all(&b""[..], 3).unwrap()).0, b"");
    }

    #[test]
    fn a_truncated_stream_is_an_error_after_every_byte_before_it() {
        let plain = text(2 * CHUNK);
        let full = zstd::encode_all(&plain[..], 3).unwrap();
        for cut in [full.len() - 1, full.len() / 2, 9] {
            let (out, error) = decompress_all(full[..cut].to_vec());
            let error = error.expect("an error");
            assert_eq!(error.kind(), io::ErrorKind::UnexpectedEof, "{error}");
            assert!(error.to_string().contains(&format!("byte {cut}")), "{error}");
            assert!(plain.starts_with(&out), "what came out is the text before the cut");
        }
    }

    #[test]
    fn a_corrupt_stream_names_the_offset() {
        let plain = text(CHUNK);
        let mut data = zstd::encode_all(&plain[..], 3).unwrap();
        let middle = data.len() / 2;
        for b in &mut data[middle..middle + 16] {
            *b ^= 0x5a;
        }
        let (_, error) = decompress_all(data);
        let error = error.expect("an error");
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert!(error.to_string().contains("corrupt Zstandard data at compressed byte"), "{error}");
    }

    #[test]
    fn contexts_kept_from_earlier_streams_decode_later_ones() {
        let plain = text(2 * CHUNK + 77);
        let full = zstd::encode_all(&plain[..], 3).unwrap();
        // Large windows, small ones, and streams that fail between them (their contexts
        // are not kept).
        for round in 0..3 {
            for level in [19, 1, 3] {
                let data = zstd::encode_all(&plain[..plain.len() - round * 1000], level).unwrap();
                assert!(decompress_all(data).0 == plain[..plain.len() - round * 1000]);
            }
            assert!(decompress_all(full[..full.len() / 2].to_vec()).1.is_some());
        }
        assert!(SPARE_CONTEXTS.lock().unwrap().len() <= SPARE);
    }

    /// Runs the decompressor on this thread; whether it reports a clean end (the context
    /// is kept only then).
    fn ends_cleanly(data: &[u8], stop_after_one_chunk: bool) -> bool {
        let (chunk_tx, chunks) = sync_channel(if stop_after_one_chunk { 0 } else { 64 });
        let (_spent_tx, spent_rx) = sync_channel(1);
        if stop_after_one_chunk {
            drop(chunks);
        }
        let mut context = DCtx::create();
        decompress_with(
            io::Cursor::new(data),
            Decoder::with_context(&mut context),
            &chunk_tx,
            &spent_rx,
        )
    }

    #[test]
    fn only_a_stream_read_to_its_end_counts_as_clean() {
        let plain = text(3 * CHUNK);
        let full = zstd::encode_all(&plain[..], 3).unwrap();
        assert!(ends_cleanly(&full, false));
        assert!(!ends_cleanly(&full[..full.len() / 2], false), "truncated");
        let mut corrupt = full.clone();
        let middle = corrupt.len() / 2;
        corrupt[middle..middle + 16].iter_mut().for_each(|b| *b ^= 0x5a);
        assert!(!ends_cleanly(&corrupt, false), "corrupt");
        assert!(!ends_cleanly(&full, true), "the reader went away halfway");
    }

    #[test]
    fn at_most_a_few_small_contexts_are_kept() {
        for _ in 0..2 * SPARE {
            keep_context(DCtx::create());
        }
        assert!(SPARE_CONTEXTS.lock().unwrap().len() <= SPARE);
        // A stream with a 32 MiB window leaves a context too large to keep.
        let plain = text(CHUNK);
        let mut encoder = zstd::stream::Encoder::new(Vec::new(), 3).unwrap();
        encoder.long_distance_matching(true).unwrap();
        encoder.window_log(25).unwrap();
        std::io::Write::write_all(&mut encoder, &plain).unwrap();
        let data = encoder.finish().unwrap();
        let mut context = DCtx::create();
        let mut decoder = Decoder::with_context(&mut context);
        let mut out = Vec::with_capacity(2 * CHUNK);
        let mut in_buffer = InBuffer::around(&data);
        let mut out_buffer = OutBuffer::around(&mut out);
        while in_buffer.pos() < data.len() {
            decoder.run(&mut in_buffer, &mut out_buffer).unwrap();
        }
        drop(decoder);
        assert!(out == plain);
        assert!(!worth_keeping(&context), "{} bytes", context.sizeof());
        assert!(worth_keeping(&DCtx::create()));
    }

    #[test]
    fn plain_input_passes_through() {
        let mut out = String::new();
        decompressed(&b"1. e4 *\n"[..]).unwrap().read_to_string(&mut out).unwrap();
        assert_eq!(out, "1. e4 *\n");
    }
}
