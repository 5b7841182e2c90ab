//! Helpers shared by this crate's integration tests.
#![allow(dead_code)]

use lerf_position::Position;
use lerf_types::Move;

/// The FEN of every line of a suite file.
pub fn suite_fens(text: &str) -> Vec<&str> {
    text.lines()
        .map(|l| l.split(';').next().unwrap_or("").trim())
        .filter(|f| !f.is_empty())
        .collect()
}

/// Every legal move, found by trying all 65,536 16-bit values through `is_pseudo_legal` and
/// `is_legal`: slow, but independent of any move generator.
pub fn brute_force_legal_moves(pos: &Position) -> Vec<Move> {
    (0..=u16::MAX)
        .map(Move::from_bits)
        .filter(|&m| pos.is_pseudo_legal(m) && pos.is_legal(m))
        .collect()
}

/// A small reproducible PRNG (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
