//! Tasks that live in binaries of their own, run with the same arguments: `perft` and
//! `gen-magics` (`xtask-perft`, which links lerf's board crates), `pgn` and `binpack`
//! (`xtask-pgn`, which links Arrow, Parquet and zstd besides). Keeping them out of this
//! binary means each command builds only what it runs: `cargo xtask perft` never builds
//! Arrow, and `cargo xtask test` and `layers` build no lerf crate in the xtask profile.

use crate::error::UserError;
use std::ffi::OsString;
use std::process::Command;

#[derive(clap::Args)]
#[command(disable_help_flag = true, disable_version_flag = true)]
pub struct Args {
    /// Everything after the task's name, as its binary takes it (`cargo xtask TASK --help`
    /// lists it).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 0..)]
    args: Vec<OsString>,
}

impl Args {
    /// The same arguments after `first` (the binary's subcommand).
    pub fn prefixed(mut self, first: &str) -> Args {
        self.args.insert(0, first.into());
        self
    }
}

/// Builds (if needed) and runs `package`'s binary with the xtask profile; its exit code is
/// ours.
pub fn run(package: &str, args: Args) -> Result<std::process::ExitCode, UserError> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .args(["run", "--profile", "xtask", "--quiet", "--package", package, "--"])
        .args(&args.args);
    let status =
        command.status().map_err(|e| UserError(format!("cannot start {command:?}: {e}")))?;
    // A signal has no code: report it as a failure of the command.
    let code = status.code().map_or(1, |c| u8::try_from(c).unwrap_or(1));
    Ok(std::process::ExitCode::from(code))
}
