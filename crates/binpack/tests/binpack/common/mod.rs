//! What the threaded readers' tests share: random games as entries, their binpack, and a
//! damaged copy with what the serial reader makes of it.
#![allow(dead_code)]

use lerf_binpack::{BinpackError, Entry, Reader, Writer};
use lerf_movegen::legal_moves;
use lerf_position::{Board, Position};

/// `games` random games of up to `plies` plies from the start, as entries (scores from -400
/// to 400, results made up).
pub fn random_games(games: usize, plies: u16) -> Vec<Entry> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = Position::startpos();
        for ply in 0..plies {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = moves.as_slice()[next(moves.len())];
            let result = [1i16, 0, -1][(g + ply as usize) % 3];
            let score = next(801) as i16 - 400;
            out.push(Entry { board: Board::from(&pos), mv, score, ply, result });
            pos.do_move(mv);
        }
    }
    out
}

/// `entries` written as a binpack.
pub fn binpack(entries: &[Entry]) -> Vec<u8> {
    let mut w = Writer::new(Vec::new());
    for e in entries {
        w.write(e).unwrap();
    }
    w.finish().unwrap()
}

/// Two copies of `one` (two chunks) with the last `cut` bytes gone, the entries the serial
/// reader gives from it, and the error it ends with.
pub fn damaged(one: &[u8], cut: usize) -> (Vec<u8>, usize, BinpackError) {
    let mut bytes = [one, one].concat();
    bytes.truncate(bytes.len() - cut);
    let before = Reader::new(&bytes[..]).take_while(Result::is_ok).count();
    let fault = Reader::new(&bytes[..]).last().unwrap().unwrap_err();
    (bytes, before, fault)
}
