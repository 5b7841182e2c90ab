//! The game tree itself: nodes in one arena, indexed by [`NodeId`], with the headers,
//! the edits python-chess's `GameNode` offers, and the boards along a line.

use core::fmt;
use lerf_rules::{LooseBoard, LooseFenError, LooseGame, LooseMove};
use std::collections::BTreeSet;

use super::annotations::clock;
use super::headers::Headers;

/// A node of a [`GameTree`], by its index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The index of the node in its tree.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The node at `index` (a value [`index`](NodeId::index) gave).
    #[inline]
    pub const fn from_index(index: u32) -> NodeId {
        NodeId(index)
    }
}

/// The children of a node: most nodes have one, and that one needs no allocation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
enum Children {
    #[default]
    None,
    One(NodeId),
    Many(Vec<NodeId>),
}

impl Children {
    fn as_slice(&self) -> &[NodeId] {
        match self {
            Children::None => &[],
            Children::One(id) => core::slice::from_ref(id),
            Children::Many(ids) => ids,
        }
    }

    fn push(&mut self, id: NodeId) {
        *self = match core::mem::take(self) {
            Children::None => Children::One(id),
            Children::One(first) => Children::Many(vec![first, id]),
            Children::Many(mut ids) => {
                ids.push(id);
                Children::Many(ids)
            }
        };
    }

    fn from_vec(ids: Vec<NodeId>) -> Children {
        match ids.as_slice() {
            [] => Children::None,
            [one] => Children::One(*one),
            _ => Children::Many(ids),
        }
    }
}

/// A position in the game: the move that led to it (none at the root), what was said about
/// it, and the moves that follow.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Node {
    parent: Option<NodeId>,
    mv: Option<LooseMove>,
    variations: Children,
    /// The comment after the move (at the root: before the first move).
    pub comment: String,
    /// The comment before the move, when it starts a variation.
    pub starting_comment: String,
    /// The numeric annotation glyphs of the move (`!` is 1, `?` is 2...).
    pub nags: BTreeSet<i64>,
}

impl Node {
    /// The node this one follows (`None` at the root). A removed variation keeps its
    /// parent, as in python-chess.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The move that led here (`None` at the root).
    pub fn mv(&self) -> Option<LooseMove> {
        self.mv
    }

    /// The moves that follow, the main one first.
    pub fn variations(&self) -> &[NodeId] {
        self.variations.as_slice()
    }
}

/// Why a game's start position cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// The `Variant` tag names a variant lerf does not play.
    UnsupportedVariant(String),
    /// The `FEN` tag is not a FEN.
    Fen {
        /// The tag's value.
        fen: String,
        /// What is wrong with it.
        error: LooseFenError,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnsupportedVariant(name) => write!(f, "unsupported variant: {name}"),
            SetupError::Fen { fen, error } => write!(f, "{error}: {fen:?}"),
        }
    }
}

impl core::error::Error for SetupError {}

/// A game: headers and a tree of moves. Nodes live in one arena and are named by
/// [`NodeId`]; a removed variation stays in the arena, detached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    /// The tag pairs.
    pub headers: Headers,
    nodes: Vec<Node>,
}

impl Default for GameTree {
    /// A game with the Seven Tag Roster's defaults and no moves.
    fn default() -> GameTree {
        GameTree::with_headers(Headers::default())
    }
}

impl GameTree {
    /// The root: the game's start position.
    pub const ROOT: NodeId = NodeId(0);

    /// A game with the Seven Tag Roster's defaults and no moves.
    pub fn new() -> GameTree {
        GameTree::default()
    }

    /// A game with these headers and no moves.
    pub fn with_headers(headers: Headers) -> GameTree {
        GameTree { headers, nodes: vec![Node::default()] }
    }

