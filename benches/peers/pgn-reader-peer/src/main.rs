//! `pgn-reader-peer FILE [ROUNDS]`: the reference `cargo xtask pgn FILE` is measured against.
//! pgn-reader reads FILE as it goes (a `File`, buffered by the reader itself) and a visitor
//! plays each mainline SAN on a shakmaty position, as pgn-reader's `validate` example does;
//! a game whose FEN tag or SAN is refused is counted and left. ROUNDS passes (default 1);
//! prints the games, moves and refusals, and the best pass's MB/s.

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};
use std::ops::ControlFlow;
use std::time::Instant;

#[derive(Default)]
struct Player {
    games: u64,
    moves: u64,
    refused: u64,
}

impl Visitor for Player {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, start: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if name != b"FEN" {
            return ControlFlow::Continue(());
        }
        let position = Fen::from_ascii(value.as_bytes())
            .ok()
            .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
        match position {
            Some(position) => {
                *start = Some(position);
                ControlFlow::Continue(())
            }
            None => {
                self.refused += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn begin_movetext(&mut self, start: Option<Chess>) -> ControlFlow<(), Chess> {
        ControlFlow::Continue(start.unwrap_or_default())
    }

    fn san(&mut self, position: &mut Chess, san: SanPlus) -> ControlFlow<()> {
        let Ok(m) = san.san.to_move(position) else {
            self.refused += 1;
            return ControlFlow::Break(());
        };
        position.play_unchecked(m);
        self.moves += 1;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _position: Chess) {}
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).ok_or("usage: pgn-reader-peer FILE [ROUNDS]")?;
    let rounds: u32 = args.get(2).map_or(Ok(1), |r| r.parse())?;
    let bytes = std::fs::metadata(path)?.len() as f64;
    let mut best = f64::INFINITY;
    let mut player = Player::default();
    for _ in 0..rounds.max(1) {
        player = Player::default();
        let start = Instant::now();
        let mut reader = Reader::new(std::fs::File::open(path)?);
        while reader.read_game(&mut player)?.is_some() {}
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!("games: {} moves: {} refused: {}", player.games, player.moves, player.refused);
    println!("MB/s: {:.1}", bytes / best / 1e6);
    Ok(())
}
