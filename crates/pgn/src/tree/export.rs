//! Writing a [`GameTree`] back as PGN, byte for byte as python-chess's `StringExporter`
//! and `FileExporter` write it: tag lines, a blank line, the movetext wrapped at `columns`
//! characters (a token never split), `{ comment }` with braces removed from inside,
//! `$n` NAGs in order, `( variations )`, move numbers where a line of play starts again.

use super::game_tree::{GameTree, NodeId, SetupError};
use super::headers::Headers;
use super::text::is_py_space;
use core::fmt;
use lerf_rules::{LooseBoard, LooseMove};
use lerf_san::loose::loose_san;

/// What python-chess's exporters write: their constructor's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ExportOptions {
    /// The widest movetext line in characters (`None`: the movetext on one line).
    pub columns: Option<usize>,
    /// Write the tag pairs.
    pub headers: bool,
    /// Write comments and NAGs.
    pub comments: bool,
    /// Write variations.
    pub variations: bool,
}

impl Default for ExportOptions {
    /// python-chess's defaults: 80 columns, everything written.
    fn default() -> ExportOptions {
        ExportOptions { columns: Some(80), headers: true, comments: true, variations: true }
    }
}

/// Why a game cannot be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportError {
    /// The start position cannot be set up.
    Setup(SetupError),
    /// A move of the tree starts from an empty square where it is played (no SAN for it;
    /// python-chess's `AssertionError`).
    NothingToMove {
        /// The move.
        mv: LooseMove,
        /// The position, as FEN.
        fen: String,
    },
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::Setup(e) => e.fmt(f),
            ExportError::NothingToMove { mv, fen } => {
                write!(f, "san() and lan() expect move to be legal or null, but got {mv} in {fen}")
            }
        }
    }
}

impl core::error::Error for ExportError {}

/// Python's `str.rstrip()`.
fn rstrip(text: &str) -> &str {
    text.trim_end_matches(is_py_space)
}

/// python-chess's `StringExporterMixin`: the state of a movetext being written. Every
/// finished line ends with `\n` in [`output`](MoveTextWriter::output).
#[derive(Debug, Clone)]
pub struct MoveTextWriter {
    options: ExportOptions,
    out: String,
    current: String,
    current_chars: usize,
    force_move_number: bool,
    variation_depth: i64,
    found_headers: bool,
}

impl MoveTextWriter {
    /// A writer with nothing written.
    pub fn new(options: ExportOptions) -> MoveTextWriter {
        MoveTextWriter {
            options,
            out: String::new(),
            current: String::new(),
            current_chars: 0,
            force_move_number: true,
            variation_depth: 0,
            found_headers: false,
        }
    }

    fn flush_current_line(&mut self) {
        if !self.current.is_empty() {
            self.out.push_str(rstrip(&self.current));
            self.out.push('\n');
        }
        self.current.clear();
        self.current_chars = 0;
    }

    fn write_token(&mut self, token: &str) {
        let chars = token.chars().count();
        let full = self
            .options
            .columns
            .is_some_and(|columns| columns.saturating_sub(self.current_chars) < chars);
        if full {
            self.flush_current_line();
        }
        self.current.push_str(token);
        self.current_chars += chars;
    }

    fn write_line(&mut self, line: &str) {
        self.flush_current_line();
        self.out.push_str(rstrip(line));
        self.out.push('\n');
    }

    /// A game ends: an empty line.
    pub fn end_game(&mut self) {
        self.write_line("");
    }

    /// The headers begin.
    pub fn begin_headers(&mut self) {
        self.found_headers = false;
    }

    /// A tag pair.
    pub fn visit_header(&mut self, name: &str, value: &str) {
        if self.options.headers {
            self.found_headers = true;
            self.write_line(&format!("[{name} \"{value}\"]"));
        }
    }

    /// The headers end: a blank line after them.
    pub fn end_headers(&mut self) {
        if self.found_headers {
            self.write_line("");
        }
    }

