//! A whole network file, made up by lerf-nnue's tests' writer (raw or LEB128-compressed,
//! width 64), damaged where the input says: bytes flipped, set, inserted or removed, the file
//! cut. lerf-nnue's reader answers with an error or a network; a network it reads evaluates a
//! few positions to the same numbers on the portable kernels and on the CPU's own, whatever
//! the weights became.
//!
//! `nnue_network` feeds bare bytes, which rarely get past the header's checks; this target
//! starts every run from a file that reads, so the damage reaches the feature transformer's
//! blocks, the LEB128 decoder, the eight layer stacks and the hashes tying them together.
#![no_main]

use lerf_nnue::{Kernels, Network};
use lerf_position::Position;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

// The tests' writer of made-up networks (Stockfish's layout, pseudo-random weights),
// shared rather than copied.
#[path = "../../crates/nnue/tests/nnue/common/synthetic.rs"]
mod synthetic;

/// What `synthetic` takes from the tests' `positions` module: a generator (here splitmix64;
/// any spread of weights will do).
mod positions {
    pub struct Rng(pub u64);

    impl Rng {
        pub fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let z = (self.0 ^ (self.0 >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
    }
}

fn files() -> &'static [Vec<u8>; 2] {
    static FILES: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    FILES.get_or_init(|| [synthetic::network(64, false, 7), synthetic::network(64, true, 7)])
}

fn boards() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2k5/8/8/8/8/5K2/7Q w - - 0 1",
        ]
        .iter()
        .map(|fen| fen.parse().expect("a legal FEN"))
        .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, edits)) = data.split_first() else { return };
    let mut bytes = files()[usize::from(first & 1)].clone();
    // Each edit is five bytes: what to do, and where (counted from the start or, for the
    // layer stacks, from the end; the header and the stacks are where the structure is).
    for edit in edits.chunks_exact(5) {
        if bytes.is_empty() {
            break;
        }
        let raw = u32::from_le_bytes([edit[1], edit[2], edit[3], 0]) as usize % bytes.len();
        let at = if edit[0] & 0x80 != 0 { bytes.len() - 1 - raw } else { raw };
        let value = edit[4];
        match edit[0] & 0x7 {
            0 | 1 => bytes[at] ^= value,
            2 => bytes[at] = value,
            3 => bytes.insert(at, value),
            4 => {
                let end = (at + usize::from(value) + 1).min(bytes.len());
                bytes.drain(at..end);
            }
            5 => bytes.truncate(at),
            // A four-byte word set to an extreme: lengths and hashes.
            _ => {
                let word = if value & 1 == 0 { u32::MAX } else { 0x8000_0000 };
                let end = (at + 4).min(bytes.len());
                bytes[at..end].copy_from_slice(&word.to_le_bytes()[..end - at]);
            }
        }
    }
    let net = match Network::from_bytes(&bytes) {
        Ok(net) => net,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let native: Vec<i32> =
        boards().iter().map(|pos| net.evaluate(pos).expect("a legal position evaluates")).collect();
    let portable = net.with_kernels(Kernels::Portable);
    for (pos, &value) in boards().iter().zip(&native) {
        let again = portable.evaluate(pos).expect("a legal position evaluates");
        assert_eq!(again, value, "the kernels disagree on {pos:?}");
    }
});
