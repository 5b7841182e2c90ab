//! Tasks that live in binaries of their own, run with the same arguments: `perft` and
//! `gen-magics` (`xtask-perft`, which links lerf's board crates), `pgn` and `binpack`
//! (`xtask-pgn`, which links Arrow, Parquet and zstd besides). Keeping them out of this
//! binary means each command builds only what it runs: `cargo xtask perft` never builds
//! Arrow, and `cargo xtask test` and `layers` build no lerf crate in the xtask profile.

use crate::error::UserError;
use std::ffi::OsString;
use std::process::Command;

/// Builds (if needed) and runs `package`'s binary with the xtask profile, with `first` (its
/// subcommand, if any) then `args`; its exit code is ours.
pub fn run(
    package: &str,
    first: Option<&str>,
    args: &[OsString],
) -> Result<std::process::ExitCode, UserError> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command
        .args(["run", "--profile", "xtask", "--quiet", "--package", package, "--"])
        .args(first)
        .args(args);
    let status =
        command.status().map_err(|e| UserError(format!("cannot start {command:?}: {e}")))?;
    // A signal has no code: report it as a failure of the command.
    let code = status.code().map_or(1, |c| u8::try_from(c).unwrap_or(1));
    Ok(std::process::ExitCode::from(code))
}
