//! Perft of each variant against python-chess's own variant suites (its source
//! distribution's `examples/perft/*.perft`). They are GPL data, so they are not in this
//! repository: `cargo xtask test` downloads python-chess's sdist into `target/` before the
//! Rust tests, and this test reads it there (or from `LERF_PYTHON_CHESS_SDIST`), skipping,
//! with a message, when it is absent. Counts above `LERF_VARIANT_PERFT_NODES` (default
//! 2,000,000) are left out, to keep a debug build's test short.

use std::path::PathBuf;

use lerf_rules::variant::{Variant, VariantBoard};

fn sdist() -> Option<PathBuf> {
    let dir = std::env::var_os("LERF_PYTHON_CHESS_SDIST").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/python-chess/chess-1.11.2")
    });
    dir.join("examples/perft").is_dir().then_some(dir)
}

fn run(file: &str, variant: Variant) {
    let Some(dir) = sdist() else {
        eprintln!(
            "skipped: python-chess's sdist is not in target/ (cargo xtask test downloads it)"
        );
        return;
    };
    let limit: u64 = std::env::var("LERF_VARIANT_PERFT_NODES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2_000_000);
    let text =
        std::fs::read_to_string(dir.join("examples/perft").join(file)).expect("the suite reads");
    let mut board = None;
    let mut id = String::new();
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        let Some((cmd, arg)) = line.split_once(' ') else { continue };
        match cmd {
            "id" => id = arg.to_owned(),
            "epd" => {
                board =
                    Some(VariantBoard::from_fen(variant, arg, true).expect("the suite's EPD reads"))
            }
            "perft" => {
                let (depth, nodes) = arg.split_once(' ').expect("perft DEPTH NODES");
                let (depth, nodes): (u32, u64) =
                    (depth.parse().unwrap(), nodes.trim().parse().unwrap());
                if nodes > limit {
                    continue;
                }
                let got = board.as_ref().expect("an epd before perft").perft(depth);
                assert_eq!(got, nodes, "{file} {id} perft {depth}");
                checked += 1;
            }
            _ => {}
        }
    }
    assert!(checked > 0, "{file}: nothing checked");
}

#[test]
fn atomic() {
    run("atomic.perft", Variant::Atomic);
}

#[test]
fn crazyhouse() {
    run("crazyhouse.perft", Variant::Crazyhouse);
}

#[test]
fn antichess() {
    run("giveaway.perft", Variant::Antichess);
}

#[test]
fn horde() {
    run("horde.perft", Variant::Horde);
}

#[test]
fn racing_kings() {
    run("racingkings.perft", Variant::RacingKings);
}

#[test]
fn three_check() {
    run("3check.perft", Variant::ThreeCheck);
}
