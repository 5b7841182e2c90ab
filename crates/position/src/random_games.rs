//! Valid positions and legal moves for property tests and fuzzers (the `quickcheck` and
//! `arbitrary` features): a position is reached by playing a random game, so it is one a
//! real game can have, Chess960 included, and its history can be undone.

use crate::Position;
use alloc::vec::Vec;
use lerf_types::{Move, PieceType};

/// The longest random game generated, in plies.
pub const MAX_RANDOM_PLIES: usize = 300;

/// A position and one of its legal moves, generated together.
///
/// ```
/// # #[cfg(feature = "quickcheck")] {
/// use lerf_position::MoveInPosition;
/// use quickcheck::{Arbitrary, Gen};
///
/// let mut g = Gen::new(40);
/// for _ in 0..10 {
///     let MoveInPosition { position, mv } = MoveInPosition::arbitrary(&mut g);
///     assert!(position.check_move(mv).is_ok());
/// }
/// # }
/// ```
#[cfg(any(feature = "quickcheck", feature = "arbitrary"))]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveInPosition {
    /// The position.
    pub position: Position,
    /// A legal move in it.
    pub mv: Move,
}

/// Where a random game's choices come from.
trait Chooser {
    /// A number in `0..n` (`n` ≥ 1), or `None` when the source has run dry.
    fn below(&mut self, n: usize) -> Option<usize>;
}

/// Every legal move of `pos`, promotions to all four pieces included. Slow (it tries
/// candidates one at a time) but needs no move generator, which sits above this crate.
pub(crate) fn legal_moves_by_trial(pos: &Position) -> Vec<Move> {
    const ALL_PROMOTIONS: [PieceType; 4] =
        [PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight];
    let mut moves = Vec::new();
    pos.any_legal_move_promoting_to(&ALL_PROMOTIONS, |m| {
        moves.push(m);
        false
    });
    moves
}

/// A start (the classical one, or now and then a Chess960 one), then up to `max_plies` moves
/// chosen at random among the legal ones; the game stops early at mate or stalemate.
fn random_game(choose: &mut impl Chooser, max_plies: usize) -> Position {
    let mut pos = match choose.below(4) {
        Some(0) => {
            let index = choose.below(960).unwrap_or(518) as u16;
            Position::from_chess960_index(index).unwrap_or_else(Position::startpos)
        }
        _ => Position::startpos(),
    };
    let plies = choose.below(max_plies.min(MAX_RANDOM_PLIES) + 1).unwrap_or(0);
    for _ in 0..plies {
        let moves = legal_moves_by_trial(&pos);
        let Some(i) = (!moves.is_empty()).then(|| choose.below(moves.len())).flatten() else {
            break;
        };
        pos.do_move(moves[i]);
    }
    pos
}

/// A random game whose last position still has a legal move, with one chosen.
#[cfg(any(feature = "quickcheck", feature = "arbitrary"))]
fn random_move_in_position(choose: &mut impl Chooser, max_plies: usize) -> MoveInPosition {
    let mut position = random_game(choose, max_plies);
    // A finished game steps back one move: the move that finished it was legal there.
    let mut moves = legal_moves_by_trial(&position);
    if moves.is_empty() {
        position = rewound(&position, position.plies_played().saturating_sub(1));
        moves = legal_moves_by_trial(&position);
    }
    let i = choose.below(moves.len()).unwrap_or(0);
    MoveInPosition { mv: moves[i], position }
}

/// `pos` with all but the first `keep` plies of its game taken back.
fn rewound(pos: &Position, keep: usize) -> Position {
    let mut earlier = pos.clone();
    for _ in keep..pos.plies_played() {
        let last = earlier.state().last_move;
        if last == Move::NULL {
            earlier.undo_null_move();
        } else {
            earlier.undo_move(last);
        }
    }
    earlier
}

/// Shrink candidates: the game's start, its middle, then one ply shorter (each distinct,
/// none for a game of no moves).
#[cfg(feature = "quickcheck")]
fn shrink_game(pos: &Position) -> Vec<Position> {
    let played = pos.plies_played();
    let mut keeps = Vec::new();
    for keep in [0, played / 2, played.wrapping_sub(1)] {
        if keep < played && !keeps.contains(&keep) {
            keeps.push(keep);
        }
    }
    keeps.into_iter().map(|keep| rewound(pos, keep)).collect()
}

