//! A game of fuzzed move choices (and null moves): after every move the incremental state
//! equals a position set up from scratch from its FEN, and undoing everything restores the
//! start bit for bit.
#![no_main]

use lerf_movegen::legal_moves;
use lerf_position::Position;
use lerf_types::Move;
use libfuzzer_sys::fuzz_target;

const STARTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "2r1kr2/8/8/8/8/8/8/1R2KR2 w KQkq - 0 1",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, choices)) = data.split_first() else { return };
    let fen = STARTS[usize::from(first) % STARTS.len()];
    let start = Position::from_fen(fen).unwrap();
    let mut pos = start.clone();
    for &choice in choices {
        let moves = legal_moves(&pos);
        if choice == 0xff && !pos.in_check() {
            pos.do_null_move();
        } else if moves.is_empty() {
            break;
        } else {
            pos.do_move(moves[usize::from(choice) % moves.len()]);
        }
        assert_eq!(pos.pos_is_ok(true), Ok(()));
        let fresh = Position::from_fen(&pos.to_fen()).unwrap();
        assert!(fresh.eq_including_clocks(&pos));
        assert_eq!(fresh.key(), pos.key());
        assert_eq!(fresh.state().pawn_key, pos.state().pawn_key);
        assert_eq!(fresh.state().material_key, pos.state().material_key);
        assert_eq!(fresh.state().checkers, pos.state().checkers);
        assert_eq!(fresh.state().blockers, pos.state().blockers);
    }
    while let Some(m) = pos.last_move() {
        if m == Move::NULL { pos.undo_null_move() } else { pos.undo_move(m) }
    }
    assert!(pos.eq_including_clocks(&start) && pos.history() == start.history());
});
