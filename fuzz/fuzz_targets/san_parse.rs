//! Any text as SAN in positions along a fuzzed game: parsing never panics; what it accepts
//! is a legal move whose SAN, as lerf writes it, reads back to the same move.
#![no_main]

use lerf_movegen::legal_moves;
use lerf_position::Position;
use lerf_san::{parse_san_bytes, san};
use lerf_types::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut pos = Position::startpos();
    for (i, word) in data.split(|&b| b == b' ').enumerate() {
        let moves = legal_moves(&pos);
        if let Ok(m) = parse_san_bytes(&pos, word) {
            assert!(m == Move::NULL || moves.contains(&m), "{word:?} in {}", pos.to_fen());
            if m != Move::NULL {
                let written = san(&pos, m);
                assert_eq!(parse_san_bytes(&pos, written.as_bytes()), Ok(m), "{written}");
            }
        }
        if moves.is_empty() {
            return;
        }
        pos.do_move(moves[i % moves.len()]);
    }
});