    /// How many nodes the arena holds (the root and detached nodes included).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The node `id`.
    ///
    /// # Panics
    ///
    /// If `id` is not a node of this tree.
    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }

    /// The node `id`, to change its comments and NAGs.
    ///
    /// # Panics
    ///
    /// If `id` is not a node of this tree.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }

    /// Whether `id` names a node of this tree.
    pub fn contains(&self, id: NodeId) -> bool {
        id.index() < self.nodes.len()
    }

    /// A new node after `parent` for `mv`, last among its variations.
    pub fn add_variation(&mut self, parent: NodeId, mv: LooseMove) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes"));
        self.nodes.push(Node { parent: Some(parent), mv: Some(mv), ..Node::default() });
        self.nodes[parent.index()].variations.push(id);
        id
    }

    /// A new node whose parent link is `parent`, in no node's variations: with
    /// [`edit_variations`](GameTree::edit_variations), rebuilds a tree node by node with
    /// the ids it had (the arena order of a tree written out and read back).
    pub fn push_detached(&mut self, parent: Option<NodeId>, mv: Option<LooseMove>) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes"));
        self.nodes.push(Node { parent, mv, ..Node::default() });
        id
    }

    /// A new node after `parent` for `mv`, first among its variations.
    pub fn add_main_variation(&mut self, parent: NodeId, mv: LooseMove) -> NodeId {
        let id = self.add_variation(parent, mv);
        self.edit_variations(parent, |variations| {
            variations.pop();
            variations.insert(0, id);
        });
        id
    }

    /// Nodes for `moves` one after the other from `from`; returns the last (`from` when
    /// there are none).
    pub fn add_line(&mut self, from: NodeId, moves: impl IntoIterator<Item = LooseMove>) -> NodeId {
        moves.into_iter().fold(from, |node, mv| self.add_variation(node, mv))
    }

    /// Changes the variations of `id` (reorders, removes, inserts: python-chess's list).
    pub fn edit_variations<R>(
        &mut self,
        id: NodeId,
        edit: impl FnOnce(&mut Vec<NodeId>) -> R,
    ) -> R {
        let children = &mut self.nodes[id.index()].variations;
        let mut ids = match core::mem::take(children) {
            Children::Many(ids) => ids,
            other => other.as_slice().to_vec(),
        };
        let result = edit(&mut ids);
        *children = Children::from_vec(ids);
        result
    }

    /// Sets the parent link of `id` (python-chess lets a node's `parent` be set).
    pub fn set_parent(&mut self, id: NodeId, parent: Option<NodeId>) {
        self.nodes[id.index()].parent = parent;
    }

    /// Sets the move of `id` (not of the root).
    pub fn set_move(&mut self, id: NodeId, mv: Option<LooseMove>) {
        self.nodes[id.index()].mv = mv;
    }

    /// The variations of `id`.
    pub fn variations(&self, id: NodeId) -> &[NodeId] {
        self.nodes[id.index()].variations.as_slice()
    }

    /// The main continuation of `id`.
    pub fn next(&self, id: NodeId) -> Option<NodeId> {
        self.variations(id).first().copied()
    }

    /// The parent of `id`.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].parent
    }

    /// Moves variation `child` of `parent` to the front; `false` when it is not one.
    pub fn promote_to_main(&mut self, parent: NodeId, child: NodeId) -> bool {
        self.edit_variations(parent, |variations| {
            let Some(i) = variations.iter().position(|&v| v == child) else { return false };
            variations.remove(i);
            variations.insert(0, child);
            true
        })
    }

    /// Moves variation `child` of `parent` one place up; `false` when it is not one.
    pub fn promote(&mut self, parent: NodeId, child: NodeId) -> bool {
        self.edit_variations(parent, |variations| {
            let Some(i) = variations.iter().position(|&v| v == child) else { return false };
            if i > 0 {
                variations.swap(i - 1, i);
            }
            true
        })
    }

    /// Moves variation `child` of `parent` one place down; `false` when it is not one.
    pub fn demote(&mut self, parent: NodeId, child: NodeId) -> bool {
        self.edit_variations(parent, |variations| {
            let Some(i) = variations.iter().position(|&v| v == child) else { return false };
            if i + 1 < variations.len() {
                variations.swap(i, i + 1);
            }
            true
        })
    }

    /// Removes variation `child` of `parent` (the node stays in the arena, detached);
    /// `false` when it is not one.
    pub fn remove_variation(&mut self, parent: NodeId, child: NodeId) -> bool {
        self.edit_variations(parent, |variations| {
            let Some(i) = variations.iter().position(|&v| v == child) else { return false };
            variations.remove(i);
            true
        })
    }

    /// The nodes of the main line after `from`, in order.
    pub fn mainline(&self, from: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.next(from), move |&id| self.next(id))
    }

    /// The last node of the main line from `id`.
    pub fn end(&self, id: NodeId) -> NodeId {
        self.mainline(id).last().unwrap_or(id)
    }

    /// The ancestors of `id`, nearest first (following parent links).
    pub fn ancestors(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.parent(id), move |&p| self.parent(p))
    }

    /// How many moves lead from the root to `id`.
    pub fn depth(&self, id: NodeId) -> usize {
        self.ancestors(id).count()
    }

    /// Whether `id` is the first variation of its parent (the root is).
    pub fn is_main_variation(&self, id: NodeId) -> bool {
        match self.parent(id) {
            None => true,
            Some(p) => self.variations(p).first().is_none_or(|&first| first == id),
        }
    }

    /// Whether `id` starts a variation: it has a parent that has variations and it is
    /// not the first.
    pub fn starts_variation(&self, id: NodeId) -> bool {
        match self.parent(id) {
            None => false,
            Some(p) => self.variations(p).first().is_some_and(|&first| first != id),
        }
    }

    /// Whether `id` is on the game's main line.
    pub fn is_mainline(&self, id: NodeId) -> bool {
        let mut node = id;
        while let Some(p) = self.parent(node) {
            if self.variations(p).first() != Some(&node) {
                return false;
            }
            node = p;
        }
        true
    }

    /// The moves from the topmost ancestor of `id` to `id`, first first.
    pub fn moves_to(&self, id: NodeId) -> Vec<LooseMove> {
        let mut moves: Vec<LooseMove> = core::iter::once(id)
            .chain(self.ancestors(id))
            .map_while(|n| self.node(n).mv.filter(|_| self.parent(n).is_some()))
            .collect();
        moves.reverse();
        moves
    }

    /// The start position the headers set: the `FEN` tag's (or the standard start), in
    /// Chess960 when the `Variant` tag says so or the castling rights need it.
    ///
    /// # Errors
    ///
    /// A variant lerf does not play, or a `FEN` tag that is not a FEN.
    pub fn start_board(&self) -> Result<LooseBoard, SetupError> {
        Self::start_board_with(&self.headers)
    }

    /// [`start_board`](GameTree::start_board) with headers kept elsewhere.
    ///
    /// # Errors
    ///
    /// As [`start_board`](GameTree::start_board).
    pub fn start_board_with(headers: &Headers) -> Result<LooseBoard, SetupError> {
        if let Some(variant) = headers.other_variant() {
            return Err(SetupError::UnsupportedVariant(variant.to_owned()));
        }
        start_board_of(headers)
    }

    /// The position at `id` with the moves from the start on its stack, as python-chess's
    /// `node.board()`.
    ///
    /// # Errors
    ///
    /// As [`start_board`](GameTree::start_board).
    pub fn board_at(&self, id: NodeId) -> Result<LooseGame, SetupError> {
        self.board_at_with(id, &self.headers)
    }

    /// [`board_at`](GameTree::board_at) with headers kept elsewhere.
    ///
    /// # Errors
    ///
    /// As [`start_board`](GameTree::start_board).
    pub fn board_at_with(&self, id: NodeId, headers: &Headers) -> Result<LooseGame, SetupError> {
        let mut game = LooseGame::new(Self::start_board_with(headers)?);
        for mv in self.moves_to(id) {
            game.push_unchecked(mv);
        }
        Ok(game)
    }

    /// The ply of `id`: its depth plus the start position's ply (python-chess's
    /// `node.ply()`).
    ///
    /// # Errors
    ///
    /// As [`start_board`](GameTree::start_board), when the headers have a `FEN` tag.
    pub fn ply(&self, id: NodeId) -> Result<u64, SetupError> {
        self.ply_with(id, &self.headers)
    }

    /// [`ply`](GameTree::ply) with headers kept elsewhere.
    ///
    /// # Errors
    ///
    /// As [`start_board`](GameTree::start_board), when the headers have a `FEN` tag.
    pub fn ply_with(&self, id: NodeId, headers: &Headers) -> Result<u64, SetupError> {
        let start =
            if headers.contains("FEN") { ply_of(&Self::start_board_with(headers)?) } else { 0 };
        Ok(start + self.depth(id) as u64)
    }

    /// The clock annotation of `id`'s comment ([`clock`]).
    pub fn clock(&self, id: NodeId) -> Option<f64> {
        clock(&self.node(id).comment)
    }
}

/// The ply of a position as python-chess counts it from the move number and turn.
pub fn ply_of(board: &LooseBoard) -> u64 {
    2 * (u64::from(board.fullmove_number) - 1) + u64::from(board.turn == lerf_types::Color::Black)
}

/// The start position the `FEN` and `Variant` tags set, the variant aside (what
/// python-chess's reader sets up after reporting a variant it does not know).
///
/// # Errors
///
/// A `FEN` tag that is not a FEN.
pub fn start_board_of(headers: &Headers) -> Result<LooseBoard, SetupError> {
    let chess960 = headers.is_chess960();
    let mut board = match headers.get("FEN") {
        None => LooseBoard { chess960, ..LooseBoard::startpos() },
        Some(fen) => LooseBoard::from_fen(fen, chess960)
            .map_err(|error| SetupError::Fen { fen: fen.to_owned(), error })?,
    };
    board.chess960 = board.chess960 || board.has_chess960_castling_rights();
    Ok(board)
}
