//! lerf-binpack against sfbinpack 0.6.5 (GPL: a test oracle here, in the unpublished bench
//! crate): for the same entries the two write the same bytes; each reads the other's file
//! entry for entry; both read sfbinpack's own test file the same. Standard chess: sfbinpack
//! writes castling only from the standard squares.

use lerf_binpack::{Entry, Reader, Writer};
use lerf_movegen::legal_moves;
use lerf_position::{Board, Position};
use lerf_types::{Move, MoveKind};
use sfbinpack::chess::coords::Square as SfSquare;
use sfbinpack::chess::r#move::{Move as SfMove, MoveType as SfMoveType};
use sfbinpack::chess::piece::Piece as SfPiece;
use sfbinpack::chess::piecetype::PieceType as SfPieceType;
use sfbinpack::chess::position::Position as SfPosition;
use sfbinpack::{
    CompressedTrainingDataEntryReader, CompressedTrainingDataEntryWriter, TrainingDataEntry,
};

fn rng(state: &mut u64, n: usize) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state % n as u64) as usize
}

/// Random standard games as entries, with every kind of move.
fn entries(games: usize) -> Vec<Entry> {
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = Position::startpos();
        let result = [1i16, 0, -1][g % 3];
        for ply in 0..160u16 {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let special: Vec<Move> =
                moves.iter().copied().filter(|m| m.kind() != MoveKind::Normal).collect();
            let m = if !special.is_empty() && rng(&mut state, 2) == 0 {
                special[rng(&mut state, special.len())]
            } else {
                moves.as_slice()[rng(&mut state, moves.len())]
            };
            let score = rng(&mut state, 4001) as i16 - 2000;
            let result = if ply % 2 == 0 { result } else { -result };
            out.push(Entry {
                board: Board::from(&pos),
                mv: m,
                score,
                ply: ply + 2 * g as u16 % 7,
                result,
            });
            pos.do_move(m);
        }
    }
    out
}

fn theirs(e: &Entry) -> TrainingDataEntry {
    let pos = SfPosition::from_fen(&e.board.to_string()).expect("sfbinpack reads the FEN");
    let sq = |s: lerf_types::Square| SfSquare::new(s.index() as u32);
    let (kind, promoted) = match e.mv.kind() {
        MoveKind::Normal => (SfMoveType::Normal, SfPiece::none()),
        MoveKind::Castling => (SfMoveType::Castle, SfPiece::none()),
        MoveKind::EnPassant => (SfMoveType::EnPassant, SfPiece::none()),
        MoveKind::Promotion => {
            let pt =
                [SfPieceType::Knight, SfPieceType::Bishop, SfPieceType::Rook, SfPieceType::Queen]
                    [e.mv.promotion_type() as usize - 2];
            (SfMoveType::Promotion, SfPiece::new(pt, pos.side_to_move()))
        }
    };
    let mv = SfMove::new(sq(e.mv.from()), sq(e.mv.to()), kind, promoted);
    TrainingDataEntry { pos, mv, score: e.score, ply: e.ply, result: e.result }
}

/// What both libraries must agree on: the FEN's first five fields, the move, the numbers.
fn key_of_ours(e: &Entry) -> (String, String, i16, u16, i16) {
    let fen = e.board.to_string();
    let five: Vec<&str> = fen.split(' ').take(5).collect();
    let pos = Position::from(&e.board);
    (five.join(" "), pos.uci(e.mv).to_string(), e.score, e.ply, e.result)
}

fn key_of_theirs(e: &TrainingDataEntry) -> (String, String, i16, u16, i16) {
    let fen = e.pos.fen().expect("a FEN");
    let five: Vec<&str> = fen.split(' ').take(5).collect();
    (five.join(" "), e.mv.as_uci(), e.score, e.ply, e.result)
}

fn sf_read(bytes: &[u8]) -> Vec<TrainingDataEntry> {
    let mut reader =
        CompressedTrainingDataEntryReader::from_slice(bytes).expect("sfbinpack opens it");
    let mut out = Vec::new();
    while reader.has_next() {
        out.push(reader.next());
    }
    out
}

#[test]
fn the_same_entries_give_the_same_bytes_and_each_reads_the_others() {
    let ours_in = entries(300);
    let mut writer = Writer::new(Vec::new());
    let mut sf = CompressedTrainingDataEntryWriter::new_in_memory().unwrap();
    for e in &ours_in {
        writer.write(e).unwrap();
        sf.write_entry(&theirs(e)).unwrap();
    }
    let ours = writer.finish().unwrap();
    let sf_bytes = sf.into_bytes().unwrap();
    assert!(ours.len() > 2 * lerf_binpack::CHUNK_SIZE / 100, "{} bytes", ours.len());
    assert_eq!(ours.len(), sf_bytes.len());
    assert!(
        ours == sf_bytes,
        "first difference at byte {:?}",
        ours.iter().zip(&sf_bytes).position(|(a, b)| a != b)
    );

    let expected: Vec<_> = ours_in.iter().map(key_of_ours).collect();
    let read_by_sf: Vec<_> = sf_read(&ours).iter().map(key_of_theirs).collect();
    assert_eq!(read_by_sf, expected);
    let read_by_us: Vec<_> = Reader::new(&sf_bytes[..]).map(|e| key_of_ours(&e.unwrap())).collect();
    assert_eq!(read_by_us, expected);
}

#[test]
fn sfbinpacks_own_test_file_reads_the_same() {
    let home = std::env::var_os("CARGO_HOME").map(std::path::PathBuf::from).unwrap_or_else(|| {
        std::path::PathBuf::from(std::env::var_os("HOME").unwrap()).join(".cargo")
    });
    let Some(path) = std::fs::read_dir(home.join("registry/src"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|d| d.path().join("sfbinpack-0.6.5/test/ep1.binpack"))
        .find(|p| p.exists())
    else {
        eprintln!("skipped: sfbinpack 0.6.5's test/ep1.binpack is not in cargo's registry");
        return;
    };
    let bytes = std::fs::read(path).unwrap();
    let theirs: Vec<_> = sf_read(&bytes).iter().map(key_of_theirs).collect();
    let ours: Vec<_> = Reader::new(&bytes[..]).map(|e| key_of_ours(&e.unwrap())).collect();
    assert!(!ours.is_empty());
    assert_eq!(ours, theirs);
}
