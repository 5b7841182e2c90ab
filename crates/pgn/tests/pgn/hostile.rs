//! Hostile input: truncated files, unbalanced braces and parentheses, deep variations, huge
//! comments, binary garbage. Recorded errors, never a panic, never a game lost to damage
//! outside it, and memory bounded.

use lerf_pgn::{Game, GameBuilder, PgnErrorKind, Reader, Replay};
use quickcheck::{TestResult, quickcheck};

const SAMPLE: &[u8] = include_bytes!("../data/lichess-2025-05-sample.pgn");

/// Reads everything with both visitors; returns (games, games with errors) for `Replay`.
fn read_all(input: &[u8]) -> (usize, usize) {
    let mut reader = Reader::new(input);
    let mut builder = GameBuilder::new();
    while let Some(game) = reader.read_game(&mut builder) {
        let _ = game.map(|g| g.to_pgn());
    }
    let mut reader = Reader::new(input);
    let mut replay = Replay::new();
    let (mut games, mut damaged) = (0, 0);
    while let Some(game) = reader.read_game(&mut replay) {
        let game = game.expect("no input error reading from memory");
        games += 1;
        damaged += usize::from(!game.errors.is_empty());
    }
    (games, damaged)
}

fn games(input: &[u8]) -> Vec<Game> {
    let mut reader = Reader::new(input);
    let mut builder = GameBuilder::new();
    std::iter::from_fn(|| reader.read_game(&mut builder)).map(Result::unwrap).collect()
}

#[test]
fn a_file_cut_anywhere_reads_the_games_before_the_cut() {
    for cut in (0..SAMPLE.len()).step_by(4099) {
        let (read, _) = read_all(&SAMPLE[..cut]);
        let complete = SAMPLE[..cut].windows(3).filter(|w| w == b"\n\n[").count() / 2;
        assert!(read >= complete, "cut at {cut}: {read} < {complete}");
    }
}

/// As in python-chess, an unclosed comment takes the rest of the input: it is recorded.
#[test]
fn an_unclosed_comment_takes_the_rest_and_is_recorded() {
    let pgn = b"[Event \"1\"]\n\n1. e4 { never closed\n\n[Event \"2\"]\n\n1. d4 *\n";
    let read = games(pgn);
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].mainline_sans(), ["e4"]);
    let error = &read[0].errors[0];
    assert!(matches!(error.kind, PgnErrorKind::Unterminated), "{error}");
    assert_eq!((error.game, error.line, error.column), (1, 3, 7));
}

#[test]
fn unbalanced_parentheses_and_stray_braces() {
    let pgn = b"1. e4 ((((( e5 *\n\n1. d4 ))))) d5 *\n\n1. c4 } c5 *\n\n1. Nf3 *\n";
    let mut reader = Reader::new(&pgn[..]);
    let mut replay = Replay::new();
    let results: Vec<_> =
        std::iter::from_fn(|| reader.read_game(&mut replay)).map(Result::unwrap).collect();
    assert_eq!(results.len(), 4);
    // The first `(` makes e5 an alternative to e4 (legal: 1. e5 is not, so the variation's
    // rest is skipped); the mainline keeps e4.
    assert_eq!(results[0].mainline_moves, 1);
    assert!(results[0].errors.iter().any(|e| e.token == "e5"), "{:?}", results[0].errors);
    // Stray `)` are ignored (and recorded), as python-chess ignores them.
    assert_eq!(results[1].mainline_moves, 2);
    assert_eq!(results[1].errors.len(), 5);
    assert!(results[1].errors.iter().all(|e| matches!(e.kind, PgnErrorKind::UnmatchedParenthesis)));
    // A stray `}` is an unknown token.
    assert_eq!(results[2].mainline_moves, 2);
    assert!(matches!(results[2].errors[0].kind, PgnErrorKind::UnknownToken));
    assert_eq!((results[3].mainline_moves, results[3].errors.len()), (1, 0));
}

