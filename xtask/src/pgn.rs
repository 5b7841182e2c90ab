//! `cargo xtask pgn FILE`: plays every game of a PGN file (plain, `.pgn.zst`, or `-` for
//! standard input) through lerf, mainline and variations, and reports what it recovered
//! from.

use crate::UserError;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lerf_pgn::{PgnError, ReadError, Reader, Replay, ReplayError};
use std::fmt::Write as _;
use std::io::{Read, Write as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Inputs above this size get a progress bar (on a terminal).
const PROGRESS_FROM: u64 = 4 << 20;

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<PgnCommand>,
    /// The PGN file: plain or Zstandard-compressed (told by its first bytes), or `-` for
    /// standard input.
    #[arg(required = true)]
    file: Option<String>,
    /// Threads to share the games over (a plain file only: it is split at game
    /// boundaries in memory).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Also print, for each mainline move, `SAN<TAB>FEN` (the move as lerf writes it, the
    /// position after it), and an empty line after each game.
    #[arg(long)]
    fens: bool,
    /// Print each problem recovered from, as `FILE:LINE:COLUMN: game N, token "...": what`.
    #[arg(long)]
    errors: bool,
}

#[derive(clap::Subcommand)]
enum PgnCommand {
    /// Cut a PGN file into Zstandard shards of whole games, with a manifest.json (games,
    /// first game, moves, bytes and SHA-256 of each), for Dask and other engines.
    Split(crate::pgn_split::Args),
}

impl Args {
    /// The input's name (clap requires it unless a subcommand is given).
    fn file(&self) -> &str {
        self.file.as_deref().unwrap_or("-")
    }
}

/// What the games of an input (or of one share of it) came to.
#[derive(Default)]
struct Totals {
    games: usize,
    moves: usize,
    /// Games with something recovered from (an illegal move, damage passed over).
    recovered: usize,
}

/// Where each game's lines go: printed as they come, or kept to be numbered later.
trait Sink {
    fn text(&mut self, text: &str);
    fn error(&mut self, error: &PgnError<ReplayError>);
}

pub fn run(args: Args) -> Result<(), UserError> {
    if let Some(PgnCommand::Split(split)) = &args.command {
        return crate::pgn_split::run(split);
    }
    if args.threads > 1 {
        return run_threads(&args);
    }
    let (input, total, raw) = open(args.file())?;
    let progress = Progress::new(total);
    let start = Instant::now();
    let stdout = std::io::stdout();
    let mut sink = Printer { out: stdout.lock(), file: args.file(), show_errors: args.errors };
    let mut reader = Reader::new(input);
    let done = std::sync::atomic::AtomicBool::new(false);
    let (result, elapsed) = std::thread::scope(|scope| {
        if progress.bar.is_some() {
            scope.spawn(|| {
                while !done.load(Ordering::Relaxed) {
                    progress.set(raw.load(Ordering::Relaxed));
                    std::thread::sleep(Duration::from_millis(10));
                }
            });
        }
        let result = replay(&mut reader, args.fens, &mut sink);
        done.store(true, Ordering::Relaxed);
        (result, start.elapsed())
    });
    progress.finish();
    let (totals, failure) = match result {
        Ok(totals) => (totals, None),
        Err((totals, e)) => (totals, Some(e)),
    };
    summary(&args, &totals, reader.bytes_read(), elapsed);
    match failure {
        Some(e) => Err(UserError(format!("{}: {e}", args.file()))),
        None => Ok(()),
    }
}

/// The PGN bytes of an input, its size on disk (for progress; 0 when unknown), and a
/// count of its raw bytes read so far.
type Opened = (Box<dyn Read + Send>, u64, Arc<AtomicU64>);

