//! Any text as SAN on the boards the Python package plays on (`LooseBoard`, python-chess's
//! rules), from a fuzzed FEN (the input's first line; the start position where it reads
//! none) along a fuzzed game: parsing never panics; where each side has one king, an
//! accepted SAN is a legal move, and the SAN lerf writes for it reads back to it.
#![no_main]

use lerf_rules::LooseBoard;
use lerf_san::loose::{loose_san, parse_loose_san};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (fen, words) = text.split_once('\n').unwrap_or(("", &text));
    let mut board = LooseBoard::from_fen(fen, false).unwrap_or_default();
    for (i, word) in words.split(' ').enumerate() {
        let legal = board.legal_moves();
        let layout = &board.layout;
        let one_king = layout.by_color.iter().all(|&side| (side & layout.kings).popcount() == 1);
        // With several kings of a side (or none), python-chess 1.11's castling SAN can name a
        // move its generator does not give (`0-0+` with a second black king), and lerf does
        // as it does: only reading without a panic is asked there.
        if let (Ok(m), true) = (parse_loose_san(&board, word), one_king) {
            assert!(m.is_null() || legal.contains(&m), "{word:?} in {}", board.fen());
            if !m.is_null() {
                let written = loose_san(&board, m).expect("a legal move moves a piece");
                let again = parse_loose_san(&board, &written);
                assert_eq!(again.ok(), Some(m), "{written:?} for {word:?} in {}", board.fen());
            }
        }
        let Some(&m) = legal.get(i % legal.len().max(1)) else { return };
        board = board.play(m).expect("a legal move plays");
    }
});
