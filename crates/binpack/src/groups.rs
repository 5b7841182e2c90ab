//! Entries in groups, each group turned into something (a batch's rows, a record batch) on
//! worker threads, in order: the entries come from a [`ParallelReader`] and are sorted
//! into groups on one thread, so a filter that draws random numbers draws them in the
//! inputs' order whatever the number of threads.

use crate::entry::Entry;
use crate::error::BinpackError;
use crate::parallel::ParallelReader;
use crate::spread::{Emit, Spread};

/// What a worker gets: a group's entries, or the fault that ended the inputs.
type Group = Result<Vec<Entry>, BinpackError>;

/// Groups in flight a worker.
const IN_FLIGHT: usize = 3;

/// The groups of `size` entries of `entries` that `keep` keeps (the last may be shorter),
/// each turned into a `T` by `make` on `threads` threads, in order. A fault comes after the
/// group of the entries before it and ends the results. When cycling, a pass over the
/// inputs that keeps nothing ends them too (another would find nothing either).
pub(crate) fn spread_groups<T: Send + 'static>(
    mut entries: ParallelReader,
    size: usize,
    threads: usize,
    mut keep: impl FnMut(&Entry) -> bool + Send + 'static,
    make: impl Fn(Vec<Entry>) -> T + Clone + Send + 'static,
) -> Spread<Result<T, BinpackError>> {
    let size = size.max(1);
    let produce = move |emit: &Emit<Group, Result<T, BinpackError>>| {
        let mut group = Vec::with_capacity(size);
        let (mut pass, mut kept) = (0, 0usize);
        let fault = loop {
            let entry = match entries.next() {
                None => break None,
                Some(Err(fault)) => break Some(fault),
                Some(Ok(entry)) => entry,
            };
            if entries.pass() != pass {
                if kept == 0 {
                    break None;
                }
                (pass, kept) = (entries.pass(), 0);
            }
            if keep(&entry) {
                group.push(entry);
                kept += 1;
                if group.len() == size {
                    let full = std::mem::replace(&mut group, Vec::with_capacity(size));
                    if !emit.emit(Ok(full)) {
                        return;
                    }
                }
            }
        };
        if !group.is_empty() && !emit.emit(Ok(group)) {
            return;
        }
        if let Some(fault) = fault {
            emit.emit(Err(fault));
        }
    };
    Spread::new(produce, threads, IN_FLIGHT, move || {
        let make = make.clone();
        move |group: Group| group.map(&make)
    })
}
