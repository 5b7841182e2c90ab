//! Helpers shared by this crate's integration tests.
#![allow(dead_code)]

use lerf_movegen::legal_moves;
use lerf_position::Position;

/// One line of a perft suite: the FEN and its `(depth, nodes)` pairs.
pub struct SuiteLine<'a> {
    pub line: usize,
    pub fen: &'a str,
    pub counts: Vec<(u32, u64)>,
}

/// Parses a suite written as `FEN ;D1 n ;D2 n ...`.
/// Every exact suite in `tests/data` (the impossible positions aside), for tests that
/// check a property on all of them.
pub const ALL_SUITES: [&str; 4] = [
    include_str!("../../data/standard.epd"),
    include_str!("../../data/tricky.epd"),
    include_str!("../../data/tricky960.epd"),
    include_str!("../../data/chess960.epd"),
];

pub fn parse_suite(text: &str) -> Vec<SuiteLine<'_>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let mut fields = l.split(';');
            let fen = fields.next().unwrap_or("").trim();
            let counts = fields
                .map(|f| {
                    let mut words = f.split_whitespace();
                    let depth =
                        words.next().and_then(|d| d.strip_prefix('D')).and_then(|d| d.parse().ok());
                    let nodes = words.next().and_then(|n| n.parse().ok());
                    (depth.expect("depth"), nodes.expect("nodes"))
                })
                .collect();
            SuiteLine { line: i + 1, fen, counts }
        })
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

/// Positions along random games from `fen`: the start and every position after a move.
pub fn random_game_positions(fen: &str, seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut pos = Position::from_fen(fen).unwrap();
    let mut out = vec![pos.clone()];
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos.do_move(moves[rng.below(moves.len())]);
        out.push(pos.clone());
    }
    out
}
