//! Hostile input: truncated files, unbalanced braces and parentheses, deep variations, huge
//! comments, binary garbage. Errors, never a panic, and every game after the damage read.

use lerf_pgn::{GameBuilder, PgnErrorKind, Reader, Replay};
use quickcheck::quickcheck;

const SAMPLE: &[u8] = include_bytes!("data/lichess-2025-05-sample.pgn");

/// Reads everything with both visitors; returns (games read, games refused) for `Replay`.
fn read_all(input: &[u8]) -> (usize, usize) {
    let mut reader = Reader::new(input);
    let mut builder = GameBuilder::new();
    while let Some(game) = reader.read_game(&mut builder) {
        let _ = game.map(|g| g.to_pgn());
    }
    let mut reader = Reader::new(input);
    let mut replay = Replay::new();
    let (mut ok, mut refused) = (0, 0);
    while let Some(game) = reader.read_game(&mut replay) {
        match game {
            Ok(_) => ok += 1,
            Err(_) => refused += 1,
        }
    }
    (ok, refused)
}

#[test]
fn a_file_cut_anywhere_reads_the_games_before_the_cut() {
    for cut in (0..SAMPLE.len()).step_by(4099) {
        let (ok, refused) = read_all(&SAMPLE[..cut]);
        let complete = SAMPLE[..cut].windows(2).filter(|w| w == b"\n[").count() / 17;
        assert!(ok + refused >= complete, "cut at {cut}: {ok} + {refused} < {complete}");
    }
}

#[test]
fn an_unclosed_comment_is_an_error_at_the_end() {
    let pgn = b"[Event \"1\"]\n\n1. e4 { never closed\n\n[Event \"2\"]\n\n1. d4 *\n";
    let mut reader = Reader::new(&pgn[..]);
    let err = reader.read_game(&mut Replay::new()).unwrap().unwrap_err();
    assert!(matches!(err.kind, PgnErrorKind::Unterminated), "{err}");
    assert_eq!((err.game, err.line), (1, 3));
    assert!(reader.read_game(&mut Replay::new()).is_none());
}

#[test]
fn unbalanced_parentheses_and_stray_braces() {
    let pgn = b"1. e4 ((((( e5 *\n\n1. d4 ))))) d5 *\n\n1. c4 } c5 *\n\n1. Nf3 *\n";
    let mut reader = Reader::new(&pgn[..]);
    let mut replay = Replay::new();
    let results: Vec<_> = std::iter::from_fn(|| reader.read_game(&mut replay)).collect();
    assert_eq!(results.len(), 4);
    // The first `(` makes e5 an alternative to e4, which it cannot be; the other `(`, before
    // any move of their line, are ignored, as python-chess does, and so is a `)` too many.
    let err = results[0].as_ref().unwrap_err();
    assert!(matches!(err.kind, PgnErrorKind::Visitor(_)) && err.token == "e5", "{err}");
    assert_eq!(results[1].as_ref().map(|g| g.moves).ok(), Some(2));
    assert!(matches!(results[2].as_ref().unwrap_err().kind, PgnErrorKind::UnexpectedCharacter));
    assert_eq!(results[3].as_ref().map(|g| g.moves).ok(), Some(1));
}

#[test]
fn ten_thousand_nested_variations_are_refused_and_skipping_them_is_fine() {
    let mut pgn = String::from("1. e4 e5 ");
    for _ in 0..10_000 {
        pgn.push_str("( 1... c5 ");
    }
    for _ in 0..10_000 {
        pgn.push(')');
    }
    pgn.push_str(" 2. Nf3 *\n\n1. d4 *\n");
    let mut reader = Reader::new(pgn.as_bytes());
    let err = reader.read_game(&mut GameBuilder::new()).unwrap().unwrap_err();
    assert!(matches!(err.kind, PgnErrorKind::TooDeep), "{err}");
    assert_eq!(reader.read_game(&mut GameBuilder::new()).unwrap().unwrap().mainline_sans(), ["d4"]);
    // A visitor that skips variations reads the game whole.
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
fn a_one_megabyte_comment_and_a_limit_on_tokens() {
    let comment = "x".repeat(1 << 20);
    let pgn = format!("1. e4 {{ {comment} }} e5 *\n\n1. d4 *\n");
    let game = Reader::new(pgn.as_bytes()).read_game(&mut GameBuilder::new()).unwrap().unwrap();
    assert_eq!(game.mainline.moves[0].comments[0].len(), 1 << 20);
    let mut small = Reader::new(pgn.as_bytes()).with_max_token(64 * 1024);
    let err = small.read_game(&mut GameBuilder::new()).unwrap().unwrap_err();
    assert!(matches!(err.kind, PgnErrorKind::TokenTooLong | PgnErrorKind::Unterminated), "{err}");
    assert!(err.to_string().len() < 200);
}

#[test]
fn binary_garbage_gives_errors_not_panics() {
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut garbage = Vec::with_capacity(1 << 20);
    for _ in 0..(1 << 20) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        garbage.push(state as u8);
    }
    let (ok, refused) = read_all(&garbage);
    assert!(refused > 0, "{ok} read, {refused} refused");
    let mut spliced = SAMPLE[..20_000].to_vec();
    spliced.extend_from_slice(&garbage[..5000]);
    spliced.extend_from_slice(b"\n\n");
    spliced.extend_from_slice(SAMPLE);
    let (ok, _) = read_all(&spliced);
    assert!(ok >= 438, "the sample after the garbage: {ok}");
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
}

/// Found by `cargo fuzz run pgn_reader`: a backslash before the end of a tag line was read
/// as an escape, and the game then wrote a tag that did not read back.
#[test]
fn fuzz_regression_escaped_newline_in_a_tag() {
    let input = include_bytes!("data/fuzz/escaped-newline-in-tag.pgn");
    let mut reader = Reader::new(&input[..]);
    let mut builder = GameBuilder::new();
    while let Some(game) = reader.read_game(&mut builder) {
        if let Ok(game) = game {
            let written = game.to_pgn();
            let again = Reader::new(written.as_bytes()).read_game(&mut GameBuilder::new());
            assert!(matches!(again, Some(Ok(_))), "{written}");
        }
    }
    let pgn = b"[Event \"a\\\nb\"]\n\n1. e4 *\n";
    let err = Reader::new(&pgn[..]).read_game(&mut GameBuilder::new()).unwrap().unwrap_err();
    assert!(matches!(err.kind, PgnErrorKind::BadTag), "{err}");
}
