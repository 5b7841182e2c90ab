//! Work spread over threads, results in order: one thread produces items in sequence,
//! worker threads turn them into results (any worker takes the next item), and the consumer
//! gets the results in the items' order. Each item travels with the sending end of a
//! one-result channel whose receiving end the producer queues for the consumer in order; that
//! queue is bounded, so a bounded number of items is ever in flight and a slow item holds up
//! nothing but the consumer.
//!
//! Dropping the consuming end stops the threads and waits for them: the producer's next
//! `emit` fails, the workers finish the items already queued (a few), and no thread outlives
//! the value that started it (the producer's input, a file say, is closed by then). A
//! producer blocked reading its input is waited for until that read returns.

use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// The consuming end: results in the items' order.
pub(crate) struct Spread<T> {
    /// `None` only while dropping.
    order: Option<Receiver<Receiver<T>>>,
    threads: Vec<JoinHandle<()>>,
}

/// Where the producer puts items: `emit` is false once the consumer is gone.
pub(crate) struct Emit<I, T> {
    work: SyncSender<(I, SyncSender<T>)>,
    order: SyncSender<Receiver<T>>,
}

impl<I, T> Emit<I, T> {
    /// Queues `item` for a worker and its result for the consumer.
    pub(crate) fn emit(&self, item: I) -> bool {
        let (tx, rx) = sync_channel(1);
        self.order.send(rx).is_ok() && self.work.send((item, tx)).is_ok()
    }
}

impl<T: Send + 'static> Spread<T> {
    /// Runs `produce` on a thread of its own and `workers` threads each with a worker made
    /// by `make`, turning each item into its result; about `in_flight` items a worker are
    /// between the producer and the consumer at most (queued, worked on, or waiting).
    pub(crate) fn new<I, W>(
        produce: impl FnOnce(&Emit<I, T>) + Send + 'static,
        workers: usize,
        in_flight: usize,
        make: impl Fn() -> W,
    ) -> Spread<T>
    where
        I: Send + 'static,
        W: FnMut(I) -> T + Send + 'static,
    {
        let workers = workers.max(1);
        let (work, queue) = sync_channel::<(I, SyncSender<T>)>(workers);
        let (order, order_rx) = sync_channel::<Receiver<T>>(in_flight.max(1) * workers);
        let queue = Arc::new(Mutex::new(queue));
        let mut threads = Vec::with_capacity(workers + 1);
        for _ in 0..workers {
            let (queue, mut work) = (Arc::clone(&queue), make());
            threads.push(std::thread::spawn(move || {
                loop {
                    let next = queue.lock().map(|q| q.recv());
                    let Ok(Ok((item, result))) = next else { return };
                    // The consumer may be gone: then nobody waits for the result.
                    let _ = result.send(work(item));
                }
            }));
        }
        threads.push(std::thread::spawn(move || produce(&Emit { work, order })));
        Spread { order: Some(order_rx), threads }
    }

    /// The next result, `None` when the producer has no more.
    pub(crate) fn next(&mut self) -> Option<T> {
        let pending = self.order.as_ref()?.recv().ok()?;
        // An item's result channel closes unanswered only if its worker panicked.
        Some(pending.recv().expect("a binpack worker thread panicked"))
    }
}

impl<T> Drop for Spread<T> {
    fn drop(&mut self) {
        // The results not taken go with the order queue; then the producer's next `emit`
        // fails and the workers run out of items.
        self.order = None;
        for thread in self.threads.drain(..) {
            // A worker that panicked has said so to `next` already, or nobody asked.
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Counts its drops: held by the producer and by each worker.
    struct Witness(Arc<AtomicUsize>);

    impl Drop for Witness {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    /// A consumer that stops early (the producer could go on for ever) leaves no thread
    /// behind: once it is dropped, the producer and every worker have ended.
    #[test]
    fn dropping_the_consumer_ends_every_thread() {
        for workers in [1, 3] {
            let ended = Arc::new(AtomicUsize::new(0));
            let witness = Witness(Arc::clone(&ended));
            let produce = move |emit: &Emit<u64, u64>| {
                let _witness = witness;
                (0..).take_while(|&i| emit.emit(i)).for_each(drop);
            };
            let make = || {
                let witness = Witness(Arc::clone(&ended));
                move |i: u64| {
                    let _ = &witness;
                    i * 2
                }
            };
            let mut spread = Spread::new(produce, workers, 2, make);
            assert_eq!((spread.next(), spread.next()), (Some(0), Some(2)));
            drop(spread);
            assert_eq!(ended.load(Ordering::SeqCst), workers + 1, "{workers} workers");
        }
    }

    /// Results come in the items' order whatever worker made them, to the producer's end.
    #[test]
    fn results_in_order_to_the_end() {
        let produce = |emit: &Emit<u64, u64>| {
            for i in 0..200 {
                assert!(emit.emit(i));
            }
        };
        let mut spread = Spread::new(produce, 3, 2, || |i: u64| i + 1);
        let got: Vec<u64> = std::iter::from_fn(|| spread.next()).collect();
        assert_eq!(got, (1..=200).collect::<Vec<_>>());
    }
}
