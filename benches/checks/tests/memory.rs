//! What a stored position costs: 100,000 positions parsed from random FENs and held in a
//! `Vec` take at most 512 bytes each, heap included (counted in glibc malloc chunks).

use lerf_benches::heap::{CountingAllocator, bytes_per_value};
use lerf_position::Position;
use std::sync::Mutex;

#[global_allocator]
static HEAP: CountingAllocator = CountingAllocator;

const COUNT: usize = 100_000;

/// The heap counters are process-wide: the tests of this file take turns.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

#[test]
fn parsed_positions_take_at_most_512_bytes_each() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let fens = lerf_benches::random_game_fens(COUNT, 0x51ab);
    let (per_position, positions) = bytes_per_value(COUNT, || {
        let mut positions = Vec::with_capacity(COUNT);
        positions.extend(fens.iter().map(|f| Position::from_fen(f).expect("valid FEN")));
        positions
    });
    assert_eq!(positions.len(), COUNT);
    assert!(per_position <= 512.0, "{per_position} bytes per parsed position");
}

#[test]
fn clones_and_start_positions_hold_only_their_state() {
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut played = Position::startpos();
    for text in ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"] {
        played.play_uci(text).expect("legal");
    }
    for _ in 0..6 {
        let m = played.last_move().expect("a move was played");
        played.undo_move(m);
    }
    // The original keeps six spare state slots for reuse; a clone keeps only what it uses.
    let (per_clone, clones) = bytes_per_value(1000, || vec![played.clone(); 1000]);
    let (per_start, starts) = bytes_per_value(1000, || vec![Position::startpos(); 1000]);
    assert_eq!((clones.len(), starts.len()), (1000, 1000));
    assert!(per_clone <= 512.0, "{per_clone} bytes per clone");
    assert!(per_start <= 512.0, "{per_start} bytes per start position");
}
