//! Cutting PGN input into chunks of whole games, where the [`Reader`] sees games begin:
//! for parsing on several threads, and for shards that several machines read.

use crate::ReadError;
use crate::reader::Reader;
use crate::visitor::{Skip, Visitor};
use std::convert::Infallible;
use std::io::{self, Read};

/// Whole games of the input, as bytes, and where they stand in it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Chunk {
    /// The index of the chunk's first game in the input, from 0.
    pub first_game: usize,
    /// How many games a [`Reader`] reads from [`Chunk::bytes`].
    pub games: usize,
    /// The input offset of the chunk's first byte.
    pub offset: u64,
    /// The chunk's bytes, exactly as in the input.
    pub bytes: Vec<u8>,
}

/// Cuts PGN input into [`Chunk`]s of whole games: each ends where the next game's first
/// line begins (the last at the end of the input), so the chunks, put back together, are
/// the input byte for byte, and a [`Reader`] reads from each exactly the games it read
/// from that part of the whole input.
///
/// The games are found by a reader that reads the tags and skips the movetext (about a GB/s). Memory is one chunk and the reader's buffer: a chunk is cut after the
/// game that reaches [`GameChunks::games_per_chunk`] games or
/// [`GameChunks::bytes_per_chunk`] bytes, so it is at most that plus one game.
///
/// ```
/// use lerf_pgn::{GameChunks, Reader, Replay};
///
/// let pgn = "1. e4 e5 *\n\n[Event \"2\"]\n\n1. d4 *\n\n1. c4 *\n";
/// let chunks: Vec<_> = GameChunks::new(pgn.as_bytes()).games_per_chunk(2).collect::<Result<_, _>>()?;
/// assert_eq!(chunks.iter().map(|c| (c.first_game, c.games)).collect::<Vec<_>>(), [(0, 2), (2, 1)]);
/// let joined: Vec<u8> = chunks.iter().flat_map(|c| c.bytes.iter().copied()).collect();
/// assert_eq!(joined, pgn.as_bytes());
/// let mut reader = Reader::new(&chunks[1].bytes[..]);
/// assert_eq!(reader.read_game(&mut Replay::new()).unwrap()?.moves, 1);
/// # Ok::<(), lerf_pgn::ReadError>(())
/// ```
pub struct GameChunks<R> {
    reader: Reader<Tee<R>>,
    games_per_chunk: usize,
    bytes_per_chunk: u64,
    /// The start of a game already found, which begins the next chunk.
    next_start: Option<u64>,
    /// Games in the chunks given so far.
    given: usize,
    /// The input failed after the chunk given last.
    failure: Option<ReadError>,
    /// Buffers of chunks done with, for the next chunks.
    spare: Vec<Vec<u8>>,
    done: bool,
}

impl<R: Read> GameChunks<R> {
    /// Chunks of `inner`, one game each until limits are set.
    pub fn new(inner: R) -> GameChunks<R> {
        GameChunks {
            reader: Reader::new(Tee { inner, kept: Vec::new(), base: 0 }),
            games_per_chunk: 1,
            bytes_per_chunk: u64::MAX,
            next_start: None,
            given: 0,
            failure: None,
            spare: Vec::new(),
            done: false,
        }
    }

    /// At most `games` games a chunk (at least 1).
    #[must_use]
    pub fn games_per_chunk(mut self, games: usize) -> GameChunks<R> {
        self.games_per_chunk = games.max(1);
        self
    }

    /// A chunk ends after the game that takes it to `bytes` bytes or more (so a game
    /// longer than that is a chunk of its own). Without it, only the game count cuts.
    #[must_use]
    pub fn bytes_per_chunk(mut self, bytes: u64) -> GameChunks<R> {
        self.bytes_per_chunk = bytes.max(1);
        self
    }

    /// The input offset where the next game begins, or `None` at the end of the input.
    fn next_game_start(&mut self) -> Option<Result<u64, ReadError>> {
        Some(self.reader.read_game(&mut GameEnds)?.map(|()| self.reader.game_offset()))
    }