    /// A variation begins; `false` when variations are not written.
    pub fn begin_variation(&mut self) -> bool {
        self.variation_depth += 1;
        if self.options.variations {
            self.write_token("( ");
            self.force_move_number = true;
        }
        self.options.variations
    }

    /// A variation ends.
    pub fn end_variation(&mut self) {
        self.variation_depth -= 1;
        if self.options.variations {
            self.write_token(") ");
            self.force_move_number = true;
        }
    }

    fn writes_here(&self) -> bool {
        self.options.variations || self.variation_depth == 0
    }

    /// A comment.
    pub fn visit_comment(&mut self, comment: &str) {
        if self.options.comments && self.writes_here() {
            let text = comment.replace('}', "");
            let text = text.trim_matches(is_py_space);
            self.write_token(&format!("{{ {text} }} "));
            self.force_move_number = true;
        }
    }

    /// A NAG.
    pub fn visit_nag(&mut self, nag: i64) {
        if self.options.comments && self.writes_here() {
            self.write_token(&format!("${nag} "));
        }
    }

    /// A move, by its SAN, played in a position with this turn and move number.
    pub fn visit_move(&mut self, san: &str, white_to_move: bool, fullmove_number: u32) {
        if self.writes_here() {
            if white_to_move {
                self.write_token(&format!("{fullmove_number}. "));
            } else if self.force_move_number {
                self.write_token(&format!("{fullmove_number}... "));
            }
            self.write_token(&format!("{san} "));
            self.force_move_number = false;
        }
    }

    /// The result.
    pub fn visit_result(&mut self, result: &str) {
        self.write_token(&format!("{result} "));
    }

    /// Whether the next move is written with its number whatever the side to move.
    pub fn force_move_number(&self) -> bool {
        self.force_move_number
    }

    /// The finished lines (each ending with `\n`), as a `FileExporter` has written them.
    pub fn output(&self) -> &str {
        &self.out
    }

    /// The line being written.
    pub fn current_line(&self) -> &str {
        &self.current
    }

    /// The text as python-chess's `StringExporter` returns it: the lines joined, trailing
    /// whitespace removed.
    pub fn into_string(mut self) -> String {
        let current = rstrip(&self.current).to_owned();
        self.out.push_str(&current);
        let end = rstrip(&self.out).len();
        self.out.truncate(end);
        self.out
    }

    /// The finished lines, each ending with `\n` (after [`end_game`](Self::end_game),
    /// what a `FileExporter` writes).
    pub fn into_output(self) -> String {
        self.out
    }
}

/// One node on the way through a line, as python-chess's `_AcceptFrame`.
struct Frame {
    node: NodeId,
    /// The position before the node's move.
    board: LooseBoard,
    state: FrameState,
    /// The next sibling variation to visit (an index into the parent's variations).
    next_sibling: usize,
    sidelines: bool,
    in_variation: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum FrameState {
    Pre,
    Variations,
    Post,
}

impl GameTree {
    fn san(board: &LooseBoard, mv: LooseMove) -> Result<String, ExportError> {
        loose_san(board, mv).map_err(|_| ExportError::NothingToMove { mv, fen: board.fen() })
    }

    /// python-chess's `_accept_node`: the node's starting comment, move, NAGs, comment.
    fn write_node(
        &self,
        node: NodeId,
        board: &LooseBoard,
        w: &mut MoveTextWriter,
    ) -> Result<(), ExportError> {
        let data = self.node(node);
        if !data.starting_comment.is_empty() {
            w.visit_comment(&data.starting_comment);
        }
        let mv = data.mv().unwrap_or(LooseMove::NULL);
        let san = Self::san(board, mv)?;
        w.visit_move(&san, board.turn == lerf_types::Color::White, board.fullmove_number);
        for &nag in &data.nags {
            w.visit_nag(nag);
        }
        if !data.comment.is_empty() {
            w.visit_comment(&data.comment);
        }
        Ok(())
    }

