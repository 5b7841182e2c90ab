//! Every message kind written and read back: `parse(to_string(m)) == m`, for random
//! messages of each kind; and lines no parser understands are errors, never panics.

use lerf_protocol::uci::{
    Bound, CurrLine, EngineMessage, EngineOption, Go, GuiCommand, Info, OptionKind,
    PositionCommand, Registration, Score, Status,
};
use lerf_types::{PieceType, Square, UciMove};

/// xorshift64*: reproducible random messages without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self) -> bool {
        self.below(2) == 0
    }
    fn maybe<T>(&mut self, f: impl FnOnce(&mut Rng) -> T) -> Option<T> {
        if self.chance() { Some(f(self)) } else { None }
    }
    fn uci_move(&mut self) -> UciMove {
        if self.below(50) == 0 {
            return UciMove::Null;
        }
        let square = |r: &mut Rng| Square::from_index_wrapping(r.below(64) as u8);
        let promotion = [None, None, None, Some(PieceType::Queen), Some(PieceType::Knight)]
            [self.below(5) as usize];
        UciMove::Normal { from: square(self), to: square(self), promotion }
    }
    fn moves(&mut self, max: u64) -> Vec<UciMove> {
        (0..self.below(max + 1)).map(|_| self.uci_move()).collect()
    }
    fn words(&mut self) -> String {
        let words = ["Hash", "Clear", "Skill Level", "a", "x-y", "Threads", "value2", "é"];
        (0..1 + self.below(3))
            .map(|_| words[self.below(words.len() as u64) as usize])
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn random_info(r: &mut Rng) -> Info {
    Info {
        depth: r.maybe(|r| r.below(100) as u32),
        seldepth: r.maybe(|r| r.below(100) as u32),
        multipv: r.maybe(|r| 1 + r.below(5) as u32),
        score: r.maybe(|r| {
            if r.chance() {
                Score::Cp(r.below(4000) as i32 - 2000)
            } else {
                Score::Mate(r.below(40) as i32 - 20)
            }
        }),
        bound: None,
        wdl: r.maybe(|r| (r.below(1000) as u32, r.below(1000) as u32, r.below(1000) as u32)),
        nodes: r.maybe(Rng::next),
        nps: r.maybe(|r| r.below(1 << 30)),
        hashfull: r.maybe(|r| r.below(1001) as u32),
        tbhits: r.maybe(|r| r.below(1000)),
        sbhits: r.maybe(|r| r.below(1000)),
        cpuload: r.maybe(|r| r.below(1001) as u32),
        time: r.maybe(|r| r.below(1 << 40)),
        currmove: r.maybe(Rng::uci_move),
        currmovenumber: r.maybe(|r| 1 + r.below(60) as u32),
        pv: r.moves(30),
        refutation: r.moves(4),
        currline: r
            .maybe(|r| CurrLine { cpu: r.maybe(|r| 1 + r.below(8) as u32), moves: r.moves(5) }),
        string: r.maybe(|r| format!("{} ok: depth 3 pv e2e4", r.words())),
        skipped: Vec::new(),
    }
    .with_bound(r)
}

trait WithBound {
    fn with_bound(self, r: &mut Rng) -> Self;
}

impl WithBound for Info {
    fn with_bound(mut self, r: &mut Rng) -> Info {
        if self.score.is_some() {
            self.bound = [None, Some(Bound::Lower), Some(Bound::Upper)][r.below(3) as usize];
        }
        self
    }
}

fn random_engine_message(r: &mut Rng) -> EngineMessage {
    let status = |r: &mut Rng| [Status::Checking, Status::Ok, Status::Error][r.below(3) as usize];
    match r.below(9) {
        0 => EngineMessage::Name(r.words()),
        1 => EngineMessage::Author(r.words()),
        2 => EngineMessage::UciOk,
        3 => EngineMessage::ReadyOk,
        4 => EngineMessage::BestMove { best: r.maybe(Rng::uci_move), ponder: None }.with_ponder(r),
        5 => EngineMessage::CopyProtection(status(r)),
        6 => EngineMessage::Registration(status(r)),
        7 => EngineMessage::Info(Box::new(random_info(r))),
        _ => EngineMessage::Option(EngineOption {
            name: r.words(),
            kind: match r.below(5) {
                0 => OptionKind::Check { default: r.maybe(Rng::chance) },
                1 => OptionKind::Spin {
                    default: r.maybe(|r| r.below(100) as i64 - 50),
                    min: r.maybe(|r| -(r.below(100) as i64)),
                    max: r.maybe(|r| r.below(1 << 40) as i64),
                },
                2 => OptionKind::Combo {
                    default: r.maybe(Rng::words),
                    vars: (0..r.below(4)).map(|_| r.words()).collect(),
                },
                3 => OptionKind::Button,
                _ => OptionKind::String {
                    default: r.maybe(|r| if r.chance() { String::new() } else { r.words() }),
                },
            },
        }),
    }
}

trait WithPonder {
    fn with_ponder(self, r: &mut Rng) -> Self;
}

impl WithPonder for EngineMessage {
    fn with_ponder(self, r: &mut Rng) -> EngineMessage {
        match self {
            EngineMessage::BestMove { best: Some(best), .. } => {
                EngineMessage::BestMove { best: Some(best), ponder: r.maybe(Rng::uci_move) }
            }
            other => other,
        }
    }
}

fn random_gui_command(r: &mut Rng) -> GuiCommand {
    match r.below(11) {
        0 => GuiCommand::Uci,
        1 => GuiCommand::Debug(r.chance()),
        2 => GuiCommand::IsReady,
        3 => GuiCommand::SetOption { name: r.words(), value: r.maybe(Rng::words) },
        4 => GuiCommand::Register(if r.chance() {
            Registration::Later
        } else {
            Registration::With {
                name: r.maybe(Rng::words),
                code: r.maybe(|r| r.below(1 << 30).to_string()),
            }
        }),
        5 => GuiCommand::UciNewGame,
        6 => {
            let fen = r.maybe(|_| "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".to_owned());
            GuiCommand::Position(PositionCommand { fen, moves: r.moves(40), skipped: Vec::new() })
        }
        7 => GuiCommand::Go(Go {
            searchmoves: r.moves(4),
            ponder: r.chance(),
            wtime: r.maybe(|r| r.below(1 << 30) as i64 - 1000),
            btime: r.maybe(|r| r.below(1 << 30) as i64),
            winc: r.maybe(|r| r.below(10_000) as i64),
            binc: r.maybe(|r| r.below(10_000) as i64),
            movestogo: r.maybe(|r| r.below(60) as u32),
            depth: r.maybe(|r| r.below(60) as u32),
            nodes: r.maybe(Rng::next),
            mate: r.maybe(|r| r.below(20) as u32),
            movetime: r.maybe(|r| r.below(100_000) as i64),
            infinite: r.chance(),
            skipped: Vec::new(),
        }),
        8 => GuiCommand::Stop,
        9 => GuiCommand::PonderHit,
        _ => GuiCommand::Quit,
    }
}

#[test]
fn every_engine_message_reads_back_as_written() {
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..20_000 {
        let m = random_engine_message(&mut r);
        let line = m.to_string();
        assert_eq!(line.parse::<EngineMessage>().as_ref(), Ok(&m), "{line}");
        // With a line end and stray whitespace, as pipes deliver them.
        let padded = format!("  {}\r\n", line.replace(' ', " \t"));
        if !matches!(
            m,
            EngineMessage::Name(_)
                | EngineMessage::Author(_)
                | EngineMessage::Option(_)
                | EngineMessage::Info(_)
        ) {
            assert_eq!(padded.parse::<EngineMessage>().as_ref(), Ok(&m), "{padded:?}");
        }
    }
}

#[test]
fn every_gui_command_reads_back_as_written() {
    let mut r = Rng(0x1234_5678_9abc_def1);
    for _ in 0..20_000 {
        let c = random_gui_command(&mut r);
        let line = c.to_string();
        assert_eq!(line.parse::<GuiCommand>().as_ref(), Ok(&c), "{line}");
        assert_eq!(format!("{line}\r\n").parse::<GuiCommand>().as_ref(), Ok(&c), "{line}");
    }
}

#[test]
fn a_bad_token_costs_only_itself() {
    // python-chess#596: one bad token lost a whole pv; #400: a stray \r.
    let EngineMessage::Info(info) =
        "info depth 12 score cp 15 nodes x12 pv e2e4 e7e5 ?? g1f3 time 40\r".parse().unwrap()
    else {
        panic!()
    };
    assert_eq!(info.pv.len(), 3);
    assert_eq!((info.depth, info.time, info.nodes), (Some(12), Some(40), None));
    let skipped: Vec<_> = info.skipped.iter().map(|e| (e.token.as_str(), e.at)).collect();
    assert_eq!(skipped, [("x12", 32), ("??", 49)]);
    let EngineMessage::Info(info) =
        "info string NNUE evaluation using nn-1111cefa1111.nnue\r\n".parse().unwrap()
    else {
        panic!()
    };
    assert_eq!(info.string.as_deref(), Some("NNUE evaluation using nn-1111cefa1111.nnue"));
    // UCI: unknown words before a command are passed over.
    assert_eq!("joho debug on".parse::<GuiCommand>(), Ok(GuiCommand::Debug(true)));
    let GuiCommand::Go(go) = "go depth five infinite".parse().unwrap() else { panic!() };
    assert!(go.infinite && go.depth.is_none() && go.skipped[0].token.as_str() == "five");
}

#[test]
fn lines_with_no_message_are_errors_naming_the_token() {
    let engine = [
        ("", "", 0),
        ("   ", "", 3),
        ("hello world", "hello", 0),
        ("id nickname x", "nickname", 3),
        ("bestmove", "", 8),
        ("bestmove e9e4", "e9e4", 9),
        ("option name x type dial", "dial", 19),
    ];
    for (line, token, at) in engine {
        let error =
            line.parse::<EngineMessage>().err().unwrap_or_else(|| panic!("{line:?} was read"));
        assert_eq!((error.token.as_str(), error.at), (token, at), "{line:?}: {error}");
    }
    let gui = [
        ("", "", 0),
        ("hello", "hello", 0),
        ("debug maybe", "maybe", 6),
        ("setoption value 3", "value", 10),
        ("position moves e2e4", "moves", 9),
        ("position fen", "", 12),
    ];
    for (line, token, at) in gui {
        let error = line.parse::<GuiCommand>().err().unwrap_or_else(|| panic!("{line:?} was read"));
        assert_eq!((error.token.as_str(), error.at), (token, at), "{line:?}: {error}");
    }
}

#[test]
fn no_input_panics() {
    // What the fuzz target (fuzz/fuzz_targets/protocol_lines.rs) checks, on generated lines.
    fn check(line: String) -> bool {
        if let Ok(command) = line.parse::<GuiCommand>() {
            let again: GuiCommand =
                command.to_string().parse().expect("a written command reads back");
            match (&command, &again) {
                (GuiCommand::Position(a), GuiCommand::Position(b)) => {
                    assert_eq!((&a.fen, &a.moves), (&b.fen, &b.moves))
                }
                (GuiCommand::Go(a), GuiCommand::Go(b)) => assert_eq!(a.searchmoves, b.searchmoves),
                (GuiCommand::SetOption { .. } | GuiCommand::Register(_), _) => {}
                _ => assert_eq!(command, again, "{line:?}"),
            }
        }
        if let Ok(message) = line.parse::<EngineMessage>() {
            let again: EngineMessage =
                message.to_string().parse().expect("a written message reads back");
            match (&message, &again) {
                (EngineMessage::Info(a), EngineMessage::Info(b)) => {
                    assert_eq!(a.pv, b.pv, "{line:?}")
                }
                (
                    EngineMessage::Option(_) | EngineMessage::Name(_) | EngineMessage::Author(_),
                    _,
                ) => {}
                _ => assert_eq!(message, again, "{line:?}"),
            }
        }
        true
    }
    quickcheck::quickcheck(check as fn(String) -> bool);
    let mut r = Rng(7);
    let words = [
        "info",
        "pv",
        "score",
        "cp",
        "mate",
        "option",
        "name",
        "type",
        "spin",
        "default",
        "var",
        "go",
        "position",
        "fen",
        "moves",
        "e2e4",
        "-1",
        "99999999999999999999",
        "\r",
        "é",
        "bestmove",
        "ponder",
        "wdl",
        "currline",
        "string",
    ];
    for _ in 0..50_000 {
        let line: Vec<&str> =
            (0..r.below(12)).map(|_| words[r.below(words.len() as u64) as usize]).collect();
        check(line.join(" "));
    }
}
