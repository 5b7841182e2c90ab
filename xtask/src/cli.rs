//! The command line of `cargo xtask`, built with clap's builder: the derive macros would
//! put syn and clap_derive before the first task runs (a fresh build of this binary took
//! 13.1 s with them, 7.9 s without, clap_builder at opt-level 0 as well).

use clap::{Arg, ArgAction, ArgMatches, Command};
use std::ffi::OsString;
use std::path::PathBuf;

/// A task and its arguments.
pub enum Task {
    /// Runs `xtask-perft perft` with these arguments.
    Perft(Vec<OsString>),
    /// Runs `xtask-perft gen-magics`.
    GenMagics(Vec<OsString>),
    /// Runs `xtask-pgn`.
    Pgn(Vec<OsString>),
    /// Runs `xtask-pgn binpack`.
    Binpack(Vec<OsString>),
    /// `cargo xtask layers`, on this workspace or `root`.
    Layers { root: Option<PathBuf> },
    /// `cargo xtask test`.
    Test(crate::test::Args),
}

/// Reads the task from the process's arguments; `--help`, `--version` and mistakes are
/// clap's to print, and end the process.
pub fn parse() -> Task {
    task(&command().get_matches())
}

fn task(matches: &ArgMatches) -> Task {
    let forwarded = |sub: &ArgMatches| -> Vec<OsString> {
        sub.get_many::<OsString>("args").map_or_else(Vec::new, |a| a.cloned().collect())
    };
    match matches.subcommand() {
        Some(("perft", sub)) => Task::Perft(forwarded(sub)),
        Some(("gen-magics", sub)) => Task::GenMagics(forwarded(sub)),
        Some(("pgn", sub)) => Task::Pgn(forwarded(sub)),
        Some(("binpack", sub)) => Task::Binpack(forwarded(sub)),
        Some(("layers", sub)) => Task::Layers { root: sub.get_one::<PathBuf>("root").cloned() },
        Some(("test", sub)) => Task::Test(crate::test::Args {
            rust_only: sub.get_flag("rust-only"),
            python_only: sub.get_flag("python-only"),
            long: sub.get_flag("long"),
        }),
        // The subcommand is required: clap has refused anything else.
        _ => unreachable!("clap requires a known subcommand"),
    }
}

/// A task that lives in a binary of its own: everything after its name goes there.
fn forwarding(name: &'static str, about: &'static str) -> Command {
    Command::new(name).about(about).disable_help_flag(true).disable_version_flag(true).arg(
        Arg::new("args")
            .help(
                "Everything after the task's name, as its binary takes it (`cargo xtask TASK \
                 --help` lists it)",
            )
            .value_parser(clap::value_parser!(OsString))
            .num_args(0..)
            .trailing_var_arg(true)
            .allow_hyphen_values(true),
    )
}

fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name).long(name).help(help).action(ArgAction::SetTrue)
}

/// The whole command line.
pub fn command() -> Command {
    Command::new("cargo xtask")
        .bin_name("cargo xtask")
        .about("lerf project tasks")
        .version(env!("CARGO_PKG_VERSION"))
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(forwarding(
            "perft",
            "Count the leaves of the legal move tree (perft), for a position or a whole suite. \
             Runs the `xtask-perft` binary (`cargo xtask perft --help`).",
        ))
        .subcommand(forwarding(
            "gen-magics",
            "Search fresh magic numbers and write them (or verify them with --check). Runs \
             `xtask-perft gen-magics`.",
        ))
        .subcommand(forwarding(
            "pgn",
            "Play every game of a PGN file (.pgn, .pgn.zst or - for stdin) through lerf; report \
             what it recovered from; `--parquet OUT` writes its training rows instead; `pgn \
             split` cuts one into shards. Runs the `xtask-pgn` binary (`cargo xtask pgn --help`).",
        ))
        .subcommand(forwarding(
            "binpack",
            "Read a Stockfish binpack through lerf-binpack: its entries, chains and rate; \
             `--plain OUT` or `--parquet OUT` converts it. Runs `xtask-pgn binpack`.",
        ))
        .subcommand(
            Command::new("layers")
                .about(
                    "Check the structure: no two files importing each other (in a crate or the \
                     Python package), and every crate depending only on the crates above it in \
                     the README's table.",
                )
                .arg(
                    Arg::new("root")
                        .long("root")
                        .value_name("ROOT")
                        .help("The workspace to check (default: this one)")
                        .value_parser(clap::value_parser!(PathBuf)),
                ),
        )
        .subcommand(
            Command::new("test")
                .about(
                    "Run every test: the Rust workspace's, then the Python package's (built \
                     into a virtual environment under target/, with python-chess and pytest \
                     from PyPI).",
                )
                .arg(
                    flag(
                        "rust-only",
                        "Only the Rust tests (`cargo test --workspace --all-features`)",
                    )
                    .conflicts_with("python-only"),
                )
                .arg(flag("python-only", "Only the Python package's tests"))
                .arg(flag(
                    "long",
                    "The long runs at full size (what CI runs): the perft suites to deeper \
                     counts, and the random games, positions and tables the Python tests compare \
                     with python-chess, several times as many as the quick default \
                     (LERF_LONG_TESTS=1; see `crates/movegen/tests/movegen/perft_suites.rs` and \
                     `crates/python/tests/budget.py`)",
                )),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Task, clap::Error> {
        command().try_get_matches_from(args).map(|m| task(&m))
    }

    #[test]
    fn the_command_line_is_consistent() {
        command().debug_assert();
    }

    #[test]
    fn forwarded_tasks_keep_every_argument_and_the_flags() {
        let Ok(Task::Pgn(args)) = parse(&["xtask", "pgn", "f.pgn", "--threads", "2", "--help"])
        else {
            panic!("a pgn task");
        };
        assert_eq!(args, ["f.pgn", "--threads", "2", "--help"]);
        assert!(
            matches!(parse(&["xtask", "perft", "--depth", "3"]), Ok(Task::Perft(a)) if a.len() == 2)
        );
        assert!(matches!(parse(&["xtask", "binpack"]), Ok(Task::Binpack(a)) if a.is_empty()));
    }

    #[test]
    fn test_flags_are_read_and_conflicts_refused() {
        let Ok(Task::Test(args)) = parse(&["xtask", "test", "--long", "--python-only"]) else {
            panic!("a test task");
        };
        assert!(args.long && args.python_only && !args.rust_only);
        assert!(parse(&["xtask", "test", "--rust-only", "--python-only"]).is_err());
        assert!(parse(&["xtask", "test", "--fast"]).is_err());
        assert!(parse(&["xtask"]).is_err());
    }

    #[test]
    fn layers_takes_a_root() {
        let Ok(Task::Layers { root }) = parse(&["xtask", "layers", "--root", "/tmp/w"]) else {
            panic!("a layers task");
        };
        assert_eq!(root, Some(PathBuf::from("/tmp/w")));
    }
}