    /// python-chess's `ChildNode._accept`: the line from `start` (played from `board`),
    /// its variations, and the sidelines of `start` itself when `sidelines`.
    pub fn write_line_from(
        &self,
        start: NodeId,
        board: LooseBoard,
        sidelines: bool,
        w: &mut MoveTextWriter,
    ) -> Result<(), ExportError> {
        let frame = |node, board, sidelines| Frame {
            node,
            board,
            state: FrameState::Pre,
            next_sibling: 1,
            sidelines,
            in_variation: false,
        };
        let mut stack = vec![frame(start, board, sidelines)];
        while let Some(top) = stack.last_mut() {
            if top.in_variation {
                top.in_variation = false;
                w.end_variation();
            }
            match top.state {
                FrameState::Pre => {
                    let (node, board) = (top.node, top.board);
                    top.state = FrameState::Variations;
                    self.write_node(node, &board, w)?;
                }
                FrameState::Variations => {
                    let siblings = match self.parent(top.node) {
                        Some(p) if top.sidelines => self.variations(p),
                        _ => &[],
                    };
                    if let Some(&sibling) = siblings.get(top.next_sibling) {
                        top.next_sibling += 1;
                        top.in_variation = true;
                        let board = top.board;
                        if w.begin_variation() {
                            stack.push(frame(sibling, board, false));
                        }
                    } else if let Some(child) = self.next(top.node) {
                        top.state = FrameState::Post;
                        let mv = self.node(top.node).mv().unwrap_or(LooseMove::NULL);
                        let after = top.board.play_unchecked(mv);
                        stack.push(frame(child, after, true));
                    } else {
                        stack.pop();
                    }
                }
                FrameState::Post => {
                    stack.pop();
                }
            }
        }
        Ok(())
    }

    /// The whole game as python-chess's `game.accept(exporter)` writes it.
    ///
    /// # Errors
    ///
    /// A start position that cannot be set up, or a move with no SAN.
    pub fn write_game(&self, w: &mut MoveTextWriter) -> Result<(), ExportError> {
        self.write_game_with(&self.headers, w)
    }

    /// [`write_game`](GameTree::write_game) with headers kept elsewhere.
    ///
    /// # Errors
    ///
    /// As [`write_game`](GameTree::write_game).
    pub fn write_game_with(
        &self,
        headers: &Headers,
        w: &mut MoveTextWriter,
    ) -> Result<(), ExportError> {
        w.begin_headers();
        for (name, value) in headers.iter() {
            w.visit_header(name, value);
        }
        w.end_headers();
        let board = Self::start_board_with(headers).map_err(ExportError::Setup)?;
        let root = self.node(GameTree::ROOT);
        if !root.comment.is_empty() {
            w.visit_comment(&root.comment);
        }
        if let Some(first) = self.next(GameTree::ROOT) {
            self.write_line_from(first, board, true, w)?;
        }
        w.visit_result(headers.get("Result").unwrap_or("*"));
        w.end_game();
        Ok(())
    }

    /// The game as python-chess's `StringExporter` with these options returns it (`str(game)`
    /// is `columns: None`).
    ///
    /// # Errors
    ///
    /// As [`write_game`](GameTree::write_game).
    pub fn export(&self, options: &ExportOptions) -> Result<String, ExportError> {
        let mut w = MoveTextWriter::new(*options);
        self.write_game(&mut w)?;
        Ok(w.into_string())
    }

    /// The main line after `from` (played from `board`, the position at `from`) as
    /// python-chess's `Mainline.accept` writes it: moves, NAGs and comments, no variations.
    ///
    /// # Errors
    ///
    /// A move with no SAN.
    pub fn write_mainline(
        &self,
        from: NodeId,
        board: LooseBoard,
        w: &mut MoveTextWriter,
    ) -> Result<(), ExportError> {
        let mut board = board;
        for node in self.mainline(from) {
            self.write_node(node, &board, w)?;
            board = board.play_unchecked(self.node(node).mv().unwrap_or(LooseMove::NULL));
        }
        Ok(())
    }
}
