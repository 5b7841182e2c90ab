//! Game trees as python-chess's `chess.pgn` has them: a game's headers, its moves with
//! every variation, comments, starting comments and NAGs, read with python-chess's
//! reading rules (recovery and errors included), edited, and written back byte for byte
//! as python-chess writes them. lerf's Python package serves `chess.pgn` from here.
//!
//! ```
//! use lerf_pgn::tree::{ExportOptions, GameTree, read_game, StrLines, TreeBuilder};
//!
//! let pgn = "[White \"Alice\"]\n\n1. e4 { [%clk 0:05:00] } e5 (1... c5 2. Nf3) 2. Nf3 *\n";
//! let mut lines = StrLines::new(pgn);
//! let read = read_game(&mut lines, &mut TreeBuilder::new()).unwrap().expect("a game");
//! let tree = read.tree;
//! assert_eq!(tree.headers.get("White"), Some("Alice"));
//! let e4 = tree.next(GameTree::ROOT).unwrap();
//! assert_eq!(tree.clock(e4), Some(300.0));
//! assert_eq!(tree.mainline(GameTree::ROOT).count(), 3);
//! let text = tree.export(&ExportOptions { headers: false, ..ExportOptions::default() }).unwrap();
//! assert_eq!(text, "1. e4 { [%clk 0:05:00] } 1... e5 ( 1... c5 2. Nf3 ) 2. Nf3 *");
//! ```

mod annotations;
mod board;
mod builder;
mod export;
mod game_tree;
mod headers;
mod issues;
mod lines;
mod read;
mod skim;
mod text;
mod tokens;
mod visit;

pub use annotations::{
    ArrowText, Eval, EvalScore, Seconds, arrows, clock, emt, eval, set_arrows, set_clock, set_emt,
    set_eval, strip_arrows,
};
pub use board::TreeBoard;
pub use builder::{TreeBuilder, TreeRead};
pub use export::{ExportError, ExportOptions, MoveTextWriter};
pub use game_tree::{GameTree, Node, NodeId, SetupError, ply_of, start_board_of};
pub use headers::{HeaderError, Headers, is_tag_name};
pub use issues::{BuildError, ReadIssue, ReadIssueKind};
pub use lines::{LineSource, ReadLines, StrLines};
pub use read::{ReadFailure, ReadResult, read_game};
pub use skim::{Skim, skim_game};
pub use text::{is_blank, is_py_space};
pub use tokens::{Token, next_token};
pub use visit::{Flow, GameVisitor, PlayBoard};

#[cfg(test)]
mod tests;
