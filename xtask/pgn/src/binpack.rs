//! `cargo xtask binpack FILE`: reads a Stockfish binpack through lerf-binpack, reports its
//! entries, chains and rate, and converts it (`--plain OUT`, `--bin OUT`, `--parquet OUT`).

use crate::error::UserError;
use lerf_binpack::{EntryRows, Reader};
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// The binpack file.
    file: std::path::PathBuf,
    /// Also write its entries in Stockfish's `.plain` text (`fen`, `move`, `score`, `ply`,
    /// `result` lines, then `e`) to this file.
    #[arg(long, value_name = "OUT.plain")]
    plain: Option<std::path::PathBuf>,
    /// Also write its entries in the older `.bin` format (40 bytes each; standard chess).
    #[arg(long, value_name = "OUT.bin")]
    bin: Option<std::path::PathBuf>,
    /// Write its entries as rows (fen, move, score, ply, result, rule50) to this Parquet
    /// file instead of reading them alone.
    #[arg(long, value_name = "OUT.parquet", conflicts_with_all = ["plain", "bin"])]
    parquet: Option<std::path::PathBuf>,
    /// Threads decoding the chunks and making the Parquet rows (one more reads the file).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
}

fn open(path: &std::path::Path) -> Result<BufReader<File>, UserError> {
    let file =
        File::open(path).map_err(|e| UserError(format!("cannot read {}: {e}", path.display())))?;
    Ok(BufReader::with_capacity(1 << 20, file))
}

fn create(path: &std::path::Path) -> Result<BufWriter<File>, UserError> {
    let file = File::create(path)
        .map_err(|e| UserError(format!("cannot write {}: {e}", path.display())))?;
    Ok(BufWriter::with_capacity(1 << 20, file))
}

pub fn run(args: Args) -> Result<(), UserError> {
    let name = args.file.display().to_string();
    let bytes = std::fs::metadata(&args.file).map_or(0, |m| m.len());
    let start = Instant::now();
    if let Some(out) = &args.parquet {
        let rows = EntryRows::new(open(&args.file)?, 1 << 16, args.threads as usize);
        let writer_error = |e: parquet::errors::ParquetError| {
            UserError(format!("cannot write {}: {e}", out.display()))
        };
        let mut writer = parquet::arrow::ArrowWriter::try_new(
            create(out)?,
            lerf_binpack::entry_schema(),
            Some(crate::parquet::properties()),
        )
        .map_err(writer_error)?;
        let mut count = 0;
        for batch in rows {
            let batch = batch.map_err(|e| {
                UserError(format!("{name}: {e} (the rows before it are in {})", out.display()))
            })?;
            count += batch.num_rows();
            writer.write(&batch).map_err(writer_error)?;
        }
        writer.close().map_err(writer_error)?;
        let seconds = start.elapsed().as_secs_f64();
        println!("{name}: {count} entries to {} in {seconds:.2} s", out.display());
        return Ok(());
    }
    let mut plain = args.plain.as_deref().map(create).transpose()?;
    let mut bin = args.bin.as_deref().map(create).transpose()?;
    let mut reader = Reader::new(open(&args.file)?);
    let mut count = 0u64;
    // Lent entries: reading copies no position.
    while let Some(entry) = reader.next_entry() {
        let entry =
            entry.map_err(|e| UserError(format!("{name}: {e} ({count} entries before it)")))?;
        count += 1;
        if let Some(out) = plain.as_mut() {
            lerf_binpack::write_plain(out, entry)
                .map_err(|e| UserError(format!("cannot write the .plain file: {e}")))?;
        }
        if let Some(out) = bin.as_mut() {
            let bytes = lerf_binpack::pack_bin(entry)
                .map_err(|e| UserError(format!("entry {count}: {e}")))?;
            out.write_all(&bytes)
                .map_err(|e| UserError(format!("cannot write the .bin file: {e}")))?;
        }
    }
    for mut out in plain.into_iter().chain(bin) {
        out.flush().map_err(|e| UserError(format!("cannot write the converted file: {e}")))?;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{name}: {count} entries in {} chains, {} chunks; {:.1} MB in {seconds:.2} s ({:.2} M entries/s, {:.2} bytes an entry)",
        reader.chains(),
        reader.chunks(),
        bytes as f64 / 1e6,
        count as f64 / 1e6 / seconds.max(1e-9),
        bytes as f64 / count.max(1) as f64
    );
    Ok(())
}
