//! Any bytes as PGN: read through the game builder (written back and read again) and
//! through the replay; errors are fine, panics are not.
#![no_main]

use lerf_pgn::{GameBuilder, Reader, Replay};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut reader = Reader::new(data).with_max_token(4096);
    let mut builder = GameBuilder::new();
    while let Some(game) = reader.read_game(&mut builder) {
        if let Ok(game) = game {
            let written = game.to_pgn();
            let again = Reader::new(written.as_bytes()).read_game(&mut GameBuilder::new());
            assert!(matches!(again, Some(Ok(_))), "{written}");
        }
    }
    let mut reader = Reader::new(data);
    let mut replay = Replay::new().with_outcomes();
    while let Some(game) = reader.read_game(&mut replay) {
        let _ = game.map(|g| g.moves);
    }
});
