//! Expected values are python-chess 1.11.2's, for the same comments.

use super::*;

#[test]
fn clocks_as_python_chess_reads_them() {
    let cases: [(&str, Option<f64>); 9] = [
        ("[%clk 0:04:57.3]", Some(297.3)),
        ("x [%clk 1:02:03] y", Some(3723.0)),
        ("[%clk 1:2]", None),
        ("[%clk 0:00:5.] z", Some(5.0)),
        (" [%clk  0:00:01] [%clk 0:00:02]", Some(2.0)),
        ("[%clk 10:00:00.123456]", Some(36000.123456)),
        ("a\n[%clk 0:01:00]\nb", Some(60.0)),
        ("[%clk0:00:01]", None),
        ("[%clk\t0:00:01]", Some(1.0)),
    ];
    for (comment, expected) in cases {
        assert_eq!(clock(comment), expected, "{comment:?}");
        assert_eq!(emt(&comment.replace("clk", "emt")), expected, "{comment:?}");
    }
}

#[test]
fn evals_as_python_chess_reads_them() {
    use EvalScore::{Cp, Mate};
    type Expected = Option<(EvalScore, Option<u64>)>;
    let cases: [(&str, Expected); 15] = [
        ("[%eval 0.17]", Some((Cp(17), None))),
        ("[%eval -0.80]", Some((Cp(-80), None))),
        ("[%eval #-3,22]", Some((Mate(-3), Some(22)))),
        ("[%eval 0.175]", None),
        ("[%eval +.5]", Some((Cp(50), None))),
        ("[%eval 5.]", Some((Cp(500), None))),
        ("[%eval 12345678901]", None),
        ("[%eval 1234567890.5]", Some((Cp(123456789050), None))),
        ("x [%eval 0.175] [%eval 1.15,3] y", Some((Cp(115), Some(3)))),
        ("[%eval #+0]", Some((Mate(0), None))),
        ("[%eval #0]", Some((Mate(0), None))),
        ("[%eval 1.155]", None),
        ("[%eval -0.00]", Some((Cp(0), None))),
        ("[%eval 0.1,]", None),
        ("[%eval 1.]", Some((Cp(100), None))),
    ];
    for (comment, expected) in cases {
        let got = eval(comment).map(|e| (e.score, e.depth));
        assert_eq!(got, expected, "{comment:?}");
    }
}

#[test]
fn clocks_written_as_python_chess_writes_them() {
    use Seconds::{Float, Whole};
    let cases: [(&str, Option<Seconds>, &str); 10] = [
        ("foo", Some(Float(6.54321)), "foo [%clk 0:00:06.543]"),
        ("a [%clk 0:00:01] b", None, "a b"),
        ("a [%clk 0:00:01]", None, "a"),
        ("[%clk 0:00:01] b", None, "b"),
        ("a\n", Some(Whole(18061)), "a\n[%clk 5:01:01]"),
        ("x [%clk 1:00:00] y", Some(Float(59.9996)), "x [%clk 0:00:60] y"),
        ("", Some(Whole(-70)), "[%clk 0:00:00]"),
        ("", Some(Float(0.0625)), "[%clk 0:00:00.062]"),
        ("", Some(Whole(12345)), "[%clk 3:25:45]"),
        ("y", Some(Float(f64::NAN)), "y [%clk 0:00:00]"),
    ];
    for (comment, seconds, expected) in cases {
        assert_eq!(set_clock(comment, seconds).unwrap(), expected, "{comment:?} {seconds:?}");
        let emt_comment = comment.replace("clk", "emt");
        assert_eq!(set_emt(&emt_comment, seconds).unwrap(), expected.replace("clk", "emt"));
    }
    assert_eq!(set_clock("x", Some(Float(f64::INFINITY))), None);
}

