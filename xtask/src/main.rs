//! `cargo xtask`: the lerf project's tasks (see `cargo xtask --help`).

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod error;
mod extension;
mod forward;
mod layers;
mod step;
mod test;

#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask", about = "lerf project tasks", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree (perft), for a position or a whole suite.
    /// Runs the `xtask-perft` binary (`cargo xtask perft --help`).
    Perft(forward::Args),
    /// Search fresh magic numbers and write them (or verify them with --check). Runs
    /// `xtask-perft gen-magics`.
    GenMagics(forward::Args),
    /// Play every game of a PGN file (.pgn, .pgn.zst or - for stdin) through lerf; report
    /// what it recovered from; `--parquet OUT` writes its training rows instead; `pgn split`
    /// cuts one into shards. Runs the `xtask-pgn` binary (`cargo xtask pgn --help`).
    Pgn(forward::Args),
    /// Read a Stockfish binpack through lerf-binpack: its entries, chains and rate;
    /// `--plain OUT` or `--parquet OUT` converts it. Runs `xtask-pgn binpack`.
    Binpack(forward::Args),
    /// Check the structure: no two files importing each other (in a crate or the Python
    /// package), and every crate depending only on the crates above it in the README's table.
    Layers(layers::Args),
    /// Run every test: the Rust workspace's, then the Python package's (built into a
    /// virtual environment under target/, with python-chess and pytest from PyPI).
    Test(test::Args),
}

use error::UserError;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Pgn(args) => return forward("xtask-pgn", args),
        Command::Binpack(args) => return forward("xtask-pgn", args.prefixed("binpack")),
        Command::Perft(args) => return forward("xtask-perft", args.prefixed("perft")),
        Command::GenMagics(args) => return forward("xtask-perft", args.prefixed("gen-magics")),
        Command::Layers(args) => layers::run(args),
        Command::Test(args) => test::run(args),
    };
    result.map_or_else(report, |()| ExitCode::SUCCESS)
}

/// Runs a task's own binary; its exit code is ours.
fn forward(package: &str, args: forward::Args) -> ExitCode {
    forward::run(package, args).unwrap_or_else(report)
}

/// Prints a [`UserError`] as one line; exit code 2.
fn report(UserError(message): UserError) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}
