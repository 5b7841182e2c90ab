//! A cargo build that says when some of its artifacts are ready, so that a step needing only
//! those can start while the rest build: cargo's JSON messages
//! (`--message-format=json-render-diagnostics`: one line per artifact on standard output,
//! the diagnostics still rendered on standard error) read as they come.

use crate::error::UserError;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Runs `build` (a cargo build command) as the step `name`, and calls `ready` once every
/// path of `wanted` has been reported as built (fresh or compiled), or at the end of a
/// build that succeeded without reporting them all. A failed build never calls `ready`.
pub fn build_announcing(
    name: &str,
    build: &mut Command,
    wanted: &[PathBuf],
    ready: impl FnOnce(),
) -> Result<(), UserError> {
    eprintln!("== {name}");
    let start = std::time::Instant::now();
    build.arg("--message-format=json-render-diagnostics").stdout(Stdio::piped());
    let mut child =
        build.spawn().map_err(|e| UserError(format!("{name}: cannot start {build:?}: {e}")))?;
    let mut pending: Vec<String> = wanted.iter().map(|p| json_string(p)).collect();
    let mut ready = Some(ready);
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            if !line.starts_with("{\"reason\":\"compiler-artifact\"") {
                continue;
            }
            pending.retain(|path| !line.contains(path.as_str()));
            if pending.is_empty()
                && let Some(ready) = ready.take()
            {
                eprintln!("   ({name}: what the next step needs is built, {:.1} s)", secs(start));
                ready();
            }
        }
    }
    let status = child.wait().map_err(|e| UserError(format!("{name}: {e}")))?;
    eprintln!("   ({name}: {:.1} s)", secs(start));
    if !status.success() {
        return Err(UserError(format!("{name} failed ({status})")));
    }
    if let Some(ready) = ready {
        ready();
    }
    Ok(())
}

fn secs(start: std::time::Instant) -> f64 {
    start.elapsed().as_secs_f64()
}

/// `path` as a JSON string, quotes included, as cargo writes it in its messages.
fn json_string(path: &Path) -> String {
    let mut text = String::from("\"");
    for c in path.to_string_lossy().chars() {
        match c {
            '"' => text.push_str("\\\""),
            '\\' => text.push_str("\\\\"),
            c => text.push(c),
        }
    }
    text.push('"');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_quoted_as_json_strings() {
        assert_eq!(json_string(Path::new("/t/debug/xtask-pgn")), "\"/t/debug/xtask-pgn\"");
        assert_eq!(json_string(Path::new("/a \"b\"\\c")), "\"/a \\\"b\\\"\\\\c\"");
    }

    #[test]
    fn ready_is_called_once_the_artifacts_are_reported() {
        // A stand-in for cargo: prints two artifact messages, then fails or succeeds.
        let script = |code: u8| {
            let mut sh = Command::new("sh");
            sh.arg("-c").arg(format!(
                "echo '{{\"reason\":\"compiler-artifact\",\"filenames\":[\"/t/a\"]}}'; \
                 echo '{{\"reason\":\"build-script-executed\",\"x\":\"/t/b\"}}'; \
                 echo '{{\"reason\":\"compiler-artifact\",\"executable\":\"/t/b\"}}'; exit {code}"
            ));
            sh
        };
        let wanted = [PathBuf::from("/t/a"), PathBuf::from("/t/b")];
        // `--message-format=...` reaches `sh -c` as $0: harmless.
        let mut called = 0;
        build_announcing("t", &mut script(0), &wanted, || called += 1).unwrap();
        assert_eq!(called, 1);
        let mut called = false;
        assert!(build_announcing("t", &mut script(1), &wanted, || called = true).is_err());
        // Both were reported before the failure: the step could start, the build still fails.
        assert!(called);
        let mut called = false;
        let missing = [PathBuf::from("/t/c")];
        assert!(build_announcing("t", &mut script(1), &missing, || called = true).is_err());
        assert!(!called, "a failed build that never reported them calls nothing");
        build_announcing("t", &mut script(0), &missing, || called = true).unwrap();
        assert!(called, "a build that succeeded calls it at its end");
    }
}
