//! Chunks of whole games handled on worker threads, the results in input order: how a
//! stream of PGN is parsed on several cores without reading it whole.

use crate::ReadError;
use crate::chunks::{Chunk, GameChunks};
use std::collections::BTreeMap;
use std::io::Read;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

type Work = (usize, Result<Chunk, ReadError>);
/// Buffers of chunks done with, back to the cutter.
type Spent = Vec<u8>;
type Done<T> = (usize, Result<T, ReadError>);

/// `work` run on chunks of whole games ([`GameChunks`]) by `threads` worker threads while
/// one more thread cuts the input; an iterator over the results in input order, then the
/// input's failure, if it fails (after the results of every chunk before it).
///
/// At most a few chunks a worker are in flight, so memory stays bounded whatever the
/// input's size. Dropping the iterator stops the threads (each at its next chunk).
///
/// ```
/// use lerf_pgn::{ParallelGames, Reader, Replay};
///
/// let pgn = "1. e4 e5 *\n\n1. d4 d5 2. c4 *\n\n".repeat(1000);
/// let moves_per_chunk = ParallelGames::new(std::io::Cursor::new(pgn), 2, 4096, |chunk: &lerf_pgn::Chunk| {
///     let mut reader = Reader::new(&chunk.bytes[..]);
///     let mut replay = Replay::new();
///     std::iter::from_fn(|| reader.read_game(&mut replay)).map(|g| g.unwrap().moves).sum::<usize>()
/// });
/// let total: usize = moves_per_chunk.map(Result::unwrap).sum();
/// assert_eq!(total, 5000);
/// ```
pub struct ParallelGames<T> {
    results: Receiver<Done<T>>,
    /// Results that came before their turn.
    early: BTreeMap<usize, Result<T, ReadError>>,
    next: usize,
}

impl<T: Send + 'static> ParallelGames<T> {
    /// Starts the threads: `threads` workers (at least 1) running `work`, on chunks of
    /// about `bytes_per_chunk` bytes (a chunk ends after the game that reaches it).
    pub fn new<R, F>(input: R, threads: usize, bytes_per_chunk: u64, work: F) -> ParallelGames<T>
    where
        R: Read + Send + 'static,
        F: Fn(&Chunk) -> T + Send + Sync + 'static,
    {
        let threads = threads.max(1);
        let (work_tx, work_rx) = sync_channel::<Work>(threads * 2);
        let (done_tx, results) = sync_channel::<Done<T>>(threads * 2);
        let (spent_tx, spent_rx) = sync_channel::<Spent>(threads * 4);
        std::thread::spawn(move || cut(input, bytes_per_chunk, &work_tx, &spent_rx));
        let (work_rx, work) = (Arc::new(Mutex::new(work_rx)), Arc::new(work));
        for _ in 0..threads {
            let (work_rx, done_tx) = (Arc::clone(&work_rx), done_tx.clone());
            let (spent_tx, work) = (spent_tx.clone(), Arc::clone(&work));
            std::thread::spawn(move || run(&work_rx, &done_tx, &spent_tx, &*work));
        }
        ParallelGames { results, early: BTreeMap::new(), next: 0 }
    }
}

impl<T> Iterator for ParallelGames<T> {
    type Item = Result<T, ReadError>;

    fn next(&mut self) -> Option<Result<T, ReadError>> {
        loop {
            if let Some(done) = self.early.remove(&self.next) {
                self.next += 1;
                return Some(done);
            }
            // Every worker gone: all results are in `early`, and the next is not there.
            let (index, done) = self.results.recv().ok()?;
            self.early.insert(index, done);
        }
    }
}

fn cut<R: Read>(input: R, bytes_per_chunk: u64, work: &SyncSender<Work>, spent: &Receiver<Spent>) {
    let mut chunks = GameChunks::new(input).bytes_per_chunk(bytes_per_chunk);
    for index in 0.. {
        while let Ok(buffer) = spent.try_recv() {
            chunks.recycle(buffer);
        }
        let Some(chunk) = chunks.next_chunk(usize::MAX) else { return };
        let failed = chunk.is_err();
        // The receivers gone means the iterator was dropped.
        if work.send((index, chunk)).is_err() || failed {
            return;
        }
    }
}

fn run<T>(
    work: &Mutex<Receiver<Work>>,
    done: &SyncSender<Done<T>>,
    spent: &SyncSender<Spent>,
    f: &(dyn Fn(&Chunk) -> T + Sync),
) {
    loop {
        let next = work.lock().map(|rx| rx.recv());
        let Ok(Ok((index, chunk))) = next else { return };
        let result = chunk.map(|chunk| {
            let result = f(&chunk);
            // A full queue (the cutter is behind) drops the buffer rather than wait.
            let _ = spent.try_send(chunk.bytes);
            result
        });
        if done.send((index, result)).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    #[test]
    fn results_come_in_input_order_and_cover_every_game() {
        let pgn: String = (0..3000).map(|i| format!("[Round \"{i}\"]\n\n1. e4 *\n\n")).collect();
        let firsts: Vec<usize> =
            ParallelGames::new(io::Cursor::new(pgn), 3, 500, |chunk: &Chunk| {
                // Uneven work, so that chunks finish out of order.
                std::thread::sleep(std::time::Duration::from_micros(
                    (chunk.first_game % 7) as u64 * 50,
                ));
                (chunk.first_game, chunk.games)
            })
            .map(Result::unwrap)
            .scan(0, |expected, (first, games)| {
                assert_eq!(first, *expected);
                *expected += games;
                Some(*expected)
            })
            .collect();
        assert_eq!(firsts.last(), Some(&3000));
        assert!(firsts.len() > 10);
    }

    #[test]
    fn a_failing_input_ends_the_results_with_its_error() {
        struct Fails(io::Cursor<Vec<u8>>);
        impl Read for Fails {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let n = buf.len().min(1000);
                match self.0.read(&mut buf[..n])? {
                    0 => Err(io::Error::other("cable cut")),
                    n => Ok(n),
                }
            }
        }
        let pgn = "1. e4 e5 *\n\n".repeat(50_000).into_bytes();
        let results: Vec<_> =
            ParallelGames::new(Fails(io::Cursor::new(pgn)), 2, 10_000, |c: &Chunk| c.games)
                .collect();
        let (last, before) = results.split_last().unwrap();
        assert!(last.as_ref().unwrap_err().to_string().contains("cable cut"));
        let games: usize = before.iter().map(|r| *r.as_ref().unwrap()).sum();
        assert!(games > 40_000 && games <= 50_000, "{games}");
    }

    #[test]
    fn dropping_the_iterator_stops_the_threads() {
        /// An endless input that says when the cutter thread lets go of it.
        struct Endless(std::sync::Arc<std::sync::atomic::AtomicBool>);
        impl Read for Endless {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let game = b"1. e4 *\n\n";
                let n = buf.len() / game.len() * game.len();
                for slot in buf[..n].chunks_exact_mut(game.len()) {
                    slot.copy_from_slice(game);
                }
                Ok(n)
            }
        }
        impl Drop for Endless {
            fn drop(&mut self) {
                self.0.store(true, std::sync::atomic::Ordering::SeqCst);
            }
        }
        let dropped = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut results =
            ParallelGames::new(Endless(dropped.clone()), 2, 1000, |c: &Chunk| c.games);
        assert!(results.next().is_some());
        drop(results);
        // The workers see their result channel closed, then the cutter its work channel.
        let start = std::time::Instant::now();
        while !dropped.load(std::sync::atomic::Ordering::SeqCst) {
            assert!(start.elapsed() < std::time::Duration::from_secs(10), "the threads run on");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}
