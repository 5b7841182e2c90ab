//! The input of every `cargo xtask pgn` command: a file, a `.pgn.zst` or standard input,
//! with a count of its raw bytes for the progress bar.

use crate::error::UserError;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Read;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Inputs above this size get a progress bar (on a terminal).
const PROGRESS_FROM: u64 = 4 << 20;

/// The PGN bytes of an input, its size on disk (for progress; 0 when unknown), and a
/// count of its raw bytes read so far.
pub type Opened = (Box<dyn Read + Send>, u64, Arc<AtomicU64>);

pub fn open(file: &str) -> Result<Opened, UserError> {
    let raw = Arc::new(AtomicU64::new(0));
    let (source, size): (Box<dyn Read + Send>, u64) = if file == "-" {
        (Box::new(std::io::stdin()), 0)
    } else {
        let opened =
            std::fs::File::open(file).map_err(|e| UserError(format!("cannot read {file}: {e}")))?;
        let size = opened.metadata().map_or(0, |m| m.len());
        (Box::new(opened), size)
    };
    let counted = Counted { inner: source, count: Arc::clone(&raw) };
    let input = lerf_pgn::decompressed(counted)
        .map_err(|e| UserError(format!("cannot read {file}: {e}")))?;
    Ok((input, size, raw))
}

/// Counts the bytes read through it (the raw input's, for progress).
struct Counted<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A progress bar on standard error, for inputs of a known size over [`PROGRESS_FROM`]
/// (indicatif draws nothing when standard error is not a terminal).
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    pub fn new(total: u64) -> Progress {
        if total < PROGRESS_FROM {
            return Progress { bar: None };
        }
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} {bytes_per_sec}, {eta} left",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress { bar: Some(bar) }
    }

    /// Whether a bar is drawn (the input is large enough and its size known).
    pub fn shown(&self) -> bool {
        self.bar.is_some()
    }

    pub fn set(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
