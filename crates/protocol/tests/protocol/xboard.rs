//! XBoard (CECP v2) messages written and read back, lines no parser understands, and a
//! real engine's XBoard session (Debian's Fairy-Stockfish, which `.ci/run` installs; the
//! test skips, saying so, without it).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use lerf_position::Position;
use lerf_protocol::xboard::Level as Clock;
use lerf_protocol::xboard::Thinking as Think;
use lerf_protocol::xboard::{EngineMessage, FeatureValue, GuiCommand, parse_move};

fn gui_commands() -> Vec<GuiCommand> {
    use GuiCommand::*;
    let mut all = vec![
        Xboard,
        Protover(2),
        Accepted("setboard".into()),
        Rejected("sigint".into()),
        New,
        Variant("crazyhouse".into()),
        Quit,
        Random,
        Force,
        Go,
        PlayOther,
        White,
        Black,
        St(30),
        Sd(12),
        Nps(100000),
        Time(30000),
        Otim(-150),
        UserMove("e2e4".into()),
        UserMove("e7e8q".into()),
        UserMove("O-O".into()),
        MoveNow,
        Ping(7),
        Draw,
        GuiCommand::Result { result: "1-0".into(), comment: Some("White mates".into()) },
        GuiCommand::Result { result: "*".into(), comment: None },
        SetBoard("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".into()),
        Edit,
        Hint,
        Bk,
        Undo,
        Remove,
        Hard,
        Easy,
        Post,
        NoPost,
        Analyze,
        Exit,
        Dot,
        Name("Some Body".into()),
        Rating(2400, 2250),
        Ics("-".into()),
        Computer,
        Pause,
        Resume,
        Memory(256),
        Cores(2),
        EgtPath { kind: "syzygy".into(), path: "/tb/a:/tb/b c".into() },
        GuiCommand::Option { name: "Clear Hash".into(), value: None },
        GuiCommand::Option { name: "Skill Level".into(), value: Some("3".into()) },
    ];
    for (moves, base_seconds, increment_ms) in
        [(40, 300, 0), (0, 30, 2500), (0, 90, 100), (40, 7200, 12_000)]
    {
        all.push(Level(Clock { moves, base_seconds, increment_ms }));
    }
    all
}

fn engine_messages() -> Vec<EngineMessage> {
    use EngineMessage::*;
    vec![
        Feature(vec![
            ("ping".into(), FeatureValue::Number(1)),
            ("myname".into(), FeatureValue::Text("Fairy-Stockfish 11".into())),
            ("variants".into(), FeatureValue::Text("normal,crazyhouse".into())),
            ("option".into(), FeatureValue::Text("Hash -spin 16 1 1024".into())),
            ("done".into(), FeatureValue::Number(1)),
        ]),
        Move("e2e4".into()),
        Move("O-O".into()),
        Pong(7),
        IllegalMove { reason: None, mv: "e2e5".into() },
        IllegalMove { reason: Some("not your turn".into()), mv: "e7e5".into() },
        Error { kind: "unknown command".into(), command: "post".into() },
        EngineMessage::Result { result: "0-1".into(), comment: Some("White resigns".into()) },
        EngineMessage::Result { result: "1/2-1/2".into(), comment: None },
        Resign,
        OfferDraw,
        Hint("Nf3".into()),
        Tell { to: "telluser".into(), text: "hello there".into() },
        AskUser { tag: "q1".into(), text: "Which opening?".into() },
        Thinking(Think {
            ply: 9,
            score: -35,
            centiseconds: 120,
            nodes: 123_456,
            extra: vec![],
            pv: "e7e5 g1f3 b8c6".into(),
        }),
        Thinking(Think {
            ply: 9,
            score: 12,
            centiseconds: 3,
            nodes: 999,
            extra: vec![14, 333_000, 0],
            pv: "e2e4".into(),
        }),
        Thinking(Think {
            ply: 20,
            score: 100_003,
            centiseconds: 0,
            nodes: 0,
            extra: vec![],
            pv: "1. Qh5 Nf6 2. Qxf7#".into(),
        }),
        Comment("debug: 3 threads".into()),
    ]
}

#[test]
fn every_message_reads_back_as_written() {
    for command in gui_commands() {
        let line = command.to_string();
        assert_eq!(line.parse::<GuiCommand>().as_ref(), Ok(&command), "{line}");
        assert_eq!(format!("{line}\r\n").parse::<GuiCommand>().as_ref(), Ok(&command), "{line}");
    }
    for message in engine_messages() {
        let line = message.to_string();
        assert_eq!(line.parse::<EngineMessage>().as_ref(), Ok(&message), "{line}");
        assert_eq!(format!("{line}\r\n").parse::<EngineMessage>().as_ref(), Ok(&message), "{line}");
    }
}

#[test]
fn lines_that_are_no_message_are_errors_naming_the_token() {
    for (line, token) in [
        ("", ""),
        ("hello", "hello"),
        ("level 40 five 0", "five"),
        ("level 40 5 0.1234", "0.1234"),
        ("result 2-0", "2-0"),
        ("ping x", "x"),
        ("st", ""),
    ] {
        let e = line.parse::<GuiCommand>().expect_err(line);
        assert_eq!(e.token.as_str(), token, "{line}: {e}");
    }
    for (line, token) in [
        ("", ""),
        ("hello world", "hello"),
        ("feature ping", "ping"),
        ("feature x=\"open", "\"open"),
        ("12 x 3 4 e4", "x"),
        ("pong", ""),
    ] {
        let e = line.parse::<EngineMessage>().expect_err(line);
        assert_eq!(e.token.as_str(), token, "{line}: {e}");
    }
    // Bare moves (protocol 1) are user moves; a bare word that is not one is an error.
    assert_eq!("e2e4".parse::<GuiCommand>(), Ok(GuiCommand::UserMove("e2e4".into())));
    assert_eq!("Nf3".parse::<GuiCommand>(), Ok(GuiCommand::UserMove("Nf3".into())));
    assert!("foo".parse::<GuiCommand>().is_err());
}

