//! A whole network file, made up here (raw or LEB128-compressed, width 64), damaged where the
//! input says: bytes flipped, set, inserted or removed, the file cut. lerf-nnue's reader
//! answers with an error or a network; a network it reads evaluates a few positions to the
//! same numbers on the portable kernels and on the CPU's own, whatever the weights became.
//!
//! `nnue_network` feeds bare bytes, which rarely get past the header's checks; this target
//! starts every run from a file that reads, so the damage reaches the feature transformer's
//! blocks, the LEB128 decoder, the eight layer stacks and the hashes tying them together.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lerf_nnue::{Kernels, Network};
use lerf_position::Position;
use std::sync::OnceLock;

const FEATURES: usize = 22_528;
const WIDTH: usize = 64;

/// A pseudo-random value in `-range..=range`.
fn small(state: &mut u64, range: i64) -> i64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state % (2 * range as u64 + 1)) as i64 - range
}

fn leb128_block(out: &mut Vec<u8>, values: &[i64]) {
    let mut body = Vec::new();
    for &value in values {
        let mut v = value;
        loop {
            let byte = (v & 0x7f) as u8;
            v >>= 7;
            let done = (v == 0 && byte & 0x40 == 0) || (v == -1 && byte & 0x40 != 0);
            body.push(if done { byte } else { byte | 0x80 });
            if done {
                break;
            }
        }
    }
    out.extend(b"COMPRESSED_LEB128");
    out.extend((body.len() as u32).to_le_bytes());
    out.extend(body);
}

/// A network file in Stockfish's layout with made-up weights.
fn made_up(compressed: bool) -> Vec<u8> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut rand = |range| small(&mut state, range);
    let ft_hash = 0x7f23_4cb8u32 ^ (2 * WIDTH as u32);
    let stack_hash = 0x1234_5678u32;
    let mut out = Vec::new();
    out.extend(0x7af3_2f20u32.to_le_bytes());
    out.extend((ft_hash ^ stack_hash).to_le_bytes());
    let description = b"made up by the nnue_damaged fuzz target";
    out.extend((description.len() as u32).to_le_bytes());
    out.extend(description);
    out.extend(ft_hash.to_le_bytes());
    let bias: Vec<i64> = (0..WIDTH).map(|_| rand(40) + 30).collect();
    let weights: Vec<i64> = (0..WIDTH * FEATURES).map(|_| rand(30)).collect();
    let psqt: Vec<i64> = (0..8 * FEATURES).map(|_| rand(3000)).collect();
    if compressed {
        leb128_block(&mut out, &bias);
        leb128_block(&mut out, &weights);
        leb128_block(&mut out, &psqt);
    } else {
        bias.iter().for_each(|&v| out.extend((v as i16).to_le_bytes()));
        weights.iter().for_each(|&v| out.extend((v as i16).to_le_bytes()));
        psqt.iter().for_each(|&v| out.extend((v as i32).to_le_bytes()));
    }
    for _ in 0..8 {
        out.extend(stack_hash.to_le_bytes());
        (0..16).for_each(|_| out.extend((rand(3000) as i32).to_le_bytes()));
        (0..16 * WIDTH).for_each(|_| out.push(rand(60) as i8 as u8));
        (0..32).for_each(|_| out.extend((rand(3000) as i32).to_le_bytes()));
        (0..32 * 32).for_each(|_| out.push(rand(60) as i8 as u8));
        out.extend((rand(3000) as i32).to_le_bytes());
        (0..32).for_each(|_| out.push(rand(60) as i8 as u8));
    }
    out
}

fn files() -> &'static [Vec<u8>; 2] {
    static FILES: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    FILES.get_or_init(|| [made_up(false), made_up(true)])
}

fn positions() -> &'static [Position] {
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
    let native: Vec<i32> = positions()
        .iter()
        .map(|pos| net.evaluate(pos).expect("a legal position evaluates"))
        .collect();
    let portable = net.with_kernels(Kernels::Portable);
    for (pos, &value) in positions().iter().zip(&native) {
        let again = portable.evaluate(pos).expect("a legal position evaluates");
        assert_eq!(again, value, "the kernels disagree on {pos:?}");
    }
});
