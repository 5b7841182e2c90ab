//! Any UCI texts played from a few positions with `play_uci`: a refused move leaves the
//! position exactly as it was, an accepted one is a legal move, and the position stays
//! consistent throughout.
#![no_main]

use lerf_movegen::legal_moves;
use lerf_position::Position;
use libfuzzer_sys::fuzz_target;

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let mut pos = Position::from_fen(STARTS[usize::from(first) % STARTS.len()]).unwrap();
    for word in rest.split(|&b| b == b' ') {
        let Ok(text) = std::str::from_utf8(word) else { continue };
        let before = pos.clone();
        match pos.play_uci(text) {
            Ok(m) => assert!(legal_moves(&before).contains(&m), "{text} in {}", before.to_fen()),
            Err(_) => {
                assert!(pos.eq_including_clocks(&before) && pos.history() == before.history())
            }
        }
        assert_eq!(pos.pos_is_ok(true), Ok(()));
    }
});
