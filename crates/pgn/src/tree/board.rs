//! [`TreeBoard`]: the board a [`TreeBuilder`](super::TreeBuilder) plays a game on, standard
//! chess (Chess960 too) or one of the variants python-chess's `chess.variant` plays.

use lerf_rules::variant::VariantBoard;
use lerf_rules::{LooseGame, LooseMove};

use super::game_tree::{GameTree, NodeId, SetupError, start_board_of};
use super::headers::Headers;
use crate::{VariantKind, variant_kind};
use lerf_san::loose::{LooseSanError, parse_loose_san};
use lerf_san::variant::parse_variant_san;
use std::string::String;
use std::vec::Vec;

use super::issues::BuildError;
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

    /// The start the headers set, as python-chess's `Headers.board()` sets it up: the
    /// `FEN` tag's position or the start of the `Variant` tag's variant (standard chess
    /// without one), in Chess960 when the tag says so or the castling rights need it.
    ///
    /// # Errors
    ///
    /// A variant python-chess does not play, or a `FEN` tag that is not a FEN (of the
    /// variant).
    pub fn start(headers: &Headers) -> Result<TreeBoard, SetupError> {
        let Some(name) = headers.other_variant() else {
            return Ok(TreeBoard::Standard(LooseGame::new(start_board_of(headers)?)));
        };
        let VariantKind::Variant(kind) = variant_kind(name) else {
            return Err(SetupError::UnsupportedVariant(name.to_owned()));
        };
        let fen = headers.get("FEN").unwrap_or(kind.starting_fen());
        let mut start = VariantBoard::from_fen(kind.rules(), fen, headers.is_chess960())
            .map_err(|error| SetupError::Fen { fen: fen.to_owned(), error })?;
        start.board.chess960 |= start.board.has_chess960_castling_rights();
        Ok(TreeBoard::variant(start))
    }

    /// Plays `mv` (a move [`parse_san`](TreeBoard::parse_san) gave, or any move: as
    /// python-chess's `push` makes it).
    pub fn play(&mut self, mv: LooseMove) {
        match self {
            TreeBoard::Standard(game) => game.push_unchecked(mv),
            TreeBoard::Variant { now, before } => {
                let next = now.play_unchecked(mv);
                before.push(core::mem::replace(now, next));
            }
        }
    }

    /// The board at node `id` of `tree`, a variant game's on its variant board, with the
    /// moves (or positions) from the start kept to take back: python-chess's
    /// `node.board()`.
    ///
    /// ```
    /// use lerf_pgn::tree::{GameTree, StrLines, TreeBoard, TreeBuilder, read_game};
    ///
    /// let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Nf6 *";
    /// let read = read_game(&mut StrLines::new(pgn), &mut TreeBuilder::new()).unwrap().unwrap();
    /// let end = read.tree.mainline(GameTree::ROOT).last().unwrap();
    /// let board = TreeBoard::at(&read.tree, end)?;
    /// assert_eq!(board.fen(), "rnbqkb1r/ppp1pppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 1 3");
    /// # Ok::<(), lerf_pgn::tree::SetupError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`TreeBoard::start`].
    pub fn at(tree: &GameTree, id: NodeId) -> Result<TreeBoard, SetupError> {
        let mut board = TreeBoard::start(&tree.headers)?;
        for mv in tree.moves_to(id) {
            board.play(mv);
        }
        Ok(board)
    }

    /// The variant board of a variant game's line (`None` in standard chess).
    pub fn variant_board(&self) -> Option<&VariantBoard> {
        match self {
            TreeBoard::Standard(_) => None,
            TreeBoard::Variant { now, .. } => Some(now),
        }
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
        self.play(*mv);
        Ok(())
    }
}
