//! Training rows (`lerf_pgn::rows`): rows a second on one thread and two, with only the
//! move columns (no tags, no comment column) and with the tag and comment columns too, on
//! the Lichess sample (a clock comment and often an evaluation on every move) and on the
//! same games tournament-style (no comments, ten tags a game); then the same rows written
//! to Parquet (`cargo xtask pgn --parquet`'s settings: Zstandard level 1, no dictionary for
//! the FENs), in MB of PGN a second.
//!
//! Every setup runs once a round, the order turning, so that all see the same machine
//! load; medians of `ROUNDS` rounds. `cargo bench -p lerf-benches --bench rows` prints the
//! table (a benchmark, not a test).

use arrow_array::RecordBatch;
use lerf_benches::pairs::{cpu_model, median};
use lerf_benches::pgn_inputs::{COPIES, SAMPLE, TOURNAMENT, input};
use lerf_pgn::rows::{ParallelRows, PositionRows, RowOptions};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;
use std::time::Instant;

const ROUNDS: usize = 7;
const BATCH: usize = 65_536;

fn options(annotated: bool) -> RowOptions {
    if annotated {
        let tags = ["Event", "Site", "Date", "ECO", "Opening", "TimeControl", "Termination"];
        RowOptions {
            tags: tags.iter().map(|t| t.to_string()).collect(),
            comments: true,
            ..RowOptions::default()
        }
    } else {
        RowOptions::default()
    }
}

/// The batches of `data`, on `threads` threads.
fn batches(
    data: &'static [u8],
    annotated: bool,
    threads: usize,
) -> Box<dyn Iterator<Item = RecordBatch>> {
    let options = options(annotated);
    let ok = |b: Result<RecordBatch, _>| b.expect("bytes in memory");
    if threads == 1 {
        Box::new(PositionRows::new(data, options, BATCH).map(ok))
    } else {
        Box::new(ParallelRows::new(data, options, BATCH, threads).map(ok))
    }
}

fn count_rows(data: &'static [u8], annotated: bool, threads: usize) -> usize {
    batches(data, annotated, threads).map(|b| b.num_rows()).sum()
}

/// The rows written as Parquet into memory; returns the bytes written.
fn parquet_bytes(data: &'static [u8], threads: usize) -> usize {
    let properties = WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::try_new(1).expect("a level")))
        .set_max_row_group_row_count(Some(1 << 17))
        .set_column_dictionary_enabled("fen".into(), false)
        .build();
    let schema = lerf_pgn::rows::row_schema(&options(false));
    let mut writer = ArrowWriter::try_new(Vec::new(), schema, Some(properties)).expect("a writer");
    for batch in batches(data, false, threads) {
        writer.write(&batch).expect("in memory");
    }
    writer.into_inner().expect("in memory").len()
}

struct Setup {
    name: String,
    run: Box<dyn Fn() -> usize>,
    /// What a second is counted in: rows, or MB of PGN.
    per_second: Box<dyn Fn(f64) -> String>,
    times: Vec<f64>,
}

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    let inputs: [(&str, &'static [u8]); 2] = [
        ("Lichess-style", Vec::leak(input(SAMPLE))),
        ("tournament-style", Vec::leak(input(TOURNAMENT))),
    ];
    let mut setups = Vec::new();
    for (style, data) in inputs {
        let rows = count_rows(data, false, 1);
        for annotated in [false, true] {
            for threads in [1, 2] {
                let columns = if annotated { "+ 7 tags, comment" } else { "move columns" };
                setups.push(Setup {
                    name: format!(
                        "{style}, {columns}, {threads} thread{}",
                        if threads == 1 { "" } else { "s" }
                    ),
                    run: Box::new(move || count_rows(data, annotated, threads)),
                    per_second: Box::new(move |s| format!("{:.2} M rows/s", rows as f64 / s / 1e6)),
                    times: Vec::new(),
                });
            }
        }
        for threads in [1, 2] {
            setups.push(Setup {
                name: format!(
                    "{style}, Parquet (zstd 1), {threads} thread{}",
                    if threads == 1 { "" } else { "s" }
                ),
                run: Box::new(move || parquet_bytes(data, threads)),
                per_second: Box::new(move |s| {
                    format!("{:.1} MB/s of PGN", data.len() as f64 / s / 1e6)
                }),
                times: Vec::new(),
            });
        }
    }
    let expected: Vec<usize> = setups.iter().map(|s| (s.run)()).collect();
    for round in 0..ROUNDS {
        let n = setups.len();
        for k in 0..n {
            let i = (k + round) % n;
            let start = Instant::now();
            let got = (setups[i].run)();
            setups[i].times.push(start.elapsed().as_secs_f64());
            assert_eq!(got, expected[i], "{}: the same output every round", setups[i].name);
        }
    }
    println!(
        "Training rows, {} copies of each file, {ROUNDS} rounds, medians; {}\n",
        COPIES,
        cpu_model()
    );
    println!("| input, columns, threads | median | speed |");
    println!("|---|---:|---:|");
    for setup in &mut setups {
        let seconds = median(&mut setup.times);
        println!("| {} | {:.1} ms | {} |", setup.name, seconds * 1e3, (setup.per_second)(seconds));
    }
}