pub(crate) fn open(file: &str) -> Result<Opened, UserError> {
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

/// Plays the games of `reader`, handing each game's lines to `sink`.
fn replay<R: Read>(
    reader: &mut Reader<R>,
    fens: bool,
    sink: &mut dyn Sink,
) -> Result<Totals, (Totals, ReadError)> {
    let mut visitor = if fens { Replay::new().with_fens() } else { Replay::new() };
    let mut totals = Totals::default();
    while let Some(game) = reader.read_game(&mut visitor) {
        let game = match game {
            Ok(game) => game,
            Err(e) => return Err((totals, e)),
        };
        totals.games += 1;
        totals.moves += game.moves;
        totals.recovered += usize::from(reader.errors_in_game() > 0);
        for error in &game.errors {
            sink.error(error);
        }
        if fens {
            sink.text(&game.fens);
            sink.text("\n");
        }
    }
    Ok(totals)
}

fn summary(args: &Args, totals: &Totals, bytes: u64, elapsed: Duration) {
    let megabytes = bytes as f64 / 1e6;
    let threads = args.threads;
    let summary = format!(
        "{}: {} games, {} moves, {} needed recovery{}; {megabytes:.1} MB in {:.2} s ({:.1} MB/s, {threads} thread{})",
        args.file(),
        totals.games,
        totals.moves,
        totals.recovered,
        if totals.recovered > 0 && !args.errors { " (--errors lists them)" } else { "" },
        elapsed.as_secs_f64(),
        megabytes / elapsed.as_secs_f64().max(1e-9),
        if threads == 1 { "" } else { "s" }
    );
    // With --fens, standard output holds only the moves and errors.
    if args.fens {
        eprintln!("{summary}");
    } else {
        println!("{summary}");
    }
}

/// Prints as it goes (one thread).
struct Printer<'a, W: std::io::Write> {
    out: W,
    file: &'a str,
    show_errors: bool,
}

impl<W: std::io::Write> Sink for Printer<'_, W> {
    fn text(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
    }

    fn error(&mut self, e: &PgnError<ReplayError>) {
        if self.show_errors {
            let _ = writeln!(self.out, "{}", error_line(self.file, e, 0, 0));
        }
    }
}

/// `FILE:LINE:COLUMN: game N, token "...": what`, with the game and line shifted.
fn error_line(file: &str, e: &PgnError<ReplayError>, games: usize, lines: usize) -> String {
    let (game, line) = (e.game + games, e.line + lines);
    format!("{file}:{line}:{}: game {game}, token {:?}: {}", e.column, e.token, e.kind)
}

/// Keeps a share's lines, with its errors to be numbered in the whole file.
#[derive(Default)]
struct Report {
    totals: Totals,
    text: String,
    /// (offset in `text`, the error) for each error line, written out by `renumber`.
    errors: Vec<(usize, PgnError<ReplayError>)>,
    show_errors: bool,
}

impl Sink for Report {
    fn text(&mut self, text: &str) {
        self.text.push_str(text);
    }

    fn error(&mut self, e: &PgnError<ReplayError>) {
        if self.show_errors {
            self.errors.push((self.text.len(), e.clone()));
        }
    }
}

impl Report {
    /// The text with each error line written in, its game and line numbers shifted by
    /// the games and lines of the shares before it.
    fn renumber(&self, file: &str, games: usize, lines: usize) -> String {
        let mut out = String::with_capacity(self.text.len());
        let mut from = 0;
        for (at, e) in &self.errors {
            out.push_str(&self.text[from..*at]);
            let _ = writeln!(out, "{}", error_line(file, e, games, lines));
            from = *at;
        }
        out.push_str(&self.text[from..]);
        out
    }
}

/// `--threads N`: the file read whole, cut at game boundaries, one share a thread.
fn run_threads(args: &Args) -> Result<(), UserError> {
    let refuse = |why: &str| UserError(format!("--threads {} needs {why}", args.threads));
    if args.file() == "-" {
        return Err(refuse("a file, not standard input"));
    }
    let data = std::fs::read(args.file())
        .map_err(|e| UserError(format!("cannot read {}: {e}", args.file())))?;
    if lerf_pgn::is_zstd(&data) {
        return Err(refuse("a plain PGN file (decompress it, or use one thread)"));
    }
    let progress = Progress::new(data.len() as u64);
    let start = Instant::now();
    let shares = split_at_games(&data, args.threads as usize);
    let done = AtomicU64::new(0);
    let reports: Vec<Report> = std::thread::scope(|scope| {
        let workers: Vec<_> = shares
            .iter()
            .map(|share| {
                scope.spawn(|| {
                    let mut report = Report { show_errors: args.errors, ..Report::default() };
                    let mut reader = Reader::new(*share);
                    let totals = replay(&mut reader, args.fens, &mut report);
                    report.totals = totals.unwrap_or_else(|(totals, _)| totals);
                    done.fetch_add(share.len() as u64, Ordering::Relaxed);
                    report
                })
            })
            .collect();
        while workers.iter().any(|w| !w.is_finished()) {
            progress.set(done.load(Ordering::Relaxed));
            std::thread::sleep(Duration::from_millis(20));
        }
        workers.into_iter().map(|w| w.join().unwrap_or_default()).collect()
    });
    let elapsed = start.elapsed();
    progress.finish();
    let mut stdout = std::io::stdout().lock();
    let (mut totals, mut lines) = (Totals::default(), 0);
    for (share, report) in shares.iter().zip(&reports) {
        let _ = stdout.write_all(report.renumber(args.file(), totals.games, lines).as_bytes());
        totals.games += report.totals.games;
        totals.moves += report.totals.moves;
        totals.recovered += report.totals.recovered;
        lines += memchr::memchr_iter(b'\n', share).count();
    }
    drop(stdout);
    summary(args, &totals, data.len() as u64, elapsed);
    Ok(())
}