#[test]
fn no_line_panics_and_every_message_read_writes_itself_back() {
    fn check(line: String) -> bool {
        if let Ok(command) = line.parse::<GuiCommand>() {
            assert_eq!(
                command.to_string().parse::<GuiCommand>().as_ref(),
                Ok(&command),
                "{line:?}"
            );
        }
        if let Ok(message) = line.parse::<EngineMessage>() {
            assert_eq!(
                message.to_string().parse::<EngineMessage>().as_ref(),
                Ok(&message),
                "{line:?}"
            );
        }
        true
    }
    quickcheck::quickcheck(check as fn(String) -> bool);
    let words = [
        "feature",
        "x=1",
        "y=\"a b\"",
        "z=\"",
        // A value read without quotes that holds one (found by fuzzing protocol_lines: it
        // was written back quoted, a line that did not read back).
        "w=a\"b",
        "v=4\u{ef}(\"o",
        "move",
        "e2e4",
        "Illegal",
        "move",
        "(x):",
        "Error",
        "(y):",
        "1-0",
        "{c}",
        "}",
        "12",
        "-3",
        "\t",
        "4.",
        "level",
        "0:30",
        "1.5",
        "result",
        "option",
        "a=b",
        "usermove",
        "#",
        "Hint:",
        "telluser",
        "askuser",
        "pong",
        "ping",
        "é",
        "\r",
        "O-O",
        "st",
        "time",
        "egtpath",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..50_000 {
        let mut line = Vec::new();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        for i in 0..(seed % 9) {
            line.push(words[((seed >> (i * 5)) % words.len() as u64) as usize]);
        }
        check(line.join(if seed & 1 == 0 { " " } else { "" }));
    }
    // The fuzzer's line, and its shape alone.
    check(
        "feature  leooo=4\u{ef}o:ooooooure  lgooon\0\0\0=4\u{ef}vure ro=\u{ef}(\u{ff}o\"o".into(),
    );
    check("feature w=a\"b x=\"q r\" n=5".into());
}

#[test]
fn moves_read_as_coordinates_or_san() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert_eq!(parse_move(&pos, "e1g1").unwrap(), parse_move(&pos, "O-O").unwrap());
    assert_eq!(parse_move(&pos, "a1a8").unwrap(), parse_move(&pos, "Rxa8+").unwrap());
    let e = parse_move(&pos, "e1e3").unwrap_err();
    assert!(e.to_string().contains("e1e3"), "{e}");
}

#[test]
fn a_fairy_stockfish_xboard_session_reads_without_loss() {
    let path = std::path::Path::new("/usr/games/fairy-stockfish");
    if !path.exists() {
        eprintln!(
            "skipped: no Fairy-Stockfish installed (Debian's `fairy-stockfish`; .ci/run installs it)"
        );
        return;
    }
    let mut child =
        Command::new(path).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("it starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    // The next line that is not blank (the engine writes empty lines now and then).
    let mut read = || loop {
        let mut line = String::new();
        assert!(output.read_line(&mut line).expect("it writes") > 0, "the engine ended");
        if !line.trim().is_empty() {
            return line;
        }
    };
    for command in [GuiCommand::Xboard, GuiCommand::Protover(2)] {
        writeln!(input, "{command}").unwrap();
    }
    let mut features = Vec::new();
    loop {
        let line = read();
        let Ok(message) = line.parse::<EngineMessage>() else {
            assert!(line.starts_with("Fairy-Stockfish"), "{line:?}");
            continue;
        };
        let EngineMessage::Feature(list) = message else { panic!("{line:?}") };
        let done =
            list.iter().any(|(name, value)| name == "done" && *value == FeatureValue::Number(1));
        features.extend(list);
        if done {
            break;
        }
    }
    assert!(features.iter().any(|(name, _)| name == "myname"));
    assert!(features.iter().filter(|(name, _)| name == "option").count() > 10);
    let mut pos = Position::startpos();
    for command in ["new", "sd 6", "usermove e2e4", "go"] {
        writeln!(input, "{}", command.parse::<GuiCommand>().unwrap()).unwrap();
    }
    pos.do_move(parse_move(&pos, "e2e4").unwrap());
    loop {
        let line = read();
        match line.parse::<EngineMessage>().unwrap_or_else(|e| panic!("{line:?}: {e}")) {
            EngineMessage::Move(m) => {
                parse_move(&pos, &m).expect("a legal reply");
                break;
            }
            EngineMessage::Thinking(t) => assert!(t.ply >= 1, "{line:?}"),
            other => panic!("{other:?}"),
        }
    }
    // The engine may think on after its move (pondering); every line still reads.
    writeln!(input, "{}", GuiCommand::Ping(42)).unwrap();
    loop {
        let line = read();
        match line.parse::<EngineMessage>().unwrap_or_else(|e| panic!("{line:?}: {e}")) {
            EngineMessage::Pong(n) => {
                assert_eq!(n, 42);
                break;
            }
            EngineMessage::Thinking(_) | EngineMessage::Move(_) => {}
            other => panic!("{other:?}"),
        }
    }
    writeln!(input, "{}", GuiCommand::Quit).unwrap();
    assert!(child.wait().expect("it ends").success());
}
