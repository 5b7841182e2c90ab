//! Positions for the oracle tests: random games from the start and from Chess960 starts, the
//! Lichess sample's games, and positions chosen for castling rights, en passant, promotions
//! and kings crossing the middle.

use lerf_movegen::legal_moves;
use lerf_position::{Position, chess960_back_rank};
use lerf_types::{Move, MoveKind};

/// A small deterministic generator (xorshift64*).
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

/// A random legal move, preferring promotions, en passant, castling and captures now and
/// then so the games reach them.
pub fn random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let moves = legal_moves(pos);
    if moves.is_empty() {
        return None;
    }
    let special: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            matches!(m.kind(), MoveKind::Promotion | MoveKind::EnPassant | MoveKind::Castling)
        })
        .collect();
    if !special.is_empty() && rng.below(2) == 0 {
        return Some(special[rng.below(special.len())]);
    }
    Some(moves.as_slice()[rng.below(moves.len())])
}

/// The FEN of Chess960 start `index` with all four castling rights.
pub fn chess960_start(index: u16) -> Position {
    let rank: String = chess960_back_rank(index).unwrap().iter().map(|pt| pt.to_char()).collect();
    let fen = format!("{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1", rank, rank.to_uppercase());
    Position::from_fen_960(&fen).unwrap()
}

/// Every position of `games` random games of up to `plies` plies from `start`.
pub fn random_games(
    start: impl Fn(usize) -> Position,
    games: usize,
    plies: usize,
    seed: u64,
) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = start(g);
        out.push(pos.clone());
        for _ in 0..plies {
            let Some(m) = random_move(&pos, &mut rng) else { break };
            pos.do_move(m);
            out.push(pos.clone());
        }
    }
    out
}

/// The positions of the Lichess sample's games (the PGN under lerf-pgn's test data), up to
/// `limit` of them.
pub fn lichess(limit: usize) -> Vec<Position> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../pgn/tests/data/lichess-2025-05-sample.pgn");
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for game in text.split("\n[Event ").filter(|g| !g.contains("[FEN ")) {
        let movetext: String =
            game.lines().filter(|l| !l.trim_end().ends_with(']')).collect::<Vec<_>>().join(" ");
        let mut pos = Position::startpos();
        let mut depth = 0;
        let mut clean = String::new();
        for c in movetext.chars() {
            match c {
                '{' | '(' => depth += 1,
                '}' | ')' => depth -= 1,
                _ if depth == 0 => clean.push(c),
                _ => {}
            }
        }
        for token in clean.split_whitespace() {
            let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if token.is_empty()
                || token.starts_with('$')
                || ["1-0", "0-1", "1/2-1/2", "*"].contains(&token)
            {
                continue;
            }
            let Ok(m) = lerf_san::parse_san(&pos, token) else { break };
            pos.do_move(m);
            out.push(pos.clone());
            if out.len() >= limit {
                return out;
            }
        }
    }
    out
}

/// Positions set up for the cases the issue names.
pub fn chosen() -> Vec<Position> {
    [
        "r3k2r/pppq1ppp/2n1bn2/3pp3/3PP3/2N1BN2/PPPQ1PPP/R3K2R w KQkq - 0 9",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/1P4k1/8/8/8/8/6K1/8 w - - 0 1",
        "1n2k3/1P6/8/8/8/8/6K1/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/3K4 w - - 0 1",
        "3k4/8/8/8/8/8/8/4K3 b - - 0 1",
        "rnbq1bnr/ppppkppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR w - - 2 3",
        "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    ]
    .iter()
    .map(|fen| Position::from_fen(fen).unwrap())
    .collect()
}

/// The usual mix: about `n` positions.
pub fn mix(n: usize) -> Vec<Position> {
    let mut out = chosen();
    out.extend(random_games(|_| Position::startpos(), n / 120 + 1, 120, 0x9e37_79b9_7f4a_7c15));
    out.extend(random_games(
        |g| chess960_start((g * 137 % 960) as u16),
        n / 160 + 1,
        80,
        0x0123_4567_89ab_cdef,
    ));
    out.extend(lichess(n / 4));
    out
}
