//! Rows of games to entries (feature `arrow`): where each score comes from and whose view it
//! is, the same bytes whatever integer and string types the rows come back as and however
//! they are cut into batches, the trainer's options, and typed errors that leave the
//! entries before them written.
#![cfg(feature = "arrow")]

use arrow_array::{
    ArrayRef, Int16Array, Int32Array, Int64Array, LargeStringArray, RecordBatch, StringArray,
    StringViewArray, UInt8Array,
};
use lerf_binpack::{Entry, Reader, RowsError, RowsOptions, RowsWriter, ScoreSource, Writer};
use lerf_position::Position;
use std::sync::Arc;

/// One row: game, ply, fen, uci, result, variant, eval_cp, eval_mate, comment, nnue.
type Row = (
    i64,
    i64,
    String,
    &'static str,
    &'static str,
    &'static str,
    Option<i32>,
    Option<i32>,
    &'static str,
    Option<i32>,
);

/// Rows of the games `moves` (UCI, with the comment after each), as lerf's rows have them.
fn game_rows(
    game: i64,
    result: &'static str,
    variant: &'static str,
    moves: &[(&'static str, Option<i32>, Option<i32>, &'static str)],
) -> Vec<Row> {
    let mut pos = Position::startpos();
    let mut rows = Vec::new();
    for (ply, &(uci, cp, mate, comment)) in moves.iter().enumerate() {
        let fen = pos.to_fen();
        let nnue = Some(ply as i32 * 10 - 7).filter(|_| ply != 2);
        rows.push((game, ply as i64, fen, uci, result, variant, cp, mate, comment, nnue));
        let m = pos.parse_uci(uci).expect("a legal move");
        pos.do_move(m);
    }
    rows
}

fn sample() -> Vec<Row> {
    let mut rows = game_rows(
        0,
        "0-1",
        "chess",
        &[
            ("e2e4", None, None, "book"),
            ("e7e5", None, None, "book"),
            ("g1f3", None, None, "+0.32/18 1.1s"),
            ("b8c6", None, None, "-0.25/17"),
            ("f1b5", None, None, "+M4/30"),
            ("a7a6", None, None, "-M3/25"),
        ],
    );
    rows.extend(game_rows(
        1,
        "1/2-1/2",
        "chess",
        &[
            ("d2d4", Some(20), None, "[%eval 0.2]"),
            ("d7d5", None, None, "+0.10/20"),
            ("c2c4", None, Some(-2), "-1.5/9 [%eval #-2]"),
            ("e7e6", Some(40000), None, ""),
            ("b1c3", None, None, ""),
        ],
    ));
    rows.extend(game_rows(
        2,
        "1-0",
        "atomic",
        &[("e2e4", Some(5), None, ""), ("e7e5", Some(5), None, "")],
    ));
    rows.extend(game_rows(
        3,
        "*",
        "chess",
        &[("e2e4", Some(5), None, ""), ("e7e5", Some(5), None, "")],
    ));
    // TCEC's comments: `wv=` is White's view.
    rows.extend(game_rows(
        4,
        "1-0",
        "chess",
        &[
            ("e2e4", None, None, "book"),
            ("e7e5", None, None, "d=20, mt=00:00:05, pv=e5 Nf3, wv=0.30, R50=50,"),
            ("g1f3", None, None, "d=22, wv=0.41, "),
        ],
    ));
    rows
}

