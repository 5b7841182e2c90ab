//! Shards: a PGN input cut into Zstandard files of whole games, with a manifest that says
//! what each holds, for engines (Dask, Spark, a batch queue) that read one shard a task.

use crate::{GameChunks, ReadError, Reader, Replay};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The manifest's name in the output directory.
pub const MANIFEST: &str = "manifest.json";

/// What the manifest's `format` field holds.
pub const MANIFEST_FORMAT: &str = "lerf-shards/1";

/// Bytes of input read at a time while splitting (a shard is written a chunk at a time).
const CHUNK_BYTES: u64 = 4 << 20;

/// How [`split`] cuts and writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitOptions {
    /// Games in each shard but the last (at least 1).
    pub games_per_shard: usize,
    /// Replace the shards and manifest of an earlier split in the output directory
    /// instead of refusing it.
    pub overwrite: bool,
    /// Zstandard level (1 to 19; 3 is zstd's default).
    pub level: i32,
}

impl Default for SplitOptions {
    fn default() -> Self {
        SplitOptions { games_per_shard: 100_000, overwrite: false, level: 3 }
    }
}

/// One shard as the manifest describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// The file's name in the output directory (`shard-00000.pgn.zst`, ...).
    pub file: String,
    /// The games a [`Reader`] reads from it.
    pub games: usize,
    /// The index of its first game in the input, from 0.
    pub first_game: usize,
    /// Mainline moves played by lerf (as [`Replay`] counts them): one row each in
    /// `lerf.pgn.positions`.
    pub moves: u64,
    /// The file's size.
    pub bytes: u64,
    /// The PGN's size, uncompressed.
    pub pgn_bytes: u64,
    /// SHA-256 of the file, in hexadecimal.
    pub sha256: String,
}

/// `manifest.json`: the shards in input order, and the totals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`MANIFEST_FORMAT`].
    pub format: String,
    /// Games in all shards: the input's games.
    pub games: usize,
    /// Mainline moves in all shards.
    pub moves: u64,
    /// The input's size, uncompressed.
    pub pgn_bytes: u64,
    /// The shards, in input order (their names sort in that order too).
    pub shards: Vec<Shard>,
}

impl Manifest {
    /// The manifest as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// A manifest read from JSON.
    ///
    /// # Errors
    ///
    /// The text is not a manifest of this format.
    pub fn from_json(text: &str) -> Result<Manifest, SplitError> {
        let manifest: Manifest =
            serde_json::from_str(text).map_err(|e| SplitError::BadManifest(e.to_string()))?;
        if manifest.format != MANIFEST_FORMAT {
            return Err(SplitError::BadManifest(format!(
                "format {:?}, not {MANIFEST_FORMAT:?}",
                manifest.format
            )));
        }
        Ok(manifest)
    }
}

/// Why [`split`] stopped.
#[derive(Debug)]
#[non_exhaustive]
pub enum SplitError {
    /// The input failed; the shards before it are written, the manifest is not.
    Read(ReadError),
    /// A file in the output directory could not be made or written.
    Write(PathBuf, io::Error),
    /// The output directory holds shards or a manifest already (and `overwrite` is off).
    ShardsExist(PathBuf),
    /// A manifest that does not parse.
    BadManifest(String),
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::Read(e) => e.fmt(f),
            SplitError::Write(path, e) => write!(f, "{}: {e}", path.display()),
            SplitError::ShardsExist(path) => write!(
                f,
                "{} holds shards of an earlier split already (overwrite to replace them)",
                path.display()
            ),
            SplitError::BadManifest(why) => write!(f, "not a lerf shard manifest: {why}"),
        }
    }
}

impl std::error::Error for SplitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SplitError::Read(e) => Some(e),
            SplitError::Write(_, e) => Some(e),
            _ => None,
        }
    }
}

/// The name of the `index`th shard: five digits and more as needed, so that names sort in
/// input order up to 100,000 shards.
pub fn shard_name(index: usize) -> String {
    format!("shard-{index:05}.pgn.zst")
}

fn is_split_output(name: &str) -> bool {
    name == MANIFEST || (name.starts_with("shard-") && name.ends_with(".pgn.zst"))
}

