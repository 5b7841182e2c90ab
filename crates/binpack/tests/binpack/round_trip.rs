//! Random games (from the start and from Chess960 starts, with every kind of move, under-
//! promotions included) written as a binpack and read back unchanged, as chains; damaged
//! files give errors naming the chunk and byte.

use lerf_binpack::{Entry, ErrorKind, Reader, Writer};
use lerf_movegen::legal_moves;
use lerf_position::{Board, Position, chess960_back_rank};
use lerf_types::{Move, MoveKind};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn start(i: usize) -> Position {
    if i % 3 != 2 {
        return Position::startpos();
    }
    let rank: String =
        chess960_back_rank((i * 131 % 960) as u16).unwrap().iter().map(|p| p.to_char()).collect();
    Position::from_fen_960(&format!(
        "{rank}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1",
        rank.to_uppercase()
    ))
    .unwrap()
}

/// `games` random games as entries (scores and results made up, consistent along a game).
fn games(games: usize, seed: u64) -> Vec<Entry> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = start(g);
        let result: i16 = [1, 0, -1][g % 3];
        for ply in 0..200u16 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let special: Vec<Move> =
                moves.iter().copied().filter(|m| m.kind() != MoveKind::Normal).collect();
            let m = if !special.is_empty() && rng.below(2) == 0 {
                special[rng.below(special.len())]
            } else {
                moves.as_slice()[rng.below(moves.len())]
            };
            let score = (rng.below(2001) as i16 - 1000) * if ply % 7 == 0 { 30 } else { 1 };
            let result = if ply % 2 == 0 { result } else { -result };
            out.push(Entry { board: Board::from(&pos), mv: m, score, ply, result });
            pos.do_move(m);
        }
    }
    out
}

fn write(entries: &[Entry]) -> Vec<u8> {
    let mut writer = Writer::new(Vec::new());
    for e in entries {
        writer.write(e).unwrap();
    }
    writer.finish().unwrap()
}

#[test]
fn random_games_round_trip_as_chains() {
    let entries = games(90, 7);
    let bytes = write(&entries);
    let back: Vec<Entry> = Reader::new(&bytes[..]).collect::<Result<_, _>>().unwrap();
    assert_eq!(back.len(), entries.len());
    for (a, b) in entries.iter().zip(&back) {
        assert_eq!(
            (a.board, a.mv, a.score, a.ply, a.result),
            (b.board, b.mv, b.score, b.ply, b.result),
            "{}",
            a.board
        );
        assert_eq!(a.board.rule50_count(), b.board.rule50_count());
    }
    // Chains: a few bytes an entry, not 32.
    let per_entry = bytes.len() as f64 / entries.len() as f64;
    assert!(per_entry < 4.0, "{per_entry} bytes an entry");
    assert!(entries.iter().any(|e| e.mv.kind() == MoveKind::Promotion
        && e.mv.promotion_type() != lerf_types::PieceType::Queen));
    assert!(entries.iter().any(|e| e.mv.kind() == MoveKind::Castling && e.board.is_chess960()));
    assert!(entries.iter().any(|e| e.mv.kind() == MoveKind::EnPassant));
}

#[test]
fn entries_that_do_not_continue_start_chains_and_many_chunks_are_read() {
    // Shuffled entries: every one a chain of its own; enough of them for several chunks.
    let mut entries = games(400, 9);
    let mut rng = Rng(3);
    for i in (1..entries.len()).rev() {
        entries.swap(i, rng.below(i + 1));
    }
    let bytes = write(&entries);
    assert!(bytes.len() > 2 * lerf_binpack::CHUNK_SIZE);
    let back: Vec<Entry> = Reader::new(&bytes[..]).collect::<Result<_, _>>().unwrap();
    assert_eq!(back, entries);
}

#[test]
fn damaged_files_are_errors_with_chunk_and_byte() {
    let bytes = write(&games(5, 11));
    // Cut anywhere: the entries before the cut, then an error (or the end at a chunk end).
    for cut in (1..bytes.len()).step_by(37) {
        let results: Vec<_> = Reader::new(&bytes[..cut]).collect();
        let err = results.last().unwrap().as_ref().unwrap_err();
        assert_eq!(err.kind, ErrorKind::Truncated, "cut at {cut}");
        assert!(err.offset <= cut as u64);
    }
    let mut foreign = bytes.clone();
    foreign[0] = b'X';
    let err = Reader::new(&foreign[..]).next().unwrap().unwrap_err();
    assert_eq!((err.kind, err.chunk, err.offset), (ErrorKind::BadMagic, 0, 0));
    // Flipped bits anywhere: entries or an error, never a panic.
    let mut rng = Rng(5);
    for _ in 0..300 {
        let mut bad = bytes.clone();
        let at = 8 + rng.below(bad.len() - 8);
        bad[at] ^= 1 << rng.below(8);
        for entry in Reader::new(&bad[..]) {
            if let Err(e) = entry {
                assert!(!e.to_string().is_empty());
                break;
            }
        }
    }
}

