//! `xtask-perft`: the board's tasks of `cargo xtask` (`perft`, `gen-magics`), which link
//! lerf's crates. `cargo xtask perft ...` builds and runs this binary; the `xtask` binary
//! itself links none of lerf, so that `cargo xtask test` and `cargo xtask layers` start
//! without compiling the workspace in a profile of their own.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod error;
mod gen_magics;
mod perft;

#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask", about = "lerf's board tasks", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree (perft), for a position or a whole suite.
    Perft(perft::Args),
    /// Search fresh magic numbers and write them (or verify them with --check).
    GenMagics(gen_magics::Args),
}

fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Perft(args) => perft::run(args),
        Command::GenMagics(args) => gen_magics::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error::UserError(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
