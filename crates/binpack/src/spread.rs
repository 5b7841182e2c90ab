//! Work spread over threads, results in order: one thread produces items in sequence,
//! worker threads turn them into results (any worker takes the next item), and the consumer
//! gets the results in the items' order. Each item travels with the sending end of a
//! one-result channel whose receiving end the producer queues for the consumer in order; that
//! queue is bounded, so a bounded number of items is ever in flight and a slow item holds up
//! nothing but the consumer.

use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

/// The consuming end: results in the items' order.
pub(crate) struct Spread<T> {
    order: Receiver<Receiver<T>>,
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
        for _ in 0..workers {
            let (queue, mut work) = (Arc::clone(&queue), make());
            std::thread::spawn(move || {
                loop {
                    let next = queue.lock().map(|q| q.recv());
                    let Ok(Ok((item, result))) = next else { return };
                    // The consumer may be gone: then nobody waits for the result.
                    let _ = result.send(work(item));
                }
            });
        }
        std::thread::spawn(move || produce(&Emit { work, order }));
        Spread { order: order_rx }
    }

    /// The next result, `None` when the producer has no more.
    pub(crate) fn next(&mut self) -> Option<T> {
        let pending = self.order.recv().ok()?;
        // An item's result channel closes unanswered only if its worker panicked.
        Some(pending.recv().expect("a binpack worker thread panicked"))
    }
}
