//! The Lichess sample's standard games (lerf-pgn's test data) as moves and results, for the
//! benches that replay real games move by move (NNUE, binpack).

use lerf_position::Position;
use lerf_types::Move;

/// One game: its moves from the standard start, and its result for White (1, 0, -1).
pub struct SampleGame {
    /// The mainline.
    pub moves: Vec<Move>,
    /// 1 for a White win, -1 for a Black win, 0 otherwise.
    pub result: i16,
}

/// The sample's games without a `FEN` tag, comments and variations left out.
pub fn sample_games() -> Vec<SampleGame> {
    let path =
        concat!(env!("CARGO_MANIFEST_DIR"), "/../crates/pgn/tests/data/lichess-2025-05-sample.pgn");
    let text = std::fs::read_to_string(path).expect("the Lichess sample");
    let mut out = Vec::new();
    for game in text.split("\n[Event ").filter(|g| !g.contains("[FEN ")) {
        let result = if game.contains("\"1-0\"") {
            1
        } else if game.contains("\"0-1\"") {
            -1
        } else {
            0
        };
        let (mut depth, mut clean) = (0, String::new());
        for line in game.lines().filter(|l| !l.trim_end().ends_with(']')) {
            for c in line.chars().chain([' ']) {
                match c {
                    '{' | '(' => depth += 1,
                    '}' | ')' => depth -= 1,
                    _ if depth == 0 => clean.push(c),
                    _ => {}
                }
            }
        }
        let (mut pos, mut moves) = (Position::startpos(), Vec::new());
        for token in clean.split_whitespace() {
            let token = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let Ok(m) = lerf_san::parse_san(&pos, token) else { continue };
            pos.do_move(m);
            moves.push(m);
        }
        out.push(SampleGame { moves, result });
    }
    out
}