#[test]
fn ten_thousand_nested_variations_are_cut_at_the_depth_limit() {
    let mut pgn = String::from("1. e4 e5 ");
    for _ in 0..10_000 {
        pgn.push_str("( 1... c5 2. Nf3 ");
    }
    for _ in 0..10_000 {
        pgn.push(')');
    }
    pgn.push_str(" 2. Nf3 *\n\n1. d4 *\n");
    let read = games(pgn.as_bytes());
    assert_eq!(read.len(), 2);
    assert_eq!(read[0].mainline_sans(), ["e4", "e5", "Nf3"]);
    assert!(read[0].errors.iter().any(|e| matches!(e.kind, PgnErrorKind::TooDeep)));
    assert_eq!(read[1].mainline_sans(), ["d4"]);
    // A visitor that skips variations reads the mainline whole.
    struct MainlineOnly(Vec<String>);
    impl lerf_pgn::Visitor for MainlineOnly {
        type Output = Vec<String>;
        type Error = std::convert::Infallible;
        fn san(&mut self, san: &[u8]) -> Result<(), Self::Error> {
            self.0.push(String::from_utf8_lossy(san).into_owned());
            Ok(())
        }
        fn begin_variation(&mut self) -> Result<lerf_pgn::Skip, Self::Error> {
            Ok(lerf_pgn::Skip(true))
        }
        fn end_game(&mut self) -> Vec<String> {
            std::mem::take(&mut self.0)
        }
    }
    let mut reader = Reader::new(pgn.as_bytes());
    let main = reader.read_game(&mut MainlineOnly(Vec::new())).unwrap().unwrap();
    assert_eq!(main, ["e4", "e5", "Nf3"]);
}

#[test]
fn a_one_megabyte_comment_is_kept_and_one_over_the_limit_skipped_to_its_brace() {
    let comment = "x".repeat(1 << 20);
    let pgn = format!("1. e4 {{ {comment} }} e5 *\n\n1. d4 *\n");
    let game = games(pgn.as_bytes()).remove(0);
    assert_eq!(game.mainline.moves[0].comments[0].len(), 1 << 20);
    let mut small = Reader::new(pgn.as_bytes()).with_max_token(64 * 1024);
    let game = small.read_game(&mut GameBuilder::new()).unwrap().unwrap();
    assert_eq!(game.mainline_sans(), ["e4", "e5"], "read on after the brace");
    assert!(matches!(game.errors[0].kind, PgnErrorKind::TokenTooLong));
    assert!(game.errors[0].to_string().len() < 200);
    let next = small.read_game(&mut GameBuilder::new()).unwrap().unwrap();
    assert_eq!(next.mainline_sans(), ["d4"]);
}

/// The case: a 20 MB comment (over the default limit) with blank lines and things
/// that look like games inside turned one game into three. It is one game now.
#[test]
fn a_twenty_megabyte_comment_is_one_game() {
    let mut pgn = b"[Event \"long\"]\n\n1. e4 { ".to_vec();
    let block = b"looks like a game\n\n[Event \"fake\"]\n\n1. d4 d5 *\n\n";
    while pgn.len() < 20 << 20 {
        pgn.extend_from_slice(block);
    }
    pgn.extend_from_slice(b"} 1... e5 2. Nf3 *\n\n[Event \"next\"]\n\n1. c4 *\n");
    let read = games(&pgn);
    assert_eq!(read.len(), 2);
    assert_eq!(read[0].mainline_sans(), ["e4", "e5", "Nf3"]);
    assert!(matches!(read[0].errors[0].kind, PgnErrorKind::TokenTooLong));
    assert_eq!(read[1].mainline_sans(), ["c4"]);
}

#[test]
fn binary_garbage_gives_records_not_panics() {
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut garbage = Vec::with_capacity(1 << 20);
    for _ in 0..(1 << 20) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        garbage.push(state as u8);
    }
    let (read, damaged) = read_all(&garbage);
    assert!(damaged > 0, "{read} read, {damaged} with errors");
    // Garbage with its braces taken out, then the sample: every sample game is read.
    let mut spliced = SAMPLE[..20_000].to_vec();
    spliced.extend(garbage[..5000].iter().filter(|b| !b"{}".contains(b)));
    spliced.extend_from_slice(b"\n\n\n");
    spliced.extend_from_slice(SAMPLE);
    let (read, _) = read_all(&spliced);
    assert!(read >= 438, "the sample after the garbage: {read}");
}

