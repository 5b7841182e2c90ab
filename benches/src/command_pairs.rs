//! The TWIC row: `cargo xtask pgn FILE` (the command's process, as users run it) against
//! pgn-reader + shakmaty as their users build them at best (`benches/peers/pgn-reader-peer`:
//! its own release build, fat LTO, one codegen unit, the native CPU), both reading the same
//! file as they go, in alternating pairs of runs; the figure is the median of the pairs'
//! ratios.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// How many copies of TWIC 1599 the file holds.
pub const TWIC_COPIES: usize = 100;

/// Builds both programs, writes TWIC 1599 × [`TWIC_COPIES`] under `target/tmp`, runs
/// `pairs` alternating pairs (the order turning each pair) and returns the table, or `None`
/// (with a message) when a program cannot be built or run.
pub fn command_vs_peer(twic: &[u8], pairs: usize) -> Option<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or(root.join("target"), PathBuf::from);
    let file = target.join("tmp").join(format!("twic1599x{TWIC_COPIES}.pgn"));
    std::fs::create_dir_all(file.parent()?).ok()?;
    let mut data = Vec::with_capacity((twic.len() + 1) * TWIC_COPIES);
    for _ in 0..TWIC_COPIES {
        data.extend_from_slice(twic);
        data.push(b'\n');
    }
    std::fs::write(&file, &data).ok()?;
    let command = build(&root, &["build", "--profile", "xtask", "--quiet", "-p", "xtask-pgn"])
        .then(|| target.join("xtask").join("xtask-pgn"))?;
    let peer_dir = target.join("peers");
    let manifest = root.join("benches").join("peers").join("pgn-reader-peer").join("Cargo.toml");
    let peer_built = build(
        &root,
        &[
            "build",
            "--release",
            "--quiet",
            "--manifest-path",
            manifest.to_str()?,
            "--target-dir",
            peer_dir.to_str()?,
        ],
    );
    let peer = peer_built.then(|| peer_dir.join("release").join("pgn-reader-peer"))?;
    let (mut ours, mut theirs): (Vec<f64>, Vec<f64>) = (Vec::new(), Vec::new());
    let mut moves = None;
    for pair in 0..pairs {
        for turn in 0..2 {
            if (pair + turn) % 2 == 0 {
                let (secs, out) = run(&command, &[file.as_os_str()])?;
                let n = number_before(&out, " moves")?;
                assert!(moves.is_none_or(|m| m == n), "the command played {n} moves: {out}");
                moves = Some(n);
                ours.push(secs);
            } else {
                let (secs, out) = run(&peer, &[file.as_os_str()])?;
                let n = number_after(&out, "moves: ")?;
                assert!(moves.is_none_or(|m| m == n), "the peer played {n} moves: {out}");
                moves = Some(n);
                theirs.push(secs);
            }
        }
    }
    let mut ratios: Vec<f64> = ours.iter().zip(&theirs).map(|(o, t)| t / o).collect();
    let mb = data.len() as f64 / 1e6;
    let ratio = crate::pairs::median(&mut ratios);
    let (ours, theirs) =
        (mb / crate::pairs::median(&mut ours), mb / crate::pairs::median(&mut theirs));
    Some(format!(
        "\n| TWIC 1599 ×{TWIC_COPIES} ({mb:.0} MB) from disk, {pairs} alternating pairs, \
         whole processes | MB/s (median) |\n|---|---:|\n\
         | `cargo xtask pgn FILE` (`xtask` profile) | {ours:.0} |\n\
         | pgn-reader 0.29 + shakmaty 0.30.1 (`benches/peers/pgn-reader-peer`, release: fat \
         LTO, one codegen unit, native CPU) | {theirs:.0} |\n\
         | **command ÷ peer (median of the pairs' ratios)** | **{ratio:.2}×** |\n\
         \nPairs' ratios: {}\n",
        ratios.iter().map(|r| format!("{r:.2}")).collect::<Vec<_>>().join(", ")
    ))
}

/// Runs `cargo ARGS` in `root` with the native CPU (as `.cargo/config.toml` sets for lerf).
fn build(root: &Path, args: &[&str]) -> bool {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .current_dir(root)
        .args(args)
        .env("RUSTFLAGS", "-C target-cpu=native")
        .status();
    let ok = status.is_ok_and(|s| s.success());
    if !ok {
        eprintln!("(cargo {} failed: the TWIC row is left out)", args.join(" "));
    }
    ok
}

/// Runs `program ARGS`; its wall time and standard output.
fn run(program: &Path, args: &[&std::ffi::OsStr]) -> Option<(f64, String)> {
    let start = Instant::now();
    let out = Command::new(program).args(args).output().ok()?;
    let secs = start.elapsed().as_secs_f64();
    if !out.status.success() {
        eprintln!("({} failed: {})", program.display(), String::from_utf8_lossy(&out.stderr));
        return None;
    }
    Some((secs, String::from_utf8_lossy(&out.stdout).into_owned()))
}

/// The number just before `word` in `text` (`1234 moves`).
fn number_before(text: &str, word: &str) -> Option<u64> {
    let end = text.find(word)?;
    let start = text[..end].rfind(|c: char| !c.is_ascii_digit()).map_or(0, |i| i + 1);
    text[start..end].parse().ok()
}

/// The number just after `word` in `text` (`moves: 1234`).
fn number_after(text: &str, word: &str) -> Option<u64> {
    let start = text.find(word)? + word.len();
    let digits: String = text[start..].chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}