    /// The next `games` games, up to `end` (the end of the input for `None`).
    fn cut(&mut self, end: Option<u64>, games: usize) -> Chunk {
        let tee = self.reader.get_mut();
        let offset = tee.base;
        let len = end.map_or(tee.kept.len(), |end| (end - offset) as usize);
        // The bytes past the cut go into a spare buffer (one given back by `recycle`, whose
        // pages are already mapped), and the kept buffer, cut short, is the chunk.
        let mut rest = self.spare.pop().unwrap_or_default();
        rest.clear();
        rest.extend_from_slice(&tee.kept[len..]);
        tee.kept.truncate(len);
        let bytes = std::mem::replace(&mut tee.kept, rest);
        tee.base += len as u64;
        let first_game = self.given;
        self.given += games;
        Chunk { first_game, games, offset, bytes }
    }
}

impl<R: Read> GameChunks<R> {
    /// The next chunk, of at most `max_games` games (at least 1) and the byte limit: how a
    /// caller changes the game limit from chunk to chunk (to fill shards exactly).
    pub fn next_chunk(&mut self, max_games: usize) -> Option<Result<Chunk, ReadError>> {
        let max_games = max_games.max(1);
        if let Some(e) = self.failure.take() {
            return Some(Err(e));
        }
        if self.done {
            return None;
        }
        let mut games = 0;
        loop {
            let start = match self.next_start.take() {
                Some(start) => Some(start),
                None => match self.next_game_start() {
                    Some(Ok(start)) => Some(start),
                    Some(Err(e)) => {
                        self.done = true;
                        if games == 0 {
                            return Some(Err(e));
                        }
                        // The games before the one cut short are whole: give them first.
                        self.failure = Some(e);
                        let start = self.reader.game_offset();
                        return Some(Ok(self.cut(Some(start), games)));
                    }
                    None => None,
                },
            };
            let Some(start) = start else {
                self.done = true;
                // Blank lines alone, after the last game, went with it; with no game at
                // all there is nothing to give.
                return (games > 0).then(|| Ok(self.cut(None, games)));
            };
            let size = start - self.reader.get_ref().base;
            if games == max_games || (games > 0 && size >= self.bytes_per_chunk) {
                self.next_start = Some(start);
                return Some(Ok(self.cut(Some(start), games)));
            }
            games += 1;
        }
    }

    /// Gives back a chunk's buffer once done with it, to hold a later chunk: a stream
    /// cut into many chunks then reuses a few buffers instead of touching fresh memory for
    /// each.
    pub fn recycle(&mut self, buffer: Vec<u8>) {
        if self.spare.len() < 8 {
            self.spare.push(buffer);
        }
    }

    /// The input bytes read so far (some past the chunks given: the reader reads ahead).
    pub fn bytes_read(&self) -> u64 {
        self.reader.get_ref().base + self.reader.get_ref().kept.len() as u64
    }
}

impl<R: Read> Iterator for GameChunks<R> {
    type Item = Result<Chunk, ReadError>;

    fn next(&mut self) -> Option<Result<Chunk, ReadError>> {
        self.next_chunk(self.games_per_chunk)
    }
}

/// Reads the tags and skips the movetext: enough to see where games end. The skip
/// follows the same line rules as reading (an empty line outside a comment ends the game;
/// `%` lines, `;` comments and `{}` comments across lines are passed over), at memchr's
/// speed instead of the tokenizer's.
struct GameEnds;

impl Visitor for GameEnds {
    type Output = ();
    type Error = Infallible;

    fn begin_movetext(&mut self) -> Result<Skip, Infallible> {
        Ok(Skip(true))
    }

    fn end_game(&mut self) {}
}

/// The input, with every byte read kept until a chunk takes it.
struct Tee<R> {
    inner: R,
    kept: Vec<u8>,
    /// The input offset of `kept[0]`.
    base: u64,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.kept.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Replay;

    fn chunks(pgn: &[u8], games: usize, bytes: u64) -> Vec<Chunk> {
        GameChunks::new(pgn)
            .games_per_chunk(games)
            .bytes_per_chunk(bytes)
            .map(Result::unwrap)
            .collect()
    }

    fn replayed(pgn: &[u8]) -> Vec<String> {
        let mut reader = Reader::new(pgn);
        let mut replay = Replay::new().with_fens();
        std::iter::from_fn(|| reader.read_game(&mut replay)).map(|g| g.unwrap().fens).collect()
    }

    const MESSY: &[u8] = b"\xef\xbb\xbf% escape\n\n[Event \"a\"]\n\n1. e4 { a comment\n\nwith a blank line } e5 *\n\
        \n\n\njunk line\n\n[White \"\"x\"\"]\n[Black \"y\"]\n1. d4 (1. c4\n\n) d5 1-0\n[Event \"run on\"]\n1. Nf3\n\n\
        ;comment\n1. e4 {unclosed\n\n";

