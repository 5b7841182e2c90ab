//! What `do_move` no longer keeps is still answered exactly: `gives_check`, `see_ge` and the
//! draw questions, with and without a `CheckInfo`, against from-scratch computations on
//! every move of random games.

use crate::common::{Rng, brute_force_legal_moves};
use lerf_position::{Position, StateInfo, piece_value};
use lerf_types::{Move, MoveKind, PieceType, Value};

const STARTS: &[&str] = &[
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "2r1k2r/1b1nbppp/pq2pn2/1p1p4/3P4/1BN1PN2/PPQB1PPP/2R2RK1 w k - 0 1",
    "4k3/2q5/8/8/3b4/8/5B2/R3K2N w - - 0 1",
];

/// Whether `m` checks, found by playing it and looking for attackers of the king from
/// scratch.
fn checks_from_scratch(pos: &Position, m: Move) -> bool {
    let mut after = pos.clone();
    after.do_move(m);
    let us = after.side_to_move();
    let attackers = after.attackers_to(after.king_square(us), after.occupied());
    (attackers & after.pieces_of(!us)).any()
}

/// The exchange on `m`'s destination by the swap-list method, from scratch: every attacker
/// found anew after each capture, cheapest first; pieces pinned in the root position stay
/// out while a pinner of theirs is on the board; the king takes only a piece nobody defends
/// any more. Non-captures of other kinds count 0.
fn exchange_value(pos: &Position, m: Move) -> Value {
    if m.kind() != MoveKind::Normal {
        return 0;
    }
    let value = |sq| pos.piece_on(sq).map_or(0, |p| piece_value(p.piece_type()));
    let (from, to) = (m.from(), m.to());
    let pins = |side| (pos.blockers_for_king(side) & pos.pieces_of(side), pos.pinners(!side));
    let mut occupied = pos.occupied() ^ from;
    let mut gains = vec![value(to)];
    let mut on_target = value(from);
    let mut side = !pos.side_to_move();
    loop {
        let all = pos.attackers_to(to, occupied) & occupied;
        let mut attackers = all & pos.pieces_of(side);
        let (pinned, pinners) = pins(side);
        if (pinners & occupied).any() {
            attackers -= pinned;
        }
        let Some(pt) =
            PieceType::ALL.into_iter().find(|&pt| (attackers & pos.pieces_of_type(pt)).any())
        else {
            break;
        };
        if pt == PieceType::King && (all & pos.pieces_of(!side)).any() {
            break;
        }
        let sq = (attackers & pos.pieces_of_type(pt)).lsb().expect("an attacker");
        gains.push(on_target - gains.last().copied().unwrap_or(0));
        on_target = piece_value(pt);
        occupied ^= sq;
        side = !side;
    }
    while gains.len() > 1 {
        let deeper = gains.pop().unwrap_or(0);
        let last = gains.last_mut().expect("non-empty");
        *last = -(-*last).max(deeper);
    }
    gains[0]
}

/// The draw answers from the key history alone.
fn brute_repeated(history: &[StateInfo], k: usize) -> Option<usize> {
    let window = usize::from(history[k].rule50.min(history[k].plies_from_null)).min(150).min(k);
    (4..=window).step_by(2).find(|&i| history[k - i].key == history[k].key)
}

fn brute_repetition(history: &[StateInfo]) -> i32 {
    let n = history.len() - 1;
    match brute_repeated(history, n) {
        None => 0,
        Some(i) if brute_repeated(history, n - i).is_some() => -(i as i32),
        Some(i) => i as i32,
    }
}

fn check_node(pos: &Position) {
    let fen = pos.to_fen();
    let info = pos.check_info();
    for m in brute_force_legal_moves(pos) {
        let checks = checks_from_scratch(pos, m);
        assert_eq!(pos.gives_check(m), checks, "gives_check({m:?}) in {fen}");
        assert_eq!(pos.gives_check_with(&info, m), checks, "gives_check_with({m:?}) in {fen}");
        let value = exchange_value(pos, m);
        for threshold in [value - 1, value, value + 1, 0] {
            let expected = value >= threshold;
            assert_eq!(pos.see_ge(m, threshold), expected, "see_ge({m:?}, {threshold}) in {fen}");
            assert_eq!(pos.see_ge_with(&info, m, threshold), expected, "see_ge_with({m:?}) {fen}");
        }
    }
    let history = pos.history();
    let repetition = brute_repetition(history);
    assert_eq!(pos.repetition(), repetition, "{fen}");
    let n = history.len() - 1;
    let window = usize::from(pos.state().rule50.min(pos.state().plies_from_null)).min(150);
    let repeated = (0..window.saturating_sub(3)).any(|k| brute_repeated(history, n - k).is_some());
    assert_eq!(pos.has_repeated(), repeated, "{fen}");
    for ply in [0, 3, 6, 12] {
        let fifty = pos.rule50_count() > 99 && (!pos.in_check() || pos.has_legal_move());
        let expected = fifty || (repetition != 0 && repetition < ply);
        assert_eq!(pos.is_draw(ply), expected, "is_draw({ply}) in {fen}");
    }
}

#[test]
fn search_answers_match_from_scratch_computations_along_random_games() {
    let mut rng = Rng(0x5ea7_c4ec);
    let (mut checks, mut repetitions) = (0, 0);
    for fen in STARTS {
        let mut pos = Position::from_fen(fen).unwrap();
        let mut played: Vec<Move> = Vec::new();
        for _ in 0..40 {
            check_node(&pos);
            let moves = brute_force_legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            checks += moves.iter().filter(|&&m| pos.gives_check(m)).count();
            // Moving a piece back where it came from makes repetitions common.
            let back = played.len().checked_sub(2).map(|i| played[i]).and_then(|m| {
                let reverse = Move::new(m.to(), m.from());
                moves.contains(&reverse).then_some(reverse)
            });
            let m = match back {
                Some(r) if rng.below(2) == 0 => r,
                _ => moves[rng.below(moves.len())],
            };
            pos.do_move(m);
            played.push(m);
            repetitions += usize::from(pos.repetition() != 0);
        }
    }
    assert!(checks > 100 && repetitions > 10, "{checks} checks, {repetitions} repetitions");
}
