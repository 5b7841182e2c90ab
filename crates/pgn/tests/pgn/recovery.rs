//! The recovery corpus (`tests/data/recovery`): damaged PGN as real exporters write it,
//! each file read by lerf and compared line for line with what python-chess 1.11.2 reads
//! from it (`make_expected.py` there wrote the `.expected` files): the same games, the
//! same tags, the same result token, the same mainline (SAN and the FEN after each move),
//! and as many errors as python-chess records. Every case's errors carry the right line.

use lerf_pgn::{GameResult, PgnError, RawTag, Reader, Replay, ReplayError, Skip, Visitor};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A replay that also keeps the tags and the result token as the reader hands them over,
/// and writes the game as `make_expected.py` does.
struct Recorder {
    replay: Replay,
    tags: Vec<(String, String)>,
    result: Option<GameResult>,
    errors: Vec<PgnError<ReplayError>>,
}

impl Visitor for Recorder {
    type Output = String;
    type Error = ReplayError;

    fn begin_game(&mut self) {
        self.replay.begin_game();
        self.tags.clear();
        self.result = None;
    }
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) -> Result<(), ReplayError> {
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        self.tags.push((text(name), text(value.0)));
        self.replay.tag(name, value)
    }
    fn begin_movetext(&mut self) -> Result<Skip, ReplayError> {
        self.replay.begin_movetext()
    }
    fn san(&mut self, san: &[u8]) -> Result<(), ReplayError> {
        self.replay.san(san)
    }
    fn begin_variation(&mut self) -> Result<Skip, ReplayError> {
        self.replay.begin_variation()
    }
    fn end_variation(&mut self) -> Result<(), ReplayError> {
        self.replay.end_variation()
    }
    fn result(&mut self, result: GameResult) -> Result<(), ReplayError> {
        self.result = Some(result);
        Ok(())
    }
    fn error(&mut self, error: PgnError<ReplayError>) {
        self.replay.error(error);
    }
    fn end_game(&mut self) -> String {
        let game = self.replay.end_game();
        let mut out = String::from("game\n");
        for (name, value) in &self.tags {
            let _ = writeln!(out, "tag\t{name}\t{value}");
        }
        if let Some(result) = self.result {
            let _ = writeln!(out, "result\t{result}");
        }
        for line in game.fens.lines() {
            let _ = writeln!(out, "move\t{line}");
        }
        let python_chess = game.errors.iter().filter(|e| e.kind.is_python_chess_error()).count();
        let _ = writeln!(out, "errors\t{python_chess}");
        self.errors.extend(game.errors);
        out
    }
}

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/recovery");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the corpus folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files
}

/// lerf's reading of a file in `make_expected.py`'s format, and the errors it recorded.
fn read(path: &Path) -> (String, Vec<PgnError<ReplayError>>) {
    let data = std::fs::read(path).expect("a corpus file");
    let mut reader = Reader::new(&data[..]);
    let mut recorder = Recorder {
        replay: Replay::new().with_fens(),
        tags: Vec::new(),
        result: None,
        errors: Vec::new(),
    };
    let mut out = String::new();
    while let Some(game) = reader.read_game(&mut recorder) {
        out.push_str(&game.expect("no input error in memory"));
    }
    (out, recorder.errors)
}

#[test]
fn every_case_reads_as_python_chess_reads_it() {
    let files = corpus();
    assert!(files.len() >= 24, "the corpus: {files:?}");
    let mut failures = Vec::new();
    for path in files.iter().filter(|p| !name(p).starts_with("90-")) {
        let expected = std::fs::read_to_string(path.with_extension("expected"))
            .expect("an .expected file beside each case");
        let (got, _) = read(path);
        if got != expected {
            let first = expected.lines().zip(got.lines()).position(|(a, b)| a != b);
            failures.push(format!(
                "{}: first difference at line {:?}\n--- python-chess\n{expected}--- lerf\n{got}",
                name(path),
                first.map(|i| i + 1)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn name(path: &Path) -> String {
    path.file_stem().unwrap_or_default().to_string_lossy().into_owned()
}

fn case(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/recovery/{name}.pgn"))
}

/// Where lerf knowingly reads otherwise: python-chess 1.11, after an illegal move inside a
/// variation, leaves the variation's board current at its `)` and reads the mainline's
/// next moves in the wrong position (`90-*.expected` shows what it makes of this file).
/// lerf goes back to the mainline's position, as the PGN means.
#[test]
fn an_illegal_move_in_a_variation_leaves_the_mainline_whole() {
    let (got, errors) = read(&case("90-python-chess-variation-bug"));
    let games: Vec<&str> = got.split("game\n").skip(1).collect();
    let sans = |game: &str| -> Vec<String> {
        game.lines()
            .filter_map(|l| l.strip_prefix("move\t"))
            .map(|l| l.split('\t').next().unwrap_or_default().to_owned())
            .collect()
    };
    assert_eq!(sans(games[0]), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert!(games[0].ends_with("errors\t2\n"), "Ke3 and Qxf7: {}", games[0]);
    assert_eq!(sans(games[1]), ["e4", "e5", "Nf3"]);
    assert!(games[1].contains("result\t*\n") && games[1].ends_with("errors\t1\n"), "{}", games[1]);
    let tokens: Vec<&str> = errors.iter().map(|e| e.token.as_str()).collect();
    assert_eq!(tokens, ["Ke3", "Qxf7", "1-0"]);
}

/// Each kind of damage is recorded where it is, line and column, and says what it is.
#[test]
fn errors_name_their_line_and_column() {
    let at = |case_name: &str| -> Vec<(usize, usize, String, String)> {
        read(&case(case_name))
            .1
            .iter()
            .map(|e| (e.line, e.column, e.token.clone(), e.kind.to_string()))
            .collect()
    };
    let tags = at("02-malformed-tag-lines");
    let lines: Vec<usize> = tags.iter().map(|e| e.0).collect();
    assert_eq!(lines, [1, 2, 3, 4, 5, 8, 9]);
    assert!(tags.iter().all(|e| e.1 == 1 && e.3.starts_with("not a tag pair")), "{tags:?}");
    let unknown = at("04-unknown-tokens");
    let words: Vec<&str> = unknown.iter().map(|e| e.2.as_str()).collect();
    // The `+` of `+/-` is read as a check sign; `Pe2?` is P passed over, then `e2`, which
    // is illegal, as python-chess finds too: the mainline's rest is skipped.
    assert_eq!(words, ["foo", "/-", "±", "Pe2?", "e2"], "{unknown:?}");
    assert_eq!((unknown[0].0, unknown[0].1), (3, 17));
    let mixed = at("12-mixed-line-endings");
    assert!(mixed.is_empty(), "{mixed:?}");
    let illegal = at("14-illegal-ambiguous-invalid");
    let found: Vec<(usize, usize, &str)> =
        illegal.iter().map(|e| (e.0, e.1, e.2.as_str())).collect();
    assert_eq!(found, [(3, 13, "Ke3"), (7, 66, "Ne5"), (13, 4, "a8")]);
    assert!(illegal[1].3.contains("ambiguous"), "{illegal:?}");
    let after_tags = at("03-tag-after-movetext");
    assert_eq!((after_tags[0].0, after_tags[0].1, after_tags[0].2.as_str()), (4, 1, "[Event"));
}