#[cfg(feature = "quickcheck")]
mod with_quickcheck {
    use super::*;
    use alloc::boxed::Box;
    use quickcheck::{Arbitrary, Gen};

    impl Chooser for Gen {
        fn below(&mut self, n: usize) -> Option<usize> {
            Some(usize::arbitrary(self) % n)
        }
    }

    /// A position reached by a random game of up to `g.size()` plies (a quarter of them
    /// from a random Chess960 start). Shrinks towards the game's start.
    impl Arbitrary for Position {
        fn arbitrary(g: &mut Gen) -> Position {
            let size = g.size();
            random_game(g, size)
        }

        fn shrink(&self) -> Box<dyn Iterator<Item = Position>> {
            Box::new(shrink_game(self).into_iter())
        }
    }

    /// A position as [`Position`]'s `Arbitrary` makes it, with one of its legal moves.
    /// Shrinks towards shorter games (each with a legal move of its own).
    impl Arbitrary for MoveInPosition {
        fn arbitrary(g: &mut Gen) -> MoveInPosition {
            let size = g.size();
            random_move_in_position(g, size)
        }

        fn shrink(&self) -> Box<dyn Iterator<Item = MoveInPosition>> {
            let shorter = shrink_game(&self.position).into_iter().filter_map(|position| {
                let mv = *legal_moves_by_trial(&position).first()?;
                Some(MoveInPosition { position, mv })
            });
            Box::new(shorter)
        }
    }
}

#[cfg(feature = "arbitrary")]
mod with_arbitrary {
    use super::*;
    use arbitrary::{Arbitrary, Result, Unstructured};

    /// Choices read from a fuzzer's bytes; when they run out the game ends.
    struct Bytes<'u, 'a>(&'u mut Unstructured<'a>);

    impl Chooser for Bytes<'_, '_> {
        fn below(&mut self, n: usize) -> Option<usize> {
            if self.0.is_empty() {
                return None;
            }
            self.0.choose_index(n).ok()
        }
    }

    /// A position reached by a game whose moves the input bytes choose, so a fuzzer that
    /// mutates the bytes walks the game tree. Never fails: short input gives a short game.
    impl<'a> Arbitrary<'a> for Position {
        fn arbitrary(u: &mut Unstructured<'a>) -> Result<Position> {
            Ok(random_game(&mut Bytes(u), MAX_RANDOM_PLIES))
        }
    }

    /// A position as [`Position`]'s `Arbitrary` makes it, with a legal move the bytes choose.
    impl<'a> Arbitrary<'a> for MoveInPosition {
        fn arbitrary(u: &mut Unstructured<'a>) -> Result<MoveInPosition> {
            Ok(random_move_in_position(&mut Bytes(u), MAX_RANDOM_PLIES))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed sequence of choices, for deterministic games.
    struct Cycle(u64);

    impl Chooser for Cycle {
        fn below(&mut self, n: usize) -> Option<usize> {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            Some((self.0 >> 33) as usize % n)
        }
    }

    #[test]
    fn trial_moves_match_a_full_scan_of_move_encodings() {
        let mut choose = Cycle(7);
        for _ in 0..20 {
            let pos = random_game(&mut choose, 80);
            let mut by_trial = legal_moves_by_trial(&pos);
            let mut by_scan: Vec<Move> = (0..=u16::MAX)
                .map(Move::from_bits)
                .filter(|&m| pos.check_move(m).is_ok())
                .collect();
            by_trial.sort();
            by_scan.sort();
            assert_eq!(by_trial, by_scan, "{}", pos.to_fen());
        }
    }

    #[test]
    fn earlier_positions_undo_the_game() {
        let pos = random_game(&mut Cycle(3), 30);
        let earlier: Vec<Position> = (0..pos.plies_played()).map(|k| rewound(&pos, k)).collect();
        assert!(!earlier.is_empty(), "the test game has moves");
        assert_eq!(earlier.len(), pos.history().len() - 1);
        if let Some(first) = earlier.first() {
            assert_eq!(first.history().len(), 1);
            assert!(*first == Position::startpos() || first.is_chess960());
        }
        for (i, p) in earlier.iter().enumerate() {
            assert_eq!(p.history().len(), i + 1);
        }
    }
}
