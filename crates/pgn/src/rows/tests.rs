#![allow(clippy::needless_update)] // `..RowOptions::default()` is needed with the feature `nnue`.

use super::*;
use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int32Type};
use arrow_array::{RecordBatch, RecordBatchReader};
use arrow_schema::SchemaRef;

fn rows_of(pgn: &str, options: RowOptions) -> RecordBatch {
    let batches: Vec<RecordBatch> = PositionRows::new(pgn.as_bytes(), options.clone(), 1 << 20)
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(batches.len() <= 1);
    batches.into_iter().next().unwrap_or_else(|| RecordBatch::new_empty(row_schema(&options)))
}

fn strings(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    let column = batch.column_by_name(name).unwrap().as_string::<i32>();
    column.iter().map(|v| v.map(str::to_owned)).collect()
}

fn ints(batch: &RecordBatch, name: &str) -> Vec<Option<i32>> {
    batch.column_by_name(name).unwrap().as_primitive::<Int32Type>().iter().collect()
}

#[test]
fn annotations_belong_to_the_node_after_the_move() {
    let pgn = "[Event \"x\"]\n[WhiteElo \"1500\"]\n[ECO \"C20\"]\n\n{ game } 1. e4 { [%eval 0.17] [%clk 0:03:00] } { more } $1 e5 ?! \
               { [%eval #-3] } ( 1... c5 { side } 2. Nf3 ) { after } 2. Nf3 { [%clk 0:02:59.5] [%eval #0] } ( 2. d4 ) { start } Nc6 *\n";
    let options = RowOptions {
        tags: vec!["ECO".into(), "Opening".into()],
        comments: true,
        ..RowOptions::default()
    };
    let batch = rows_of(pgn, options);
    assert_eq!(batch.num_rows(), 4);
    assert_eq!(
        strings(&batch, "comment"),
        [
            "[%eval 0.17] [%clk 0:03:00] more",
            "[%eval #-3] after",
            "[%clk 0:02:59.5] [%eval #0] start",
            ""
        ]
        .map(|s| Some(s.to_owned()))
    );
    let clock = batch.column_by_name("clock").unwrap().as_primitive::<Float64Type>();
    assert_eq!(clock.iter().collect::<Vec<_>>(), [Some(180.0), None, Some(179.5), None]);
    assert_eq!(ints(&batch, "eval_cp"), [Some(17), None, None, None]);
    assert_eq!(ints(&batch, "eval_mate"), [None, Some(-3), Some(0), None]);
    let nags = batch.column_by_name("nags").unwrap().as_list::<i32>();
    let nags: Vec<Vec<i32>> =
        (0..4).map(|i| nags.value(i).as_primitive::<Int32Type>().values().to_vec()).collect();
    assert_eq!(nags, [vec![1], vec![6], vec![], vec![]]);
    assert_eq!(strings(&batch, "ECO"), vec![Some("C20".to_owned()); 4]);
    assert_eq!(strings(&batch, "Opening"), vec![None; 4]);
    assert_eq!(ints(&batch, "white_elo"), vec![Some(1500); 4]);
    assert_eq!(ints(&batch, "black_elo"), vec![None; 4]);
    assert_eq!(strings(&batch, "san")[3].as_deref(), Some("Nc6"));
}

#[test]
fn a_variation_without_a_legal_move_leaves_the_next_comment_to_the_next_move() {
    // python-chess: `(` clears in_variation, an illegal first move keeps it clear, so the
    // comment after `)` becomes the starting comment of 2. Nf3, not e5's comment. (After
    // the illegal move python-chess reads 2. Nf3 in the variation's position and stops
    // there: the reader's documented difference, lerf plays it on the mainline.)
    let pgn = "1. e4 e5 ( 1... Ke4 ) { starting } 2. Nf3 *\n";
    let batch = rows_of(pgn, RowOptions { comments: true, ..RowOptions::default() });
    assert_eq!(strings(&batch, "comment"), ["", "", ""].map(|s| Some(s.to_owned())));
    let pgn = "1. e4 e5 ( 1... c5 ) { after } 2. Nf3 *\n";
    let batch = rows_of(pgn, RowOptions { comments: true, ..RowOptions::default() });
    assert_eq!(strings(&batch, "comment"), ["", "after", ""].map(|s| Some(s.to_owned())));
}

