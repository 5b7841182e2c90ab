//! One step of a task: a command run to its end, its time printed, its failure a one-line
//! error naming it.

use crate::error::UserError;
use std::io::Write;
use std::path::Path;
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

/// [`step`] with the command's output (stdout and stderr, in order) written to `log`
/// rather than the terminal, for a step that runs beside another: the caller shows the log
/// with [`show_log`] once the other step is done.
pub fn step_logged(name: &str, command: &mut Command, log: &Path) -> Result<(), UserError> {
    let start = std::time::Instant::now();
    let cannot_write = |e: std::io::Error| UserError(format!("{name}: {}: {e}", log.display()));
    let mut file = std::fs::File::create(log).map_err(cannot_write)?;
    let (out, err) = (file.try_clone(), file.try_clone());
    let status = command
        .stdout(out.map_err(cannot_write)?)
        .stderr(err.map_err(cannot_write)?)
        .status()
        .map_err(|e| UserError(format!("{name}: cannot start {command:?}: {e}")))?;
    let seconds = start.elapsed().as_secs_f64();
    writeln!(file, "   ({name}: {seconds:.1} s, beside the step above)").map_err(cannot_write)?;
    if status.success() {
        Ok(())
    } else {
        Err(UserError(format!("{name} failed ({status}): see {}", log.display())))
    }
}

/// Prints a log [`step_logged`] wrote, under the step's name.
pub fn show_log(name: &str, log: &Path) {
    eprintln!("== {name} (its output, kept in {})", log.display());
    match std::fs::read(log) {
        Ok(bytes) => eprint!("{}", String::from_utf8_lossy(&bytes)),
        Err(e) => eprintln!("(cannot read {}: {e})", log.display()),
    }
}