#[test]
fn evals_written_as_python_chess_writes_them() {
    let e = |score, depth| Some(Eval { score, depth });
    assert_eq!(set_eval("a [%eval 0.17] b", None), "a b");
    assert_eq!(set_eval("a", e(EvalScore::Cp(-80), None)), "a [%eval -0.80]");
    assert_eq!(set_eval("a ", e(EvalScore::Mate(-3), Some(7))), "a [%eval #-3,7]");
    assert_eq!(set_eval("a [%eval #1] b", e(EvalScore::Mate(0), None)), "a b");
    assert_eq!(set_eval("[%eval 0.1]", e(EvalScore::Cp(5), Some(3))), "[%eval 0.05,3]");
    for cp in 199..220 {
        let comment = set_eval("", e(EvalScore::Cp(cp), None));
        assert_eq!(eval(&comment).map(|e| e.score), Some(EvalScore::Cp(cp)));
    }
}

#[test]
fn arrows_as_python_chess_reads_and_strips_them() {
    let cases: [(&str, &[&str], &str); 4] = [
        (
            "[%csl Ga1][%cal Ra1h1,Gb1b8] foo [%bar] baz",
            &["Ga1", "Ra1h1", "Gb1b8"],
            "foo [%bar] baz",
        ),
        (" [%csl Ga1] [%cal Ya1h1,Gb1] x", &["Ga1", "Ya1h1", "Gb1"], " x"),
        ("[%cal Ra1h1,] [%csl Ra1]", &["Ra1"], "[%cal Ra1h1,]"),
        ("a [%csl Ga1]", &["Ga1"], "a"),
    ];
    for (comment, marks, stripped) in cases {
        let got: Vec<String> =
            arrows(comment).iter().map(|a| format!("{}{}", a.color, a.squares)).collect();
        assert_eq!(got, marks, "{comment:?}");
        assert_eq!(strip_arrows(comment), stripped, "{comment:?}");
    }
    assert_eq!(
        set_arrows("foo [%bar] baz", &["Ga1", "Ra1h1", "Gb1b8"]),
        "[%csl Ga1][%cal Ra1h1,Gb1b8] foo [%bar] baz"
    );
    assert_eq!(set_arrows("\nx", &["Ga1"]), "[%csl Ga1]\nx");
}

#[test]
fn clock_numbers_convert_as_python_floats() {
    // python-chess 1.11.2: int(h) * 3600 + int(m) * 60 + float(s).
    let nines = "9".repeat(40);
    let cases = [
        ("[%clk 1:02:03]".to_owned(), 3723.0),
        ("[%clk 0:00:07.25]".to_owned(), 7.25),
        ("[%clk 123456789012345:0:0]".to_owned(), 4.44444440444442e17),
        ("[%clk 12345678901234567:0:0]".to_owned(), 4.444444404444444e19),
        (format!("[%clk 0:0:{nines}]"), 1e40),
        (format!("[%clk 0:0:{}5]", "0".repeat(30)), 5.0),
        (format!("[%clk {nines}:0:0]"), 3.6e43),
        ("[%clk 2501999792983609:0:1]".to_owned(), 9.007199254740992e18),
    ];
    for (comment, seconds) in cases {
        assert_eq!(clock(&comment), Some(seconds), "{comment}");
    }
}

#[test]
fn centipawns_as_python_chess_computes_them() {
    // python-chess 1.11.2: node.eval().white().score() for "[%eval {text}]".
    let cases: [(&str, Option<i64>); 17] = [
        ("0.17", Some(17)),
        ("-1.25", Some(-125)),
        ("+0.5", Some(50)),
        ("5.", Some(500)),
        ("-0.00", Some(0)),
        (".5", Some(50)),
        ("9999999999.99", Some(999999999999)),
        ("-9999999999.9", Some(-999999999990)),
        ("0.29", Some(29)),
        ("1.005", None),
        ("-.07", Some(-7)),
        ("0.285", None),
        ("12345.67", Some(1234567)),
        ("+.99", Some(99)),
        ("-0", Some(0)),
        ("007.10", Some(710)),
        ("2.675", None),
    ];
    for (text, score) in cases {
        let found = eval(&format!("[%eval {text}]")).map(|e| e.score);
        assert_eq!(found, score.map(EvalScore::Cp), "{text}");
    }
}
