//! Any bytes as an EPD (the first byte chooses Chess960): reading never panics; an EPD that
//! reads writes operations that read back (the same four fields, as many operations), and
//! the EPD written from that reading is written again the same (a fixed point: `am`/`bm`
//! are sorted on writing, as python-chess sorts them, so the first text need not be).
#![no_main]

use lerf_san::epd::{EpdOperand, parse_epd, write_operations};
use libfuzzer_sys::fuzz_target;

/// A board's four EPD fields, as its FEN writes them.
fn fields(board: &lerf_rules::LooseBoard) -> String {
    let mut out = String::new();
    board.write_epd(&mut out, false, lerf_rules::EnPassantMode::Legal, false).expect("a String");
    out
}

/// The EPD of a board and its operations: its four fields, then the operations.
fn written(board: &lerf_rules::LooseBoard, ops: &[lerf_san::epd::Operation]) -> Option<String> {
    let ops = write_operations(board, ops).ok()?;
    Some(format!("{} {ops}", fields(board)))
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let chess960 = first & 1 == 1;
    let Ok((board, ops)) = parse_epd(&text, chess960) else { return };
    // Moves are read as SAN in standard chess; a Chess960 board writes castling otherwise.
    if chess960 {
        return;
    }
    // A null move is written `--`, which leads an operand into being read as a number:
    // python-chess 1.11 cannot read back its own `bm -- Bb5;` either.
    let null = |op: &(String, EpdOperand)| match &op.1 {
        EpdOperand::Move(m) => m.is_null(),
        EpdOperand::Moves(moves) => moves.iter().any(|m| m.is_null()),
        _ => false,
    };
    if ops.iter().any(null) {
        return;
    }
    // A board whose FEN does not read back the same (two kings of a colour: the castling
    // rights are cleaned again on each reading; pieces marked promoted with `~`, which a
    // standard FEN does not write and which python-chess's check test sees on a king) is
    // left out: python-chess 1.11 does the same to it, and that is the FEN's behaviour,
    // not the EPD's.
    let fen = board.fen();
    let promoted = board.layout.promoted.any();
    if promoted || lerf_rules::LooseBoard::from_fen(&fen, false).map(|b| b.fen()) != Ok(fen) {
        return;
    }
    let Some(once) = written(&board, &ops) else { return };
    let (again, again_ops) = parse_epd(&once, false)
        .unwrap_or_else(|e| panic!("{once:?}, written from {text:?}, does not read back: {e}"));
    // The counters are not an EPD's unless `hmvc` and `fmvn` say them (as in python-chess).
    assert_eq!(fields(&again), fields(&board), "{once:?} from {text:?}");
    assert_eq!(again_ops.len(), ops.len(), "{once:?} from {text:?}");
    let twice = written(&again, &again_ops).expect("written once, so again");
    assert_eq!(twice, once, "from {text:?}");
});
