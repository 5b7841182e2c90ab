//! `cargo xtask perft`: perft of one position (with divide), or of a whole EPD suite.

use crate::error::UserError;
use indicatif::{ProgressBar, ProgressStyle};
use lerf_movegen::{
    MAX_PERFT_DEPTH, PerftTable, divide_board, divide_board_parallel, divide_parallel_hashed,
    perft_board, perft_board_parallel, perft_parallel_hashed,
};
use lerf_position::{Board, Position, STARTPOS_FEN};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// The position (default: the start position).
    #[arg(long, default_value = STARTPOS_FEN)]
    fen: String,
    /// Plies to search (at most 128, the library's MAX_PERFT_DEPTH).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(0..=i64::from(MAX_PERFT_DEPTH)))]
    depth: u32,
    /// Print `<move>: <count>` per root move (the default for a single position).
    #[arg(long, conflicts_with = "no_divide")]
    divide: bool,
    /// Print only the total.
    #[arg(long)]
    no_divide: bool,
    /// Threads to share the root moves over.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Read the position as Chess960 (also inferred from Shredder-FEN or X-FEN castling).
    #[arg(long)]
    chess960: bool,
    /// Run every line of a suite written as `FEN ;D1 n ;D2 n ...` instead of one position.
    #[arg(long, conflicts_with_all = ["fen", "divide"])]
    epd: Option<PathBuf>,
    /// With --epd: skip listed depths above this one.
    #[arg(long, requires = "epd")]
    max_depth: Option<u32>,
    /// Keep subtree counts in a table of this many MiB, shared by the threads (0: none).
    #[arg(long, default_value_t = 0, value_name = "MB")]
    hash: usize,
}

/// How to count: on the copy-make `Board` walk (no keys to keep), or on `Position`'s
/// do/undo walk through a shared table of subtree counts (`--hash`, which needs the keys).
struct Counter {
    threads: usize,
    table: Option<PerftTable>,
}

impl Counter {
    fn new(threads: usize, hash_megabytes: usize) -> Counter {
        let table = (hash_megabytes > 0).then(|| PerftTable::with_megabytes(hash_megabytes));
        Counter { threads, table }
    }

    fn total(&self, pos: &mut Position, depth: u32) -> u64 {
        match (&self.table, self.threads) {
            (Some(table), threads) => perft_parallel_hashed(pos, depth, threads, table),
            (None, 1) => perft_board(&Board::from(&*pos), depth),
            (None, threads) => perft_board_parallel(&Board::from(&*pos), depth, threads),
        }
    }

    fn per_move(&self, pos: &mut Position, depth: u32) -> Vec<(lerf_types::Move, u64)> {
        match (&self.table, self.threads) {
            (Some(table), threads) => divide_parallel_hashed(pos, depth, threads, table),
            (None, 1) => divide_board(&Board::from(&*pos), depth),
            (None, threads) => divide_board_parallel(&Board::from(&*pos), depth, threads),
        }
    }
}

pub fn run(args: Args) -> Result<(), UserError> {
    match &args.epd {
        Some(path) => {
            let counter = Counter::new(args.threads as usize, args.hash);
            run_suite(path, args.max_depth, &counter, args.chess960)
        }
        None => run_single(&args),
    }
}

fn read_position(fen: &str, chess960: bool) -> Result<Position, String> {
    let parsed = if chess960 { Position::from_fen_960(fen) } else { Position::from_fen(fen) };
    parsed.map_err(|e| e.to_string())
}

fn mnps(nodes: u64, elapsed: Duration) -> f64 {
    nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6
}

fn run_single(args: &Args) -> Result<(), UserError> {
    let mut pos = read_position(&args.fen, args.chess960).map_err(UserError)?;
    let threads = args.threads as usize;
    let counter = Counter::new(threads, args.hash);
    let start = Instant::now();
    let (total, per_move) = if args.no_divide || args.depth == 0 {
        // Depth 0 counts the position itself: one node, and no root moves to divide.
        (counter.total(&mut pos, args.depth), Vec::new())
    } else {
        let per_move = counter.per_move(&mut pos, args.depth);
        (per_move.iter().map(|(_, n)| n).sum(), per_move)
    };
    let elapsed = start.elapsed();
    if !args.no_divide && args.depth > 0 {
        let mut lines: Vec<(String, u64)> =
            per_move.iter().map(|(m, n)| (m.to_uci(pos.is_chess960()).to_string(), *n)).collect();
        lines.sort();
        for (text, nodes) in lines {
            println!("{text}: {nodes}");
        }
        println!();
    }
    println!("Nodes searched: {total}");
    println!("Time: {:.3} s", elapsed.as_secs_f64());
    println!(
        "Nodes/s: {:.0} ({:.1} Mnps, {threads} thread{})",
        total as f64 / elapsed.as_secs_f64().max(1e-9),
        mnps(total, elapsed),
        if threads == 1 { "" } else { "s" }
    );
    Ok(())
}

/// One `;D<depth> <nodes>` field.
fn parse_count(field: &str) -> Option<(u32, u64)> {
    let mut words = field.split_whitespace();
    let depth = words.next()?.strip_prefix('D')?.parse().ok().filter(|&d| d <= MAX_PERFT_DEPTH)?;
    let nodes = words.next()?.parse().ok()?;
    words.next().is_none().then_some((depth, nodes))
}

