//! Networks made up for the tests that need no Stockfish: the file format written from
//! pseudo-random weights, raw (as Stockfish 15.1 writes it) or LEB128-compressed.

use super::positions::Rng;

const FEATURES: usize = 22_528;

fn leb128_block(values: impl Iterator<Item = i64>) -> Vec<u8> {
    let mut body = Vec::new();
    for mut v in values {
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
    let mut out = b"COMPRESSED_LEB128".to_vec();
    out.extend((body.len() as u32).to_le_bytes());
    out.extend(body);
    out
}

/// A network of `width` (a multiple of 64) whose weights come from `seed`.
pub fn network(width: usize, compressed: bool, seed: u64) -> Vec<u8> {
    let mut rng = Rng(seed);
    let mut small = |range: i64| (rng.next() % (2 * range as u64 + 1)) as i64 - range;
    let ft_hash = 0x7f23_4cb8u32 ^ (2 * width as u32);
    let stack_hash = 0x1234_5678u32;
    let mut out = Vec::new();
    out.extend(0x7af3_2f20u32.to_le_bytes());
    out.extend((ft_hash ^ stack_hash).to_le_bytes());
    let description = b"synthetic network for lerf-nnue's tests";
    out.extend((description.len() as u32).to_le_bytes());
    out.extend(description);
    out.extend(ft_hash.to_le_bytes());
    let bias: Vec<i64> = (0..width).map(|_| small(40) + 30).collect();
    let weights: Vec<i64> = (0..width * FEATURES).map(|_| small(30)).collect();
    let psqt: Vec<i64> = (0..8 * FEATURES).map(|_| small(3000)).collect();
    if compressed {
        out.extend(leb128_block(bias.into_iter()));
        out.extend(leb128_block(weights.into_iter()));
        out.extend(leb128_block(psqt.into_iter()));
    } else {
        bias.iter().for_each(|&v| out.extend((v as i16).to_le_bytes()));
        weights.iter().for_each(|&v| out.extend((v as i16).to_le_bytes()));
        psqt.iter().for_each(|&v| out.extend((v as i32).to_le_bytes()));
    }
    for _ in 0..8 {
        out.extend(stack_hash.to_le_bytes());
        (0..16).for_each(|_| out.extend((small(3000) as i32).to_le_bytes()));
        (0..16 * width).for_each(|_| out.push(small(60) as i8 as u8));
        (0..32).for_each(|_| out.extend((small(3000) as i32).to_le_bytes()));
        (0..32 * 32).for_each(|_| out.push(small(60) as i8 as u8));
        out.extend((small(3000) as i32).to_le_bytes());
        (0..32).for_each(|_| out.push(small(60) as i8 as u8));
    }
    out
}
