//! Every game of the Lichess sample (438 games, `tests/data`) against python-chess 1.11.2:
//! the SAN lerf writes for each mainline move, the FEN after it, and the outcome at the end
//! (`tests/data/make_expected.py`). Then read, write and read again gives the same games.

use lerf_pgn::{GameBuilder, Reader, Replay};
use lerf_position::{Outcome, Termination};
use lerf_types::Color;

const SAMPLE: &str = include_str!("../data/lichess-2025-05-sample.pgn");
const EXPECTED: &str = include_str!("../data/lichess-2025-05-sample.expected");

fn outcome_text(outcome: Option<Outcome>) -> String {
    let Some(o) = outcome else { return "none".to_owned() };
    let termination = match o.termination {
        Termination::Checkmate => "checkmate",
        Termination::Stalemate => "stalemate",
        Termination::InsufficientMaterial => "insufficient_material",
        Termination::SeventyFiveMoves => "seventyfive_moves",
        Termination::FivefoldRepetition => "fivefold_repetition",
        Termination::FiftyMoves => "fifty_moves",
        Termination::ThreefoldRepetition => "threefold_repetition",
    };
    let winner = match o.winner {
        Some(Color::White) => "white",
        Some(Color::Black) => "black",
        None => "draw",
    };
    format!("{termination} {winner}")
}

#[test]
fn san_fen_and_outcome_match_python_chess_on_every_game() {
    let mut reader = Reader::new(SAMPLE.as_bytes());
    let mut replay = Replay::new().with_fens().with_outcomes();
    let mut got = String::new();
    let mut games = 0;
    while let Some(game) = reader.read_game(&mut replay) {
        let game = game.unwrap_or_else(|e| panic!("{e}"));
        got.push_str(&game.fens);
        got.push_str(&format!("outcome\t{}\n\n", outcome_text(game.outcome)));
        games += 1;
    }
    assert_eq!(games, 438);
    let mismatches: Vec<(usize, &str, &str)> = EXPECTED
        .lines()
        .zip(got.lines())
        .enumerate()
        .filter(|(_, (want, have))| want != have)
        .map(|(i, (want, have))| (i + 1, want, have))
        .take(5)
        .collect();
    assert!(mismatches.is_empty(), "first differences (line, python-chess, lerf): {mismatches:#?}");
    assert_eq!(EXPECTED.lines().count(), got.lines().count());
}

#[test]
fn read_write_read_gives_the_same_games() {
    let mut builder = GameBuilder::new();
    let mut reader = Reader::new(SAMPLE.as_bytes());
    let games: Vec<_> = std::iter::from_fn(|| reader.read_game(&mut builder))
        .map(|g| g.unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let written: String = games.iter().map(|g| g.to_pgn()).collect();
    // Movetext lines stay within 80 characters (a tag line is as long as its value).
    for line in written.lines().filter(|l| !l.starts_with('[')) {
        assert!(line.chars().count() <= lerf_pgn::LINE_WIDTH, "{line}");
    }
    let mut again = Reader::new(written.as_bytes());
    let reread: Vec<_> = std::iter::from_fn(|| again.read_game(&mut builder))
        .map(|g| g.unwrap_or_else(|e| panic!("{e}")))
        .collect();
    assert_eq!(games.len(), 438);
    assert_eq!(reread, games);
    // The seven-tag roster comes first, in order.
    assert!(written.starts_with("[Event \"Rated Blitz game\"]\n[Site "));
}
