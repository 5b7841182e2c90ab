//! `cargo xtask pgn FILE --binpack OUT`: every position of every standard game that has an
//! evaluation, as a binpack entry (the move played, the evaluation from the side to move's
//! view, the game's result), consecutive positions chained: the game's rows
//! (`lerf_pgn::rows`) through `lerf_binpack::RowsWriter`, which says where the scores come
//! from (Lichess's `[%eval]`, engines' `{+1.01/26}` words, or the network's column).

use crate::error::UserError;
use crate::input::open;
use arrow_array::RecordBatchReader;
use lerf_binpack::{RowsOptions, RowsWriter, ScoreSource, Writer};
use lerf_pgn::rows::{NnueColumn, ParallelRows, PositionRows, RowOptions};
use std::io::BufWriter;
use std::time::Instant;

/// What `--binpack` writes, and the choices a trainer makes.
pub struct BinpackJob<'a> {
    pub file: &'a str,
    pub out: &'a std::path::Path,
    /// The score of a mate on the board; a mate in n moves scores `mate_score - n`.
    pub mate_score: i16,
    /// Positions without an evaluation: skipped (`false`) or scored 0.
    pub unscored_as_zero: bool,
    /// Positions before this ply are not written (the opening book's).
    pub skip_plies: u16,
    /// A network that scores every position instead of the comments.
    pub network: Option<std::sync::Arc<lerf_nnue::Network>>,
    /// Threads making the rows (one more cuts the input into games); the entries are
    /// written in the input's order by one.
    pub threads: usize,
}

pub fn run(job: BinpackJob<'_>) -> Result<(), UserError> {
    if job.mate_score < 1 {
        return Err(UserError(format!("--mate-score {} is not at least 1", job.mate_score)));
    }
    let (input, _, raw) = open(job.file)?;
    let out_name = job.out.display();
    let file = std::fs::File::create(job.out)
        .map_err(|e| UserError(format!("cannot write {out_name}: {e}")))?;
    let writer = Writer::new(BufWriter::with_capacity(1 << 20, file));
    let scores = if job.network.is_some() { ScoreSource::Nnue } else { ScoreSource::Comments };
    let options = RowsOptions {
        mate_score: job.mate_score,
        unscored_as_zero: job.unscored_as_zero,
        skip_plies: job.skip_plies,
        scores,
    };
    let mut rows = RowsWriter::new(writer, options);
    let start = Instant::now();
    // The comments for the engines' words; the network's column when it scores.
    let row_options = RowOptions {
        comments: job.network.is_none(),
        nnue: job.network.clone().map(NnueColumn),
        ..RowOptions::default()
    };
    let batches: Box<dyn RecordBatchReader + Send> = if job.threads > 1 {
        Box::new(ParallelRows::new(input, row_options, 1 << 14, job.threads))
    } else {
        Box::new(PositionRows::new(input, row_options, 1 << 14))
    };
    for batch in batches {
        let batch = batch.map_err(|e| UserError(format!("{}: {e}", job.file)))?;
        rows.write_batch(&batch).map_err(|e| UserError(format!("{}: {e}", job.file)))?;
    }
    let (positions, games) = (rows.positions(), rows.games());
    rows.finish().map_err(|e| UserError(format!("cannot write {out_name}: {e}")))?;
    let seconds = start.elapsed().as_secs_f64();
    let size = std::fs::metadata(job.out).map_or(0, |m| m.len());
    println!(
        "{}: {positions} positions of {games} games to {out_name} ({:.2} bytes a position); {:.1} MB read in {seconds:.2} s",
        job.file,
        size as f64 / positions.max(1) as f64,
        raw.load(std::sync::atomic::Ordering::Relaxed) as f64 / 1e6
    );
    Ok(())
}