/// `data` cut into at most `parts` pieces, each ending where a game ends: before an empty
/// line and a tag line, when the line before the empty one is no tag (python-chess reads
/// on through one empty line between tags).
fn split_at_games(data: &[u8], parts: usize) -> Vec<&[u8]> {
    let mut shares = Vec::with_capacity(parts);
    let mut start = 0;
    for i in 1..parts {
        let mut target = (data.len() * i / parts).max(start);
        let cut = loop {
            let Some(found) = memchr::memmem::find(&data[target..], b"\n\n[") else { break None };
            let at = target + found;
            let line_start = memchr::memrchr(b'\n', &data[..at]).map_or(0, |i| i + 1);
            if data.get(line_start) != Some(&b'[') {
                break Some(at + 2);
            }
            target = at + 2;
        };
        let Some(cut) = cut else { break };
        shares.push(&data[start..cut]);
        start = cut;
    }
    shares.push(&data[start..]);
    shares
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
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    pub(crate) fn new(total: u64) -> Progress {
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

    pub(crate) fn set(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_end_where_games_end() {
        let data = b"[A \"1\"]\n\n1. e4 *\n\n[A \"2\"]\n\n1. d4 *\n\n[A \"3\"]\n\n1. c4 *\n";
        for parts in 1..6 {
            let shares = split_at_games(data, parts);
            assert_eq!(shares.concat(), data);
            assert!(shares.iter().all(|s| s.first() == Some(&b'[')), "{parts}");
        }
        // One empty line between tags is inside a game's tags: no cut there.
        let data = b"[A \"1\"]\n\n[B \"1\"]\n\n1. e4 *\n\n[A \"2\"]\n\n1. d4 *\n";
        for parts in 1..6 {
            let shares = split_at_games(data, parts);
            assert!(shares.iter().all(|s| s.starts_with(b"[A")), "{parts}: {shares:?}");
        }
    }

    #[test]
    fn errors_are_numbered_in_the_whole_file() {
        let data = b"[A \"1\"]\n\n1. e4 *\n\n[A \"2\"]\n\n1. e5 *\n\n[A \"3\"]\n\n1. Ke2 *\n";
        for parts in 1..4 {
            let shares = split_at_games(data, parts);
            let (mut games, mut lines, mut out) = (0, 0, String::new());
            for share in &shares {
                let mut report = Report { show_errors: true, ..Report::default() };
                let totals = replay(&mut Reader::new(*share), true, &mut report);
                report.totals = totals.unwrap_or_else(|_| unreachable!("in memory"));
                out.push_str(&report.renumber("f.pgn", games, lines));
                games += report.totals.games;
                lines += memchr::memchr_iter(b'\n', share).count();
            }
            let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("f.pgn")).collect();
            assert_eq!(errors.len(), 2, "{out}");
            assert!(errors[0].starts_with("f.pgn:7:4: game 2, token \"e5\""), "{}", errors[0]);
            assert!(errors[1].starts_with("f.pgn:11:4: game 3, token \"Ke2\""), "{}", errors[1]);
            assert!(
                out.starts_with(
                    "e4\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\n"
                )
            );
        }
    }
}
