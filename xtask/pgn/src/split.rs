//! `cargo xtask pgn split FILE --games N --out DIR`: a PGN file cut into Zstandard shards
//! of whole games with a manifest (see `lerf_pgn::shards`).

use crate::error::UserError;
use crate::input::{Progress, open};
use lerf_pgn::shards::{SplitError, SplitOptions, split};
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// The PGN file: plain or Zstandard-compressed (told by its first bytes), or `-` for
    /// standard input.
    file: String,
    /// Games in each shard (the last may have fewer).
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// The directory the shards and manifest.json go into (made if missing).
    #[arg(long)]
    out: PathBuf,
    /// Replace the shards of an earlier split in the directory.
    #[arg(long)]
    overwrite: bool,
    /// Zstandard level of the shards.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(i32).range(1..=19))]
    level: i32,
}

pub fn run(args: &Args) -> Result<(), UserError> {
    let (input, size, raw) = open(&args.file)?;
    let progress = Progress::new(size);
    let options = SplitOptions {
        games_per_shard: usize::try_from(args.games).unwrap_or(usize::MAX),
        overwrite: args.overwrite,
        level: args.level,
    };
    let start = Instant::now();
    let manifest = split(input, &args.out, &options, |_| progress.set(raw.load(Ordering::Relaxed)));
    progress.finish();
    let manifest = manifest.map_err(|e| match e {
        SplitError::Read(e) => UserError(format!(
            "{}: {e} (the shards before it are written, the manifest is not)",
            args.file
        )),
        e => UserError(e.to_string()),
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let compressed: u64 = manifest.shards.iter().map(|s| s.bytes).sum();
    println!(
        "{}: {} games, {} moves in {} shard{} of up to {} games; {:.1} MB of PGN, {:.1} MB written, {:.2} s ({:.1} MB/s)",
        args.out.join(lerf_pgn::shards::MANIFEST).display(),
        manifest.games,
        manifest.moves,
        manifest.shards.len(),
        if manifest.shards.len() == 1 { "" } else { "s" },
        options.games_per_shard,
        manifest.pgn_bytes as f64 / 1e6,
        compressed as f64 / 1e6,
        seconds,
        manifest.pgn_bytes as f64 / 1e6 / seconds.max(1e-9),
    );
    Ok(())
}
