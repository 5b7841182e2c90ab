//! The tree reader and writer against python-chess 1.11.2: each `*.pgn` of
//! `tests/data/tree` and `tests/data/recovery` is read game by game, and each game's
//! headers, error classes and exports must equal what python-chess made of it
//! (`tests/data/tree/*.tree.json`, written by `make_expected.py` there).

use lerf_pgn::tree::{
    ExportOptions, GameTree, MoveTextWriter, ReadIssueKind, ReadLines, TreeBuilder, read_game,
};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn data(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(dir)
}

fn class_name(kind: ReadIssueKind) -> &'static str {
    match kind {
        ReadIssueKind::InvalidMove => "InvalidMoveError",
        ReadIssueKind::IllegalMove => "IllegalMoveError",
        ReadIssueKind::AmbiguousMove => "AmbiguousMoveError",
        ReadIssueKind::Value => "ValueError",
    }
}

/// `Ok(text)` must equal a string; an error must match `{"raises": ...}`.
fn check_export(what: &str, got: Result<String, String>, expected: &Value) {
    match (got, expected) {
        (Ok(text), Value::String(want)) => assert_eq!(&text, want, "{what}"),
        (Err(_), Value::Object(_)) => {}
        (got, want) => panic!("{what}: got {got:?}, python-chess {want}"),
    }
}

fn options(name: &str) -> ExportOptions {
    let d = ExportOptions::default();
    match name {
        "default" => d,
        "plain40" => {
            ExportOptions { headers: false, comments: false, variations: false, columns: Some(40) }
        }
        "no_variations" => ExportOptions { variations: false, ..d },
        "no_comments" => ExportOptions { comments: false, columns: Some(20), ..d },
        other => panic!("unknown option set {other}"),
    }
}

fn check_game(what: &str, tree: &GameTree, errors: Vec<&str>, expected: &Value) {
    let headers: Vec<Value> = tree.headers.iter().map(|(k, v)| Value::from(vec![k, v])).collect();
    assert_eq!(Value::from(headers), expected["headers"], "{what}: headers");
    assert_eq!(Value::from(errors), expected["errors"], "{what}: errors");
    let exported = |o: ExportOptions| tree.export(&o).map_err(|e| e.to_string());
    check_export(
        &format!("{what} str"),
        exported(ExportOptions { columns: None, ..Default::default() }),
        &expected["str"],
    );
    for name in ["default", "plain40", "no_variations", "no_comments"] {
        check_export(&format!("{what} {name}"), exported(options(name)), &expected[name]);
    }
    let mut file = MoveTextWriter::new(ExportOptions::default());
    let written = tree.write_game(&mut file).map(|()| file.into_output());
    check_export(&format!("{what} file"), written.map_err(|e| e.to_string()), &expected["file"]);
    let mainline = tree.start_board().map_err(|e| e.to_string()).and_then(|board| {
        let mut w = MoveTextWriter::new(ExportOptions { columns: None, ..Default::default() });
        tree.write_mainline(GameTree::ROOT, board, &mut w).map_err(|e| e.to_string())?;
        Ok(w.into_string())
    });
    check_export(&format!("{what} mainline"), mainline, &expected["mainline"]);
}

#[test]
fn games_read_and_written_as_python_chess() {
    let mut files: Vec<PathBuf> = ["tree", "recovery"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(data(dir)).unwrap().map(|e| e.unwrap().path()))
        .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    assert!(files.len() >= 29, "{files:?}");
    for path in files {
        let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let expected_path = data("tree").join(format!("{stem}.tree.json"));
        let expected: Value =
            serde_json::from_slice(&std::fs::read(&expected_path).unwrap()).unwrap();
        let expected = expected.as_array().unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let mut lines = ReadLines::new(&bytes[..]);
        let mut builder = TreeBuilder::new();
        let mut index = 0;
        while let Some(read) = read_game(&mut lines, &mut builder).unwrap() {
            let what = format!("{stem} game {index}");
            assert!(index < expected.len(), "{what}: python-chess reads fewer games");
            let errors = read.issues.iter().map(|i| class_name(i.kind())).collect();
            check_game(&what, &read.tree, errors, &expected[index]);
            index += 1;
        }
        assert_eq!(index, expected.len(), "{stem}: games read");
    }
}

/// A game of one of python-chess's variants is played on that variant's board: its moves
/// (a drop, an explosion that empties a square a later move uses) are read, a move the
/// variant forbids is an error naming the variant's FEN, and a variant's bad FEN is a
/// setup error.
#[test]
fn variant_games_are_played_on_their_variant_boards() {
    use lerf_pgn::tree::{ReadIssue, StrLines, TreeBoard};
    let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 P@f3 5. Nxf3 *\n\n\
               [Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 e6 3. d4 Bb4+ 4. Nc3 *\n\n\
               [Variant \"Antichess\"]\n\n1. e4 d5 2. Nf3 *\n\n\
               [Variant \"Three-check\"]\n[FEN \"8/8/8 w - - x+y 0 1\"]\n\n1. e4 *\n";
    let mut lines = StrLines::new(pgn);
    let mut builder = TreeBuilder::new();
    let mut reads = Vec::new();
    while let Some(read) = read_game(&mut lines, &mut builder).unwrap() {
        reads.push(read);
    }
    assert_eq!(reads.len(), 4);
    let moves = |i: usize| reads[i].tree.mainline(GameTree::ROOT).count();
    assert!(reads[0].issues.is_empty(), "{:?}", reads[0].issues);
    assert_eq!(moves(0), 9, "the drop and the knight's capture of the dropped pawn");
    // exd5 explodes both pawns (atomic); the game goes on from the board after it.
    assert!(reads[1].issues.is_empty(), "{:?}", reads[1].issues);
    assert_eq!(moves(1), 7);
    // The positions python-chess's node.board() gives at the games' ends.
    let end = |i: usize| {
        let last = reads[i].tree.mainline(GameTree::ROOT).last().unwrap();
        TreeBoard::at(&reads[i].tree, last).unwrap().fen()
    };
    assert_eq!(end(0), "rnb1kbnr/ppp1pppp/8/q7/3P4/2N2N2/PPP2PPP/R1BQKB1R[PP] b KQkq - 0 5");
    assert_eq!(end(1), "rnbqk1nr/ppp2ppp/4p3/8/1b1P4/2N5/PPP2PPP/R1BQKBNR b KQkq - 2 4");
    // Nf3 is no capture where White must take: the game stops there.
    assert_eq!(moves(2), 2);
    match &reads[2].issues[..] {
        [ReadIssue::San { san, fen, .. }] => {
            assert_eq!(san, "Nf3");
            assert_eq!(fen, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(moves(3), 0);
    assert!(matches!(&reads[3].issues[..], [ReadIssue::Setup(_)]), "{:?}", reads[3].issues);
}
