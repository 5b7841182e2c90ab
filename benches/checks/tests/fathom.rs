//! lerf-syzygy against Fathom (Debian's libfathom, a C prober written from the same format
//! descriptions), on python-chess's sdist's 3-4 piece tables: the WDL of 20,000 random
//! positions, and the value of the best root move, must agree. Skips, saying why, without
//! libfathom or the tables.

use lerf_benches::fathom::{FAILED, both_probers};
use lerf_benches::syzygy_inputs::random_positions;

#[test]
fn lerf_and_fathom_agree() {
    let (tables, fathom) = match both_probers() {
        Ok(both) => both,
        Err(why) => {
            eprintln!("skipped: {why}");
            return;
        }
    };
    let (mut wins, mut losses, mut roots) = (0, 0, 0);
    for board in random_positions(20_000, 0x7ab1e) {
        let theirs = fathom.probe_wdl(&board);
        assert_ne!(theirs, FAILED, "{board}");
        let ours = tables.probe_wdl(&board).unwrap().value();
        assert_eq!(ours + 2, theirs as i32, "WDL of {board}");
        wins += usize::from(ours > 0);
        losses += usize::from(ours < 0);
        let root = fathom.probe_root(&board);
        let moves = tables.root_moves(&board).unwrap();
        // Fathom answers checkmate and stalemate without a move; otherwise its best move's
        // WDL is the class of lerf's first root move.
        if root != FAILED && !moves.is_empty() {
            assert_eq!(moves[0].wdl.value() + 2, (root & 0xf) as i32, "root of {board}");
            roots += 1;
        }
    }
    assert!(wins > 1000 && losses > 1000 && roots > 15_000, "{wins} {losses} {roots}");
}
