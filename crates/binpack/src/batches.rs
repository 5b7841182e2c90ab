//! A stream of training batches (feature `nnue`) over binpack inputs: chunks decoded on
//! several threads (a [`ParallelReader`]), the entries filtered in order on one (so random
//! skipping draws in the inputs' order, and the same seed gives the same batches whatever
//! the number of threads), groups of the kept ones turned into rows on several threads, and
//! the rows gathered into batches in order.

use crate::batch::Batch;
use crate::entry::Entry;
use crate::error::BinpackError;
use crate::groups::spread_groups;
use crate::parallel::ParallelReader;
use crate::reader::chunk_source;
use crate::spread::Spread;
use lerf_types::MoveKind;
use std::io::Read;

/// Which entries a batch leaves out.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SkipOptions {
    /// Leave out entries whose move captures (their score rests on the exchange).
    pub captures: bool,
    /// Leave out entries whose side to move is in check.
    pub in_check: bool,
    /// Leave out entries before this ply.
    pub early_plies: u16,
    /// Leave out each entry with this probability (0 keeps all).
    pub random: f64,
    /// Keep each entry with the probability that its result follows from its score
    /// (`1 / (1 + exp(-score / 400))` for a win, the complement for a loss, the smaller of
    /// the two doubled for a draw): leaves out most positions whose score and result
    /// disagree.
    pub score_result: bool,
}

impl SkipOptions {
    /// Whether `e` is kept, drawing from `rng` where the options are random.
    fn keeps(&self, e: &Entry, rng: &mut Rng) -> bool {
        if e.ply < self.early_plies {
            return false;
        }
        if self.captures
            && (e.mv.kind() == MoveKind::EnPassant
                || e.board.pieces_of(!e.board.side_to_move()).contains(e.mv.to())
                    && e.mv.kind() != MoveKind::Castling)
        {
            return false;
        }
        if self.in_check && e.board.in_check() {
            return false;
        }
        if self.random > 0.0 && rng.unit() < self.random {
            return false;
        }
        if self.score_result {
            let win = 1.0 / (1.0 + (-f64::from(e.score) / 400.0).exp());
            let p = match e.result {
                1 => win,
                -1 => 1.0 - win,
                _ => 2.0 * win.min(1.0 - win),
            };
            if rng.unit() >= p {
                return false;
            }
        }
        true
    }
}

/// How a stream of batches is made.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BatchOptions {
    /// Rows a batch (the last one may have fewer).
    pub size: usize,
    /// Which entries are left out.
    pub skip: SkipOptions,
    /// Read the inputs again from the first when they end (until a whole pass keeps no
    /// entry).
    pub cyclic: bool,
    /// The random skipping's seed.
    pub seed: u64,
    /// Threads decoding chunks and making rows (one more reads the files).
    pub threads: usize,
}

impl Default for BatchOptions {
    /// Batches of 8,192, nothing skipped, one pass, seed 0, one thread.
    fn default() -> BatchOptions {
        BatchOptions {
            size: 8192,
            skip: SkipOptions::default(),
            cyclic: false,
            seed: 0,
            threads: 1,
        }
    }
}

/// A deterministic generator (xorshift64*) for the random skipping.
#[derive(Debug, Clone)]
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15 | 1)
    }

    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A batch's rows (on a worker thread).
type Rows = Result<Batch, BinpackError>;

fn rows(group: Vec<Entry>) -> Batch {
    let mut rows = Batch::with_capacity(group.len());
    for entry in &group {
        rows.push(entry);
    }
    rows
}

/// Batches from binpack inputs, one after the other (and again from the first when
/// cycling), the skipping options applied; the same seed, the same batches.
pub struct Batches {
    spread: Spread<Rows>,
}

impl Batches {
    /// Batches from `inputs` inputs, the `i`th opened by `open(i)` (on the reading thread).
    pub fn new<R: Read + Send + 'static>(
        inputs: usize,
        open: impl FnMut(usize) -> std::io::Result<R> + Send + 'static,
        options: BatchOptions,
    ) -> Batches {
        let threads = options.threads.max(1);
        let source = chunk_source(inputs, open, options.cyclic);
        let entries = ParallelReader::from_source(source, threads);
        let (skip, mut rng) = (options.skip, Rng::new(options.seed));
        let keep = move |entry: &Entry| skip.keeps(entry, &mut rng);
        Batches { spread: spread_groups(entries, options.size, threads, keep, rows) }
    }

    /// Fills `batch` (its rows replaced) with the next batch; `Ok(false)` when the inputs
    /// ended before any. A fault ends the stream: the rows before it come first, as a
    /// shorter batch.
    pub fn fill(&mut self, batch: &mut Batch) -> Result<bool, BinpackError> {
        match self.spread.next() {
            None => {
                batch.clear();
                Ok(false)
            }
            Some(Ok(rows)) => {
                *batch = rows;
                Ok(true)
            }
            Some(Err(fault)) => {
                batch.clear();
                Err(fault)
            }
        }
    }
}
