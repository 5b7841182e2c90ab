//! One step of a task: a command run to its end, its time printed, its failure a one-line
//! error naming it.

use crate::error::UserError;
use std::process::Command;

/// Runs one step; a failure is a one-line error naming it (exit code 2). Prints how long
/// it took, so a run says where its time went.
pub fn step(name: &str, command: &mut Command) -> Result<(), UserError> {
    eprintln!("== {name}");
    let start = std::time::Instant::now();
    let status = command
        .status()
        .map_err(|e| UserError(format!("{name}: cannot start {command:?}: {e}")))?;
    eprintln!("   ({name}: {:.1} s)", start.elapsed().as_secs_f64());
    if status.success() { Ok(()) } else { Err(UserError(format!("{name} failed ({status})"))) }
}