#[test]
fn a_chain_cut_short_inside_its_chunk_is_an_overrun_after_the_moves_before_it() {
    let entries = games(1, 3);
    let bytes = write(&entries);
    let body = u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize;
    assert_eq!(bytes.len(), 8 + body, "one chunk");
    // The chunk says it ends `cut` bytes early: the chain's last moves are not in it.
    for cut in [1, 2, 5, 9] {
        let mut short = bytes[..8 + body - cut].to_vec();
        short[4..8].copy_from_slice(&((body - cut) as u32).to_le_bytes());
        let results: Vec<_> = Reader::new(&short[..]).collect();
        let (last, read) = results.split_last().unwrap();
        let err = last.as_ref().unwrap_err();
        assert_eq!(err.kind, ErrorKind::MovetextOverrun, "cut {cut}");
        // The entry that runs past the end starts in the chunk's last bytes (39 bits at most).
        let end = short.len() as u64;
        assert!(err.chunk == 0 && err.offset <= end && err.offset + 6 > end, "cut {cut}: {err}");
        let read: Vec<Entry> = read.iter().map(|e| *e.as_ref().unwrap()).collect();
        // An entry takes five bits at least (its score's block): few are lost with the bytes.
        let lost = entries.len() - read.len();
        assert!(lost >= 1 && lost <= 8 * cut / 5 + 1, "cut {cut}: {lost} lost");
        assert_eq!(read[..], entries[..read.len()], "cut {cut}");
    }
}

#[test]
fn bad_entries_are_refused_before_anything_is_written() {
    let board = Board::default();
    let mut writer = Writer::new(Vec::new());
    let illegal = Entry {
        board,
        mv: Move::new(lerf_types::Square::E2, lerf_types::Square::E5),
        score: 0,
        ply: 0,
        result: 0,
    };
    assert!(writer.write(&illegal).is_err());
    assert!(writer.write(&Entry { result: 2, ..illegal }).is_err());
    assert_eq!(writer.entries(), 0);
    assert!(writer.finish().unwrap().is_empty());
}

#[test]
fn the_parallel_reader_gives_the_same_entries_and_errors() {
    let mut entries = games(400, 9);
    let mut rng = Rng(4);
    for i in (1..entries.len()).rev() {
        entries.swap(i, rng.below(i + 1));
    }
    let bytes = write(&entries);
    for threads in [1, 2, 3] {
        let back: Vec<Entry> =
            lerf_binpack::ParallelReader::new(std::io::Cursor::new(bytes.clone()), threads)
                .collect::<Result<_, _>>()
                .unwrap();
        assert_eq!(back, entries);
    }
    // Damage in the second chunk: the same entries before it, the same error.
    let mut bad = bytes.clone();
    let second = 8 + u32::from_le_bytes(bad[4..8].try_into().unwrap()) as usize;
    bad[second + 8 + 5] ^= 0xff;
    bad.truncate(bytes.len() - 10);
    let serial: Vec<_> = Reader::new(&bad[..]).collect();
    let parallel: Vec<_> =
        lerf_binpack::ParallelReader::new(std::io::Cursor::new(bad), 2).collect();
    assert_eq!(serial, parallel);
    assert!(serial.last().unwrap().is_err());
}

