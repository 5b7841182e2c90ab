//! A small UCI engine on lerf's crates, speaking UCI through `lerf-protocol`: iterative
//! deepening alpha-beta with `info` lines and a `bestmove`, on material, or on a Stockfish
//! network given as `setoption name EvalFile value PATH` (through `lerf-nnue`: the
//! accumulators follow the search's moves in an `AccumulatorStack`, so each leaf costs a few
//! row updates). It plays legal chess at a few plies; it shows the engine side of the
//! crates, not how to play well.
//!
//! `cargo run --release -p lerf-protocol --example engine`, then type UCI commands.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use lerf_movegen::legal_moves;
use lerf_nnue::{AccumulatorStack, Network};
use lerf_position::{PIECE_VALUES, Position};
use lerf_protocol::uci::{EngineMessage, EngineOption, GuiCommand, Info, OptionKind, Score};
use lerf_types::{Color, Move, PieceType};

const MATE: i32 = 100_000;

/// Material from the side to move's point of view.
fn material(pos: &Position) -> i32 {
    let mut score = 0;
    for pt in
        [PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen]
    {
        let value = PIECE_VALUES[pt as usize];
        let ours = pos.pieces(pos.side_to_move(), pt).popcount() as i32;
        let theirs = pos.pieces(!pos.side_to_move(), pt).popcount() as i32;
        score += value * (ours - theirs);
    }
    score
}

struct Search<'a> {
    nodes: u64,
    deadline: Instant,
    stopped: bool,
    /// The network and the accumulators of the line searched, when a network is loaded.
    nnue: Option<(&'a Network, AccumulatorStack)>,
}

