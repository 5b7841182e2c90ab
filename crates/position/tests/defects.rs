//! One test per defect reported in the "Position as a value" issue. Each failed on the code
//! before the fix; they use only the API that existed then.

use lerf_position::{FenField, Position};
use lerf_types::{CastlingSide, Color, Move};
use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = pos.parse_uci(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.do_move(m);
    }
}

/// Runs `f` on `pos`, expects a panic whose message contains `expected`, and returns the
/// position as the panic left it.
fn expect_panic(pos: &mut Position, expected: &str, f: impl FnOnce(&mut Position)) {
    let result = catch_unwind(AssertUnwindSafe(|| f(pos)));
    let payload = result.expect_err("the call should have panicked");
    let message = payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    assert!(message.contains(expected), "panic message {message:?} lacks {expected:?}");
}

#[test]
fn equality_ignores_how_a_lost_castling_right_was_lost() {
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    play(&mut pos, "h1h2 e8e7 h2h1 e7e8");
    let reparsed = Position::from_fen(&pos.to_fen()).unwrap();
    assert_eq!(pos.to_fen(), reparsed.to_fen());
    assert_eq!(pos.castling_rook_square(Color::White, CastlingSide::King), None);
    assert_eq!(pos, reparsed);
    let set: HashSet<Position> = [pos, reparsed].into_iter().collect();
    assert_eq!(set.len(), 1);
}

#[test]
fn undo_null_move_with_nothing_to_undo_panics_and_keeps_the_position() {
    let mut pos = Position::startpos();
    expect_panic(&mut pos, "undo_null_move", |p| p.undo_null_move());
    assert_eq!(pos.to_fen(), Position::startpos().to_fen());
    assert_eq!(pos.key(), Position::startpos().key());
}

#[test]
fn undo_move_at_the_root_panics_before_changing_anything() {
    let mut pos = Position::startpos();
    let m = pos.parse_uci("e2e4").unwrap();
    expect_panic(&mut pos, "undo_move", |p| p.undo_move(m));
    assert_eq!(pos.side_to_move(), Color::White);
    assert_eq!(pos.to_fen(), Position::startpos().to_fen());
}

#[test]
fn null_move_in_check_panics() {
    let mut pos = Position::from_fen("4k3/8/8/8/8/8/8/4KR2 b - - 0 1").unwrap();
    let mut checked = Position::from_fen("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
    assert!(!pos.in_check() && checked.in_check());
    pos.do_null_move();
    pos.undo_null_move();
    expect_panic(&mut checked, "in check", |p| p.do_null_move());
    assert_eq!(checked.to_fen(), "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1");
}

#[test]
fn do_move_refuses_none_and_null() {
    let start = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    for m in [Move::NONE, Move::NULL] {
        let mut pos = start.clone();
        expect_panic(&mut pos, "do_move", |p| p.do_move(m));
        assert_eq!(pos.to_fen(), start.to_fen());
        assert_eq!(pos.pos_is_ok(true), Ok(()));
    }
}

#[test]
fn large_full_move_numbers_round_trip() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1073741825";
    let pos = Position::from_fen(fen).expect("a full-move number above 2^30");
    assert_eq!(pos.to_fen(), fen);
}

#[test]
fn fen_counters_follow_a_null_move() {
    let mut pos = Position::startpos();
    pos.do_null_move();
    let reparsed = Position::from_fen(&pos.to_fen()).unwrap();
    assert_eq!(reparsed.side_to_move(), Color::Black);
    assert_eq!(pos.game_ply(), reparsed.game_ply(), "{}", pos.to_fen());
}

#[test]
fn plus_sign_in_a_clock_is_refused() {
    let err = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - +5 1").unwrap_err();
    assert_eq!(err.field, FenField::HalfmoveClock);
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 +1").is_err());
}

#[test]
fn two_digits_in_a_row_are_refused() {
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K21 w - - 0 1").is_err());
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K111 w - - 0 1").is_err());
}

