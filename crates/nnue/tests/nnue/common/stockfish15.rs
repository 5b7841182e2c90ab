//! Debian's Stockfish 15.1 as the oracle: its network exported once into `target/`, and its
//! `eval` output read for many positions through one process.

use lerf_position::Position;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

pub const ENGINE: &str = "/usr/games/stockfish";

/// The engine, or `None` (with a message saying why) when it is not installed or not 15.1.
pub fn engine() -> Option<PathBuf> {
    let path = PathBuf::from(ENGINE);
    if !path.exists() {
        eprintln!("skipped: {ENGINE} is not installed (apt-get install stockfish)");
        return None;
    }
    let out = Command::new(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?
        .wait_with_output()
        .ok()?;
    if !String::from_utf8_lossy(&out.stdout).contains("Stockfish 15.1") {
        eprintln!("skipped: {ENGINE} is not Stockfish 15.1");
        return None;
    }
    Some(path)
}

/// The engine's embedded network, exported once under `target/oracle/`.
///
/// The tests of this binary that need it run on parallel threads: one exports while the
/// others wait, then find the file (a fresh clone's run failed when two exported to the
/// same temporary file and the second rename found it gone). Other processes (the Python
/// tests) export to files of their own; a rename puts a whole file in place either way.
pub fn network(engine: &PathBuf) -> PathBuf {
    static EXPORT: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one_at_a_time = EXPORT.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/oracle"));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("nn-ad9b42354671.nnue");
    if std::fs::metadata(&path).map(|m| m.len()).ok() != Some(47_001_499) {
        let tmp = dir.join(format!("sf15-export-{}.nnue", std::process::id()));
        let mut child =
            Command::new(engine).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        writeln!(child.stdin.as_mut().unwrap(), "export_net {}\nquit", tmp.display()).unwrap();
        child.wait_with_output().unwrap();
        std::fs::rename(&tmp, &path).unwrap();
    }
    path
}

/// What `eval` printed for one position: each bucket's material and positional parts as
/// printed (sign and digits), and the NNUE evaluation line's value in pawns; `None` when the
/// engine printed no evaluation (a position in check).
#[derive(Debug, Clone, PartialEq)]
pub struct Printed {
    pub buckets: Vec<(String, String)>,
    pub used: usize,
    pub nnue_pawns: String,
}

/// `eval` for every position, through one engine process.
pub fn eval_all(engine: &PathBuf, positions: &[Position]) -> Vec<Option<Printed>> {
    let mut child =
        Command::new(engine).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let fens: Vec<String> = positions.iter().map(|p| p.to_fen()).collect();
    let writer = std::thread::spawn(move || {
        writeln!(stdin, "setoption name UCI_Chess960 value true").unwrap();
        for fen in fens {
            writeln!(stdin, "position fen {fen}\neval").unwrap();
        }
        writeln!(stdin, "quit").unwrap();
    });
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut out = Vec::new();
    let mut current = Printed { buckets: Vec::new(), used: 0, nnue_pawns: String::new() };
    while let Some(Ok(line)) = lines.next() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() >= 5
            && cells[1].len() <= 2
            && cells[1].chars().all(|c| c.is_ascii_digit())
            && !cells[1].is_empty()
        {
            if line.contains("<-- this bucket is used") {
                current.used = cells[1].parse().unwrap();
            }
            let part = |cell: &str| cell.split_whitespace().collect::<Vec<_>>().join(" ");
            current.buckets.push((part(cells[2]), part(cells[3])));
        } else if let Some(rest) = line.strip_prefix("NNUE evaluation") {
            current.nnue_pawns = rest.split_whitespace().next().unwrap().to_string();
        } else if line.starts_with("Final evaluation") {
            let printed = std::mem::replace(
                &mut current,
                Printed { buckets: Vec::new(), used: 0, nnue_pawns: String::new() },
            );
            out.push(
                (!line.contains("in check")).then_some(printed).filter(|p| p.buckets.len() == 8),
            );
        }
    }
    writer.join().unwrap();
    child.wait().unwrap();
    assert_eq!(out.len(), positions.len(), "the engine answered every position");
    out
}

/// How Stockfish 15.1 prints an internal value in its bucket table: the sign, then pawns to
/// two decimals (361 internal units to the pawn).
pub fn table_cell(v: i32) -> String {
    let sign = if v < 0 {
        "-"
    } else if v > 0 {
        "+"
    } else {
        ""
    };
    let pawns = format!("{:.2}", f64::from(v.unsigned_abs()) / 361.0);
    if sign.is_empty() { pawns } else { format!("{sign} {pawns}") }
}

/// How it prints the NNUE evaluation line: pawns to two decimals, White's view.
pub fn eval_line(white_view: i32) -> String {
    format!("{:+.2}", f64::from(white_view) / 361.0)
}
