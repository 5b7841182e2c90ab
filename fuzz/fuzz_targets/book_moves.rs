//! Polyglot books of fuzzed move words: the input plays a game (a byte picks each move) and
//! gives, for each position, entries of that position's key with the input's move, weight
//! and learn words, among entries of fuzzed keys; the bytes are read as a book, sorted by
//! key as books are, or as they come. Reading never panics, and every move the book gives
//! a position is legal there.
#![no_main]

use lerf_movegen::legal_moves;
use lerf_position::{Book, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, data)) = data.split_first() else { return };
    let mut pos = Position::startpos();
    let mut positions = Vec::new();
    let mut records: Vec<[u8; 16]> = Vec::new();
    for chunk in data.chunks(9) {
        let [pick, rest @ ..] = chunk else { break };
        let mut record = [0u8; 16];
        // A fuzzed key where the chunk's second byte says so, else the position's own.
        let key = if rest.first().is_some_and(|b| b & 0x80 != 0) {
            u64::from_le_bytes(core::array::from_fn(|i| rest.get(i).copied().unwrap_or(0)))
        } else {
            pos.polyglot_key()
        };
        record[..8].copy_from_slice(&key.to_be_bytes());
        for (slot, &b) in record[8..].iter_mut().zip(rest) {
            *slot = b;
        }
        records.push(record);
        positions.push(pos.clone());
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos.do_move(moves[usize::from(*pick) % moves.len()]);
    }
    if mode & 1 == 1 {
        records.sort_by_key(|r| u64::from_be_bytes(r[..8].try_into().unwrap()));
    }
    let bytes: Vec<u8> = records.concat();
    let book = Book::new(&bytes[..]).expect("whole records");
    for pos in &positions {
        let legal = legal_moves(pos);
        for (entry, m) in book.moves(pos) {
            assert!(legal.contains(&m), "{entry:?} gave {m:?} in {}", pos.to_fen());
        }
    }
    // A length that is not whole records is an error.
    if !bytes.is_empty() {
        assert!(Book::new(&bytes[1..]).is_err());
    }
});
