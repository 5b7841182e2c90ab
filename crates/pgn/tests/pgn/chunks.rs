//! `GameChunks` on real files: the chunks put together are the input, and reading them one
//! after the other gives the games the whole input gives, errors included.

use lerf_pgn::{GameChunks, Reader, Replay};
use std::path::PathBuf;

fn files() -> Vec<PathBuf> {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(data.join("recovery"))
        .expect("the recovery corpus")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "pgn"))
        .collect();
    files.sort();
    files.push(data.join("lichess-2025-05-sample.pgn"));
    files
}

/// Each game as its mainline's `SAN<TAB>FEN` lines and its error count.
fn games(pgn: &[u8]) -> Vec<(String, usize)> {
    let mut reader = Reader::new(pgn);
    let mut replay = Replay::new().with_fens();
    std::iter::from_fn(|| reader.read_game(&mut replay))
        .map(|game| game.expect("bytes in memory"))
        .map(|game| (game.fens, game.errors.len()))
        .collect()
}

#[test]
fn chunks_read_one_after_another_give_the_whole_files_games() {
    for path in files() {
        let pgn = std::fs::read(&path).expect("a test file");
        let whole = games(&pgn);
        for (per_chunk, bytes) in
            [(1, u64::MAX), (3, u64::MAX), (1000, 4096), (usize::MAX, u64::MAX)]
        {
            let mut joined = Vec::new();
            let mut read = Vec::new();
            for chunk in GameChunks::new(&pgn[..]).games_per_chunk(per_chunk).bytes_per_chunk(bytes)
            {
                let chunk = chunk.expect("bytes in memory");
                assert_eq!(chunk.first_game, read.len(), "{}", path.display());
                assert_eq!(chunk.offset, joined.len() as u64);
                let these = games(&chunk.bytes);
                assert_eq!(these.len(), chunk.games, "{}", path.display());
                read.extend(these);
                joined.extend_from_slice(&chunk.bytes);
            }
            assert_eq!(joined, pgn, "{}", path.display());
            assert_eq!(read, whole, "{} cut {per_chunk} games a chunk", path.display());
        }
    }
}
