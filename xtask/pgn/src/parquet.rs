//! `cargo xtask pgn FILE --parquet OUT.parquet`: the training rows of `lerf_pgn::rows`
//! (one per mainline move, with clock, evaluation, NAGs and chosen tags) written to a
//! Parquet file with Zstandard pages, streaming: memory stays bounded by one row group,
//! whatever the input's size.

use crate::error::UserError;
use crate::input::{Progress, open};
use arrow_array::{RecordBatch, RecordBatchReader};
use lerf_pgn::rows::{ParallelRows, PositionRows, RowOptions};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;
use std::fs::File;
use std::io::BufWriter;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Rows in a record batch handed to the writer.
const BATCH_ROWS: usize = 16_384;
/// Rows in a row group: what the writer holds in memory before writing it out, and the
/// unit that DuckDB, Spark and polars read in parallel.
const ROW_GROUP_ROWS: usize = 1 << 17;
/// Zstandard level of the pages: the writer, not the rows, limits the command, and level 1
/// wrote a smaller file than level 3 here once the FEN column went without a dictionary
/// (17.6 against 18.3 MB on 40 MB of Lichess games).
const ZSTD_LEVEL: i32 = 1;

/// What `--parquet` needs from the command line.
pub struct ParquetJob<'a> {
    /// The PGN input (a path, or `-`).
    pub file: &'a str,
    /// The Parquet file to write (replaced if it exists).
    pub out: &'a Path,
    /// The tags and comment column to add.
    pub options: RowOptions,
    /// Threads making rows (one more cuts the input when there are several).
    pub threads: usize,
}

/// Writes the rows of `job.file` to `job.out` and prints a summary. On an input that
/// fails part way (a cut `.zst`, a read error), the rows before the failure are written
/// as a valid Parquet file and the failure is the error returned.
pub fn run(job: ParquetJob<'_>) -> Result<(), UserError> {
    job.options.check().map_err(|e| UserError(format!("--tags: {e}")))?;
    let (input, size, raw) = open(job.file)?;
    let rows: Box<dyn RecordBatchReader + Send> = if job.threads > 1 {
        Box::new(ParallelRows::new(input, job.options, BATCH_ROWS, job.threads))
    } else {
        Box::new(PositionRows::new(input, job.options, BATCH_ROWS))
    };
    let out_name = job.out.display();
    let file =
        File::create(job.out).map_err(|e| UserError(format!("cannot write {out_name}: {e}")))?;
    let mut writer = ArrowWriter::try_new(BufWriter::new(file), rows.schema(), Some(properties()))
        .map_err(|e| UserError(format!("cannot write {out_name}: {e}")))?;
    let progress = Progress::new(size);
    let start = Instant::now();
    let (mut count, mut failure) = (0usize, None);
    for batch in rows {
        let batch: RecordBatch = match batch {
            Ok(batch) => batch,
            Err(e) => {
                failure = Some(format!("{}: {e} (the rows before it are in {out_name})", job.file));
                break;
            }
        };
        count += batch.num_rows();
        writer.write(&batch).map_err(|e| UserError(format!("cannot write {out_name}: {e}")))?;
        progress.set(raw.load(Ordering::Relaxed));
    }
    let metadata =
        writer.close().map_err(|e| UserError(format!("cannot write {out_name}: {e}")))?;
    progress.finish();
    let seconds = start.elapsed().as_secs_f64();
    let input_mb = raw.load(Ordering::Relaxed) as f64 / 1e6;
    let written_mb = std::fs::metadata(job.out).map_or(0.0, |m| m.len() as f64 / 1e6);
    println!(
        "{}: {count} rows in {} row group{} to {out_name} ({written_mb:.1} MB); {input_mb:.1} MB read in {seconds:.2} s ({:.1} MB/s, {:.2} M rows/s)",
        job.file,
        metadata.num_row_groups(),
        if metadata.num_row_groups() == 1 { "" } else { "s" },
        input_mb / seconds.max(1e-9),
        count as f64 / 1e6 / seconds.max(1e-9),
    );
    failure.map_or(Ok(()), |message| Err(UserError(message)))
}