#[test]
fn non_ascii_whitespace_is_no_separator() {
    for space in ['\u{a0}', '\u{2003}', '\u{3000}'] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3{space}w - - 0 1");
        assert!(Position::from_fen(&fen).is_err(), "U+{:04X} accepted", space as u32);
    }
}

#[test]
fn a_bad_castling_letter_is_named_as_such() {
    let err = Position::from_fen("4k3/8/8/8/8/8/4K3/8 w X - 0 1").unwrap_err();
    assert_eq!(err.field, FenField::Castling);
    assert!(err.to_string().contains("'X'"), "{err}");
    assert!(!err.to_string().contains("back rank"), "{err}");
}

#[test]
fn an_error_does_not_echo_a_huge_input() {
    let fen = format!("4k3/8/8/8/8/8/8/4K3 w - - 0 1 {}", "x".repeat(200_000));
    let err = Position::from_fen(&fen).unwrap_err();
    assert!(err.to_string().len() < 200, "{} bytes", err.to_string().len());
}

/// Fourteen white pieces that each shuttle between two squares, and a black king that
/// shuttles between g8 and h8. Playing the white moves in Gray-code order visits all 2^14
/// white set-ups once, so the start position comes back after exactly 32,768 plies, all of
/// them reversible.
const SHUTTLES: [(&str, &str); 14] = [
    ("a1", "b1"),
    ("c1", "d1"),
    ("e1", "f1"),
    ("g1", "h1"),
    ("a2", "b2"),
    ("c2", "d2"),
    ("e2", "f2"),
    ("g2", "h4"),
    ("h2", "g4"),
    ("a3", "b3"),
    ("c3", "d3"),
    ("e3", "f3"),
    ("a4", "b4"),
    ("c4", "d4"),
];
const SHUTTLE_FEN: &str = "6k1/8/8/8/R1R5/R1R1Q3/R1R1Q1NN/R1R1Q1K1 w - - 0 1";

/// The repetition distance the rules need: the nearest earlier ply with the same key, at
/// most 150 plies back (a repetition further back follows a 75-move-rule draw), negative if
/// that ply was itself a repetition.
fn expected_repetition(keys: &[u64], repetitions: &[i32], window: usize) -> i32 {
    let n = keys.len() - 1;
    (4..=window.min(n).min(150))
        .step_by(2)
        .find(|&i| keys[n - i] == keys[n])
        .map_or(0, |i| if repetitions[n - i] != 0 { -(i as i32) } else { i as i32 })
}

#[test]
fn repetitions_stay_exact_in_a_32768_ply_reversible_game() {
    let mut pos = Position::from_fen(SHUTTLE_FEN).unwrap();
    let mut white = [false; SHUTTLES.len()];
    let mut black_on_g8 = true;
    let (mut keys, mut repetitions) = (vec![pos.key()], vec![0i32]);
    let mut record = |pos: &Position| {
        keys.push(pos.key());
        let window = (pos.rule50_count() as usize).min(pos.state().plies_from_null as usize);
        let expected = expected_repetition(&keys, &repetitions, window);
        assert_eq!(pos.repetition(), expected, "at ply {}", keys.len() - 1);
        repetitions.push(pos.repetition());
    };
    for step in 1..=1u32 << SHUTTLES.len() {
        let bit = (step.trailing_zeros() as usize).min(SHUTTLES.len() - 1);
        let (a, b) = SHUTTLES[bit];
        let (from, to) = if white[bit] { (b, a) } else { (a, b) };
        white[bit] = !white[bit];
        play(&mut pos, &format!("{from}{to}"));
        record(&pos);
        play(&mut pos, if black_on_g8 { "g8h8" } else { "h8g8" });
        black_on_g8 = !black_on_g8;
        record(&pos);
    }
    assert_eq!(pos.key(), Position::from_fen(SHUTTLE_FEN).unwrap().key());
    assert_eq!(pos.rule50_count(), 32_768);
    // A repetition close by is still found after the long game.
    for text in ["g2h4", "g8h8", "h4g2", "h8g8"] {
        play(&mut pos, text);
        record(&pos);
    }
    assert_eq!(pos.repetition(), 4);
}
