//! Any text as SAN on the Lichess variants' boards (the first byte picks the variant and
//! Chess960, the first line after it is a FEN, else the variant's start), along a fuzzed
//! game: parsing and writing never panic; on a board standard chess calls valid, an
//! accepted SAN is a legal move of the variant and the SAN lerf writes for it reads back
//! to it.
#![no_main]

use lerf_rules::variant::{Variant, VariantBoard};
use lerf_san::variant::{parse_variant_san, variant_san};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let variant = Variant::ALL[usize::from(first) % Variant::ALL.len()];
    let chess960 = first & 0x80 != 0;
    let text = String::from_utf8_lossy(rest);
    let (fen, words) = text.split_once('\n').unwrap_or(("", &text));
    let start = VariantBoard::from_fen(variant, fen, chess960)
        .or_else(|_| VariantBoard::from_fen(variant, variant.starting_fen(), chess960));
    let Ok(mut board) = start else { return };
    for (i, word) in words.split(' ').enumerate() {
        let legal = board.legal_moves();
        let parsed = parse_variant_san(&board, word);
        if let (Ok(m), true) = (parsed, board.board.is_valid()) {
            assert!(m.is_null() || legal.contains(&m), "{word:?} in {variant:?} {}", board.fen());
            if !m.is_null() {
                let written = variant_san(&board, m, false).expect("a legal move moves a piece");
                let again = parse_variant_san(&board, &written);
                assert_eq!(
                    again.ok(),
                    Some(m),
                    "{written:?} for {word:?} in {variant:?} {}",
                    board.fen()
                );
            }
        }
        let Some(&m) = legal.get(i % legal.len().max(1)) else { return };
        board = board.play_unchecked(m);
    }
});
