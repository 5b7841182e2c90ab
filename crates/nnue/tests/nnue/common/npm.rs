//! Networks cut out of the npm package `stockfish`'s WebAssembly builds, fetched into
//! `target/oracle/npm` by `.ci/fetch-oracles`: each network's file name is the start of its
//! SHA-256, which says the cut is exact.

use lerf_nnue::Network;
use sha2::{Digest, Sha256};
use std::path::PathBuf;

fn oracle_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/oracle"))
}

/// The bytes of `stockfish-<version>-single.wasm`, or `None` with a message.
pub fn wasm(version: &str) -> Option<Vec<u8>> {
    let major = version.split('.').next().unwrap();
    let path = oracle_dir()
        .join(format!("npm/stockfish-{version}/package/bin/stockfish-{major}-single.wasm"));
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(_) => {
            eprintln!("skipped: {} is missing (run .ci/fetch-oracles)", path.display());
            None
        }
    }
}

/// Every offset of `word` (little-endian) in `bytes`.
pub fn offsets_of(bytes: &[u8], word: u32) -> Vec<usize> {
    let word = word.to_le_bytes();
    bytes.windows(4).enumerate().filter(|(_, w)| *w == word).map(|(i, _)| i).collect()
}

/// Stockfish 18's small network, `nn-37f18f62d772.nnue`, cut out once into `target/oracle`.
pub fn stockfish18_small() -> Option<PathBuf> {
    let path = oracle_dir().join("nn-37f18f62d772.nnue");
    if path.exists() {
        return Some(path);
    }
    let wasm = wasm("18.0.8")?;
    // The reader finds the networks: it says where each ends.
    for range in Network::find_in(&wasm) {
        let bytes = &wasm[range];
        let digest = Sha256::digest(bytes);
        let name: String = digest[..6].iter().map(|b| format!("{b:02x}")).collect();
        if name == "37f18f62d772" {
            let tmp = oracle_dir().join(format!("cut-{}.nnue", std::process::id()));
            std::fs::write(&tmp, bytes).unwrap();
            std::fs::rename(&tmp, &path).unwrap();
            return Some(path);
        }
    }
    panic!("no network nn-37f18f62d772 in stockfish-18-single.wasm");
}
