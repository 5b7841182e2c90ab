//! What real PGN files hold, and what a reader of them must survive: each case read through
//! `GameBuilder` or `Replay`, with the errors it must record (game, line, column, token)
//! and the games after it still read.

use lerf_pgn::{
    Game, GameBuilder, GameResult, PgnError, PgnErrorKind, Reader, Replay, ReplayError,
};

fn games(pgn: &[u8]) -> Vec<Result<Game, String>> {
    let mut reader = Reader::new(pgn);
    let mut builder = GameBuilder::new();
    std::iter::from_fn(|| reader.read_game(&mut builder))
        .map(|g| g.map_err(|e| e.to_string()))
        .collect()
}

/// (moves, mainline moves, errors) of each game.
fn replays(pgn: &[u8]) -> Vec<(usize, usize, Vec<PgnError<ReplayError>>)> {
    let mut reader = Reader::new(pgn);
    let mut replay = Replay::new();
    std::iter::from_fn(|| reader.read_game(&mut replay))
        .map(|g| g.unwrap())
        .map(|g| (g.moves, g.mainline_moves, g.errors))
        .collect()
}

#[test]
fn byte_order_mark_crlf_escape_lines_and_semicolon_comments() {
    let pgn = "\u{feff}% exported by some tool\r\n[Event \"A\"]\r\n[White \"x\"]\r\n\r\n\
               1. e4 ; a rest-of-line comment (not a variation\r\n\
               1... e5 2. Nf3 {a comment\r\nover two lines} Nc6 1-0\r\n\r\n\
               % between games\r\n[Event \"B\"]\r\n\r\n1. d4 *\r\n";
    let read = games(pgn.as_bytes());
    assert_eq!(read.len(), 2);
    let first = read[0].as_ref().unwrap();
    assert_eq!(first.tag("Event"), Some("A"));
    assert_eq!(first.mainline_sans(), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(first.mainline.moves[2].comments, ["a comment\r\nover two lines"]);
    assert_eq!(first.result, Some(GameResult::WhiteWins));
    assert_eq!(read[1].as_ref().unwrap().tag("Event"), Some("B"));
}

#[test]
fn move_numbers_nags_annotations_and_nested_variations() {
    let pgn =
        "1.e4 e5 2.Nf3!? Nc6?! 3.Bb5 3...a6 $14 (3... Nf6 (3... Bc5 4. c3) 4. d3 $1) 4. Ba4 *";
    let game = games(pgn.as_bytes()).remove(0).unwrap();
    assert_eq!(game.mainline_sans(), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"]);
    assert_eq!(game.mainline.moves[2].nags, [5]);
    assert_eq!(game.mainline.moves[3].nags, [6]);
    assert_eq!(game.mainline.moves[5].nags, [14]);
    let variation = &game.mainline.moves[5].variations[0];
    assert_eq!(variation.moves[0].san, "Nf6");
    assert_eq!(variation.moves[1].nags, [1]);
    assert_eq!(variation.moves[0].variations[0].moves[1].san, "c3");
    assert_eq!(replays(pgn.as_bytes())[0], (11, 7, vec![]));
}

#[test]
fn set_up_positions_and_chess960() {
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 *\n\n\
               [Variant \"Chess960\"]\n[FEN \"rk2r3/4p3/8/8/8/8/4P3/RK2R3 w KQkq - 0 1\"]\n\n\
               1. O-O O-O-O *\n\n[Variant \"Crazyhouse\"]\n\n1. e4 *\n";
    let replayed = replays(pgn.as_bytes());
    assert_eq!(replayed[0], (2, 2, vec![]));
    assert_eq!(replayed[1], (2, 2, vec![]));
    // A variant game is played on its variant's board.
    assert_eq!(replayed[2], (1, 1, vec![]));
}

#[test]
fn variant_games_play_by_their_rules_and_report_what_they_refuse() {
    // Atomic: a king may walk next to the other king (illegal in standard chess). A bad
    // three-check FEN plays no move; a drop from an empty pocket ends the mainline.
    let pgn = "[Variant \"Atomic\"]\n[FEN \"8/8/8/8/3k4/8/3K4/8 w - - 0 1\"]\n\n1. Kd3 Ke5 *\n\n\
               [Variant \"Three-check\"]\n[FEN \"8/8/8 w - - x+y 0 1\"]\n\n1. e4 *\n\n\
               [Variant \"Crazyhouse\"]\n\n1. e4 Q@e6 2. d4 *\n\n\
               [Variant \"Antichess\"]\n\n1. e4 d5 2. Nf3 *\n";
    let replayed = replays(pgn.as_bytes());
    assert_eq!(replayed[0], (2, 2, vec![]));
    let (moves, _, errors) = &replayed[1];
    assert_eq!((*moves, errors.len()), (0, 1));
    assert!(matches!(errors[0].kind, PgnErrorKind::Visitor(ReplayError::VariantFen(_))));
    let (moves, _, errors) = &replayed[2];
    assert_eq!((*moves, errors.len()), (1, 1));
    let PgnErrorKind::Visitor(ReplayError::VariantSan { text, .. }) = &errors[0].kind else {
        panic!("{:?}", errors[0]);
    };
    assert_eq!(text, "Q@e6");
    // Antichess: 2. Nf3 passes over the compulsory exd5.
    let (moves, _, errors) = &replayed[3];
    assert_eq!((*moves, errors.len()), (2, 1));
    assert_eq!(errors[0].kind.to_string(), "illegal san: \"Nf3\"");
}

#[test]
fn an_unknown_variant_is_played_as_standard_chess_and_a_shredder_fen_as_chess960() {
    let pgn = "[Variant \"Blitz\"]\n\n1. e4 e5 *\n\n\
               [FEN \"rk2r3/4p3/8/8/8/8/4P3/RK2R3 w EAea - 0 1\"]\n\n1. O-O *\n";
    let replayed = replays(pgn.as_bytes());
    assert_eq!(replayed[0].1, 2);
    assert!(matches!(replayed[0].2[0].kind, PgnErrorKind::Visitor(ReplayError::UnknownVariant(_))));
    assert_eq!(replayed[1], (1, 1, vec![]));
}

#[test]
fn an_illegal_move_ends_its_mainline_and_is_recorded() {
    let pgn = "[Event \"1\"]\n\n1. e4 e5 2. Ke3 d5 *\n\n[Event \"2\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Nc3 Nf6 4. Nd5 Nd4 5. Qh6 *\n\n\
               [Event \"3\"]\n\n1. d4 d5 2. Nf3 a6 3. Nd2 *\n\n[Event \"4\"]\n\n1. d4 *\n";
    let replayed = replays(pgn.as_bytes());
    assert_eq!(replayed.len(), 4);
    let (_, mainline, errors) = &replayed[0];
    assert_eq!((*mainline, errors.len()), (2, 1), "the moves after Ke3 are not played");
    let err = &errors[0];
    assert_eq!((err.game, err.line, err.column, err.token.as_str()), (1, 3, 13, "Ke3"));
    assert!(
        err.to_string()
            .starts_with("game 1, line 3, column 13, token \"Ke3\": illegal san \"Ke3\""),
        "{err}"
    );
    assert_eq!((replayed[1].1, replayed[1].2[0].token.as_str()), (8, "Qh6"));
    assert!(replayed[2].2[0].to_string().contains("ambiguous"), "{:?}", replayed[2]);
    assert_eq!(replayed[3], (1, 1, vec![]));
}

#[test]
fn an_illegal_move_in_a_variation_skips_the_variation_only() {
    let pgn = "1. e4 e5 (1... c5 2. Ke3 Nc6) 2. Nf3 Nc6 *";
    let (moves, mainline, errors) = replays(pgn.as_bytes()).remove(0);
    assert_eq!((moves, mainline), (5, 4));
    assert_eq!((errors.len(), errors[0].token.as_str()), (1, "Ke3"));
}

/// As in python-chess: tags that follow movetext without an empty line before them are
/// read as movetext (recorded), and the game goes on to the next empty line.
#[test]
fn a_game_without_an_empty_line_before_the_next_tags_reads_them_as_movetext() {
    let pgn = "[Event \"1\"]\n1. e4 e5\n[Event \"2\"]\n1. d4 d5 *";
    let read = games(pgn.as_bytes());
    assert_eq!(read.len(), 1);
    let game = read[0].as_ref().unwrap();
    assert_eq!(game.mainline_sans(), ["e4", "e5", "d4", "d5"]);
    assert_eq!(game.errors.len(), 1);
    assert!(matches!(game.errors[0].kind, PgnErrorKind::TagInMovetext));
    assert_eq!((game.errors[0].line, game.errors[0].column), (3, 1));
}

#[test]
fn tag_values_keep_their_escapes_and_write_them_back() {
    let pgn = "[Annotator \"Say \\\"hi\\\" \\\\ bye\"]\n\n1. e4 *\n";
    let game = games(pgn.as_bytes()).remove(0).unwrap();
    assert_eq!(game.tag("Annotator"), Some("Say \"hi\" \\ bye"));
    let written = game.to_pgn();
    assert!(written.contains("[Annotator \"Say \\\"hi\\\" \\\\ bye\"]"), "{written}");
    let again = games(written.as_bytes()).remove(0).unwrap();
    assert_eq!(again.tag("Annotator"), game.tag("Annotator"));
    assert_eq!(again.to_pgn(), written, "writing is stable once the roster is there");
}

#[test]
fn skipping_is_cheap_and_exact() {
    struct Counter(usize);
    impl lerf_pgn::Visitor for Counter {
        type Output = ();
        type Error = std::convert::Infallible;
        fn begin_movetext(&mut self) -> Result<lerf_pgn::Skip, Self::Error> {
            Ok(lerf_pgn::Skip(true))
        }
        fn san(&mut self, _: &[u8]) -> Result<(), Self::Error> {
            self.0 += 1;
            Ok(())
        }
        fn end_game(&mut self) {}
    }
    let sample = include_bytes!("../data/lichess-2025-05-sample.pgn");
    let mut reader = Reader::new(&sample[..]);
    let mut counter = Counter(0);
    let mut n = 0;
    while let Some(game) = reader.read_game(&mut counter) {
        game.unwrap();
        n += 1;
    }
    assert_eq!((n, counter.0), (438, 0));
    let mut reader = Reader::new(&sample[..]);
    assert_eq!(std::iter::from_fn(|| reader.skip_game()).count(), 438);
}
