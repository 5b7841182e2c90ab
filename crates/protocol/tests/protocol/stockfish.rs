//! A real engine's session read without loss: Debian's Stockfish (`/usr/games/stockfish`,
//! which `.ci/run` installs) is given `uci`, options, positions and searches, and every
//! line it answers must parse with nothing passed over, write back as it came (spaces
//! aside), and hold moves that are legal where they are played. Skips, saying so, when no
//! Stockfish is installed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use lerf_protocol::uci::{EngineMessage, GuiCommand};

fn stockfish() -> Option<std::path::PathBuf> {
    let candidates = ["/usr/games/stockfish", "/usr/bin/stockfish"];
    candidates.iter().map(std::path::PathBuf::from).find(|p| p.exists())
}

#[test]
fn a_stockfish_session_reads_without_loss() {
    let Some(path) = stockfish() else {
        eprintln!(
            "skipped: no Stockfish installed (Debian's `stockfish` package; .ci/run installs it)"
        );
        return;
    };
    let mut child = Command::new(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("stockfish starts");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let mut send = |command: &GuiCommand| writeln!(input, "{command}").expect("stockfish reads");
    let mut read_until = |end: &dyn Fn(&EngineMessage) -> bool| {
        let mut messages = Vec::new();
        loop {
            let mut line = String::new();
            assert!(output.read_line(&mut line).expect("stockfish writes") > 0, "stockfish ended");
            if line.trim().is_empty() {
                continue; // Stockfish separates its option list with an empty line
            }
            let message: EngineMessage = match line.parse() {
                Ok(m) => m,
                // Stockfish's banner, before `uci`.
                Err(_) if line.starts_with("Stockfish") => continue,
                Err(e) => panic!("{line:?}: {e}"),
            };
            if let EngineMessage::Info(info) = &message {
                assert!(info.skipped.is_empty(), "{line:?}: {:?}", info.skipped);
            }
            let normalised = line
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace(" default <empty>", " default");
            assert_eq!(message.to_string().parse::<EngineMessage>().as_ref(), Ok(&message));
            // An empty string default is written as UCI's `<empty>`; Stockfish writes either.
            let written = message.to_string().replace(" default <empty>", " default");
            assert_eq!(written, normalised);
            let done = end(&message);
            messages.push(message);
            if done {
                return messages;
            }
        }
    };
    send(&GuiCommand::Uci);
    let hello = read_until(&|m| *m == EngineMessage::UciOk);
    assert!(
        hello.iter().any(|m| matches!(m, EngineMessage::Name(n) if n.starts_with("Stockfish")))
    );
    assert!(hello.iter().filter(|m| matches!(m, EngineMessage::Option(_))).count() >= 10);
    for option in [
        "setoption name Threads value 1",
        "setoption name Hash value 16",
        "setoption name MultiPV value 3",
    ] {
        send(&option.parse().expect("a command"));
    }
    let positions = [
        "position startpos moves e2e4 e7e5 g1f3 b8c6",
        "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "position fen 8/8/8/8/8/6k1/4q3/7K b - - 0 1",
    ];
    for text in positions {
        let command: GuiCommand = text.parse().expect("a command");
        let GuiCommand::Position(position) = &command else { panic!() };
        let pos = position.to_position(false).expect("a legal position");
        send(&command);
        send(&GuiCommand::IsReady);
        read_until(&|m| *m == EngineMessage::ReadyOk);
        send(&"go nodes 200000".parse().expect("a command"));
        let search = read_until(&|m| matches!(m, EngineMessage::BestMove { .. }));
        let mut pvs = 0;
        for message in &search {
            if let EngineMessage::Info(info) = message
                && !info.pv.is_empty()
            {
                info.pv_in(&pos).expect("a legal pv");
                pvs += 1;
            }
        }
        assert!(pvs > 3, "{text}");
        let best =
            search.last().expect("a bestmove").best_move_in(&pos).expect("a legal best move");
        assert!(best.is_some());
    }
    send(&GuiCommand::Quit);
    assert!(child.wait().expect("stockfish ends").success());
}