#[test]
fn plain_bin_and_binpack_convert_into_each_other() {
    // Standard games: .bin holds no Chess960 castling.
    let entries: Vec<Entry> =
        games(60, 21).into_iter().filter(|e| !e.board.is_chess960()).collect();
    let binpack = write(&entries);
    // binpack -> .plain -> entries
    let mut plain = Vec::new();
    for e in Reader::new(&binpack[..]) {
        lerf_binpack::write_plain(&mut plain, &e.unwrap()).unwrap();
    }
    let from_plain: Vec<Entry> =
        lerf_binpack::PlainReader::new(&plain[..]).collect::<Result<_, _>>().unwrap();
    assert_eq!(from_plain, entries);
    // entries -> .bin -> entries
    let mut bin = Vec::new();
    for e in &from_plain {
        bin.extend(lerf_binpack::pack_bin(e).unwrap());
    }
    assert_eq!(bin.len(), entries.len() * lerf_binpack::BIN_ENTRY);
    let from_bin: Vec<Entry> = bin
        .chunks_exact(40)
        .map(|c| lerf_binpack::unpack_bin(c.try_into().unwrap()).unwrap())
        .collect();
    assert_eq!(from_bin, entries);
    for (a, b) in from_bin.iter().zip(&entries) {
        assert_eq!(a.board.rule50_count(), b.board.rule50_count());
        assert_eq!(a.board.fullmove_number(), b.board.fullmove_number());
    }
    // .bin -> binpack: the same bytes as the first.
    assert_eq!(write(&from_bin), binpack);
    // Damage is an error, never another entry.
    let mut rng = Rng(8);
    for _ in 0..500 {
        let mut bad: [u8; 40] = bin[..40].try_into().unwrap();
        bad[rng.below(40)] ^= 1 << rng.below(8);
        if let Ok(e) = lerf_binpack::unpack_bin(&bad) {
            // A flipped bit the format cannot tell (a score, a pad byte, a counter) still
            // gives a legal move, as lerf-position's own test says.
            let pos = Position::from(&e.board);
            assert!(e.mv == Move::NULL || (pos.is_pseudo_legal(e.mv) && pos.is_legal(e.mv)));
        }
    }
    let bad_plain = b"fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nmove e2e5\ne\n";
    let err = lerf_binpack::PlainReader::new(&bad_plain[..]).next().unwrap().unwrap_err();
    assert_eq!(err.line, 3);
    // A result other than a loss, a draw or a win, in either format.
    let no_result = b"fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nmove e1e2\nresult 2\ne\n";
    let err = lerf_binpack::PlainReader::new(&no_result[..]).next().unwrap().unwrap_err();
    assert_eq!((err.line, err.message.as_str()), (3, "result 2 is out of range"));
    let mut bad: [u8; 40] = bin[..40].try_into().unwrap();
    bad[38] = 2;
    assert_eq!(lerf_binpack::unpack_bin(&bad).unwrap_err(), "result 2 is not -1, 0 or 1");
    // Chess960 castling has no place in .bin.
    let c960 = games(3, 5)
        .into_iter()
        .find(|e| e.board.is_chess960() && !e.board.castling_rights().is_empty());
    if let Some(e) = c960 {
        assert!(lerf_binpack::pack_bin(&e).is_err());
    }
}

/// A `.bin` record of pieces no game gives (the first thirteen bytes 0x93: white queens and
/// rooks past what eight promotions make, no pawns), of a king in triple check or of an en
/// passant square no push passed is refused as the same position's FEN is in `.plain` (all
/// three found by the `binpack_formats` fuzz target): a record read always converts.
#[test]
fn bin_refuses_positions_no_game_reaches() {
    let mut record = [0u8; lerf_binpack::BIN_ENTRY];
    record[..13].copy_from_slice(&[0x93; 13]);
    let err = lerf_binpack::unpack_bin(&record).unwrap_err();
    assert!(err.contains("more pieces than a game can give"), "{err}");
    // A king in triple check (1Q3qQ1/3P4/K7/8/4N3/6k1/8/8 b: the queens on b8 and g8 and
    // the knight on e4), which the FEN reader refuses too.
    let mut record = [0u8; lerf_binpack::BIN_ENTRY];
    record[..10].copy_from_slice(&[0x51, 0x4b, 0x42, 0x4e, 0x10, 0, 0, 0, 0x03, 0]);
    record[32] = 0x5a;
    let err = lerf_binpack::unpack_bin(&record).unwrap_err();
    assert!(err.contains("attacked by 3 pieces"), "{err}");
    // An en passant square on h8 (N7/3K2P1/8/8/8/8/4k3/8 w, which the pawn on g7 attacks).
    let hex = "6666004000000000000080ffffffffffffff006666656e00f5003100000000000000000000650100";
    let record: Vec<u8> =
        (0..40).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap()).collect();
    let err = lerf_binpack::unpack_bin(record.as_slice().try_into().unwrap()).unwrap_err();
    assert!(err.contains("no double pawn push can have passed h8"), "{err}");
}