/// The rows as a record batch: strings as `Utf8`, `LargeUtf8` or `Utf8View`, integers at
/// the widths lerf gives them or others.
fn batch(rows: &[Row], layout: usize) -> RecordBatch {
    let strings = |f: &dyn Fn(&Row) -> String| -> ArrayRef {
        let values: Vec<String> = rows.iter().map(f).collect();
        match layout {
            0 => Arc::new(StringArray::from_iter_values(values)),
            1 => Arc::new(LargeStringArray::from_iter_values(values)),
            _ => Arc::new(StringViewArray::from_iter_values(values)),
        }
    };
    let game: ArrayRef = match layout {
        0 => Arc::new(Int64Array::from_iter_values(rows.iter().map(|r| r.0))),
        _ => Arc::new(UInt8Array::from_iter_values(rows.iter().map(|r| r.0 as u8))),
    };
    let ply: ArrayRef = match layout {
        0 => Arc::new(Int32Array::from_iter_values(rows.iter().map(|r| r.1 as i32))),
        _ => Arc::new(Int16Array::from_iter_values(rows.iter().map(|r| r.1 as i16))),
    };
    let ints = |f: &dyn Fn(&Row) -> Option<i32>| -> ArrayRef {
        match layout {
            0 => Arc::new(rows.iter().map(f).collect::<Int32Array>()),
            _ => Arc::new(rows.iter().map(|r| f(r).map(i64::from)).collect::<Int64Array>()),
        }
    };
    RecordBatch::try_from_iter([
        ("game", game),
        ("ply", ply),
        ("fen", strings(&|r| r.2.clone())),
        ("uci", strings(&|r| r.3.to_owned())),
        ("result", strings(&|r| r.4.to_owned())),
        ("variant", strings(&|r| r.5.to_owned())),
        ("eval_cp", ints(&|r| r.6)),
        ("eval_mate", ints(&|r| r.7)),
        ("comment", strings(&|r| r.8.to_owned())),
        ("nnue", ints(&|r| r.9)),
    ])
    .expect("a batch")
}

fn write(batches: &[RecordBatch], options: RowsOptions) -> (Vec<u8>, Option<RowsError>) {
    let mut rows = RowsWriter::new(Writer::new(Vec::new()), options);
    let fault = batches.iter().find_map(|b| rows.write_batch(b).err());
    (rows.finish().expect("written"), fault)
}

/// (UCI, score, ply, result) of each entry.
fn seen(bytes: &[u8]) -> Vec<(String, i16, u16, i16)> {
    Reader::new(bytes)
        .map(|e| {
            let e: Entry = e.expect("an entry");
            (Position::from(&e.board).uci(e.mv).to_string(), e.score, e.ply, e.result)
        })
        .collect()
}

fn owned(v: &[(&str, i16, u16, i16)]) -> Vec<(String, i16, u16, i16)> {
    v.iter().map(|&(m, s, p, r)| (m.to_owned(), s, p, r)).collect()
}

#[test]
fn scores_from_each_source_in_the_side_to_moves_view() {
    let (bytes, fault) = write(&[batch(&sample(), 0)], RowsOptions::default());
    assert!(fault.is_none());
    // Engines' words score the row's own position (the mover's view); Lichess's [%eval]
    // the next row's (White's view), and it wins where both are. Book moves, the variant
    // game and the game without a result give nothing.
    let expected = [
        ("g1f3", 32, 2, -1),
        ("b8c6", -25, 3, 1),
        ("f1b5", 31996, 4, -1),
        ("a7a6", -31997, 5, 1),
        ("d7d5", -20, 1, 0),
        ("c2c4", -150, 2, 0),
        ("e7e6", 31998, 3, 0),
        ("b1c3", 31999, 4, 0),
        ("e7e5", -30, 1, -1),
        ("g1f3", 41, 2, 1),
    ];
    assert_eq!(seen(&bytes), owned(&expected));

    let options = RowsOptions {
        mate_score: 1000,
        unscored_as_zero: true,
        skip_plies: 1,
        ..RowsOptions::default()
    };
    let (bytes, _) = write(&[batch(&sample(), 0)], options);
    let expected = [
        ("e7e5", 0, 1, 1),
        ("g1f3", 32, 2, -1),
        ("b8c6", -25, 3, 1),
        ("f1b5", 996, 4, -1),
        ("a7a6", -997, 5, 1),
        ("d7d5", -20, 1, 0),
        ("c2c4", -150, 2, 0),
        ("e7e6", 998, 3, 0),
        ("b1c3", 999, 4, 0),
        ("e7e5", -30, 1, -1),
        ("g1f3", 41, 2, 1),
    ];
    assert_eq!(seen(&bytes), owned(&expected));

    // The network's column: already the side to move's view; a null leaves the row out.
    let options = RowsOptions { scores: ScoreSource::Nnue, ..RowsOptions::default() };
    let (bytes, _) = write(&[batch(&sample(), 0)], options);
    let scores: Vec<(u16, i16)> = seen(&bytes).iter().map(|e| (e.2, e.1)).collect();
    assert_eq!(
        scores,
        [
            (0, -7),
            (1, 3),
            (3, 23),
            (4, 33),
            (5, 43),
            (0, -7),
            (1, 3),
            (3, 23),
            (4, 33),
            (0, -7),
            (1, 3)
        ]
    );
}

