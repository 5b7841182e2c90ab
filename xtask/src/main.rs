//! `cargo xtask`: the lerf project's tasks (see `cargo xtask --help`).

use std::process::ExitCode;

mod cli;
mod error;
mod extension;
mod forward;
mod layers;
mod step;
mod test;

use cli::Task;
use error::UserError;
use std::ffi::OsString;

fn main() -> ExitCode {
    let result = match cli::parse() {
        Task::Pgn(args) => return forward("xtask-pgn", None, args),
        Task::Binpack(args) => return forward("xtask-pgn", Some("binpack"), args),
        Task::Perft(args) => return forward("xtask-perft", Some("perft"), args),
        Task::GenMagics(args) => return forward("xtask-perft", Some("gen-magics"), args),
        Task::Layers { root } => layers::run(root),
        Task::Test(args) => test::run(args),
    };
    result.map_or_else(report, |()| ExitCode::SUCCESS)
}

/// Runs a task's own binary; its exit code is ours.
fn forward(package: &str, first: Option<&str>, args: Vec<OsString>) -> ExitCode {
    forward::run(package, first, &args).unwrap_or_else(report)
}

/// Prints a [`UserError`] as one line; exit code 2.
fn report(UserError(message): UserError) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}
