//! `cargo xtask pgn`: PGN files through lerf from the command line (see `--help`).
//!
//! A binary of its own, which `cargo xtask pgn ARGS` runs as `xtask-pgn ARGS`: it links
//! Arrow, Parquet and zstd, which the other tasks (`perft` above all) never build.

use clap::Parser;
use std::process::ExitCode;

mod binpack;
mod error;
mod input;
mod parquet;
mod replay;
mod split;
mod to_binpack;

use error::UserError;

fn main() -> ExitCode {
    let args = replay::Args::parse();
    match replay::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(UserError(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