#[test]
fn an_input_without_moves_gives_the_schema_and_no_batch() {
    let options =
        RowOptions { tags: vec!["Site".into()], comments: false, ..RowOptions::default() };
    let mut rows = PositionRows::new(&b"[Event \"x\"]\n\n*\n"[..], options.clone(), 10);
    assert_eq!(rows.schema(), row_schema(&options));
    assert!(rows.next().is_none());
    let names: Vec<String> =
        row_schema(&options).fields().iter().map(|f| f.name().clone()).collect();
    assert_eq!(
        names,
        [
            "game",
            "ply",
            "fen",
            "san",
            "uci",
            "turn",
            "result",
            "variant",
            "white_elo",
            "black_elo",
            "clock",
            "eval_cp",
            "eval_mate",
            "nags",
            "Site"
        ]
    );
}

#[test]
fn threads_give_the_rows_of_one_thread() {
    let sample = include_str!("../../tests/data/lichess-2025-05-sample.pgn");
    let options =
        RowOptions { tags: vec!["TimeControl".into()], comments: true, ..RowOptions::default() };
    let one: Vec<RecordBatch> = PositionRows::new(sample.as_bytes(), options.clone(), 5000)
        .collect::<Result<_, _>>()
        .unwrap();
    let two: Vec<RecordBatch> = ParallelRows::new(
        std::io::Cursor::new(sample.as_bytes().to_vec()),
        options.clone(),
        5000,
        2,
    )
    .collect::<Result<_, _>>()
    .unwrap();
    let schema = row_schema(&options);
    let concat = |batches: &[RecordBatch]| arrow_select_concat(&schema, batches);
    assert_eq!(concat(&one), concat(&two));
    assert!(one.len() > 1 && one[..one.len() - 1].iter().all(|b| b.num_rows() >= 5000));
}

/// The batches' rows as text, row by row (a concatenation without arrow-select).
fn arrow_select_concat(schema: &SchemaRef, batches: &[RecordBatch]) -> Vec<String> {
    let mut out = Vec::new();
    for b in batches {
        assert_eq!(&b.schema(), schema);
        for row in 0..b.num_rows() {
            let cells: Vec<String> =
                b.columns().iter().map(|c| format!("{:?}", c.slice(row, 1))).collect();
            out.push(cells.join("|"));
        }
    }
    out
}

#[test]
fn options_whose_columns_would_share_a_name_are_refused() {
    let with = |tags: &[&str], comments| RowOptions {
        tags: tags.iter().map(|t| t.to_string()).collect(),
        comments,
        ..RowOptions::default()
    };
    assert_eq!(with(&["ECO", "Opening"], true).check(), Ok(()));
    assert_eq!(with(&["fen"], false).check(), Err(BadTag::TakenByColumn("fen".into())));
    assert_eq!(with(&["comment"], false).check(), Err(BadTag::TakenByColumn("comment".into())));
    assert_eq!(with(&["ECO", "ECO"], false).check(), Err(BadTag::Repeated("ECO".into())));
    assert!(BadTag::Repeated("ECO".into()).to_string().contains("\"ECO\" is named twice"));
}

#[test]
fn variant_games_give_rows_on_their_variant_board() {
    // Crazyhouse (a pawn drop, the pockets in the FEN), three-check (its counter in the
    // FEN, `#` for the last check), atomic with a variation, then a standard game.
    // Expected values from python-chess 1.11.2's variant boards.
    let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@b4 *\n\n\
               [Variant \"Three-check\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 1\"]\n\n\
               1. Ra8+ Kd7 2. Ra7# *\n\n\
               [Variant \"Atomic\"]\n\n1. Nf3 (1. e4 d5 2. exd5) 1... d5 2. Ne5 *\n\n\
               1. e4 *\n";
    let batch = rows_of(pgn, RowOptions::default());
    let variants = strings(&batch, "variant");
    let names: Vec<&str> = variants.iter().map(|v| v.as_deref().unwrap()).collect();
    let expected = [["crazyhouse"; 7].as_slice(), &["3check"; 3], &["atomic"; 3], &["chess"]];
    assert_eq!(names, expected.concat());
    let san = strings(&batch, "san");
    assert_eq!(san[6].as_deref(), Some("@b4"));
    assert_eq!(san[9].as_deref(), Some("Ra7#"));
    assert_eq!(strings(&batch, "uci")[6].as_deref(), Some("P@b4"));
    let fen = strings(&batch, "fen");
    let fen: Vec<&str> = fen.iter().map(|f| f.as_deref().unwrap()).collect();
    assert_eq!(fen[6], "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 2 4");
    assert_eq!(fen[8], "R3k3/8/8/8/8/8/8/4K3 b - - 1+3 1 1");
    assert_eq!(fen[9], "R7/3k4/8/8/8/8/8/4K3 w - - 1+3 2 2");
    assert_eq!(fen[12], "rnbqkbnr/ppp1pppp/8/3p4/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2");
    let ply = ints(&batch, "ply");
    assert_eq!(ply[10..], [Some(0), Some(1), Some(2), Some(0)]);
}