struct SuiteLine {
    number: usize,
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn read_suite(path: &PathBuf) -> Result<Vec<SuiteLine>, UserError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| UserError(format!("cannot read {}: {e}", path.display())))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or("").trim().to_owned();
        let counts: Option<Vec<(u32, u64)>> = fields.map(parse_count).collect();
        let counts = counts.ok_or_else(|| {
            UserError(format!("{}:{}: expected `FEN ;D<depth> <nodes> ...`", path.display(), i + 1))
        })?;
        lines.push(SuiteLine { number: i + 1, fen, counts });
    }
    Ok(lines)
}

/// Prints a line above the progress bar; unlike `ProgressBar::println` it also prints when
/// the bar is hidden (output not a terminal, as in CI logs).
fn say(progress: &ProgressBar, line: String) {
    progress.suspend(|| println!("{line}"));
}

fn run_suite(
    path: &PathBuf,
    max_depth: Option<u32>,
    counter: &Counter,
    chess960: bool,
) -> Result<(), UserError> {
    let threads = counter.threads;
    let lines = read_suite(path)?;
    let wanted = |d: u32| max_depth.is_none_or(|max| d <= max);
    let runs: u64 =
        lines.iter().map(|l| l.counts.iter().filter(|(d, _)| wanted(*d)).count() as u64).sum();
    let progress = ProgressBar::new(runs).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} counts, {elapsed_precise}, {msg}")
            .expect("the progress template is valid"),
    );
    let start = Instant::now();
    let (mut nodes, mut mismatches, mut checked) = (0u64, 0usize, 0usize);
    let mut refused = Vec::new();
    for line in &lines {
        let mut pos = match read_position(&line.fen, chess960) {
            Ok(pos) => pos,
            Err(e) => {
                say(&progress, format!("line {}: refused, {e}", line.number));
                refused.push(line.number);
                progress.inc(line.counts.iter().filter(|(d, _)| wanted(*d)).count() as u64);
                continue;
            }
        };
        for &(depth, expected) in line.counts.iter().filter(|(d, _)| wanted(*d)) {
            progress.set_message(format!("line {} D{depth}", line.number));
            let got = counter.total(&mut pos, depth);
            nodes += got;
            checked += 1;
            if got != expected {
                mismatches += 1;
                say(
                    &progress,
                    format!(
                        "MISMATCH line {}: {} D{depth}: expected {expected}, got {got}",
                        line.number, line.fen
                    ),
                );
            }
            progress.inc(1);
        }
    }
    progress.finish_and_clear();
    let elapsed = start.elapsed();
    println!(
        "{}: {} positions, {checked} counts checked, {mismatches} mismatches, {} refused; {nodes} nodes in {:.1} s ({:.1} Mnps, {threads} thread{})",
        path.display(),
        lines.len(),
        refused.len(),
        elapsed.as_secs_f64(),
        mnps(nodes, elapsed),
        if threads == 1 { "" } else { "s" }
    );
    if mismatches > 0 {
        return Err(UserError(format!("{mismatches} perft counts differ from the suite")));
    }
    if !refused.is_empty() {
        let numbers: Vec<String> = refused.iter().map(|n| n.to_string()).collect();
        return Err(UserError(format!(
            "{}: the position of line {} was refused",
            path.display(),
            numbers.join(", ")
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_fields() {
        assert_eq!(parse_count("D1 20 "), Some((1, 20)));
        assert_eq!(parse_count(" D6 119060324"), Some((6, 119_060_324)));
        assert_eq!(parse_count("D1"), None);
        assert_eq!(parse_count("1 20"), None);
        assert_eq!(parse_count("D1 20 x"), None);
        assert_eq!(parse_count("Dx 20"), None);
    }

    fn suite_file(name: &str, text: &str) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("lerf-perft-{}-{name}.epd", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn suite_runs_pass_and_fail_as_they_should() {
        let good = suite_file("good", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n");
        let (one, two, hashed) = (Counter::new(1, 0), Counter::new(2, 0), Counter::new(2, 1));
        assert!(run_suite(&good, None, &one, false).is_ok());
        assert!(run_suite(&good, None, &hashed, false).is_ok());
        let wrong = suite_file("wrong", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67\n");
        assert!(run_suite(&wrong, None, &two, false).is_err());
        assert!(run_suite(&wrong, None, &hashed, false).is_err());
        assert!(run_suite(&wrong, Some(1), &one, false).is_ok(), "--max-depth skips D2");
        let garbled = suite_file("garbled", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 fifteen\n");
        assert!(run_suite(&garbled, None, &one, false).unwrap_err().0.contains(":1:"));
        let refused =
            suite_file("refused", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15\n8/8 w - - ;D1 1\n");
        let err = run_suite(&refused, None, &one, false).unwrap_err().0;
        assert!(err.contains("line 2 was refused"), "{err}");
        let bom = suite_file("bom", "\u{feff}4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15\n");
        assert!(run_suite(&bom, None, &one, false).is_ok());
        for p in [good, wrong, garbled, refused, bom] {
            std::fs::remove_file(p).unwrap();
        }
    }
}
