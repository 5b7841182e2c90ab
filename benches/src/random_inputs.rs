//! Reproducible pseudo-random inputs: a small PRNG, slider look-ups, positions of random
//! games.

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
            let sq = Square::from_index_wrapping(rng.next_u64() as u8);
            let occ = rng.next_u64() & rng.next_u64();
            (sq, Bitboard(occ))
        })
        .collect()
}

/// FENs of `n` positions from random games, the same for every run: each game starts at the
/// standard position and plays uniformly random legal moves until mate, stalemate or 200
/// plies, and each position along the way is kept with probability 1/4. The set mixes
/// openings, middlegames and endgames, with castling rights and en-passant squares.
pub fn random_game_fens(n: usize, seed: u64) -> Vec<String> {
    let mut rng = Prng::new(seed);
    let mut fens = Vec::with_capacity(n);
    while fens.len() < n {
        let mut pos = lerf_position::Position::startpos();
        for _ in 0..200 {
            let moves = lerf_movegen::legal_moves(&pos);
            if moves.is_empty() || fens.len() == n {
                break;
            }
            pos.do_move(moves[(rng.next_u64() % moves.len() as u64) as usize]);
            if rng.next_u64().is_multiple_of(4) {
                fens.push(pos.to_fen());
            }
        }
    }
    fens
}
