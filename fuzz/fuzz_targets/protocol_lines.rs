//! Any bytes as a UCI line and as an XBoard line, from a GUI and from an engine: reading never panics, a message
//! that is read writes a line that reads back as the same message, and its moves checked
//! against the start position never panic either.
#![no_main]

use lerf_position::Position;
use lerf_protocol::uci::{EngineMessage, GuiCommand};
use lerf_protocol::xboard;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    if let Ok(command) = line.parse::<GuiCommand>() {
        let again: GuiCommand = command.to_string().parse().expect("a written command reads back");
        if let (GuiCommand::Position(a), GuiCommand::Position(b)) = (&command, &again) {
            assert_eq!((&a.fen, &a.moves), (&b.fen, &b.moves));
            let _ = a.to_position(false);
            let _ = a.to_position(true);
        } else if let (GuiCommand::Go(a), GuiCommand::Go(b)) = (&command, &again) {
            assert_eq!(a.searchmoves, b.searchmoves);
            let _ = a.searchmoves_in(&Position::startpos());
        } else if !matches!(command, GuiCommand::SetOption { .. } | GuiCommand::Register(_)) {
            assert_eq!(command, again);
        }
    }
    if let Ok(message) = line.parse::<EngineMessage>() {
        let again: EngineMessage =
            message.to_string().parse().expect("a written message reads back");
        if let (EngineMessage::Info(a), EngineMessage::Info(b)) = (&message, &again) {
            assert_eq!(a.pv, b.pv);
            let _ = a.pv_in(&Position::startpos());
        } else if !matches!(
            message,
            EngineMessage::Option(_) | EngineMessage::Name(_) | EngineMessage::Author(_)
        ) {
            assert_eq!(message, again);
        }
        let _ = message.best_move_in(&Position::startpos());
    }
    if let Ok(command) = line.parse::<xboard::GuiCommand>() {
        assert_eq!(command.to_string().parse::<xboard::GuiCommand>().as_ref(), Ok(&command));
    }
    if let Ok(message) = line.parse::<xboard::EngineMessage>() {
        assert_eq!(message.to_string().parse::<xboard::EngineMessage>().as_ref(), Ok(&message));
        if let xboard::EngineMessage::Move(m) = &message {
            let _ = xboard::parse_move(&Position::startpos(), m);
        }
    }
});