/// Zstandard pages, row groups of [`ROW_GROUP_ROWS`]; no dictionary for the FENs (nearly
/// all distinct: the writer hashed each one for nothing).
pub(crate) fn properties() -> WriterProperties {
    let level = ZstdLevel::try_new(ZSTD_LEVEL).unwrap_or_default();
    WriterProperties::builder()
        .set_compression(Compression::ZSTD(level))
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .set_column_dictionary_enabled("fen".into(), false)
        .set_created_by(format!("lerf {}", env!("CARGO_PKG_VERSION")))
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::cast::AsArray;
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("lerf-parquet-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        dir
    }

    fn read_back(path: &Path) -> Vec<RecordBatch> {
        let file = File::open(path).expect("the written file");
        let reader = ParquetRecordBatchReaderBuilder::try_new(file).and_then(|b| b.build());
        let reader = reader.expect("Parquet");
        reader.map(|b| b.expect("a batch")).collect()
    }

    const PGN: &str = "[Event \"a\"]\n[ECO \"C20\"]\n\n1. e4 { [%eval 0.17] [%clk 0:03:00] } e5 $1 1-0\n\n\
                       [Event \"b\"]\n\n1. d4 d5 2. c4 *\n";

    #[test]
    fn the_file_holds_the_rows_and_schema_of_the_reader() {
        let dir = temp_dir("rows");
        let input = dir.join("in.pgn");
        std::fs::write(&input, PGN).expect("write");
        let out = dir.join("out.parquet");
        let options =
            RowOptions { tags: vec!["ECO".into()], comments: true, ..RowOptions::default() };
        for threads in [1, 2] {
            let job = ParquetJob {
                file: input.to_str().expect("utf-8"),
                out: &out,
                options: options.clone(),
                threads,
            };
            run(job).expect("written");
            let batches = read_back(&out);
            let expected: Vec<RecordBatch> =
                PositionRows::new(PGN.as_bytes(), options.clone(), 1 << 20)
                    .map(|b| b.expect("rows"))
                    .collect();
            // A few rows: one batch each way.
            assert_eq!(batches, expected);
            let eco = batches[0].column_by_name("ECO").expect("the tag column");
            assert_eq!(eco.as_string::<i32>().value(0), "C20");
            assert!(eco.is_null(2), "game b has no ECO");
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn an_input_cut_short_keeps_the_rows_before_it_and_fails() {
        let dir = temp_dir("cut");
        let input = dir.join("in.pgn.zst");
        let mut packed = zstd::encode_all(PGN.as_bytes(), 3).expect("compress");
        packed.truncate(packed.len() - 4);
        std::fs::write(&input, packed).expect("write");
        let out = dir.join("out.parquet");
        let job = ParquetJob {
            file: input.to_str().expect("utf-8"),
            out: &out,
            options: RowOptions::default(),
            threads: 1,
        };
        let err = run(job).expect_err("a cut input");
        assert!(err.0.contains("the rows before it are in"), "{}", err.0);
        let _ = read_back(&out);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn tags_named_like_a_column_are_refused_before_anything_is_written() {
        let dir = temp_dir("bad");
        let out = dir.join("out.parquet");
        let job = ParquetJob {
            file: "does-not-matter.pgn",
            out: &out,
            options: RowOptions {
                tags: vec!["fen".into()],
                comments: false,
                ..RowOptions::default()
            },
            threads: 1,
        };
        let err = run(job).expect_err("a bad tag");
        assert!(err.0.starts_with("--tags: a tag column cannot be named \"fen\""), "{}", err.0);
        assert!(!out.exists());
        let _ = std::fs::remove_dir_all(dir);
    }
}
