//! Any 16-bit value as a move in positions along a fuzzed game: `is_pseudo_legal` and
//! `is_legal` never panic and agree with the generator, and `check_move` with both.
#![no_main]

use lerf_movegen::legal_moves;
use lerf_position::Position;
use lerf_types::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut pos = Position::startpos();
    for pair in data.chunks_exact(2) {
        let m = Move::from_bits(u16::from_le_bytes([pair[0], pair[1]]));
        let moves = legal_moves(&pos);
        let legal = pos.is_pseudo_legal(m) && pos.is_legal(m);
        assert_eq!(legal, moves.contains(&m), "{m:?} in {}", pos.to_fen());
        assert_eq!(pos.check_move(m).is_ok(), legal);
        if moves.is_empty() {
            return;
        }
        // Play a move chosen by the same bits, so the game goes on.
        let next = moves[usize::from(pair[0] ^ pair[1]) % moves.len()];
        pos.do_move(next);
    }
});
