//! SAN and LAN against python-chess: every legal move of 751 positions from random games
//! (standard, crowded with queens or knights, promotions, en passant, Chess960 castling),
//! written by python-chess 1.11.2 (`tests/data/make_san_moves.py`).

use lerf_movegen::legal_moves;
use lerf_position::Position;
use lerf_san::{lan, parse_san, san};

#[test]
fn every_legal_move_is_written_and_read_as_python_chess_does() {
    let mut checked = 0;
    for (n, line) in include_str!("../data/san_moves.txt").lines().enumerate() {
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or_default();
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        let mut expected = 0;
        for field in fields {
            let words: Vec<&str> = field.split(' ').collect();
            let [uci, want_san, want_lan] = words[..] else { panic!("line {}: {field}", n + 1) };
            let m = pos.parse_uci(uci).unwrap_or_else(|e| panic!("{fen} {uci}: {e}"));
            assert_eq!(&*san(&pos, m), want_san, "SAN of {uci} in {fen}");
            assert_eq!(&*lan(&pos, m), want_lan, "LAN of {uci} in {fen}");
            assert_eq!(parse_san(&pos, want_san), Ok(m), "reading {want_san} in {fen}");
            expected += 1;
            checked += 1;
        }
        assert_eq!(legal_moves(&pos).len(), expected, "legal moves of {fen}");
    }
    assert!(checked > 17_000, "{checked} moves");
}
