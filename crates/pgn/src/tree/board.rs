//! [`TreeBoard`]: the board a [`TreeBuilder`](super::TreeBuilder) plays a game on, standard
//! chess (Chess960 too) or one of the variants python-chess's `chess.variant` plays.

use lerf_rules::variant::VariantBoard;
use lerf_rules::{LooseGame, LooseMove};
use lerf_san::loose::{LooseSanError, parse_loose_san};
use lerf_san::variant::parse_variant_san;
use std::string::String;
use std::vec::Vec;

use super::builder::BuildError;
use super::visit::PlayBoard;

/// A line of a game being read: its position, with the moves (or, in a variant, the
/// positions) before it, so that a variation can start before the last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeBoard {
    /// Standard chess or Chess960.
    Standard(LooseGame),
    /// A variant (`[Variant "Atomic"]` ...).
    Variant {
        /// The position now.
        now: VariantBoard,
        /// The positions before each move of the line, the first first.
        before: Vec<VariantBoard>,
    },
}

impl TreeBoard {
    /// A variant game's line from its start.
    pub fn variant(start: VariantBoard) -> TreeBoard {
        TreeBoard::Variant { now: start, before: Vec::new() }
    }

    /// The move `san` names here, as python-chess's `parse_san` reads it on the board.
    ///
    /// # Errors
    ///
    /// Why the text names no legal move.
    pub fn parse_san(&self, san: &str) -> Result<LooseMove, LooseSanError> {
        match self {
            TreeBoard::Standard(game) => parse_loose_san(game.board(), san),
            TreeBoard::Variant { now, .. } => parse_variant_san(now, san),
        }
    }

    /// The FEN of the position (a variant's with its pockets and checks).
    pub fn fen(&self) -> String {
        match self {
            TreeBoard::Standard(game) => game.board().fen(),
            TreeBoard::Variant { now, .. } => now.fen(),
        }
    }
}

impl PlayBoard for TreeBoard {
    type Move = LooseMove;
    type Error = BuildError;

    fn has_moves(&self) -> Result<bool, BuildError> {
        Ok(match self {
            TreeBoard::Standard(game) => !game.is_empty(),
            TreeBoard::Variant { before, .. } => !before.is_empty(),
        })
    }

    fn before_last_move(&self) -> Result<TreeBoard, BuildError> {
        let mut board = self.clone();
        match &mut board {
            TreeBoard::Standard(game) => {
                game.pop();
            }
            TreeBoard::Variant { now, before } => {
                if let Some(last) = before.pop() {
                    *now = last;
                }
            }
        }
        Ok(board)
    }

    fn push(&mut self, mv: &LooseMove) -> Result<(), BuildError> {
        match self {
            TreeBoard::Standard(game) => game.push_unchecked(*mv),
            TreeBoard::Variant { now, before } => {
                let next = now.play_unchecked(*mv);
                before.push(core::mem::replace(now, next));
            }
        }
        Ok(())
    }
}
