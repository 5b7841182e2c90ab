//! Games through JSON and back (`--features serde`).
#![cfg(feature = "serde")]

use lerf_pgn::{Game, GameBuilder, GameResult, Reader};

const SAMPLE: &[u8] = include_bytes!("../data/lichess-2025-05-sample.pgn");

#[test]
fn every_sample_game_round_trips_through_json() {
    let mut reader = Reader::new(SAMPLE);
    let mut builder = GameBuilder::new();
    let mut games = 0;
    while let Some(game) = reader.read_game(&mut builder) {
        let game = game.unwrap();
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        assert_eq!(back, game);
        assert_eq!(back.to_pgn(), game.to_pgn());
        games += 1;
    }
    assert!(games > 100, "{games}");
}

#[test]
fn a_game_reads_as_json_users_expect() {
    let pgn = "[White \"A\"]\n\n1. e4 $1 { best } (1. d4 d5) e5 1-0\n";
    let game = Reader::new(pgn.as_bytes()).read_game(&mut GameBuilder::new()).unwrap().unwrap();
    let json: serde_json::Value = serde_json::to_value(&game).unwrap();
    assert_eq!(json["tags"][0], serde_json::json!(["White", "A"]));
    assert_eq!(json["mainline"]["moves"][0]["san"], "e4");
    assert_eq!(json["mainline"]["moves"][0]["nags"][0], 1);
    assert_eq!(json["mainline"]["moves"][0]["variations"][0]["moves"][1]["san"], "d5");
    assert_eq!(json["result"], "1-0");
}

#[test]
fn a_bad_result_is_refused() {
    assert_eq!(serde_json::from_str::<GameResult>(r#""0-1""#).unwrap(), GameResult::BlackWins);
    let err = serde_json::from_str::<GameResult>(r#""2-0""#).unwrap_err().to_string();
    assert!(err.contains("not a game result"), "{err}");
}
