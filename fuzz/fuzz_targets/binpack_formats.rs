//! Any bytes as Stockfish's two other training formats: the first 40 as a `.bin` record,
//! all of them as `.plain` text. Reading never panics; an entry read has a legal move (or
//! none) and a result of -1, 0 or 1, and it comes back unchanged (its 50-move counter
//! included) through each format that can hold it: `.bin`, `.plain` and a binpack.
#![no_main]

use lerf_binpack::{
    BIN_ENTRY, Entry, PlainReader, Reader, Writer, pack_bin, unpack_bin, write_plain,
};
use lerf_position::Position;
use lerf_types::Move;
use libfuzzer_sys::fuzz_target;

/// An entry read from either format: what must hold, and its round trips.
fn check(entry: &Entry, from: &str) {
    assert!((-1..=1).contains(&entry.result), "{from}: a result of {}", entry.result);
    let pos = Position::from(&entry.board);
    if let Err(e) = pos.pos_is_ok(true) {
        panic!("{from}: {:?} is not a consistent position: {e:?}", entry.board);
    }
    if entry.mv != Move::NULL {
        let legal = lerf_movegen::legal_moves(&pos);
        assert!(legal.as_slice().contains(&entry.mv), "{from}: {:?} is not legal", entry.mv);
    }
    let same = |e: &Entry| *e == *entry && e.board.rule50_count() == entry.board.rule50_count();
    if let Ok(bytes) = pack_bin(entry) {
        let back = unpack_bin(&bytes).unwrap_or_else(|e| panic!("{from}: .bin refused: {e}"));
        assert!(same(&back), "{from}: .bin gave {back:?} for {entry:?}");
    }
    let mut text = Vec::new();
    write_plain(&mut text, entry).expect("into memory");
    let back: Vec<_> = PlainReader::new(&text[..]).collect();
    match back.as_slice() {
        [Ok(back)] => assert!(same(back), "{from}: .plain gave {back:?} for {entry:?}"),
        other => panic!("{from}: .plain {:?} read as {other:?}", String::from_utf8_lossy(&text)),
    }
    let mut writer = Writer::new(Vec::new());
    if entry.mv != Move::NULL && writer.write(entry).is_ok() {
        let bytes = writer.finish().expect("into memory");
        let back: Vec<_> = Reader::new(&bytes[..]).collect();
        match back.as_slice() {
            [Ok(back)] => assert!(same(back), "{from}: a binpack gave {back:?} for {entry:?}"),
            other => panic!("{from}: a binpack of {entry:?} read as {other:?}"),
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if let Some(record) = data.first_chunk::<BIN_ENTRY>() {
        match unpack_bin(record) {
            Ok(entry) => check(&entry, ".bin"),
            Err(e) => drop(e),
        }
    }
    for entry in PlainReader::new(data) {
        match entry {
            Ok(entry) => check(&entry, ".plain"),
            Err(e) => drop(e.to_string()),
        }
    }
});
