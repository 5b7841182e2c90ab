//! Arbitrary bytes as a binpack: lerf-binpack's reader gives entries and then, at a fault,
//! an error naming the chunk and byte; never a panic, never an illegal move.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for entry in lerf_binpack::Reader::new(data) {
        match entry {
            Ok(e) => {
                let _ = e.board.occupied();
            }
            Err(e) => {
                let _ = e.to_string();
                break;
            }
        }
    }
});