impl Search<'_> {
    fn play(&mut self, pos: &mut Position, m: Move) {
        match &mut self.nnue {
            Some((_, stack)) => stack.do_move(pos, m),
            None => pos.do_move(m),
        }
    }

    fn take_back(&mut self, pos: &mut Position, m: Move) {
        match &mut self.nnue {
            Some((_, stack)) => stack.undo_move(pos, m),
            None => pos.undo_move(m),
        }
    }

    /// The side to move's view: the network's output, or material.
    fn evaluate(&mut self, pos: &Position) -> i32 {
        match &mut self.nnue {
            Some((net, stack)) => stack.evaluate(net, pos).clamp(-MATE + 1000, MATE - 1000),
            None => material(pos),
        }
    }

    fn alpha_beta(
        &mut self,
        pos: &mut Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
    ) -> (i32, Vec<Move>) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && Instant::now() >= self.deadline {
            self.stopped = true;
        }
        let moves = legal_moves(pos);
        if moves.is_empty() {
            return (if pos.in_check() { -MATE + ply } else { 0 }, Vec::new());
        }
        if ply > 0 && pos.is_draw(ply) {
            return (0, Vec::new());
        }
        if depth == 0 || self.stopped {
            return (self.evaluate(pos), Vec::new());
        }
        // Captures first: more cut-offs for the same result.
        let mut ordered: Vec<Move> = moves.iter().copied().collect();
        ordered.sort_by_key(|&m| !pos.is_capture(m));
        let mut best = (-MATE - 1, Vec::new());
        for m in ordered {
            self.play(pos, m);
            let (score, line) = self.alpha_beta(pos, depth - 1, -beta, -alpha, ply + 1);
            self.take_back(pos, m);
            let score = -score;
            if score > best.0 {
                let mut pv = vec![m];
                pv.extend(line);
                best = (score, pv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

fn send(out: &mut impl Write, message: &EngineMessage) {
    let _ = writeln!(out, "{message}");
    let _ = out.flush();
}

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    let mut pos = Position::startpos();
    let mut chess960 = false;
    let mut network: Option<Network> = None;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let command = match line.parse::<GuiCommand>() {
            Ok(command) => command,
            Err(e) => {
                send(
                    &mut out,
                    &EngineMessage::Info(Box::new(Info {
                        string: Some(format!("ignored: {e}")),
                        ..Info::default()
                    })),
                );
                continue;
            }
        };
        match command {
            GuiCommand::Uci => {
                send(&mut out, &EngineMessage::Name("lerf example".into()));
                send(&mut out, &EngineMessage::Author("the lerf developers".into()));
                let option = EngineOption {
                    name: "UCI_Chess960".into(),
                    kind: OptionKind::Check { default: Some(false) },
                };
                send(&mut out, &EngineMessage::Option(option));
                let option = EngineOption {
                    name: "EvalFile".into(),
                    kind: OptionKind::String { default: Some(String::new()) },
                };
                send(&mut out, &EngineMessage::Option(option));
                send(&mut out, &EngineMessage::UciOk);
            }
            GuiCommand::IsReady => send(&mut out, &EngineMessage::ReadyOk),
            GuiCommand::SetOption { name, value } if name == "EvalFile" => {
                let path = value.unwrap_or_default();
                network = None;
                let said = match Network::from_file(&path) {
                    _ if path.is_empty() => "evaluating material".to_owned(),
                    Ok(net) => {
                        let said = format!("NNUE evaluation using {path} ({net:?})");
                        network = Some(net);
                        said
                    }
                    Err(e) => format!("{e}; evaluating material"),
                };
                let info = Info { string: Some(said), ..Info::default() };
                send(&mut out, &EngineMessage::Info(Box::new(info)));
            }
            GuiCommand::SetOption { name, value } if name == "UCI_Chess960" => {
                chess960 = value.as_deref() == Some("true");
            }
            GuiCommand::Position(p) => match p.to_position(chess960) {
                Ok(p) => pos = p,
                Err(e) => send(
                    &mut out,
                    &EngineMessage::Info(Box::new(Info {
                        string: Some(e.to_string()),
                        ..Info::default()
                    })),
                ),
            },
            GuiCommand::Go(go) => {
                let ours = if pos.side_to_move() == Color::White { go.wtime } else { go.btime };
                let budget = match (go.movetime, ours) {
                    (Some(t), _) => t,
                    (None, Some(left)) => (left / 30).max(10),
                    (None, None) => 1000,
                };
                let max_depth = go.depth.unwrap_or(64).max(1);
                let start = Instant::now();
                // A position the network cannot take (no king) is searched on material.
                let nnue = network
                    .as_ref()
                    .and_then(|net| Some((net, AccumulatorStack::new(net, &pos).ok()?)));
                let mut search = Search {
                    nodes: 0,
                    deadline: start + Duration::from_millis(budget.max(1) as u64),
                    stopped: false,
                    nnue,
                };
                let mut best: Option<Move> = None;
                for depth in 1..=max_depth {
                    // The stack follows the position it was rooted at: search that one.
                    let (score, pv) = search.alpha_beta(&mut pos, depth, -MATE - 1, MATE + 1, 0);
                    if search.stopped && best.is_some() {
                        break;
                    }
                    best = pv.first().copied().or(best);
                    let score = if score.abs() > MATE - 1000 {
                        let plies = MATE - score.abs();
                        Score::Mate(score.signum() * (plies + 1) / 2)
                    } else {
                        Score::Cp(score * 100 / PIECE_VALUES[PieceType::Pawn as usize])
                    };
                    let time = start.elapsed().as_millis() as u64;
                    let info = Info {
                        depth: Some(depth),
                        score: Some(score),
                        nodes: Some(search.nodes),
                        time: Some(time),
                        pv: pv.iter().map(|&m| pos.uci(m)).collect(),
                        ..Info::default()
                    };
                    send(&mut out, &EngineMessage::Info(Box::new(info)));
                    if search.stopped || matches!(score, Score::Mate(_)) {
                        break;
                    }
                }
                send(
                    &mut out,
                    &EngineMessage::BestMove { best: best.map(|m| pos.uci(m)), ponder: None },
                );
            }
            GuiCommand::Quit => break,
            _ => {}
        }
    }
}
