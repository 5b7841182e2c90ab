//! `cargo xtask pgn FILE`: plays every game of a PGN file (mainline and variations) through
//! lerf, and reports the games it refuses.

use crate::UserError;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lerf_pgn::{Reader, Replay};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[derive(clap::Args)]
pub struct Args {
    /// The PGN file.
    file: PathBuf,
    /// Threads to share the games over (the file is split at game boundaries).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    threads: u32,
    /// Also print, for each mainline move, `SAN<TAB>FEN` (the move as lerf writes it, the
    /// position after it), and an empty line after each game.
    #[arg(long)]
    fens: bool,
}

/// What one thread made of its share of the file.
#[derive(Default)]
struct Report {
    games: usize,
    moves: usize,
    refused: usize,
    /// Refusal lines and, with --fens, the FEN lines, in file order. Game and line numbers
    /// are relative to the share until `shift` fixes them.
    text: String,
    /// (byte offset in `text`, game, line) of each refusal line, to renumber.
    refusals: Vec<(usize, usize, usize, String)>,
}

pub fn run(args: Args) -> Result<(), UserError> {
    let data = std::fs::read(&args.file)
        .map_err(|e| UserError(format!("cannot read {}: {e}", args.file.display())))?;
    let progress = Progress::new(data.len() as u64);
    let start = Instant::now();
    let shares = split_at_games(&data, args.threads as usize);
    let reports: Vec<(Report, Duration)> = std::thread::scope(|scope| {
        let workers: Vec<_> = shares
            .iter()
            .map(|share| {
                scope.spawn(|| {
                    let report = replay(share, args.fens, &progress);
                    (report, start.elapsed())
                })
            })
            .collect();
        while workers.iter().any(|w| !w.is_finished()) {
            progress.tick(start);
            std::thread::sleep(Duration::from_millis(20));
        }
        workers.into_iter().map(|w| w.join().unwrap_or_default()).collect()
    });
    // The time the last share was done, not when the progress loop noticed.
    let elapsed = reports.iter().map(|(_, t)| *t).max().unwrap_or_default();
    let reports: Vec<Report> = reports.into_iter().map(|(r, _)| r).collect();
    progress.finish();

    let mut stdout = std::io::stdout().lock();
    let (mut games, mut moves, mut refused, mut lines) = (0, 0, 0, 0);
    for (share, report) in shares.iter().zip(&reports) {
        let _ = stdout.write_all(renumber(report, games, lines).as_bytes());
        games += report.games;
        moves += report.moves;
        refused += report.refused;
        lines += memchr::memchr_iter(b'\n', share).count();
    }
    let megabytes = data.len() as f64 / 1e6;
    let summary = format!(
        "{}: {games} games, {moves} moves, {refused} refused; {megabytes:.1} MB in {:.2} s ({:.1} MB/s, {} thread{})",
        args.file.display(),
        elapsed.as_secs_f64(),
        megabytes / elapsed.as_secs_f64().max(1e-9),
        args.threads,
        if args.threads == 1 { "" } else { "s" }
    );
    // With --fens, standard output holds only the moves and refusals.
    if args.fens {
        eprintln!("{summary}");
    } else {
        let _ = writeln!(stdout, "{summary}");
    }
    if refused > 0 {
        return Err(UserError(format!("{refused} of {games} games refused")));
    }
    Ok(())
}

/// Plays the games of `share`.
fn replay(share: &[u8], fens: bool, progress: &Progress) -> Report {
    let mut reader = Reader::new(share);
    let mut visitor = if fens { Replay::new().with_fens() } else { Replay::new() };
    let mut report = Report::default();
    let mut last = 0;
    while let Some(game) = reader.read_game(&mut visitor) {
        report.games += 1;
        match game {
            Ok(game) => {
                report.moves += game.moves;
                if fens {
                    report.text.push_str(&game.fens);
                    report.text.push('\n');
                }
            }
            Err(e) => {
                report.refused += 1;
                let reason = e.to_string();
                let reason = reason.split_once(": ").map_or(reason.as_str(), |(_, r)| r);
                report.refusals.push((
                    report.text.len(),
                    e.game,
                    e.line,
                    format!("{:?}: {reason}", e.token),
                ));
                report.text.push('\u{0}');
            }
        }
        let read = reader.bytes_read();
        progress.advance(read - last);
        last = read;
    }
    report
}

/// The report's text with each refusal written out, its game and line numbers shifted by
/// the games and lines of the shares before it.
fn renumber(report: &Report, games: usize, lines: usize) -> String {
    let mut out = String::with_capacity(report.text.len());
    let mut from = 0;
    for (at, game, line, rest) in &report.refusals {
        out.push_str(&report.text[from..*at]);
        let _ = writeln!(out, "game {}, line {}, token {rest}", game + games, line + lines);
        from = at + 1;
    }
    out.push_str(&report.text[from..]);
    out
}

/// `data` cut into at most `parts` pieces, each ending where a game ends (before an empty
/// line and a tag).
fn split_at_games(data: &[u8], parts: usize) -> Vec<&[u8]> {
    let mut shares = Vec::with_capacity(parts);
    let mut start = 0;
    for i in 1..parts {
        let target = (data.len() * i / parts).max(start);
        let Some(found) = memchr::memmem::find(&data[target..], b"\n\n[") else { break };
        let cut = target + found + 2;
        shares.push(&data[start..cut]);
        start = cut;
    }
    shares.push(&data[start..]);
    shares
}

/// A progress bar on standard error, shown only once a run has taken a second.
struct Progress {
    bar: ProgressBar,
    done: AtomicU64,
}

impl Progress {
    fn new(total: u64) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:40} {bytes}/{total_bytes} {bytes_per_sec}, {eta} left",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        Progress { bar, done: AtomicU64::new(0) }
    }

    fn advance(&self, bytes: u64) {
        self.done.fetch_add(bytes, Ordering::Relaxed);
    }

    fn tick(&self, start: Instant) {
        if start.elapsed() > Duration::from_secs(1) && self.bar.is_hidden() {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        self.bar.set_position(self.done.load(Ordering::Relaxed));
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
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
    }

    #[test]
    fn refusals_are_numbered_in_the_whole_file() {
        let data = b"[A \"1\"]\n\n1. e4 *\n\n[A \"2\"]\n\n1. e5 *\n\n[A \"3\"]\n\n1. Ke2 *\n";
        let progress = Progress::new(0);
        for parts in 1..4 {
            let shares = split_at_games(data, parts);
            let (mut games, mut lines, mut out) = (0, 0, String::new());
            for share in &shares {
                let report = replay(share, true, &progress);
                out.push_str(&renumber(&report, games, lines));
                games += report.games;
                lines += memchr::memchr_iter(b'\n', share).count();
            }
            let refusals: Vec<&str> = out.lines().filter(|l| l.starts_with("game")).collect();
            assert_eq!(refusals.len(), 2, "{out}");
            assert!(refusals[0].starts_with("game 2, line 7, token \"e5\""), "{}", refusals[0]);
            assert!(refusals[1].starts_with("game 3, line 11, token \"Ke2\""), "{}", refusals[1]);
            assert!(
                out.starts_with(
                    "e4\trnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\n"
                )
            );
        }
    }
}
