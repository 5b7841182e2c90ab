//! `cargo xtask pgn ARGS`: runs the `xtask-pgn` binary (`xtask/pgn`) with the same
//! arguments. The PGN commands link Arrow, Parquet and zstd; keeping them in a binary of
//! their own means `cargo xtask perft` (and a fresh clone's first command) never builds
//! them.

use crate::error::UserError;
use std::ffi::OsString;
use std::process::Command;

#[derive(clap::Args)]
#[command(disable_help_flag = true, disable_version_flag = true)]
pub struct Args {
    /// Everything after `pgn`, as `xtask-pgn` takes it (`cargo xtask pgn --help` lists it).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    args: Vec<OsString>,
}

impl Args {
    /// The same arguments after `first` (a subcommand of `xtask-pgn`).
    pub fn prefixed(mut self, first: &str) -> Args {
        self.args.insert(0, first.into());
        self
    }
}

/// Builds (if needed) and runs `xtask-pgn` with the xtask profile; its exit code is ours.
pub fn run(args: Args) -> Result<std::process::ExitCode, UserError> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .args(["run", "--profile", "xtask", "--quiet", "--package", "xtask-pgn", "--"])
        .args(&args.args);
    let status =
        command.status().map_err(|e| UserError(format!("cannot start {command:?}: {e}")))?;
    // A signal has no code: report it as a failure of the command.
    let code = status.code().map_or(1, |c| u8::try_from(c).unwrap_or(1));
    Ok(std::process::ExitCode::from(code))
}
