//! Shared inputs for lerf's benchmarks: fixed pseudo-random data, so every run measures the
//! same work.

pub mod report;

use lerf_bitboard::Bitboard;
use lerf_types::Square;

/// A small reproducible PRNG (xorshift64*).
#[derive(Debug, Clone)]
pub struct Prng(u64);

impl Prng {
    /// A generator from a non-zero seed.
    pub fn new(seed: u64) -> Prng {
        Prng(seed.max(1))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// `n` (square, occupancy) pairs with about a quarter of the board occupied, like a
/// middlegame.
pub fn lookup_inputs(n: usize) -> Vec<(Square, Bitboard)> {
    let mut rng = Prng::new(0x5eed);
    (0..n)
        .map(|_| {
            let sq = Square::from_index(rng.next_u64() as u8);
            let occ = rng.next_u64() & rng.next_u64();
            (sq, Bitboard(occ))
        })
        .collect()
}
