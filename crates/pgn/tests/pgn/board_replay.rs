//! A replay that only plays runs on a `Board` (no keys, no check information); one that
//! finds outcomes runs on a `Position`. Both must play the same moves and record the same
//! errors, game for game, on every PGN the tests hold and on variations built to reach
//! each way a line is taken back and resumed.

use lerf_pgn::{Reader, Replay, Replayed};
use std::path::Path;

/// Each game's moves, mainline moves and errors, as each replay gives them.
fn both_ways(pgn: &[u8]) -> (Vec<Replayed>, Vec<Replayed>) {
    let read = |mut replay: Replay| {
        let mut reader = Reader::new(pgn);
        let mut games = Vec::new();
        while let Some(game) = reader.read_game(&mut replay) {
            let mut game = game.expect("no I/O error");
            game.outcome = None;
            games.push(game);
        }
        games
    };
    (read(Replay::new()), read(Replay::new().with_outcomes()))
}

fn assert_same(name: &str, pgn: &[u8]) {
    let (board, position) = both_ways(pgn);
    assert_eq!(board.len(), position.len(), "{name}");
    for (i, (b, p)) in board.iter().zip(&position).enumerate() {
        assert_eq!(b, p, "{name}, game {}", i + 1);
    }
}

#[test]
fn every_test_file_plays_alike() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files =
        vec![data.join("lichess-2025-05-sample.pgn"), data.join("tournament-style.pgn")];
    for entry in std::fs::read_dir(data.join("recovery")).expect("the corpus") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "pgn") {
            files.push(path);
        }
    }
    assert!(files.len() > 20);
    for path in files {
        assert_same(&path.display().to_string(), &std::fs::read(&path).expect("a file"));
    }
}

#[test]
fn variations_take_back_and_resume_alike() {
    let games = [
        // A variation opened right after another opens: it takes back the move before.
        "1. e4 e5 2. Nf3 ((1... c5 2. Nc3) 2. Nc3) 2... Nc6 *",
        // Sibling variations, nested ones, and a move illegal inside a variation.
        "1. d4 (1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) 2. Nf3) (1. c4 e5 2. Ke3) 1... d5 *",
        // Null moves, one of them in check.
        "1. e4 -- 2. d4 (2. Qh5 -- 3. Qxf7+ --) 2... e5 *",
        // From a FEN, a variation on the first move of the game, castling on both sides.
        "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n1. O-O (1. O-O-O O-O 2. Kb1) 1... O-O-O *",
        // A Chess960 start with castling named by the king taking its rook.
        "[Variant \"Chess960\"]\n[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\n\n9. O-O (9. Nf3 O-O 10. O-O) 9... O-O *",
        // En passant, in the mainline and after a variation took it back.
        "1. e4 Nf6 2. e5 d5 3. exd6 (3. d4 c5 4. dxc6) 3... exd6 *",
        // Promotions with and without capture, and an ambiguous move.
        "[FEN \"r3k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1\"]\n\n1. bxa8=Q+ (1. b8=N) 1... gxh1=Q+ 2. Kd2 *",
        "[FEN \"4k3/8/8/8/8/8/8/N3KN2 w - - 0 1\"]\n\n1. Nd2 Ke7 *",
    ];
    for (i, game) in games.iter().enumerate() {
        assert_same(&format!("game {i}"), game.as_bytes());
    }
    let (board, _) = both_ways(games[0].as_bytes());
    assert_eq!((board[0].moves, board[0].mainline_moves), (7, 4));
}

/// A variation at every move of a 42-move game, each with one nested inside: the board
/// replay rebuilds each variation's start from the boards it keeps every few moves, so
/// this reaches every distance from them.
#[test]
fn variations_at_every_move_play_alike() {
    let mainline = "e4 e5 Nf3 Nc6 Nc3 d6 Bb5 Bd7 O-O f5 d3 f4 h3 h5 Bxc6 bxc6 d4 g5 dxe5 dxe5 \
                    Nxe5 Nf6 Ng6 Rh6 Nxf8 Kxf8 f3 Qc8 b3 g4 Ba3+ Kf7 e5 Nh7 Ne4 gxh3 gxh3 Bxh3 \
                    Re1 Qg8+ Kf2 Qg2#";
    let moves: Vec<&str> = mainline.split_whitespace().collect();
    let mut text = String::new();
    for (i, san) in moves.iter().enumerate() {
        // Each variation plays the move it replaces again, then the next one, which a
        // nested variation replaces in turn.
        match moves.get(i + 1) {
            Some(next) => text += &format!("{san} ( {san} {next} ( {next} ) ) "),
            None => text += &format!("{san} ( {san} ) "),
        }
    }
    text += "0-1\n";
    assert_same("variations everywhere", text.as_bytes());
    let (board, _) = both_ways(text.as_bytes());
    let n = moves.len();
    assert!(board[0].errors.is_empty(), "{:?}", board[0].errors);
    assert_eq!((board[0].moves, board[0].mainline_moves), (n + 3 * (n - 1) + 1, n));
}
