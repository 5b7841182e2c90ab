//! The generators against each other and against `is_pseudo_legal`/`is_legal`, on every
//! suite position and along random games.

use crate::common::{ALL_SUITES, parse_suite, random_game_positions};
use lerf_movegen::{GenType, MoveList, count_legal, generate, legal_moves};
use lerf_position::Position;
use lerf_types::{Move, MoveKind};
use std::collections::BTreeSet;

fn moves_of(pos: &Position, kind: GenType) -> Vec<Move> {
    let mut list = MoveList::new();
    generate(pos, kind, &mut list);
    list.to_vec()
}

fn as_set(moves: &[Move], what: &str, fen: &str) -> BTreeSet<Move> {
    let set: BTreeSet<Move> = moves.iter().copied().collect();
    assert_eq!(set.len(), moves.len(), "{what} has duplicates in {fen}");
    set
}

/// Every property the generators promise, for one position.
fn check_position(pos: &Position) {
    let fen = pos.to_fen();
    let captures = as_set(&moves_of(pos, GenType::Captures), "captures", &fen);
    let quiets = as_set(&moves_of(pos, GenType::Quiets), "quiets", &fen);
    assert!(captures.is_disjoint(&quiets), "captures and quiets overlap in {fen}");
    let union: BTreeSet<Move> = captures.union(&quiets).copied().collect();

    let evasions = as_set(&moves_of(pos, GenType::Evasions), "evasions", &fen);
    let non_evasions = as_set(&moves_of(pos, GenType::NonEvasions), "non-evasions", &fen);
    if pos.in_check() {
        assert_eq!(union, evasions, "captures + quiets != evasions in {fen}");
        assert!(non_evasions.is_empty());
    } else {
        assert_eq!(union, non_evasions, "captures + quiets != non-evasions in {fen}");
        assert!(evasions.is_empty());
    }
    for &m in &union {
        assert!(pos.is_pseudo_legal(m), "generated {m:?} is not pseudo-legal in {fen}");
    }

    let legal = as_set(&legal_moves(pos), "legal", &fen);
    let filtered: BTreeSet<Move> = union.iter().copied().filter(|&m| pos.is_legal(m)).collect();
    assert_eq!(legal, filtered, "legal != pseudo-legal filtered by is_legal in {fen}");
    assert_eq!(count_legal(pos), legal.len() as u64, "bulk count in {fen}");

    let quiet_checks = as_set(&moves_of(pos, GenType::QuietChecks), "quiet checks", &fen);
    let expected_checks: BTreeSet<Move> = quiets
        .iter()
        .copied()
        .filter(|&m| m.kind() != MoveKind::Promotion && pos.gives_check(m))
        .collect();
    assert_eq!(quiet_checks, expected_checks, "quiet checks in {fen}");
    // Quiet checks are pseudo-legal; the legal ones are played to see the check.
    for &m in quiet_checks.iter().filter(|&&m| pos.is_legal(m)) {
        let mut after = pos.clone();
        after.do_move(m);
        assert!(after.in_check(), "quiet check {m:?} gives no check in {fen}");
    }

    // Any 16-bit value: pseudo-legal and legal exactly when the generator produces it.
    let brute: BTreeSet<Move> = (0..=u16::MAX)
        .map(Move::from_bits)
        .filter(|&m| pos.is_pseudo_legal(m) && pos.is_legal(m))
        .collect();
    assert_eq!(brute, legal, "is_pseudo_legal && is_legal over all 16-bit values in {fen}");
}

fn suite_positions(text: &str) -> Vec<Position> {
    parse_suite(text).iter().map(|l| Position::from_fen(l.fen).unwrap()).collect()
}

#[test]
fn suite_positions_satisfy_generator_properties() {
    let mut checked = 0;
    for suite in ALL_SUITES {
        for pos in suite_positions(suite) {
            check_position(&pos);
            checked += 1;
        }
    }
    assert_eq!(checked, 133 + 50 + 17 + 960);
}

#[test]
fn random_games_satisfy_generator_properties() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        "2r1kr2/8/8/8/8/8/8/1R2KR2 w KQkq - 0 1",
    ];
    let (mut checked, mut in_check) = (0, 0);
    for (i, fen) in starts.iter().enumerate() {
        for seed in 0..4u64 {
            for pos in random_game_positions(fen, 1000 * i as u64 + seed + 1, 150) {
                in_check += usize::from(pos.in_check());
                check_position(&pos);
                checked += 1;
            }
        }
    }
    assert!(checked > 2000 && in_check > 50, "{checked} positions, {in_check} in check");
}
