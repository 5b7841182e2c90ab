//! The Universal Chess Interface: the GUI's commands ([`GuiCommand`]) and the engine's
//! messages ([`EngineMessage`]), each read from a line (`str::parse`) and written back
//! (`Display`, without the line end).

mod engine;
mod gui;
mod info;
mod option;
mod values;

pub use engine::{BestAndPonder, EngineMessage, Status};
pub use gui::{Go, GuiCommand, PositionCommand, PositionError, Registration};
pub use info::{Bound, CurrLine, Info, Score};
pub use option::{EngineOption, OptionKind};
