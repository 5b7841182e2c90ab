//! The command line as a user meets it: exit codes and the lines other tools read.

use std::process::{Command, Output};

fn xtask_perft(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask-perft"))
        .args(args)
        .output()
        .expect("the xtask-perft binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The standard error of a run that failed as a user's mistake should: exit code 2.
fn refused(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(2));
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("lerf-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn depth_zero_counts_the_root_with_and_without_divide() {
    for extra in [&[][..], &["--no-divide"][..]] {
        let mut args = vec!["perft", "--depth", "0"];
        args.extend_from_slice(extra);
        let out = xtask_perft(&args);
        assert!(out.status.success(), "{args:?}");
        assert!(stdout(&out).contains("Nodes searched: 1\n"), "{args:?}: {}", stdout(&out));
    }
}

#[test]
fn an_epd_line_the_parser_refuses_fails_the_run_and_is_named() {
    let path = temp_file(
        "refused.epd",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15\nrnbqkbnr/pppppppp/8/8 w KQkq - 0 1 ;D1 20\n",
    );
    let out = xtask_perft(&["perft", "--epd", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    let err = refused(&out);
    assert!(err.contains("line 2 was refused"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn an_epd_file_that_starts_with_a_byte_order_mark_is_read() {
    let path = temp_file("bom.epd", "\u{feff}4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n");
    let out = xtask_perft(&["perft", "--epd", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout(&out).contains("0 mismatches, 0 refused"), "{}", stdout(&out));
}

#[test]
fn a_malformed_fen_is_a_message_and_exit_code_two_not_a_backtrace() {
    let out = xtask_perft(&["perft", "--fen", "rnbqkbnr/pppppppp/8 w KQkq - 0 1", "--depth", "1"]);
    let err = refused(&out);
    assert!(err.starts_with("error: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_depth_above_the_library_limit_is_a_usage_error_not_a_stack_overflow() {
    let out = xtask_perft(&["perft", "--depth", "129", "--no-divide"]);
    let err = refused(&out);
    assert!(err.contains("129") && err.contains("0..=128"), "{err}");

    let path = temp_file("too-deep.epd", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D129 1\n");
    let out = xtask_perft(&["perft", "--epd", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    let err = refused(&out);
    assert!(err.contains(":1: expected"), "{err}");
}
