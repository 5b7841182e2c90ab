//! The feature table of `docs/comparison.md`, row by row: what lerf does, and what each peer
//! (shakmaty 0.30.1, cozy-chess 0.3.4, chess 3.2.0) does with the same input. A "no" in the
//! table for an API a peer lacks is not testable here; every "yes" is.

use std::str::FromStr;

#[path = "../../benches/common/cozy.rs"]
mod cozy;
use cozy::cozy_perft;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// A Chess960 start in Shredder-FEN.
const C960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
/// Its perft at depth 3 (from the Chess960 suite in crates/movegen/tests/data).
const C960_D3: u64 = 12_189;

fn lerf(fen: &str) -> lerf_position::Position {
    lerf_position::Position::from_fen(fen).expect("valid FEN")
}

fn shakmaty(fen: &str, mode: shakmaty::CastlingMode) -> shakmaty::Chess {
    let setup = shakmaty::fen::Fen::from_ascii(fen.as_bytes()).expect("valid FEN");
    setup.into_position(mode).expect("legal position")
}

fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32) -> u64 {
    shakmaty::perft(pos, depth)
}

#[test]
fn chess960_row() {
    let mut pos = lerf(C960);
    assert!(pos.is_chess960());
    assert_eq!(lerf_movegen::perft(&mut pos, 3), C960_D3);
    let sm = shakmaty(C960, shakmaty::CastlingMode::Chess960);
    assert_eq!(shakmaty_perft(&sm, 3), C960_D3);
    let cozy = cozy_chess::Board::from_fen(C960, true).expect("cozy-chess reads Shredder-FEN");
    assert_eq!(cozy_perft(&cozy, 3), C960_D3);
    // chess 3.2.0 has no Chess960: it reads the FEN but not its castling, so its count differs.
    let board = chess::Board::from_str(C960).expect("chess reads the FEN");
    assert_ne!(chess::MoveGen::movegen_perft_test(&board, 3) as u64, C960_D3);
}

#[test]
fn san_row() {
    use shakmaty::Position as _;
    let pos = lerf(KIWIPETE);
    let m = lerf_san::parse_san(&pos, "Bxa6").expect("lerf reads SAN");
    assert_eq!(lerf_san::san(&pos, m).as_str(), "Bxa6");
    // shakmaty reads and writes SAN.
    let sm = shakmaty(KIWIPETE, shakmaty::CastlingMode::Standard);
    let sm_move = shakmaty::san::San::from_ascii(b"Bxa6").unwrap().to_move(&sm).unwrap();
    assert_eq!(shakmaty::san::San::from_move(&sm, sm_move).to_string(), "Bxa6");
    assert!(sm.is_legal(sm_move));
    // chess 3.2.0 reads SAN (it has no SAN writer).
    let board = chess::Board::from_str(KIWIPETE).unwrap();
    assert!(chess::ChessMove::from_san(&board, "Bxa6").is_ok());
    // cozy-chess 0.3.4 has no SAN.
}

#[test]
fn undo_row() {
    // lerf undoes a move in O(1) from its StateInfo stack; the peers are copy-make (their
    // boards are values to clone before a move; no unmake API).
    let mut pos = lerf(KIWIPETE);
    let before = pos.clone();
    for m in lerf_movegen::legal_moves(&before).iter().copied() {
        pos.do_move(m);
        pos.undo_move(m);
        assert!(pos.eq_including_clocks(&before));
    }
}

#[test]
fn hash_keys_row() {
    // Incremental Zobrist keys everywhere; Polyglot-compatible keys in lerf and shakmaty.
    const POLYGLOT_START: u64 = 0x463b_9618_1691_fc9c;
    assert_eq!(lerf_position::Position::startpos().polyglot_key(), POLYGLOT_START);
    let sm = shakmaty::Chess::default();
    // shakmaty computes its key on demand (from the whole board), the others keep theirs.
    let sm_key: shakmaty::zobrist::Zobrist64 =
        shakmaty::Position::zobrist_hash(&sm, shakmaty::EnPassantMode::Legal);
    assert_eq!(sm_key.0, POLYGLOT_START);
    let mut lerf_pos = lerf_position::Position::startpos();
    let mut cozy = cozy_chess::Board::default();
    let mut board = chess::Board::default();
    let start = (lerf_pos.key(), cozy.hash(), board.get_hash());
    lerf_pos.play_uci("g1f3").unwrap();
    cozy.play("g1f3".parse().unwrap());
    board = board.make_move_new(chess::ChessMove::from_str("g1f3").unwrap());
    assert_ne!(start, (lerf_pos.key(), cozy.hash(), board.get_hash()));
}

#[test]
fn search_data_row() {
    // Pins and checkers: lerf, cozy-chess and chess expose both; lerf adds check squares,
    // blockers of either king, SEE and cuckoo-table repetition tests.
    let fen = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
    let pos = lerf(fen);
    assert_eq!(pos.blockers_for_king(lerf_types::Color::White).popcount(), 1);
    assert!(pos.check_info().check_squares.iter().any(|bb| bb.any()));
    let exchange = lerf("4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1");
    let takes = exchange.parse_uci("d4e5").unwrap();
    assert!(exchange.see_ge(takes, 0) && !exchange.see_ge(takes, 1));
    let cozy = cozy_chess::Board::from_fen(fen, false).unwrap();
    assert_eq!(cozy.pinned().len(), 1);
    // shakmaty exposes the checkers (no pins).
    let check = "4k3/8/8/8/8/8/8/4K2r w - - 0 1";
    let sm = shakmaty(check, shakmaty::CastlingMode::Standard);
    assert_eq!(shakmaty::Position::checkers(&sm).count(), 1);
    let board = chess::Board::from_str(fen).unwrap();
    assert_eq!(board.pinned().popcnt(), 1);
    let mut rep = lerf_position::Position::startpos();
    for text in ["g1f3", "g8f6", "f3g1"] {
        rep.play_uci(text).unwrap();
    }
    assert!(rep.upcoming_repetition(10));
}

#[test]
fn errors_row() {
    // lerf's FEN errors name the field, the offset and the text at fault.
    let err = lerf_position::Position::from_fen(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    )
    .unwrap_err();
    assert_eq!(err.field, lerf_position::FenField::EnPassant);
    assert_eq!(err.token, "e9");
    assert!(err.to_string().contains("e9"));
    // shakmaty and cozy-chess name the field.
    let bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1";
    assert_eq!(
        shakmaty::fen::Fen::from_ascii(bad.as_bytes()).unwrap_err(),
        shakmaty::fen::ParseFenError::InvalidEpSquare
    );
    assert!(matches!(
        cozy_chess::Board::from_fen(bad, false),
        Err(cozy_chess::FenParseError::InvalidEnPassant)
    ));
    // chess 3.2.0 accepts the FEN and drops the impossible square without a word.
    assert!(matches!(chess::Board::from_str(bad).map(|b| b.en_passant()), Ok(None)));
}
