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
    let options = RowOptions { tags: vec!["ECO".into(), "Opening".into()], comments: true };
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
    let options = RowOptions { tags: vec!["Site".into()], comments: false };
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
    let options = RowOptions { tags: vec!["TimeControl".into()], comments: true };
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
    };
    assert_eq!(with(&["ECO", "Opening"], true).check(), Ok(()));
    assert_eq!(with(&["fen"], false).check(), Err(BadTag::TakenByColumn("fen".into())));
    assert_eq!(with(&["comment"], false).check(), Err(BadTag::TakenByColumn("comment".into())));
    assert_eq!(with(&["ECO", "ECO"], false).check(), Err(BadTag::Repeated("ECO".into())));
    assert!(BadTag::Repeated("ECO".into()).to_string().contains("\"ECO\" is named twice"));
}
