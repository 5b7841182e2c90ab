//! `cargo xtask pgn FILE`: plays every game of a PGN file (plain, `.pgn.zst`, or `-` for
//! standard input) through lerf, mainline and variations, and reports what it recovered
//! from.

use crate::error::UserError;
use crate::input::{Progress, open};
use lerf_pgn::{ParallelGames, PgnError, ReadError, Reader, Replay, ReplayError};
use std::fmt::Write as _;
use std::io::{Read, Write as _};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

#[derive(clap::Parser)]
#[command(name = "cargo xtask pgn", bin_name = "cargo xtask pgn", version)]
/// Play every game of a PGN file (.pgn, .pgn.zst or - for stdin) through lerf and report
/// what it recovered from; `--parquet OUT` writes its training rows instead; `split` cuts
/// one into shards.
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<PgnCommand>,
    /// The PGN file: plain or Zstandard-compressed (told by its first bytes), or `-` for
    /// standard input.
    #[arg(required = true)]
    file: Option<String>,
    /// Threads to replay the games on: the input is cut into chunks of whole games as it
    /// streams in (one more thread cuts), the output stays in input order.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Also print, for each mainline move, `SAN<TAB>FEN` (the move as lerf writes it, the
    /// position after it), and an empty line after each game.
    #[arg(long)]
    fens: bool,
    /// Print each problem recovered from, as `FILE:LINE:COLUMN: game N, token "...": what`.
    #[arg(long)]
    errors: bool,
    /// Write the training rows (one per mainline move: game, ply, fen, san, uci, turn,
    /// result, variant, Elos, clock, eval_cp, eval_mate, nags) to this Parquet file
    /// instead, with Zstandard pages; the input streams through in bounded memory. Games
    /// of the Lichess variants are played by their rules (the variant column names them).
    #[arg(long, value_name = "OUT.parquet", conflicts_with_all = ["fens", "errors"])]
    parquet: Option<std::path::PathBuf>,
    /// With --parquet: a string column for each of these tags (comma-separated, e.g.
    /// `--tags ECO,Opening,TimeControl`), null where a game lacks the tag.
    #[arg(long, value_delimiter = ',', requires = "parquet")]
    tags: Vec<String>,
    /// With --parquet: a `comment` column, the comment after each move.
    #[arg(long, requires = "parquet")]
    comments: bool,
    /// Write every position of every standard game with a known result and an evaluation
    /// (Lichess's `[%eval]`, from the comment after the move that led to it, else an engine
    /// match's `{+1.01/26 2.3s}` or TCEC's `wv=0.12`, from the comment after the move played
    /// from it) as a Stockfish binpack entry to this file instead: the move played, the
    /// evaluation and the result from the side to move's view; consecutive positions chained.
    #[arg(long, value_name = "OUT.binpack", conflicts_with_all = ["fens", "errors", "parquet"])]
    binpack: Option<std::path::PathBuf>,
    /// With --binpack: the score of a mate on the board (a mate in n moves scores this
    /// minus n).
    #[arg(long, default_value_t = 32000, requires = "binpack")]
    mate_score: i16,
    /// With --binpack: score positions without an evaluation 0 instead of skipping them.
    #[arg(long, requires = "binpack")]
    unscored_as_zero: bool,
    /// With --binpack: leave out the positions before this ply (an opening book's).
    #[arg(long, default_value_t = 0, requires = "binpack")]
    skip_plies: u16,
    /// With --parquet: an `nnue` column, this Stockfish network's evaluation of each row's
    /// position (side to move's view, Stockfish's internal units; null in variant games).
    /// With --binpack: every position of the standard games, scored by the network.
    #[arg(long, value_name = "NETWORK.nnue")]
    nnue: Option<std::path::PathBuf>,
}

