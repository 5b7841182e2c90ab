//! The threat-input networks of Stockfish 18 (its big network) and Stockfish 19, as npm's
//! WebAssembly builds hold them: their layout, read from the module's memory image (the
//! table in crates/nnue/README.md), and the errors this crate gives for them.

use crate::common::{npm, wasm};
use lerf_nnue::{Network, NetworkError};

const LEB128: &[u8] = b"COMPRESSED_LEB128";

/// A stretch of a network's feature transformer.
#[derive(Debug, PartialEq)]
enum Block {
    /// A LEB128 block: how many values it holds.
    Leb128(usize),
    /// Bytes stored as they are, up to the next LEB128 block.
    Raw(usize),
}

/// The offsets of the networks of version `version` in `bytes` (the word, then a hash, a
/// length and a description that starts as Stockfish's do).
fn networks(bytes: &[u8], version: u32) -> Vec<usize> {
    npm::offsets_of(bytes, version)
        .into_iter()
        .filter(|&at| bytes[at + 12..].starts_with(b"Network trained"))
        .collect()
}

fn u32_at(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize
}

/// The first `count` blocks after the header and the feature transformer's hash of the
/// network at `start`.
fn blocks(bytes: &[u8], start: usize, count: usize) -> Vec<Block> {
    let mut at = start + 12 + u32_at(bytes, start + 8) + 4;
    let mut out = Vec::new();
    while out.len() < count && at < bytes.len() {
        if bytes[at..].starts_with(LEB128) {
            let len = u32_at(bytes, at + LEB128.len());
            let data = &bytes[at + LEB128.len() + 4..][..len];
            out.push(Block::Leb128(data.iter().filter(|&&b| b < 0x80).count()));
            at += LEB128.len() + 4 + len;
        } else {
            let next = bytes[at..].windows(LEB128.len()).position(|w| w == LEB128);
            let Some(next) = next else { break };
            out.push(Block::Raw(next));
            at += next;
        }
    }
    out
}

#[test]
fn stockfish19_network_is_laid_out_as_documented_and_refused_by_its_version() {
    let Some(module) = npm::wasm("19.0.0") else { return };
    let image = wasm::memory_image(&module).expect("a WebAssembly module");
    let starts = networks(&image, 0x6a44_8afa);
    assert_eq!(starts.len(), 1, "one Stockfish 19 network in the memory image");
    // Two groups of extra inputs (raw 8-bit weights, then their PSQT weights), then
    // HalfKAv2_hm's: 59,808 + 4,560 + 22,528 = 86,896 inputs, the engine's own count.
    let expected = [
        Block::Leb128(1024),
        Block::Raw(59_808 * 1024),
        Block::Leb128(59_808 * 8),
        Block::Raw(4_560 * 1024),
        Block::Leb128(4_560 * 8),
        Block::Leb128(22_528 * 1024),
        Block::Leb128(22_528 * 8),
    ];
    assert_eq!(blocks(&image, starts[0], expected.len()), expected);
    let err = Network::from_bytes(&image[starts[0]..]).unwrap_err();
    assert_eq!(err, NetworkError::UnsupportedVersion { version: 0x6a44_8afa });
    assert!(err.to_string().contains("threat-input"));
}

#[test]
fn stockfish18_big_network_is_whole_only_in_the_memory_image() {
    let Some(module) = npm::wasm("18.0.8") else { return };
    let image = wasm::memory_image(&module).expect("a WebAssembly module");
    let big = |bytes: &[u8]| {
        networks(bytes, 0x7af3_2f20).into_iter().find(|&at| {
            matches!(
                Network::from_bytes(&bytes[at..]),
                Err(NetworkError::UnsupportedFeatures { .. })
            )
        })
    };
    // HalfKAv2_hm's version word, a threat-input transformer: nnue-rs 0.4.2's `Sfnnv10`.
    let start = big(&image).expect("Stockfish 18's big network, refused by its feature hash");
    let expected = [
        Block::Leb128(1024),
        Block::Raw(79_856 * 1024),
        Block::Leb128(22_528 * 1024),
        Block::Leb128((79_856 + 22_528) * 8),
    ];
    assert_eq!(blocks(&image, start, expected.len()), expected);
    // In the file's bytes the zero runs the data segments leave out are missing.
    let in_file = big(&module).expect("the header is in the file too");
    let short = blocks(&module, in_file, 2);
    assert_eq!(short[0], Block::Leb128(1024));
    assert!(matches!(short[1], Block::Raw(n) if n < 79_856 * 1024), "{short:?}");
}
