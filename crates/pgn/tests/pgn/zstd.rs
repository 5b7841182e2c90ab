//! `.pgn.zst`: the compressed sample reads game for game as the plain one; a truncated or
//! corrupt archive is an input error after every game before the damage.
#![cfg(feature = "zstd")]

use lerf_pgn::{Reader, Replay, ZstdReader, decompressed};
use std::io::Cursor;

const SAMPLE: &[u8] = include_bytes!("../data/lichess-2025-05-sample.pgn");

/// (mainline moves, SAN/FEN lines) of each game, and the input error that ended it, if any.
fn replay(input: impl std::io::Read) -> (Vec<(usize, String)>, Option<lerf_pgn::ReadError>) {
    let mut reader = Reader::new(input);
    let mut visitor = Replay::new().with_fens();
    let mut games = Vec::new();
    while let Some(game) = reader.read_game(&mut visitor) {
        match game {
            Ok(game) => games.push((game.mainline_moves, game.fens)),
            Err(e) => return (games, Some(e)),
        }
    }
    (games, None)
}

#[test]
fn compressed_reads_as_plain_game_for_game() {
    let (plain, none) = replay(SAMPLE);
    assert!(none.is_none());
    assert_eq!(plain.len(), 438);
    for level in [1, 19] {
        let compressed = zstd::encode_all(SAMPLE, level).unwrap();
        let (read, error) = replay(ZstdReader::new(Cursor::new(compressed.clone())).unwrap());
        assert!(error.is_none(), "{error:?}");
        assert!(read == plain, "level {level}");
        // Told by its first bytes, not by a name.
        let (auto, _) = replay(decompressed(Cursor::new(compressed)).unwrap());
        assert!(auto == plain);
    }
    let (auto_plain, _) = replay(decompressed(Cursor::new(SAMPLE.to_vec())).unwrap());
    assert!(auto_plain == plain);
}

#[test]
fn a_truncated_archive_keeps_every_game_before_the_cut() {
    let (plain, _) = replay(SAMPLE);
    let compressed = zstd::encode_all(SAMPLE, 3).unwrap();
    for cut in [compressed.len() / 3, compressed.len() - 10] {
        let (read, error) =
            replay(ZstdReader::new(Cursor::new(compressed[..cut].to_vec())).unwrap());
        let error = error.expect("the cut is an error");
        assert!(error.to_string().contains(&format!("compressed byte {cut}")), "{error}");
        assert_eq!(error.game, read.len() + 1, "the game the cut falls in is not given");
        assert!(read.len() > 100 && read.len() < plain.len(), "{}", read.len());
        assert!(read[..] == plain[..read.len()]);
    }
}

#[test]
fn a_corrupt_archive_is_an_error_naming_the_offset() {
    let mut compressed = zstd::encode_all(SAMPLE, 3).unwrap();
    let at = compressed.len() / 2;
    for b in &mut compressed[at..at + 64] {
        *b = !*b;
    }
    let (read, error) = replay(ZstdReader::new(Cursor::new(compressed)).unwrap());
    let error = error.expect("corruption is an error");
    assert!(error.to_string().contains("corrupt Zstandard data at compressed byte"), "{error}");
    assert!(!read.is_empty());
}

/// Every byte read until the input fails.
fn read_until_failure(mut input: impl std::io::Read) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match input.read(&mut buf) {
            Ok(0) => panic!("the input should fail"),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(_) => return out,
        }
    }
}

#[test]
fn every_decodable_byte_comes_before_the_failure() {
    let data = SAMPLE.repeat(3);
    let compressed = zstd::encode_all(&data[..], 3).unwrap();
    for cut in [compressed.len() / 2, compressed.len() - 300] {
        let part = compressed[..cut].to_vec();
        let reference = read_until_failure(
            zstd::stream::read::Decoder::new(Cursor::new(part.clone())).unwrap(),
        );
        let ours = read_until_failure(ZstdReader::new(Cursor::new(part)).unwrap());
        assert!(!reference.is_empty());
        assert_eq!(ours.len(), reference.len(), "cut at {cut}");
        assert!(ours == data[..ours.len()]);
    }
}
