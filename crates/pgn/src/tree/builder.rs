//! [`TreeBuilder`]: the visitor that makes a [`GameTree`] as python-chess's `GameBuilder`
//! makes a `Game`: comments before a move become its starting comment, comments after it
//! its comment, NAGs go to the last move, a result token fills a `Result` tag that is `*`,
//! and what cannot be read is recorded as a [`ReadIssue`] (python-chess's `game.errors`).

use super::board::TreeBoard;
use super::game_tree::{GameTree, NodeId, SetupError, start_board_of};
use super::headers::Headers;
use super::issues::{BuildError, ReadIssue};
use super::visit::{Flow, GameVisitor, PlayBoard};
use lerf_rules::{LooseGame, LooseMove};

impl PlayBoard for LooseGame {
    type Move = LooseMove;
    type Error = BuildError;

    fn has_moves(&self) -> Result<bool, BuildError> {
        Ok(!self.is_empty())
    }

    fn before_last_move(&self) -> Result<LooseGame, BuildError> {
        let mut board = self.clone();
        board.pop();
        Ok(board)
    }

    fn push(&mut self, mv: &LooseMove) -> Result<(), BuildError> {
        self.push_unchecked(*mv);
        Ok(())
    }
}

/// A game read by [`TreeBuilder`]: the tree and what was recovered from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TreeRead {
    /// The game.
    pub tree: GameTree,
    /// python-chess's `game.errors`, in order.
    pub issues: Vec<ReadIssue>,
}

/// Builds a [`GameTree`] from [`read_game`](super::read_game) as python-chess's
/// `GameBuilder` builds a `Game`.
#[derive(Debug, Clone, Default)]
pub struct TreeBuilder {
    read: TreeRead,
    stack: Vec<NodeId>,
    starting_comment: String,
    in_variation: bool,
}

/// `a` and `b` joined by a space, either left out when empty (python-chess's
/// `" ".join(filter(None, [a, b]))`).
fn join_comment(a: &mut String, b: &str) {
    if !a.is_empty() && !b.is_empty() {
        a.push(' ');
    }
    a.push_str(b);
}

impl TreeBuilder {
    /// A builder for one game at a time.
    pub fn new() -> TreeBuilder {
        TreeBuilder::default()
    }

    fn top(&self) -> Result<NodeId, BuildError> {
        self.stack.last().copied().ok_or(BuildError::EmptyStack)
    }

    /// The tree being built.
    pub fn tree(&self) -> &GameTree {
        &self.read.tree
    }

    /// Records an issue (what python-chess's `handle_error` gets).
    pub fn record(&mut self, issue: ReadIssue) {
        self.read.issues.push(issue);
    }

    /// A move parsed by someone else: a new node on the current line.
    ///
    /// # Errors
    ///
    /// [`BuildError::EmptyStack`].
    pub fn add_move(&mut self, mv: LooseMove) -> Result<(), BuildError> {
        let top = self.top()?;
        let node = self.read.tree.add_variation(top, mv);
        self.read.tree.node_mut(node).starting_comment =
            core::mem::take(&mut self.starting_comment);
        *self.stack.last_mut().expect("top exists") = node;
        self.in_variation = true;
        Ok(())
    }

    /// The start board of the collected headers: a variant python-chess plays (`Atomic`,
    /// `Crazyhouse`, its aliases ...) on its variant board; a variant it does not know
    /// reported, then read as standard chess; a bad FEN reported (then `None`).
    pub fn start_board(&mut self) -> Option<TreeBoard> {
        let start = match TreeBoard::start(&self.read.tree.headers) {
            Err(issue @ SetupError::UnsupportedVariant(_)) => {
                self.record(ReadIssue::Setup(issue));
                start_board_of(&self.read.tree.headers)
                    .map(|b| TreeBoard::Standard(LooseGame::new(b)))
            }
            start => start,
        };
        match start {
            Ok(mut board) => {
                if let TreeBoard::Standard(game) = &mut board {
                    // Room for a long game: one allocation instead of a copy at each doubling.
                    game.reserve(160);
                }
                Some(board)
            }
            Err(e) => {
                self.record(ReadIssue::Setup(e));
                None
            }
        }
    }
}

impl GameVisitor for TreeBuilder {
    type Board = TreeBoard;
    type Output = TreeRead;
    type Error = BuildError;

    fn begin_game(&mut self) -> Result<Flow, BuildError> {
        self.read = TreeRead::default();
        self.stack = vec![GameTree::ROOT];
        self.starting_comment.clear();
        self.in_variation = false;
        Ok(Flow::Continue)
    }

    fn begin_headers(&mut self) -> Result<bool, BuildError> {
        Ok(true)
    }

    fn visit_header(&mut self, name: &str, value: &str) -> Result<(), BuildError> {
        // The reader only passes tag names and single-line values.
        let _ = self.read.tree.headers.insert(name, value);
        Ok(())
    }

    fn setup(&mut self, _headers: Option<&Headers>) -> Result<Option<TreeBoard>, BuildError> {
        Ok(self.start_board())
    }

    fn parse_san(&mut self, board: &TreeBoard, san: &str) -> Result<Option<LooseMove>, BuildError> {
        match board.parse_san(san) {
            Ok(mv) => Ok(Some(mv)),
            Err(error) => {
                let fen = board.fen();
                self.record(ReadIssue::San { error, san: san.to_owned(), fen });
                Ok(None)
            }
        }
    }

    fn visit_move(&mut self, _board: &TreeBoard, mv: &LooseMove) -> Result<(), BuildError> {
        self.add_move(*mv)
    }

    fn visit_comment(&mut self, comment: &str) -> Result<(), BuildError> {
        let top = self.top()?;
        let tree = &mut self.read.tree;
        let at_root_start = tree.parent(top).is_none() && tree.variations(top).is_empty();
        if self.in_variation || at_root_start {
            join_comment(&mut tree.node_mut(top).comment, comment);
        } else {
            join_comment(&mut self.starting_comment, comment);
        }
        Ok(())
    }

    fn visit_nag(&mut self, nag: i64, _digits: &str) -> Result<(), BuildError> {
        let top = self.top()?;
        self.read.tree.node_mut(top).nags.insert(nag);
        Ok(())
    }

    fn begin_variation(&mut self) -> Result<Flow, BuildError> {
        let top = self.top()?;
        let parent = self.read.tree.parent(top).ok_or(BuildError::VariationAtRoot)?;
        self.stack.push(parent);
        self.in_variation = false;
        Ok(Flow::Continue)
    }

    fn end_variation(&mut self) -> Result<(), BuildError> {
        self.stack.pop().map(drop).ok_or(BuildError::PopEmptyStack)
    }

    fn visit_result(&mut self, result: &str) -> Result<(), BuildError> {
        let headers = &mut self.read.tree.headers;
        if headers.get("Result").unwrap_or("*") == "*" {
            let _ = headers.insert("Result", result);
        }
        Ok(())
    }

    fn result(&mut self) -> Result<TreeRead, BuildError> {
        Ok(core::mem::take(&mut self.read))
    }
}
