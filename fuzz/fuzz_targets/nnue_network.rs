//! Arbitrary bytes as a network file: lerf-nnue's reader answers with a network or an error,
//! never a panic, however the header, the LEB128 blocks or the lengths are damaged.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = lerf_nnue::Network::from_bytes(data) {
        let _ = e.to_string();
    }
});
