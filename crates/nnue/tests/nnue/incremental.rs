//! The accumulator stack against full evaluations: after every move of random games (from the
//! start and from Chess960 starts), after undoing them, and across null moves; on made-up
//! networks of both generations, and on Stockfish 15.1's when it is installed.

use crate::common::positions::{Rng, chess960_start, random_move};
use lerf_nnue::{AccumulatorStack, Kernels, Network};
use lerf_position::Position;

fn walk(net: &Network, games: usize, seed: u64) {
    let mut rng = Rng(seed);
    for g in 0..games {
        let mut pos =
            if g % 2 == 0 { Position::startpos() } else { chess960_start((g * 311 % 960) as u16) };
        let mut stack = AccumulatorStack::new(net, &pos).unwrap();
        let mut line = Vec::new();
        for ply in 0..160 {
            // Sometimes take a few moves back, sometimes pass, mostly play on.
            match rng.below(10) {
                0 if !line.is_empty() => {
                    for _ in 0..rng.below(3) + 1 {
                        match line.pop() {
                            Some(Some(m)) => stack.undo_move(&mut pos, m),
                            Some(None) => stack.undo_null_move(&mut pos),
                            None => break,
                        }
                    }
                }
                1 if pos.checkers().is_empty() && line.last() != Some(&None) => {
                    stack.do_null_move(&mut pos);
                    line.push(None);
                }
                _ => {
                    let Some(m) = random_move(&pos, &mut rng) else { break };
                    stack.do_move(&mut pos, m);
                    line.push(Some(m));
                }
            }
            // Evaluate most plies, but not all: the stack must catch up over several moves.
            if rng.below(3) != 0 || ply % 17 == 0 {
                assert_eq!(
                    stack.evaluation(net, &pos),
                    net.evaluation(&pos).unwrap(),
                    "{}",
                    pos.to_fen()
                );
            }
        }
        while let Some(m) = line.pop() {
            match m {
                Some(m) => stack.undo_move(&mut pos, m),
                None => stack.undo_null_move(&mut pos),
            }
        }
        assert_eq!(stack.evaluate(net, &pos), net.evaluate(&pos).unwrap());
    }
}

#[test]
fn synthetic_networks_incrementally_and_in_full() {
    for compressed in [false, true] {
        let net = Network::from_bytes(&crate::common::synthetic::network(
            64,
            compressed,
            7 + compressed as u64,
        ))
        .unwrap();
        walk(&net, if crate::common::long() { 60 } else { 12 }, 1);
        walk(&net.with_kernels(Kernels::Portable), 4, 2);
    }
}

#[test]
fn portable_and_vector_kernels_agree() {
    let bytes = crate::common::synthetic::network(128, true, 3);
    let fast = Network::from_bytes(&bytes).unwrap();
    let portable = Network::from_bytes(&bytes).unwrap().with_kernels(Kernels::Portable);
    let mut values = std::collections::HashSet::new();
    for pos in crate::common::positions::mix(400) {
        let buckets = fast.buckets(&pos).unwrap();
        assert_eq!(buckets, portable.buckets(&pos).unwrap(), "{}", pos.to_fen());
        values.insert(buckets.all[buckets.used].value);
    }
    // The made-up network is not degenerate: positions get many different values.
    assert!(values.len() > 100, "{}", values.len());
}

#[test]
fn stockfish15_network_incrementally() {
    let Some(engine) = crate::common::stockfish15::engine() else { return };
    let net = Network::from_file(crate::common::stockfish15::network(&engine)).unwrap();
    walk(&net, if crate::common::long() { 80 } else { 16 }, 3);
}

#[test]
#[should_panic(expected = "not the one the stack's moves lead to")]
fn a_position_moved_without_the_stack_is_refused() {
    let net = Network::from_bytes(&crate::common::synthetic::network(64, false, 1)).unwrap();
    let mut pos = Position::startpos();
    let mut stack = AccumulatorStack::new(&net, &pos).unwrap();
    pos.do_move(pos.parse_uci("e2e4").unwrap());
    stack.evaluate(&net, &pos);
}

#[test]
#[should_panic(expected = "another network")]
fn another_networks_stack_is_refused() {
    let a = Network::from_bytes(&crate::common::synthetic::network(64, false, 1)).unwrap();
    let b = Network::from_bytes(&crate::common::synthetic::network(64, false, 1)).unwrap();
    let pos = Position::startpos();
    let mut stack = AccumulatorStack::new(&a, &pos).unwrap();
    stack.evaluate(&b, &pos);
}
