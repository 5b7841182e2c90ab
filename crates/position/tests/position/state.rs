//! Incremental state against from-scratch recomputation, over random games; undo restores
//! everything; Polyglot keys; SEE; repetition detection against brute force.

use crate::common::{Rng, brute_force_legal_moves, suite_fens};
use lerf_position::Position;
use lerf_types::{Move, MoveKind, PieceType};

const STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2r1kr2/8/8/8/8/8/8/1R2KR2 w KQkq - 0 1",
];

/// Plays a random game of `plies` from `fen`, checking after every move that the
/// incremental state equals a recomputation and that `key_after` and `gives_check` were
/// right; then undoes everything and checks the start is restored exactly.
fn random_game(fen: &str, seed: u64, plies: usize) {
    let mut rng = Rng(seed);
    let start = Position::from_fen(fen).unwrap();
    let mut pos = start.clone();
    let mut played: Vec<(Move, Position)> = Vec::new();
    for _ in 0..plies {
        let moves = brute_force_legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let (expected_key, gives_check) = (pos.key_after(m), pos.gives_check(m));
        let before = pos.clone();
        pos.do_move(m);
        assert_eq!(pos.pos_is_ok(true), Ok(()), "{fen}: after {m:?} in {}", before.to_fen());
        assert_eq!(pos.key(), expected_key, "key_after({m:?}) in {}", before.to_fen());
        assert_eq!(pos.in_check(), gives_check, "gives_check({m:?}) in {}", before.to_fen());
        let reparsed = Position::from_fen(&pos.to_fen()).unwrap();
        assert_eq!(reparsed.key(), pos.key(), "FEN of {} loses state", pos.to_fen());
        played.push((m, before));
    }
    while let Some((m, before)) = played.pop() {
        pos.undo_move(m);
        assert_eq!(pos, before);
        assert_eq!(pos.history(), before.history(), "undo of {m:?} restores every state");
    }
    assert_eq!(pos.history(), start.history());
}

#[test]
fn random_games_keep_incremental_state_exact() {
    for (i, fen) in STARTS.iter().enumerate() {
        for seed in 1..=3 {
            random_game(fen, 0x1234_5678 * (i as u64 + 1) + seed, 200);
        }
    }
}

#[test]
fn random_games_from_chess960_suite() {
    let fens = suite_fens(include_str!("../data/chess960.epd"));
    for (i, fen) in fens.iter().step_by(97).enumerate() {
        random_game(fen, 77 + i as u64, 120);
    }
}

#[test]
fn null_move_round_trip() {
    let mut pos = Position::from_fen(STARTS[1]).unwrap();
    let before = pos.clone();
    pos.do_null_move();
    assert_eq!(pos.pos_is_ok(true), Ok(()));
    assert_ne!(pos.key(), before.key());
    pos.undo_null_move();
    assert_eq!(pos, before);
    assert_eq!(pos.history(), before.history());
}

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = pos.parse_uci(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.do_move(m);
    }
}

