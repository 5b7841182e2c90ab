//! Game endings against python-chess 1.11.2: `outcome()` and `outcome_with_claims()` after
//! every move of 325 random games (`tests/data/make_outcomes.py`) with shuttling pieces,
//! long reversible stretches and bare endgames.

use lerf_position::{Outcome, Position};
use lerf_types::Color;

fn code(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "-".to_owned(),
        Some(o) => {
            let winner = match o.winner {
                Some(Color::White) => "white",
                Some(Color::Black) => "black",
                None => "draw",
            };
            let name = format!("{:?}", o.termination);
            // CamelCase to python-chess's snake_case names.
            let mut snake = String::new();
            for (i, c) in name.chars().enumerate() {
                if c.is_uppercase() && i > 0 {
                    snake.push('_');
                }
                snake.push(c.to_ascii_lowercase());
            }
            let snake = snake.replace("seventy_five", "seventyfive");
            format!("{snake}:{winner}")
        }
    }
}

#[test]
fn outcomes_match_python_chess_after_every_move() {
    let mut seen = std::collections::BTreeMap::new();
    for (n, line) in include_str!("../data/outcomes.txt").lines().enumerate() {
        let mut fields = line.split('|');
        let fen = fields.next().unwrap_or_default();
        let mut pos = Position::from_fen(fen).unwrap();
        for field in fields {
            let words: Vec<&str> = field.split(' ').collect();
            let [uci, auto, claim] = words[..] else { panic!("line {}: {field}", n + 1) };
            pos.play_uci(uci).unwrap_or_else(|e| panic!("line {}: {uci}: {e}", n + 1));
            assert_eq!(
                code(pos.outcome()),
                auto,
                "line {}: outcome after {uci} in {}",
                n + 1,
                pos.to_fen()
            );
            assert_eq!(
                code(pos.outcome_with_claims()),
                claim,
                "line {}: claims after {uci} in {}",
                n + 1,
                pos.to_fen()
            );
            *seen.entry(claim.to_owned()).or_insert(0) += 1;
        }
    }
    for kind in [
        "threefold_repetition:draw",
        "fifty_moves:draw",
        "fivefold_repetition:draw",
        "seventyfive_moves:draw",
        "insufficient_material:draw",
    ] {
        assert!(seen.get(kind).copied().unwrap_or(0) > 5, "{kind}: {seen:?}");
    }
}

#[test]
fn insufficient_material_follows_python_chess() {
    for (fen, white, black) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true, true),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false, true),
        ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false, false),
        ("4kq2/8/8/8/8/8/8/4KN2 w - - 0 1", true, false),
        ("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, true),
        ("3bk3/8/8/8/8/8/8/4KB2 w - - 0 1", false, false),
        ("4k3/8/8/8/8/8/p7/4KB2 w - - 0 1", false, false),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", false, true),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(
            (
                pos.has_insufficient_material(Color::White),
                pos.has_insufficient_material(Color::Black)
            ),
            (white, black),
            "{fen}"
        );
    }
}