#[derive(clap::Subcommand)]
enum PgnCommand {
    /// Cut a PGN file into Zstandard shards of whole games, with a manifest.json (games,
    /// first game, moves, bytes and SHA-256 of each), for Dask and other engines.
    Split(crate::split::Args),
    /// Read a Stockfish binpack (what `cargo xtask binpack FILE` runs): its entries,
    /// chains and rate; `--plain OUT` or `--parquet OUT` converts it.
    Binpack(crate::binpack::Args),
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

pub fn run(mut args: Args) -> Result<(), UserError> {
    match args.command.take() {
        Some(PgnCommand::Split(split)) => return crate::split::run(&split),
        Some(PgnCommand::Binpack(binpack)) => return crate::binpack::run(binpack),
        None => {}
    }
    let network = match &args.nnue {
        None => None,
        Some(_) if args.parquet.is_none() && args.binpack.is_none() => {
            return Err(UserError("--nnue goes with --parquet or --binpack".into()));
        }
        Some(path) => {
            let net = lerf_nnue::Network::from_file(path)
                .map_err(|e| UserError(format!("--nnue {}: {e}", path.display())))?;
            Some(std::sync::Arc::new(net))
        }
    };
    if let Some(out) = &args.binpack {
        return crate::to_binpack::run(crate::to_binpack::BinpackJob {
            file: args.file(),
            out,
            mate_score: args.mate_score,
            unscored_as_zero: args.unscored_as_zero,
            skip_plies: args.skip_plies,
            network,
            threads: args.threads as usize,
        });
    }
    if let Some(out) = &args.parquet {
        let nnue = network.map(lerf_pgn::rows::NnueColumn);
        return crate::parquet::run(crate::parquet::ParquetJob {
            file: args.file(),
            out,
            options: lerf_pgn::rows::RowOptions {
                tags: args.tags.clone(),
                comments: args.comments,
                nnue,
            },
            threads: args.threads as usize,
        });
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
        if progress.shown() {
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

/// Bytes of PGN a thread takes at a time with `--threads`.
const CHUNK_BYTES: u64 = 1 << 20;

/// `--threads N`: the input (any of them: plain, `.zst`, standard input) cut into chunks of
/// whole games as it streams in, N threads replaying them, the output in input order.
fn run_threads(args: &Args) -> Result<(), UserError> {
    let (input, total, raw) = open(args.file())?;
    let progress = Progress::new(total);
    let start = Instant::now();
    let (fens, show_errors) = (args.fens, args.errors);
    let chunks = ParallelGames::new(
        input,
        args.threads as usize,
        CHUNK_BYTES,
        move |chunk: &lerf_pgn::Chunk| {
            let mut report = Report { show_errors, ..Report::default() };
            let totals = replay(&mut Reader::new(&chunk.bytes[..]), fens, &mut report);
            // Bytes in memory do not fail.
            report.totals = totals.unwrap_or_else(|(totals, _)| totals);
            (report, line_ends(&chunk.bytes), chunk.bytes.len() as u64)
        },
    );
    let mut stdout = std::io::stdout().lock();
    let (mut totals, mut lines, mut bytes) = (Totals::default(), 0, 0);
    let mut failure = None;
    for chunk in chunks {
        let (report, chunk_lines, chunk_bytes) = match chunk {
            Ok(done) => done,
            Err(e) => {
                failure = Some(e);
                break;
            }
        };
        let _ = stdout.write_all(report.renumber(args.file(), totals.games, lines).as_bytes());
        totals.games += report.totals.games;
        totals.moves += report.totals.moves;
        totals.recovered += report.totals.recovered;
        lines += chunk_lines;
        bytes += chunk_bytes;
        progress.set(raw.load(Ordering::Relaxed));
    }
    drop(stdout);
    let elapsed = start.elapsed();
    progress.finish();
    summary(args, &totals, bytes, elapsed);
    match failure {
        Some(e) => Err(UserError(format!("{}: {e}", args.file()))),
        None => Ok(()),
    }
}

/// Line ends as the reader counts them (`\n`, `\r\n`, a lone `\r`). A chunk begins at
/// a line's start, so a `\r\n` is never split between two.
fn line_ends(bytes: &[u8]) -> usize {
    let lone_cr =
        memchr::memchr_iter(b'\r', bytes).filter(|&i| bytes.get(i + 1) != Some(&b'\n')).count();
    memchr::memchr_iter(b'\n', bytes).count() + lone_cr
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends_count_as_the_reader_counts_them() {
        assert_eq!(line_ends(b"a\nb\r\nc\rd\r"), 4);
        assert_eq!(line_ends(b""), 0);
    }

    #[test]
    fn errors_are_numbered_in_the_whole_file() {
        let data = b"[A \"1\"]\r\n\r\n1. e4 *\n\n[A \"2\"]\r\r1. e5 *\n\n[A \"3\"]\n\n1. Ke2 *\n";
        for per_chunk in 1..4 {
            let (mut games, mut lines, mut out) = (0, 0, String::new());
            for chunk in lerf_pgn::GameChunks::new(&data[..]).games_per_chunk(per_chunk) {
                let share = &chunk.expect("bytes in memory").bytes[..];
                let mut report = Report { show_errors: true, ..Report::default() };
                let totals = replay(&mut Reader::new(share), true, &mut report);
                report.totals = totals.unwrap_or_else(|_| unreachable!("in memory"));
                out.push_str(&report.renumber("f.pgn", games, lines));
                games += report.totals.games;
                lines += line_ends(share);
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
