//! Stockfish 18's small network (cut out of the npm package's WebAssembly build) against
//! nnue-rs 0.4.2, the permissive crate that evaluates it: the same value for every position
//! of the usual mix, in full and incrementally. And the networks this crate does not read
//! give the documented errors.

use lerf_nnue::{AccumulatorStack, Network, NetworkError};

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

#[test]
fn threat_input_networks_are_refused_with_their_version() {
    // Stockfish 19's network: its version word opens the file's bytes.
    if let Some(wasm) = crate::common::npm::wasm("19.0.0") {
        let starts = crate::common::npm::offsets_of(&wasm, 0x6a44_8afa);
        assert!(!starts.is_empty(), "Stockfish 19's network header");
        let err = Network::from_bytes(&wasm[starts[0]..]).unwrap_err();
        assert_eq!(err, NetworkError::UnsupportedVersion { version: 0x6a44_8afa });
        assert!(err.to_string().contains("threat-input"));
    }
    // Stockfish 18's big network: HalfKAv2_hm's version, but a threat-input transformer.
    if let Some(wasm) = crate::common::npm::wasm("18.0.8") {
        let big = crate::common::npm::offsets_of(&wasm, 0x7af3_2f20)
            .into_iter()
            .map(|start| Network::from_bytes(&wasm[start..]))
            .find(|r| matches!(r, Err(NetworkError::UnsupportedFeatures { .. })));
        assert!(big.is_some(), "Stockfish 18's big network is refused by its feature hash");
    }
}