    #[test]
    fn chunks_put_together_are_the_input_and_read_the_same_games() {
        let whole = replayed(MESSY);
        for games in 1..6 {
            for bytes in [1, 20, 60, u64::MAX] {
                let chunks = chunks(MESSY, games, bytes);
                assert_eq!(chunks.iter().flat_map(|c| c.bytes.clone()).collect::<Vec<u8>>(), MESSY);
                let mut first = 0;
                let mut read = Vec::new();
                for chunk in &chunks {
                    assert_eq!((chunk.first_game, chunk.games > 0), (first, true));
                    assert!(chunk.games <= games);
                    let games_read = replayed(&chunk.bytes);
                    assert_eq!(games_read.len(), chunk.games, "{chunk:?}");
                    first += chunk.games;
                    read.extend(games_read);
                }
                assert_eq!(read, whole);
            }
        }
    }

    /// Pieces that decide where games end, in any order: the cutter's skip and the
    /// reader's token loop must agree on every arrangement.
    const PIECES: [&[u8]; 24] = [
        b"\n",
        b"\n\n",
        b"\r\n",
        b"\r",
        b" ",
        b"  \n",
        b"{",
        b"}",
        b"{ c }",
        b";",
        b"; x {\n",
        b"%",
        b"% {\n",
        b"[Event \"x\"]\n",
        b"[Date \"{\"]\n",
        b"[",
        b"1.",
        b"e4",
        b"e5",
        b"Nf3",
        b"(",
        b")",
        b"*",
        b"1-0",
    ];

    #[test]
    fn chunks_read_as_the_whole_on_any_arrangement_of_line_and_comment_bytes() {
        fn property(picks: Vec<u8>, per_chunk: u8) -> bool {
            let pgn: Vec<u8> = picks
                .iter()
                .flat_map(|&i| PIECES[i as usize % PIECES.len()].iter().copied())
                .collect();
            let pieces = chunks(&pgn, usize::from(per_chunk % 4) + 1, u64::MAX);
            let joined: Vec<u8> = pieces.iter().flat_map(|c| c.bytes.iter().copied()).collect();
            let read: Vec<String> = pieces.iter().flat_map(|c| replayed(&c.bytes)).collect();
            let counts_hold = pieces.iter().all(|c| replayed(&c.bytes).len() == c.games);
            // Input with no game at all (blank lines) gives no chunk.
            let whole = joined == pgn || (pieces.is_empty() && replayed(&pgn).is_empty());
            whole && counts_hold && read == replayed(&pgn)
        }
        quickcheck::QuickCheck::new().tests(3000).quickcheck(property as fn(Vec<u8>, u8) -> bool);
    }

    #[test]
    fn offsets_follow_the_input() {
        let pgn = b"1. e4 *\n\n1. d4 *\n\n1. c4 *\n";
        let chunks = chunks(pgn, 1, u64::MAX);
        assert_eq!(chunks.iter().map(|c| c.offset).collect::<Vec<_>>(), [0, 9, 18]);
    }

    #[test]
    fn no_games_no_chunks() {
        assert!(chunks(b"", 3, u64::MAX).is_empty());
        assert!(chunks(b"\n\n  \n", 3, u64::MAX).is_empty());
    }

    #[test]
    fn a_failing_input_is_an_error_after_the_chunks_before_it() {
        struct Fails<'a>(&'a [u8]);
        impl Read for Fails<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0.is_empty() {
                    return Err(io::Error::other("disk on fire"));
                }
                let n = self.0.len().min(buf.len()).min(4);
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let pgn = b"1. e4 e5 2. Nf3 Nc6 *\n\n".repeat(10_000);
        let got: Vec<_> =
            GameChunks::new(Fails(&pgn[..pgn.len() - 5])).games_per_chunk(100).collect();
        let (last, whole) = got.split_last().unwrap();
        assert!(last.as_ref().unwrap_err().to_string().contains("disk on fire"));
        assert!(whole.len() > 10);
        let mut offset = 0;
        for (i, chunk) in whole.iter().enumerate() {
            let chunk = chunk.as_ref().unwrap();
            // The last before the failure has the games read whole before it.
            assert_eq!(chunk.offset, offset);
            assert!(chunk.games == 100 || (i == whole.len() - 1 && chunk.games > 0));
            assert_eq!(chunk.bytes, pgn[..chunk.bytes.len()]);
            offset += chunk.bytes.len() as u64;
        }
    }
}