#[test]
fn the_same_bytes_from_any_column_types_and_batches() {
    let rows = sample();
    let (one, _) = write(&[batch(&rows, 0)], RowsOptions::default());
    assert!(!one.is_empty());
    for layout in [1, 2] {
        assert_eq!(
            write(&[batch(&rows, layout)], RowsOptions::default()).0,
            one,
            "layout {layout}"
        );
    }
    // Games cut across batches at every row.
    for cut in 1..rows.len() {
        let batches = [batch(&rows[..cut], cut % 3), batch(&rows[cut..], (cut + 1) % 3)];
        assert_eq!(write(&batches, RowsOptions::default()).0, one, "cut at {cut}");
    }
}

#[test]
fn faults_are_typed_and_leave_the_entries_before_them() {
    let good = batch(&sample(), 0);
    let without = |name: &str| {
        let keep: Vec<usize> =
            (0..good.num_columns()).filter(|&i| good.schema().field(i).name() != name).collect();
        good.project(&keep).expect("projected")
    };
    let message = |b: RecordBatch, options| write(&[b], options).1.expect("a fault").to_string();
    assert_eq!(message(without("fen"), RowsOptions::default()), "the rows have no \"fen\" column");
    let nnue = RowsOptions { scores: ScoreSource::Nnue, ..RowsOptions::default() };
    assert_eq!(message(without("nnue"), nnue), "the rows have no \"nnue\" column");
    // The optional columns may be missing: no comments, no engine words.
    let (bytes, fault) = write(&[without("comment")], RowsOptions::default());
    assert!(fault.is_none());
    assert_eq!(seen(&bytes).len(), 3);

    let mut columns: Vec<(String, ArrayRef)> = good
        .schema()
        .fields()
        .iter()
        .zip(good.columns())
        .map(|(f, c)| (f.name().clone(), c.clone()))
        .collect();
    columns[1].1 =
        Arc::new(StringArray::from_iter_values((0..good.num_rows()).map(|i| i.to_string())));
    let typed = RecordBatch::try_from_iter(columns).expect("a batch");
    assert_eq!(message(typed, RowsOptions::default()), "the rows' \"ply\" column holds Utf8");

    let mut rows = sample();
    rows[4].2 = "not a fen".into();
    rows[7].3 = "e2e5";
    let (bytes, fault) = write(&[batch(&rows, 0)], RowsOptions::default());
    assert!(matches!(fault, Some(RowsError::BadRow { game: 0, ply: 4, .. })), "{fault:?}");
    assert_eq!(seen(&bytes).len(), 2, "the two entries before the bad row");
    rows[4] = sample()[4].clone();
    let fault = write(&[batch(&rows, 0)], RowsOptions::default()).1.expect("a fault").to_string();
    assert!(fault.starts_with("game 1, ply 1: ") && fault.contains("e2e5"), "{fault}");

    // A negative ply is a damaged row, not a position before the book's plies.
    let mut rows = sample();
    rows[3].1 = -3;
    let skip = RowsOptions { skip_plies: 2, ..RowsOptions::default() };
    let (bytes, fault) = write(&[batch(&rows, 0)], skip);
    assert_eq!(fault.expect("a fault").to_string(), "game 0, ply -3: the ply -3 is negative");
    assert_eq!(seen(&bytes).len(), 1, "the entry of ply 2, before the bad row");

    let zero = RowsOptions { mate_score: 0, ..RowsOptions::default() };
    assert_eq!(message(good, zero), "the mate score is 0, not at least 1");
}