#[test]
fn errors_per_game_are_bounded() {
    let pgn = "1. e4 ".to_owned() + &"%% ".repeat(100_000) + "*\n";
    let mut reader = Reader::new(pgn.as_bytes());
    let game = reader.read_game(&mut GameBuilder::new()).unwrap().unwrap();
    assert_eq!(game.errors.len(), lerf_pgn::MAX_ERRORS_PER_GAME);
    assert_eq!(reader.errors_in_game(), 100_000);
}

/// Games as the sample holds them, for the property below.
fn sample_games() -> Vec<&'static [u8]> {
    let mut starts: Vec<usize> = SAMPLE
        .windows(3)
        .enumerate()
        .filter(|(_, w)| w == b"\n\n[")
        .map(|(i, _)| i + 2)
        .filter(|&i| SAMPLE[i..].starts_with(b"[Event"))
        .collect();
    starts.insert(0, 0);
    starts.push(SAMPLE.len());
    starts.windows(2).map(|w| &SAMPLE[w[0]..w[1]]).take(40).collect()
}

quickcheck! {
    fn arbitrary_bytes_never_panic(bytes: Vec<u8>) -> bool {
        read_all(&bytes);
        true
    }

    fn mutated_games_never_panic(at: usize, byte: u8, delete: bool) -> bool {
        let mut input = SAMPLE[..6000].to_vec();
        let at = at % input.len();
        if delete { input.remove(at); } else { input[at] = byte; }
        read_all(&input);
        true
    }

    /// Valid games with garbage between them (any bytes but braces, which would open a
    /// comment that python-chess too would read on in, set apart by empty lines): every
    /// valid game is read, whole and in order.
    fn garbage_between_games_loses_no_game(picks: Vec<(u8, Vec<u8>)>) -> TestResult {
        if picks.is_empty() {
            return TestResult::discard();
        }
        let pool = sample_games();
        let mut input = Vec::new();
        let mut expected = Vec::new();
        for (pick, garbage) in picks.iter().take(8) {
            let game = pool[*pick as usize % pool.len()];
            input.extend_from_slice(b"\n\n\n");
            input.extend(garbage.iter().filter(|b| !b"{}".contains(b)));
            input.extend_from_slice(b"\n\n\n");
            input.extend_from_slice(game);
            expected.push(games(game).remove(0));
        }
        let read = games(&input);
        let mut wanted = expected.iter().peekable();
        for game in &read {
            if wanted.peek().is_some_and(|w| w.tags == game.tags && w.mainline == game.mainline) {
                wanted.next();
            }
        }
        TestResult::from_bool(wanted.peek().is_none())
    }
}

/// Found by `cargo fuzz run pgn_reader`: a backslash before the end of a tag line was read
/// as an escape, and the game then wrote a tag that did not read back.
#[test]
fn fuzz_regression_escaped_newline_in_a_tag() {
    let input = include_bytes!("../data/fuzz/escaped-newline-in-tag.pgn");
    let mut reader = Reader::new(&input[..]);
    let mut builder = GameBuilder::new();
    while let Some(game) = reader.read_game(&mut builder) {
        let game = game.unwrap();
        let written = game.to_pgn();
        let again = Reader::new(written.as_bytes()).read_game(&mut GameBuilder::new());
        let again = again.unwrap().unwrap();
        assert!(again.errors.is_empty(), "{written}: {:?}", again.errors);
    }
    // python-chess's tag regex does not match a line that ends inside the value: ignored.
    let pgn = b"[Event \"a\\\nb\"]\n\n1. e4 *\n";
    let game = Reader::new(&pgn[..]).read_game(&mut GameBuilder::new()).unwrap().unwrap();
    assert!(matches!(game.errors[0].kind, PgnErrorKind::BadTag), "{:?}", game.errors);
}
