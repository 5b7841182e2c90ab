//! lerf-position's `quickcheck` and `arbitrary` features, used as a user would: the
//! generated positions are valid and the generated moves legal, checked with the generator.

use arbitrary::Unstructured;
use lerf_movegen::legal_moves;
use lerf_position::{MoveInPosition, Position};
use quickcheck::{Arbitrary, Gen, QuickCheck};

#[test]
fn generated_positions_are_valid_and_playable() {
    fn prop(pos: Position) -> bool {
        pos.pos_is_ok(true).is_ok()
            && Position::from_fen(&pos.to_fen()).is_ok_and(|p| p == pos)
            && pos.history().len() <= lerf_position::MAX_RANDOM_PLIES + 1
    }
    QuickCheck::new().tests(200).quickcheck(prop as fn(Position) -> bool);
}

#[test]
fn generated_moves_are_legal_in_their_positions() {
    fn prop(case: MoveInPosition) -> bool {
        legal_moves(&case.position).contains(&case.mv)
    }
    QuickCheck::new().tests(200).quickcheck(prop as fn(MoveInPosition) -> bool);
}

#[test]
fn chess960_starts_and_deep_games_turn_up() {
    let mut g = Gen::new(120);
    let positions: Vec<Position> =
        (0..200).map(|_| <Position as Arbitrary>::arbitrary(&mut g)).collect();
    assert!(positions.iter().any(Position::is_chess960));
    assert!(positions.iter().any(|p| p.history().len() > 60));
    assert!(positions.iter().any(|p| p.history().len() < 10));
}

#[test]
fn shrinking_offers_shorter_games_from_the_same_start() {
    let mut g = Gen::new(100);
    let long = (0..100)
        .map(|_| <Position as Arbitrary>::arbitrary(&mut g))
        .find(|p| p.history().len() > 20)
        .expect("a game of more than 20 plies in 100 tries");
    let shrunk: Vec<Position> = long.shrink().collect();
    assert!(!shrunk.is_empty());
    assert_eq!(shrunk[0].history().len(), 1, "the game's start comes first");
    assert_eq!(shrunk.last().unwrap().history().len(), long.history().len() - 1);
    for p in &shrunk {
        assert!(p.history().len() < long.history().len());
        assert!(p.pos_is_ok(true).is_ok());
    }
    let start = <Position as Arbitrary>::arbitrary(&mut Gen::new(0));
    assert_eq!(start.shrink().count(), 0, "a game of no moves does not shrink");
}

#[test]
fn fuzzer_bytes_choose_valid_positions_and_legal_moves() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for len in 0..300 {
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed as u8
            })
            .collect();
        let pos =
            <Position as arbitrary::Arbitrary>::arbitrary(&mut Unstructured::new(&bytes)).unwrap();
        assert!(pos.pos_is_ok(true).is_ok(), "{}", pos.to_fen());
        let case =
            <MoveInPosition as arbitrary::Arbitrary>::arbitrary(&mut Unstructured::new(&bytes))
                .unwrap();
        assert!(legal_moves(&case.position).contains(&case.mv));
    }
    // No bytes: the start position, and its first legal move.
    let empty = <Position as arbitrary::Arbitrary>::arbitrary(&mut Unstructured::new(&[])).unwrap();
    assert_eq!(empty, Position::startpos());
}
