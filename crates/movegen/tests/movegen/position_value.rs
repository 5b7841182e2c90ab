//! `Position` as a value, along random games played with the generator: FEN round trips
//! with every counter, equality and hashing that follow the repetition rule, castling data
//! that disappears with the right, and checked play that agrees with the generator.

use crate::common::{Rng, parse_suite};
use lerf_movegen::legal_moves;
use lerf_position::{MAX_FULLMOVE_NUMBER, Position};
use lerf_types::{CastlingSide, Color, Move};
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};

fn start_fens() -> Vec<(String, bool)> {
    let standard = parse_suite(include_str!("../data/standard.epd"));
    let chess960 = parse_suite(include_str!("../data/chess960.epd"));
    let tricky = parse_suite(include_str!("../data/tricky.epd"));
    let mut fens: Vec<(String, bool)> =
        standard.iter().chain(&tricky).map(|l| (l.fen.to_owned(), false)).collect();
    fens.extend(chess960.iter().step_by(40).map(|l| (l.fen.to_owned(), true)));
    fens
}

/// The FEN with other counters: `rule50` and `fullmove`.
fn with_counters(fen: &str, rule50: u32, fullmove: u32) -> String {
    let fields: Vec<&str> = fen.split_whitespace().take(4).collect();
    format!("{} {rule50} {fullmove}", fields.join(" "))
}

fn read(fen: &str, chess960: bool) -> Position {
    let parsed = if chess960 { Position::from_fen_960(fen) } else { Position::from_fen(fen) };
    parsed.unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Everything the issue asks of a position reached by play, checked at once.
fn check_value(pos: &Position, chess960: bool, hasher: &RandomState) {
    let fen = pos.to_fen();
    let back = read(&fen, chess960);
    assert!(back.eq_including_clocks(pos), "{fen} reads back as {}", back.to_fen());
    assert_eq!(back.to_fen(), fen);
    assert_eq!((back.game_ply(), back.rule50_count()), (pos.game_ply(), pos.rule50_count()));
    assert_eq!(back.key(), pos.key());
    assert_eq!(hasher.hash_one(&back), hasher.hash_one(pos), "{fen}");
    assert_eq!(pos.game_ply() % 2, pos.side_to_move() as u32, "{fen}: ply parity");
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            assert_eq!(
                pos.castling_rook_square(color, side).is_some(),
                pos.can_castle(color, side),
                "{fen}: rook square of a lost right"
            );
        }
    }
}

/// Random legal moves and, now and then, a null move, from `fen` with the given counters.
/// Returns every position reached, with its FEN up to the counters.
fn play_randomly(
    fen: &str,
    chess960: bool,
    rng: &mut Rng,
    plies: usize,
    hasher: &RandomState,
) -> Vec<(String, Position)> {
    let start = read(fen, chess960);
    let mut pos = start.clone();
    let mut seen = Vec::new();
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        if !pos.in_check() && rng.below(8) == 0 {
            pos.do_null_move();
        } else {
            pos.do_move(moves[rng.below(moves.len())]);
        }
        check_value(&pos, chess960, hasher);
        let without_counters = pos.to_fen().rsplitn(3, ' ').nth(2).unwrap_or("").to_owned();
        seen.push((without_counters, pos.clone()));
    }
    while let Some(m) = pos.last_move() {
        if m == Move::NULL { pos.undo_null_move() } else { pos.undo_move(m) }
    }
    assert!(pos.eq_including_clocks(&start) && pos.history() == start.history(), "{fen}");
    seen
}

#[test]
fn every_position_reached_round_trips_through_fen_with_its_counters() {
    let hasher = RandomState::new();
    let mut rng = Rng(0x600d_f00d);
    for (i, (fen, chess960)) in start_fens().iter().enumerate() {
        let counters = [
            (0, 1),
            (rng.below(100) as u32, 1 + rng.below(300) as u32),
            (65_000 + rng.below(500) as u32, MAX_FULLMOVE_NUMBER - 200),
        ];
        let (rule50, fullmove) = counters[i % counters.len()];
        play_randomly(&with_counters(fen, rule50, fullmove), *chess960, &mut rng, 120, &hasher);
    }
}

