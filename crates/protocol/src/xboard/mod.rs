//! The Chess Engine Communication Protocol (XBoard, CECP version 2): the GUI's commands
//! ([`GuiCommand`]) and the engine's messages ([`EngineMessage`]), each read from a line
//! and written back, and XBoard's moves (coordinates or SAN) read on a position
//! ([`parse_move`]).

mod engine;
mod gui;
mod moves;

pub use engine::{EngineMessage, FeatureValue, Thinking};
pub use gui::{GuiCommand, Level};
pub use moves::{XboardMoveError, parse_move};
