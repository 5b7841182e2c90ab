//! Reading a binpack on several threads: one reads the chunks, the others decode them, the
//! entries come out in the file's order.

use crate::chunk::decode;
use crate::entry::Entry;
use crate::error::BinpackError;
use crate::reader::read_chunk;
use std::collections::BTreeMap;
use std::io::Read;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// A decoded chunk: its index, its entries and the fault that ended them, if any.
type Decoded = (u64, Vec<Entry>, Option<BinpackError>);

/// The entries of a binpack decoded on `threads` threads (one more reads the file), in
/// order: the same entries, and the same error at the same place, as [`Reader`](crate::Reader).
/// Memory: about three chunks a thread.
pub struct ParallelReader {
    results: Receiver<Decoded>,
    waiting: BTreeMap<u64, (Vec<Entry>, Option<BinpackError>)>,
    next: u64,
    current: Vec<Entry>,
    /// The next entry of `current`.
    at: usize,
    /// Emptied entry buffers, back to the decoding threads (fresh ones cost page faults).
    recycle: SyncSender<Vec<Entry>>,
    fault: Option<BinpackError>,
    done: bool,
}

impl ParallelReader {
    /// Entries of `input` on `threads` decoding threads (at least one).
    pub fn new<R: Read + Send + 'static>(mut input: R, threads: usize) -> ParallelReader {
        let threads = threads.max(1);
        let (work_tx, work_rx) = sync_channel::<(u64, u64, Vec<u8>)>(2 * threads);
        let (result_tx, results) = sync_channel::<Decoded>(2 * threads);
        let (recycle, recycled) = sync_channel::<Vec<Entry>>(4 * threads);
        let (work_rx, recycled) = (Arc::new(Mutex::new(work_rx)), Arc::new(Mutex::new(recycled)));
        for _ in 0..threads {
            let (work_rx, result_tx): (_, SyncSender<Decoded>) =
                (Arc::clone(&work_rx), result_tx.clone());
            let recycled = Arc::clone(&recycled);
            std::thread::spawn(move || {
                loop {
                    let job = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((index, body_offset, bytes))) = job else { return };
                    let reused = recycled.lock().ok().and_then(|rx| rx.try_recv().ok());
                    let mut entries = reused.unwrap_or_default();
                    entries.clear();
                    let fault = decode(&bytes, index, body_offset, &mut entries);
                    if result_tx.send((index, entries, fault)).is_err() {
                        return;
                    }
                }
            });
        }
        std::thread::spawn(move || {
            let (mut index, mut offset) = (0u64, 0u64);
            loop {
                let mut body = Vec::new();
                match read_chunk(&mut input, &mut body, offset, index) {
                    Ok(true) => {
                        let size = body.len() as u64;
                        if work_tx.send((index, offset + 8, body)).is_err() {
                            return;
                        }
                        (index, offset) = (index + 1, offset + 8 + size);
                    }
                    Ok(false) => return,
                    Err(e) => {
                        let _ = result_tx.send((index, Vec::new(), Some(e)));
                        return;
                    }
                }
            }
        });
        ParallelReader {
            results,
            waiting: BTreeMap::new(),
            next: 0,
            current: Vec::new(),
            at: 0,
            recycle,
            fault: None,
            done: false,
        }
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
                let _ = self.recycle.try_send(std::mem::take(&mut self.current));
            }
            if let Some(fault) = self.fault.take() {
                self.done = true;
                return Some(Err(fault));
            }
            if self.done {
                return None;
            }
            while !self.waiting.contains_key(&self.next) {
                match self.results.recv() {
                    Ok((index, entries, fault)) => {
                        self.waiting.insert(index, (entries, fault));
                    }
                    // Every thread is done and the chunk never came: the file ended.
                    Err(_) => {
                        self.done = true;
                        return None;
                    }
                }
            }
            let (entries, fault) = self.waiting.remove(&self.next).expect("the chunk waited for");
            self.next += 1;
            (self.current, self.at) = (entries, 0);
            self.fault = fault;
        }
    }
}