#[test]
fn equal_fens_make_equal_positions_whatever_the_history() {
    let hasher = RandomState::new();
    let mut rng = Rng(0x5eed_1234);
    let mut by_fen: HashMap<String, Position> = HashMap::new();
    let mut set = std::collections::HashSet::new();
    // Short games from a few starts meet the same positions by different move orders.
    for fen in [
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ] {
        for _ in 0..300 {
            for (text, pos) in play_randomly(fen, false, &mut rng, 8, &hasher) {
                set.insert(pos.clone());
                match by_fen.get(&text) {
                    Some(earlier) => {
                        assert_eq!(earlier, &pos, "{text}");
                        assert_eq!(hasher.hash_one(earlier), hasher.hash_one(&pos));
                    }
                    None => {
                        by_fen.insert(text, pos);
                    }
                }
            }
        }
    }
    assert_eq!(set.len(), by_fen.len(), "a HashSet<Position> holds each position once");
    let positions: Vec<&Position> = by_fen.values().collect();
    for pair in positions.windows(2) {
        assert_ne!(pair[0], pair[1]);
    }
}

#[test]
fn a_move_past_the_last_full_move_number_panics_and_changes_nothing() {
    let fen = format!("4k3/8/8/8/8/8/8/4K3 b - - 0 {MAX_FULLMOVE_NUMBER}");
    let mut pos = Position::from_fen(&fen).unwrap();
    let m = pos.parse_uci("e8d8").unwrap();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| pos.do_move(m)));
    assert!(result.is_err());
    assert_eq!(pos.to_fen(), fen);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| pos.do_null_move()));
    assert!(result.is_err());
    assert_eq!(pos.to_fen(), fen);
    // White's last move before the limit is fine.
    let mut white = Position::from_fen(&fen.replace(" b ", " w ")).unwrap();
    white.play_uci("e1d1").unwrap();
    assert_eq!(white.fullmove_number(), MAX_FULLMOVE_NUMBER);
    assert!(Position::from_fen(&white.to_fen()).unwrap().eq_including_clocks(&white));
}

#[test]
fn check_move_agrees_with_the_generator_on_every_16_bit_value() {
    let mut rng = Rng(0xc0ff_ee11);
    let hasher = RandomState::new();
    let mut positions: Vec<(Position, bool)> = Vec::new();
    for (fen, chess960) in start_fens().iter().step_by(9) {
        for (_, pos) in play_randomly(fen, *chess960, &mut rng, 30, &hasher).into_iter().step_by(10)
        {
            positions.push((pos, *chess960));
        }
    }
    assert!(positions.len() > 50);
    for (pos, _) in &positions {
        let legal = legal_moves(pos);
        for bits in 0..=u16::MAX {
            let m = Move::from_bits(bits);
            let verdict = pos.check_move(m);
            assert_eq!(
                verdict.is_ok(),
                legal.contains(&m),
                "{m:?} in {}: {verdict:?}",
                pos.to_fen()
            );
        }
    }
}

#[test]
fn play_leaves_the_position_unchanged_when_it_refuses() {
    let mut rng = Rng(0xabad_cafe);
    let hasher = RandomState::new();
    for (fen, chess960) in start_fens().iter().step_by(5) {
        for (_, mut pos) in play_randomly(fen, *chess960, &mut rng, 40, &hasher) {
            let before = pos.clone();
            for _ in 0..200 {
                let m = Move::from_bits(rng.next() as u16);
                match pos.play(m) {
                    Ok(()) => {
                        assert!(legal_moves(&before).contains(&m));
                        pos.undo_move(m);
                    }
                    Err(e) => assert!(!e.to_string().is_empty()),
                }
                assert!(pos.eq_including_clocks(&before) && pos.history() == before.history());
            }
            for m in legal_moves(&before).iter() {
                let uci = m.to_uci(pos.is_chess960()).to_string();
                assert_eq!(pos.play_uci(&uci), Ok(*m), "{uci} in {}", before.to_fen());
                pos.undo_move(*m);
            }
        }
    }
}
