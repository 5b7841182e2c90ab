//! The extension's allocator: mimalloc, keeping what it frees for a few seconds.
//!
//! The extension's Rust allocations go to mimalloc rather than glibc's malloc. Dask's
//! nanny starts workers with `MALLOC_TRIM_THRESHOLD_=65536`, which also pins glibc's mmap
//! threshold at 128 KiB, so every batch of rows (megabytes of FENs) was freshly mapped,
//! faulted in and unmapped: a worker made rows at 0.67x one process. mimalloc keeps its
//! pages, whatever glibc is told, and only this module's allocations are affected.
//!
//! By default mimalloc gives freed pages back to the system 10 ms after they are freed. A
//! Dask worker computing a dataframe as Dask builds the job reads its next partition while
//! the last one still waits for its next step, so that read ran on pages given back and
//! faulted in again (a partition is tens of MB): 5-21% more CPU than a read after the last
//! partition was dropped. Kept for 10 s, the pages of a partition are there for the next;
//! a process that stops reading still gets them back 10 s later, at its next allocation.
//! `MIMALLOC_PURGE_DELAY` still decides when set.

use std::ffi::c_long;

use libmimalloc_sys::{mi_option_get, mi_option_set, mi_option_t};
use pyo3::prelude::*;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in the bundled mimalloc's `mimalloc.h` (libmimalloc-sys names
/// only the first options): milliseconds between a page's freeing and its return to the
/// system.
const PURGE_DELAY: mi_option_t = 15;

/// Freed pages are kept this long, in milliseconds.
const KEEP_FREED_MS: c_long = 10_000;

/// Keeps freed pages for [`KEEP_FREED_MS`], unless the environment sets mimalloc's delay.
pub fn keep_freed_memory() {
    let set_by_user = ["MIMALLOC_PURGE_DELAY", "MIMALLOC_RESET_DELAY"]
        .iter()
        .any(|name| std::env::var_os(name).is_some());
    if !set_by_user {
        // SAFETY: `mi_option_set` stores a value in mimalloc's option table, and
        // `PURGE_DELAY` is one of its options (a test reads it back through the
        // environment variable mimalloc names it by).
        unsafe { mi_option_set(PURGE_DELAY, KEEP_FREED_MS) };
    }
}

/// mimalloc's purge delay (ms) as the extension runs it (for tests).
#[pyfunction]
#[pyo3(name = "_allocator_purge_delay")]
pub fn allocator_purge_delay() -> c_long {
    // SAFETY: `mi_option_get` reads mimalloc's option table (see `keep_freed_memory`).
    unsafe { mi_option_get(PURGE_DELAY) }
}
