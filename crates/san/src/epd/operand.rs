//! The operands of EPD operations, and why an EPD or an operation is refused.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use lerf_rules::{LooseBoard, LooseFenError, LooseMove};

use crate::loose::LooseSanError;

/// An operation's operand.
#[derive(Debug, Clone, PartialEq)]
pub enum EpdOperand {
    /// No operand (`noop;`).
    None,
    /// A quoted string, unescaped.
    Text(String),
    /// An integer.
    Int(i64),
    /// An integer beyond an `i64` (Python reads any): its ASCII digits, `-` first when
    /// negative, no leading zeros.
    BigInt(String),
    /// A finite number with a fraction or an exponent.
    Float(f64),
    /// A number written out as it is to appear (writing only: how a host language prints
    /// its numbers, `True` included).
    Number(String),
    /// One move (SAN on reading).
    Move(LooseMove),
    /// Several moves: `pv` is a line played in order, `am`/`bm` moves in the position.
    Moves(Vec<LooseMove>),
}

/// An operation: its opcode and its operand.
pub type Operation = (String, EpdOperand);

/// What is wrong with an opcode, in the order python-chess checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpcodeFault {
    /// The empty string.
    Empty,
    /// A lone `-` (which stands for no operations).
    Dash,
    /// The first character is not a letter.
    NotLetter,
    /// It holds this white space character (space, line feed, tab or carriage return).
    Space(char),
}

/// Why an EPD, or an operation to write, was refused. The messages are python-chess's
/// (with Rust's quoting where Python's `repr` quotes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EpdError {
    /// The FEN made of the fields (and the counters) does not read: the FEN as read,
    /// which python-chess's message quotes, and why.
    Fen {
        /// The text read as a FEN: the EPD itself when it has no operations; else its four
        /// fields with ` 0 1` (the board moves are read in) or with the counters.
        fen: String,
        /// Why it does not read.
        error: LooseFenError,
    },
    /// An opcode that cannot be read or written.
    Opcode(String, OpcodeFault),
    /// A number operand that Python's `int()` does not read (as written, white space
    /// after it included).
    Int(String),
    /// A number operand with a `.`, `e` or `E` that Python's `float()` does not read.
    Float(String),
    /// A number operand too large to be finite: the opcode, and the operand as written.
    NotFinite(String, String),
    /// A move operand that is not SAN for a legal move.
    San {
        /// The SAN as written.
        text: String,
        /// Why it is refused.
        error: LooseSanError,
        /// The position it was read in (for a `pv`, after the moves before it).
        board: Box<LooseBoard>,
    },
    /// A move to write from an empty square (`pv`, `am`, `bm` or a single move): it has
    /// no SAN. With the position it was to be written in.
    Move(LooseMove, Box<LooseBoard>),
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::Fen { fen, error } => write!(f, "{error}: {fen:?}"),
            EpdError::Opcode(_, OpcodeFault::Empty) => {
                f.write_str("empty string is not a valid epd opcode")
            }
            EpdError::Opcode(_, OpcodeFault::Dash) => {
                f.write_str("dash (-) is not a valid epd opcode")
            }
            EpdError::Opcode(op, OpcodeFault::NotLetter) => {
                write!(f, "expected epd opcode to start with a letter, got: {op:?}")
            }
            EpdError::Opcode(op, OpcodeFault::Space(c)) => {
                write!(f, "invalid character {c:?} in epd opcode: {op:?}")
            }
            EpdError::Int(text) => write!(f, "invalid literal for int() with base 10: {text:?}"),
            EpdError::Float(text) => write!(f, "could not convert string to float: {text:?}"),
            EpdError::NotFinite(op, text) => {
                write!(f, "invalid numeric operand for epd operation {op:?}: {text:?}")
            }
            EpdError::San { text, error, board } => write!(f, "{error}: {text:?} in {board}"),
            EpdError::Move(m, board) => {
                write!(f, "no piece to move for {m} in epd operation, in {board}")
            }
        }
    }
}

impl core::error::Error for EpdError {}

/// What is wrong with `opcode`, checked as python-chess checks it before writing it (or,
/// the first character only, after reading one that is followed by white space), with
/// `is_letter` saying what a letter is: Rust's [`char::is_alphabetic`], or a host's own
/// test (Python's `str.isalpha` leaves out the letter numbers `Ⅷ` and combining marks).
pub fn opcode_fault(opcode: &str, is_letter: fn(char) -> bool) -> Option<OpcodeFault> {
    if opcode.is_empty() {
        Some(OpcodeFault::Empty)
    } else if opcode == "-" {
        Some(OpcodeFault::Dash)
    } else if !opcode.chars().next().is_some_and(is_letter) {
        Some(OpcodeFault::NotLetter)
    } else {
        [' ', '\n', '\t', '\r'].into_iter().find(|&c| opcode.contains(c)).map(OpcodeFault::Space)
    }
}

/// Checks an opcode as python-chess does before writing it (see [`opcode_fault`]; letters
/// as [`char::is_alphabetic`] has them).
///
/// # Errors
///
/// [`EpdError::Opcode`] naming the fault.
pub fn check_opcode(opcode: &str) -> Result<(), EpdError> {
    check_opcode_with(opcode, char::is_alphabetic)
}

/// [`check_opcode`] with `is_letter` saying what a letter is.
pub(super) fn check_opcode_with(opcode: &str, is_letter: fn(char) -> bool) -> Result<(), EpdError> {
    match opcode_fault(opcode, is_letter) {
        Some(fault) => Err(EpdError::Opcode(opcode.to_string(), fault)),
        None => Ok(()),
    }
}

impl EpdOperand {
    /// The operand as Python's `str()` writes the value python-chess reads it as (what
    /// goes into a FEN counter field for `hmvc` and `fmvn`): `None`, `3`, `1.5`, `e2e4`,
    /// `[Move.from_uci('e2e4')]`, a string as it is.
    pub fn python_str(&self) -> String {
        match self {
            EpdOperand::None => "None".to_string(),
            EpdOperand::Text(t) | EpdOperand::Number(t) | EpdOperand::BigInt(t) => t.clone(),
            EpdOperand::Int(n) => n.to_string(),
            EpdOperand::Float(x) => crate::loose_text::python_float(*x),
            EpdOperand::Move(m) => m.to_string(),
            EpdOperand::Moves(moves) => python_move_list(moves),
        }
    }
}

/// A list of moves as Python's `str()` writes it: `[Move.from_uci('e2e4')]`.
pub(super) fn python_move_list(moves: &[LooseMove]) -> String {
    let list: Vec<String> = moves.iter().map(|m| alloc::format!("Move.from_uci('{m}')")).collect();
    alloc::format!("[{}]", list.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opcode_faults_in_python_chess_order() {
        let fault = |op| opcode_fault(op, char::is_alphabetic);
        assert_eq!(fault(""), Some(OpcodeFault::Empty));
        assert_eq!(fault("-"), Some(OpcodeFault::Dash));
        assert_eq!(fault("1 a"), Some(OpcodeFault::NotLetter));
        assert_eq!(fault("a\t b"), Some(OpcodeFault::Space(' ')));
        assert_eq!(fault("a\n\r"), Some(OpcodeFault::Space('\n')));
        assert_eq!(fault("bm"), None);
        assert_eq!(fault("\u{2167}"), None);
        assert_eq!(
            opcode_fault("\u{2167}", |c| c.is_ascii_alphabetic()),
            Some(OpcodeFault::NotLetter)
        );
    }
}
