//! Stockfish 18's small network (cut out of the npm package's WebAssembly build) against
//! nnue-rs 0.4.2, the permissive crate that evaluates it: the same value for every position
//! of the usual mix, in full and incrementally.

use lerf_nnue::{AccumulatorStack, Network};

#[test]
fn stockfish18_small_network_gives_nnue_rs_values() {
    let Some(path) = crate::common::npm::stockfish18_small() else { return };
    let ours = Network::from_file(&path).unwrap();
    assert_eq!(ours.width(), 128);
    let theirs = nnue_rs::Network::from_file(path.to_str().unwrap()).unwrap();
    let positions =
        crate::common::positions::mix(if crate::common::long() { 20_000 } else { 3_000 });
    for pos in &positions {
        let fen = pos.to_fen();
        assert_eq!(ours.evaluate(pos).unwrap(), theirs.evaluate_fen(&fen).unwrap(), "{fen}");
    }
    // And incrementally along random games.
    let mut rng = crate::common::positions::Rng(11);
    for _ in 0..20 {
        let mut pos = lerf_position::Position::startpos();
        let mut stack = AccumulatorStack::new(&ours, &pos).unwrap();
        while let Some(m) = crate::common::positions::random_move(&pos, &mut rng) {
            stack.do_move(&mut pos, m);
            assert_eq!(stack.evaluate(&ours, &pos), theirs.evaluate_fen(&pos.to_fen()).unwrap());
            if stack.depth() > 200 {
                break;
            }
        }
    }
}