/// Cuts `input` (plain PGN: wrap a `.pgn.zst` in [`decompressed`](crate::decompressed))
/// into `out_dir/shard-00000.pgn.zst`, ... of `games_per_shard` whole games each, and
/// writes `out_dir/manifest.json` last (a directory without one is an unfinished split).
///
/// The games are cut where a [`Reader`] sees them begin, so the shards read one after
/// another give the input's games exactly, errors and all. Memory stays at a few MB
/// whatever the input's size (a chunk of input and one game). `progress` is called with
/// the input bytes read so far after each chunk.
///
/// # Errors
///
/// The input fails, a file cannot be written, or `out_dir` holds an earlier split and
/// `overwrite` is off.
pub fn split<R: Read>(
    input: R,
    out_dir: &Path,
    options: &SplitOptions,
    mut progress: impl FnMut(u64),
) -> Result<Manifest, SplitError> {
    prepare(out_dir, options.overwrite)?;
    let per_shard = options.games_per_shard.max(1);
    let mut chunks = GameChunks::new(input).bytes_per_chunk(CHUNK_BYTES);
    let mut manifest = Manifest {
        format: MANIFEST_FORMAT.to_owned(),
        games: 0,
        moves: 0,
        pgn_bytes: 0,
        shards: Vec::new(),
    };
    let mut open: Option<ShardWriter> = None;
    loop {
        let room = open.as_ref().map_or(per_shard, |shard| per_shard - shard.info.games);
        let Some(chunk) = chunks.next_chunk(room) else { break };
        let chunk = chunk.map_err(SplitError::Read)?;
        let shard = match &mut open {
            Some(shard) => shard,
            None => open.insert(ShardWriter::create(
                out_dir,
                manifest.shards.len(),
                chunk.first_game,
                options.level,
            )?),
        };
        shard.write(&chunk.bytes, chunk.games)?;
        progress(chunks.bytes_read());
        if shard.info.games == per_shard {
            manifest.add(open.take().map(ShardWriter::finish).transpose()?);
        }
    }
    manifest.add(open.map(ShardWriter::finish).transpose()?);
    let path = out_dir.join(MANIFEST);
    std::fs::write(&path, manifest.to_json() + "\n").map_err(|e| SplitError::Write(path, e))?;
    Ok(manifest)
}

impl Manifest {
    fn add(&mut self, shard: Option<Shard>) {
        if let Some(shard) = shard {
            self.games += shard.games;
            self.moves += shard.moves;
            self.pgn_bytes += shard.pgn_bytes;
            self.shards.push(shard);
        }
    }
}

/// Makes `out_dir`, refusing (or clearing, with `overwrite`) an earlier split's files.
fn prepare(out_dir: &Path, overwrite: bool) -> Result<(), SplitError> {
    let fail = |e| SplitError::Write(out_dir.to_owned(), e);
    std::fs::create_dir_all(out_dir).map_err(fail)?;
    for entry in std::fs::read_dir(out_dir).map_err(fail)? {
        let path = entry.map_err(fail)?.path();
        if path.file_name().and_then(|n| n.to_str()).is_some_and(is_split_output) {
            if !overwrite {
                return Err(SplitError::ShardsExist(out_dir.to_owned()));
            }
            std::fs::remove_file(&path).map_err(|e| SplitError::Write(path, e))?;
        }
    }
    Ok(())
}

/// A shard being written: compressed, hashed and counted as it goes.
struct ShardWriter {
    path: PathBuf,
    encoder: zstd::Encoder<'static, Hashed<BufWriter<File>>>,
    info: Shard,
    replay: Replay,
}

impl ShardWriter {
    fn create(
        dir: &Path,
        index: usize,
        first_game: usize,
        level: i32,
    ) -> Result<ShardWriter, SplitError> {
        let file = shard_name(index);
        let path = dir.join(&file);
        let fail = |e| SplitError::Write(path.clone(), e);
        let out = File::create(&path).map_err(fail)?;
        let hashed = Hashed { inner: BufWriter::new(out), hash: Sha256::new(), bytes: 0 };
        let encoder = zstd::Encoder::new(hashed, level).map_err(fail)?;
        let info = Shard {
            file,
            games: 0,
            first_game,
            moves: 0,
            bytes: 0,
            pgn_bytes: 0,
            sha256: String::new(),
        };
        Ok(ShardWriter { path, encoder, info, replay: Replay::new() })
    }

