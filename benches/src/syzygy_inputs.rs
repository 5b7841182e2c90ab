//! Inputs of the Syzygy bench and cross-check: python-chess's sdist's 3-4 piece tables
//! (downloaded into `target/` by `cargo xtask test`; GPL data, never committed) and random
//! legal positions of their materials.

use crate::Prng;
use lerf_position::{Board, Position};
use std::path::PathBuf;

/// The directory of the sdist's standard tables, if it is there.
pub fn tables_dir() -> Option<PathBuf> {
    let sdist =
        std::env::var_os("LERF_PYTHON_CHESS_SDIST").map(PathBuf::from).unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/python-chess/chess-1.11.2")
        });
    let dir = sdist.join("data/syzygy/regular");
    dir.is_dir().then_some(dir)
}

/// The materials of the 3-4 piece tables (White's side first).
pub const MATERIALS: [&str; 35] = [
    "KQvK", "KRvK", "KBvK", "KNvK", "KPvK", "KQQvK", "KQRvK", "KQBvK", "KQNvK", "KQPvK", "KRRvK",
    "KRBvK", "KRNvK", "KRPvK", "KBBvK", "KBNvK", "KBPvK", "KNNvK", "KNPvK", "KPPvK", "KQvKQ",
    "KQvKR", "KQvKB", "KQvKN", "KQvKP", "KRvKR", "KRvKB", "KRvKN", "KRvKP", "KBvKB", "KBvKN",
    "KBvKP", "KNvKN", "KNvKP", "KPvKP",
];

/// `n` random legal positions (no castling, en passant where a double step just made one
/// possible is not drawn), colours and side to move random, 50-move counter 0.
pub fn random_positions(n: usize, seed: u64) -> Vec<Board> {
    let mut rng = Prng::new(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let name = MATERIALS[(rng.next_u64() % MATERIALS.len() as u64) as usize];
        let (mut white, mut black) = name.split_once('v').expect("a table name");
        if rng.next_u64() & 1 == 1 {
            (white, black) = (black, white);
        }
        let mut grid = [None; 64];
        let mut ok = true;
        for (letters, upper) in [(white, true), (black, false)] {
            for ch in letters.chars() {
                let sq = loop {
                    let sq = (rng.next_u64() % 64) as usize;
                    if grid[sq].is_none() {
                        break sq;
                    }
                };
                if ch == 'P' && !(8..56).contains(&sq) {
                    ok = false;
                }
                grid[sq] = Some(if upper { ch } else { ch.to_ascii_lowercase() });
            }
        }
        if !ok {
            continue;
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match grid[rank * 8 + file] {
                    Some(c) => {
                        if empty > 0 {
                            fen.push_str(&empty.to_string());
                            empty = 0;
                        }
                        fen.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                fen.push_str(&empty.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let stm = if rng.next_u64() & 1 == 1 { 'w' } else { 'b' };
        if let Ok(pos) = Position::from_fen(&format!("{fen} {stm} - - 0 1")) {
            out.push(Board::from(&pos));
        }
    }
    out
}
