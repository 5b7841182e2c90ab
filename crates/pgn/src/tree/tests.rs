use super::*;
use lerf_rules::LooseMove;

fn mv(uci: &str) -> LooseMove {
    uci.parse().unwrap()
}

#[test]
fn editing_as_python_chess() {
    let mut tree = GameTree::new();
    let a = tree.add_variation(GameTree::ROOT, mv("a2a3"));
    let b = tree.add_variation(GameTree::ROOT, mv("b2b3"));
    assert!(tree.is_main_variation(a) && !tree.is_main_variation(b));
    assert!(tree.starts_variation(b) && !tree.starts_variation(a));
    assert!(tree.promote(GameTree::ROOT, b));
    assert_eq!(tree.variations(GameTree::ROOT), [b, a]);
    assert!(tree.demote(GameTree::ROOT, b));
    assert_eq!(tree.variations(GameTree::ROOT), [a, b]);
    let c = tree.add_main_variation(GameTree::ROOT, mv("c2c3"));
    assert_eq!(tree.variations(GameTree::ROOT), [c, a, b]);
    assert!(tree.promote_to_main(GameTree::ROOT, b));
    assert_eq!(tree.variations(GameTree::ROOT), [b, c, a]);
    assert!(tree.remove_variation(GameTree::ROOT, c));
    assert!(!tree.remove_variation(GameTree::ROOT, c));
    // A removed variation keeps its parent link and its moves.
    assert_eq!(tree.parent(c), Some(GameTree::ROOT));
    assert_eq!(tree.moves_to(c), [mv("c2c3")]);
    let end = tree.add_line(b, [mv("e7e5"), mv("g1f3")]);
    assert_eq!(tree.end(GameTree::ROOT), end);
    assert!(tree.is_mainline(end));
    assert!(!tree.is_mainline(a));
    assert_eq!(tree.depth(end), 3);
    assert_eq!(tree.mainline(GameTree::ROOT).count(), 3);
    let board = tree.board_at(end).unwrap();
    assert_eq!(
        board.board().fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/8/1P3N2/P1PPPPPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(board.len(), 3);
    assert_eq!(tree.ply(end).unwrap(), 3);
}

#[test]
fn start_positions_from_headers() {
    let mut tree = GameTree::new();
    tree.headers.insert("FEN", "4k3/8/8/8/8/8/8/4K3 b - - 7 6").unwrap();
    assert_eq!(tree.ply(GameTree::ROOT).unwrap(), 11);
    tree.headers.insert("FEN", "nope").unwrap();
    assert!(matches!(tree.start_board(), Err(SetupError::Fen { .. })));
    tree.headers.remove("FEN");
    tree.headers.insert("Variant", "Atomic").unwrap();
    assert_eq!(tree.start_board(), Err(SetupError::UnsupportedVariant("Atomic".to_owned())));
    assert_eq!(tree.start_board().unwrap_err().to_string(), "unsupported variant: Atomic");
    // Castling rights that need Chess960 make it Chess960.
    let mut tree = GameTree::new();
    tree.headers.insert("FEN", "1r2k3/8/8/8/8/8/8/1R2K3 w Bb - 0 1").unwrap();
    assert!(tree.start_board().unwrap().chess960);
}