    fn write(&mut self, pgn: &[u8], games: usize) -> Result<(), SplitError> {
        self.encoder.write_all(pgn).map_err(|e| SplitError::Write(self.path.clone(), e))?;
        let mut reader = Reader::new(pgn);
        while let Some(Ok(game)) = reader.read_game(&mut self.replay) {
            self.info.moves += game.mainline_moves as u64;
        }
        self.info.games += games;
        self.info.pgn_bytes += pgn.len() as u64;
        Ok(())
    }

    fn finish(self) -> Result<Shard, SplitError> {
        let ShardWriter { path, encoder, mut info, .. } = self;
        let fail = |e| SplitError::Write(path.clone(), e);
        let mut hashed = encoder.finish().map_err(fail)?;
        hashed.flush().map_err(fail)?;
        hashed.inner.get_ref().sync_all().map_err(fail)?;
        info.bytes = hashed.bytes;
        info.sha256 = hashed.hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
        Ok(info)
    }
}

/// A writer that hashes and counts what goes through it.
struct Hashed<W> {
    inner: W,
    hash: Sha256,
    bytes: u64,
}

impl<W: Write> Write for Hashed<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The SHA-256 of a file, in hexadecimal: what a shard's manifest entry says it is.
///
/// # Errors
///
/// The file cannot be read.
pub fn sha256_of(path: &Path) -> io::Result<String> {
    let mut file = File::open(path)?;
    let mut hash = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match file.read(&mut buf)? {
            0 => break,
            n => hash.update(&buf[..n]),
        }
    }
    Ok(hash.finalize().iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("lerf-shards-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    const PGN: &[u8] =
        b"1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 *\n\n1. c4 c5 2. Nc3 *\n\n1. Nf3 *\n\n1. g3 *\n";

    #[test]
    fn shards_hold_whole_games_in_order_and_the_manifest_says_so() {
        let dir = temp_dir("order");
        let options = SplitOptions { games_per_shard: 2, ..SplitOptions::default() };
        let manifest = split(PGN, &dir, &options, |_| {}).unwrap();
        let summary: Vec<_> = manifest
            .shards
            .iter()
            .map(|s| (s.file.as_str(), s.first_game, s.games, s.moves))
            .collect();
        assert_eq!(
            summary,
            [
                ("shard-00000.pgn.zst", 0, 2, 3),
                ("shard-00001.pgn.zst", 2, 2, 4),
                ("shard-00002.pgn.zst", 4, 1, 1)
            ]
        );
        assert_eq!((manifest.games, manifest.moves, manifest.pgn_bytes), (5, 8, PGN.len() as u64));
        let mut joined = Vec::new();
        for shard in &manifest.shards {
            let path = dir.join(&shard.file);
            assert_eq!(sha256_of(&path).unwrap(), shard.sha256);
            assert_eq!(std::fs::metadata(&path).unwrap().len(), shard.bytes);
            joined.extend(zstd::decode_all(File::open(&path).unwrap()).unwrap());
        }
        assert_eq!(joined, PGN);
        let written = std::fs::read_to_string(dir.join(MANIFEST)).unwrap();
        assert_eq!(Manifest::from_json(&written).unwrap(), manifest);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_earlier_split_is_refused_unless_overwritten() {
        let dir = temp_dir("again");
        let one = SplitOptions { games_per_shard: 1, ..SplitOptions::default() };
        assert_eq!(split(PGN, &dir, &one, |_| {}).unwrap().shards.len(), 5);
        let error = split(PGN, &dir, &one, |_| {}).unwrap_err();
        assert!(matches!(error, SplitError::ShardsExist(_)), "{error}");
        assert!(error.to_string().contains("overwrite"));
        // Fewer, bigger shards: none of the old five is left behind.
        let three = SplitOptions { games_per_shard: 3, overwrite: true, ..SplitOptions::default() };
        assert_eq!(split(PGN, &dir, &three, |_| {}).unwrap().shards.len(), 2);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_manifest_of_another_format_is_refused() {
        let error =
            Manifest::from_json(r#"{"format":"x","games":0,"moves":0,"pgn_bytes":0,"shards":[]}"#);
        assert!(error.unwrap_err().to_string().contains("lerf-shards/1"));
        assert!(Manifest::from_json("[").is_err());
    }
}
