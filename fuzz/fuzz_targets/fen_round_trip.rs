//! Any text as FEN: refused with an error, or read into a position that passes every
//! consistency check and whose FEN reads back to the same position with the same counters.
#![no_main]

use lerf_position::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for parse in [Position::from_fen, Position::from_fen_960] {
        let Ok(pos) = parse(text) else { continue };
        assert_eq!(pos.pos_is_ok(true), Ok(()), "{text}");
        let fen = pos.to_fen();
        let again = parse(&fen).unwrap_or_else(|e| panic!("{fen} does not read back: {e}"));
        assert!(again.eq_including_clocks(&pos), "{text} -> {fen}");
        assert_eq!(again.to_fen(), fen);
    }
});