#[test]
fn polyglot_reference_keys() {
    let cases = [
        ("", 0x463b_9618_1691_fc9c),
        ("e2e4", 0x823c_9b50_fd11_4196),
        ("e2e4 d7d5", 0x0756_b944_61c5_0fb0),
        ("e2e4 d7d5 e4e5", 0x662f_afb9_65db_29d4),
        ("e2e4 d7d5 e4e5 f7f5", 0x22a4_8b5a_8e47_ff78),
        ("e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a_607c_a3f2_42c1),
        ("e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fd_d303_c946_bdd9),
        ("a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c81_23ea_7b06_7637),
        ("a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f_9b82_9b27_9560),
    ];
    for (moves, key) in cases {
        let mut pos = Position::startpos();
        play(&mut pos, moves);
        assert_eq!(pos.polyglot_key(), key, "after {moves:?}");
    }
}

#[test]
fn see_ge_on_hand_checked_positions() {
    // (FEN, move, exact exchange value): see_ge holds at the value and fails one above.
    let cases: &[(&str, &str, i32)] = &[
        ("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 208),
        ("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 781 - 208),
        ("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "e3d5", 208 - 781),
        ("4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1", "d1d5", 1276),
        ("3rk3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 208 - 1276),
        ("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 208),
        ("4k3/8/2p5/3n4/8/8/6B1/4K3 w - - 0 1", "g2d5", 781 - 825),
        ("4k3/8/5n2/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 208 - 2538),
        ("4k3/8/8/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", 781),
        ("4k3/8/4p3/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", 0),
        ("8/8/R3p2k/3n4/8/4N3/8/4K3 w - - 0 1", "e3d5", 781),
        ("8/8/4k3/3p4/8/8/8/3RK3 w - - 0 1", "d1d5", 208 - 1276),
        ("8/8/4k3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 208),
        ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8q", 0),
        ("4k3/8/8/4p3/8/8/8/3RK3 w - - 0 1", "d1d4", -1276),
        ("4k3/8/8/4p3/8/8/8/3RK3 w - - 0 1", "d1d3", 0),
        ("3qk3/8/8/3b4/8/8/8/3QK3 w - - 0 1", "d1d5", 825 - 2538),
        ("4k3/8/2q5/3p4/4P3/5B2/8/4K3 w - - 0 1", "e4d5", 208),
        ("4k3/8/8/3r4/8/2N2b2/8/4K3 w - - 0 1", "c3d5", 1276 - 781),
        ("4k3/8/5n2/3q4/8/8/8/3QK3 w - - 0 1", "d1d5", 0),
        ("4k3/8/2p1p3/3n4/8/8/8/3RK3 w - - 0 1", "d1d5", 781 - 1276),
        ("4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1", "d5c6", 0),
    ];
    for &(fen, uci, value) in cases {
        let pos = Position::from_fen(fen).unwrap();
        let m = pos.parse_uci(uci).unwrap();
        assert!(pos.see_ge(m, value), "{fen} {uci}: see >= {value}");
        assert!(!pos.see_ge(m, value + 1), "{fen} {uci}: see < {}", value + 1);
    }
}

/// Brute force: whether the position at `history[k]` occurred before, at an even distance
/// of 4 or more within its 50-move and null-move window and the 150-ply limit.
fn brute_repeated(history: &[lerf_position::StateInfo], k: usize) -> bool {
    let window = usize::from(history[k].rule50.min(history[k].plies_from_null)).min(150).min(k);
    (4..=window).step_by(2).any(|i| history[k - i].key == history[k].key)
}

/// Brute force: does a legal reversible move of the side to move produce a position seen
/// at an odd distance 3..=end (counting only repetitions allowed by `ply`)?
fn brute_upcoming_repetition(pos: &Position, ply: i32) -> bool {
    let history = pos.history();
    let st = pos.state();
    let end = usize::from(st.rule50.min(st.plies_from_null)).min(150);
    let n = history.len() - 1;
    if end < 3 {
        return false;
    }
    brute_force_legal_moves(pos).into_iter().any(|m| {
        let reversible = m.kind() == MoveKind::Normal
            && pos.piece_on(m.to()).is_none()
            && pos.moved_piece(m).is_some_and(|p| p.piece_type() != PieceType::Pawn);
        reversible
            && (3..=end.min(n)).step_by(2).any(|i| {
                let earlier = &history[n - i];
                earlier.key == pos.key_after(m)
                    && (ply > i as i32 || brute_repeated(history, n - i))
            })
    })
}

#[test]
fn upcoming_repetition_agrees_with_brute_force() {
    assert_eq!(lerf_position::CUCKOO_MOVES, 3668);
    let starts = [
        "4k3/8/8/8/8/8/8/R3K2N w - - 0 1",
        "r3k3/8/8/3n4/8/8/8/R3K2N w - - 0 1",
        "4k3/2q5/8/8/8/8/5B2/4K3 b - - 0 1",
    ];
    let mut rng = Rng(2024);
    let (mut positives, mut checked) = (0, 0);
    for fen in starts {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut played: Vec<Move> = Vec::new();
        for _ in 0..120 {
            let moves = brute_force_legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            // Moving a piece back where it came from makes repetitions common.
            let back = played.len().checked_sub(2).map(|i| played[i]).and_then(|m| {
                let reverse = Move::new(m.to(), m.from());
                moves.contains(&reverse).then_some(reverse)
            });
            let m = match back {
                Some(r) if rng.below(3) > 0 => r,
                _ => moves[rng.below(moves.len())],
            };
            pos.do_move(m);
            played.push(m);
            for ply in [0, 4, 100] {
                let expected = brute_upcoming_repetition(&pos, ply);
                assert_eq!(pos.upcoming_repetition(ply), expected, "{} ply {ply}", pos.to_fen());
                positives += usize::from(expected);
                checked += 1;
            }
        }
    }
    assert!(
        positives > 20 && positives < checked,
        "{positives} of {checked}: the test must see both answers"
    );
}

#[test]
fn threefold_and_fifty_move_draws() {
    let mut pos = Position::startpos();
    assert!(!pos.has_repeated());
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8");
    assert!(pos.has_repeated());
    assert!(pos.is_draw(10), "a repetition within the search counts");
    assert!(!pos.is_draw(2), "a repetition before the root needs a second one");
    play(&mut pos, "g1f3 g8f6 f3g1 f6g8");
    assert!(pos.is_draw(2), "the third occurrence is a draw anywhere");

    let fifty = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 100 80").unwrap();
    assert!(fifty.is_draw(0));
    // Checkmate on the hundredth half-move beats the 50-move rule.
    let mated = Position::from_fen("R3k3/8/4K3/8/8/8/8/8 b - - 100 80").unwrap();
    assert!(!mated.has_legal_move());
    assert!(!mated.is_draw(0));
    let escapes = Position::from_fen("R3k3/8/8/4K3/8/8/8/8 b - - 100 80").unwrap();
    assert!(escapes.is_draw(0));
}

#[test]
fn parse_uci_variants() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let castle = pos.parse_uci("e1g1").unwrap();
    assert_eq!(castle, pos.parse_uci("e1h1").unwrap());
    assert_eq!(castle.kind(), MoveKind::Castling);
    assert!(pos.parse_uci("e1c1").is_ok());
    assert!(matches!(pos.parse_uci("0000"), Err(lerf_position::UciError::Illegal(_))));
    assert!(matches!(pos.parse_uci("e1e9"), Err(lerf_position::UciError::Syntax(_))));
    assert!(pos.parse_uci("a1a8").is_ok());
    assert!(matches!(pos.parse_uci("a1h8"), Err(lerf_position::UciError::Illegal(_))));
    let promo = Position::from_fen("8/P3k3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(promo.parse_uci("a7a8").is_err(), "a promotion needs its piece");
    assert_eq!(promo.parse_uci("a7a8n").unwrap().promotion_type(), PieceType::Knight);
}

#[test]
fn a_slider_behind_another_does_not_check() {
    use lerf_bitboard::Bitboard;
    use lerf_types::Square;
    // Rooks on e4 and e8: only e4 checks. Bishop b4 and queen a5: only b4 checks (as its
    // diagonal blocks the queen's), and after a quiet move the incremental state agrees.
    for (fen, checker) in [
        ("4r1k1/8/8/8/4r3/8/8/4K3 w - - 0 1", Square::E4),
        ("6k1/8/8/q7/1b6/8/8/4K3 w - - 0 1", Square::B4),
    ] {
        let mut pos = Position::from_fen(fen).unwrap();
        assert_eq!(pos.checkers(), Bitboard::from(checker), "{fen}");
        let m = brute_force_legal_moves(&pos)[0];
        pos.do_move(m);
        assert_eq!(pos.pos_is_ok(true), Ok(()));
    }
}
