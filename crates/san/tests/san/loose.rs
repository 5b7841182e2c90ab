//! SAN on loose boards (python-chess's rules for any position) against lerf-san's SAN on
//! the engine's Position, over random games of standard chess and Chess960: every legal
//! move's SAN and long algebraic text are the same, and each reads back to its move.

use lerf_movegen::legal_moves;
use lerf_position::Position;
use lerf_rules::{LooseBoard, LooseMove};
use lerf_san::loose::{loose_lan, loose_san, loose_variation_san, parse_loose_san};
use lerf_san::{lan, san, san_line};
use lerf_types::{Move, MoveKind};

fn loose_move(pos: &Position, m: Move) -> LooseMove {
    let to = match m.kind() {
        MoveKind::Castling if !pos.is_chess960() => m.king_or_piece_destination(),
        _ => m.to(),
    };
    let promotion = (m.kind() == MoveKind::Promotion).then(|| m.promotion_type());
    LooseMove { from: m.from(), to, promotion, drop: None }
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn san_agrees_with_the_engine_position() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for game in 0..200 {
        let mut pos = if game % 4 == 0 {
            Position::from_chess960_index(rng.below(960) as u16).expect("index")
        } else {
            Position::startpos()
        };
        let start = pos.clone();
        let mut line = Vec::new();
        for _ in 0..150 {
            let board = LooseBoard::from_fen(&pos.to_fen(), pos.is_chess960()).expect("fen");
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                let lm = loose_move(&pos, m);
                let text = loose_san(&board, lm).expect("legal");
                assert_eq!(text, san(&pos, m).to_string(), "{}", pos.to_fen());
                assert_eq!(loose_lan(&board, lm).expect("legal"), lan(&pos, m).to_string());
                assert_eq!(parse_loose_san(&board, &text), Ok(lm), "{text} in {}", pos.to_fen());
            }
            let m = moves[rng.below(moves.len())];
            line.push(m);
            pos.do_move(m);
        }
        let board = LooseBoard::from_fen(&start.to_fen(), start.is_chess960()).expect("fen");
        let mut replay = start.clone();
        let loose_line: Vec<LooseMove> = line
            .iter()
            .map(|&m| {
                let lm = loose_move(&replay, m);
                replay.do_move(m);
                lm
            })
            .collect();
        let written = loose_variation_san(&board, loose_line).expect("legal line");
        assert_eq!(written, san_line(&start, &line).expect("legal line"));
    }
}
