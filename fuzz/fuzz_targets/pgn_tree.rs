//! Any bytes as PGN through the tree reader (python-chess's `read_game`), the first bytes
//! choosing a `Variant` tag put before them (so that variant games, their drops,
//! explosions and bad variant FENs are read too): reading never panics; every node's board
//! is set up (or refused with an error) and each game is written back.
#![no_main]

use lerf_pgn::tree::{ExportOptions, GameTree, StrLines, TreeBoard, TreeBuilder, read_game};
use libfuzzer_sys::fuzz_target;

const TAGS: [&str; 8] = [
    "",
    "Atomic",
    "Crazyhouse",
    "Antichess",
    "Three-check",
    "Horde",
    "Racing Kings",
    "King of the Hill",
];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else { return };
    let tag = TAGS[usize::from(choice) % TAGS.len()];
    let body = String::from_utf8_lossy(rest);
    let text =
        if tag.is_empty() { body.into_owned() } else { format!("[Variant \"{tag}\"]\n{body}") };
    let mut lines = StrLines::new(&text);
    let mut builder = TreeBuilder::new();
    while let Ok(Some(read)) = read_game(&mut lines, &mut builder) {
        let tree = &read.tree;
        let mut node = GameTree::ROOT;
        loop {
            if let Ok(board) = TreeBoard::at(tree, node) {
                let _ = board.fen();
            }
            match tree.variations(node).first() {
                Some(&next) => node = next,
                None => break,
            }
        }
        let _ = tree.export(&ExportOptions::default());
    }
});
