//! EPD: a position's four FEN fields followed by operations (`bm Nf3; id "BK.01";`),
//! read and written as python-chess's `set_epd` and `epd` do.
//!
//! ```
//! use lerf_san::epd::{EpdOperand, parse_epd};
//!
//! let (board, ops) = parse_epd("4k3/8/3QK3/8/8/8/8/8 w - - bm Qe7# Qb8#; id \"mate\";", false)?;
//! assert_eq!(board.fen(), "4k3/8/3QK3/8/8/8/8/8 w - - 0 1");
//! assert_eq!(ops[0].0, "bm");
//! assert!(matches!(&ops[0].1, EpdOperand::Moves(moves) if moves.len() == 2));
//! assert_eq!(ops[1].1, EpdOperand::Text("mate".into()));
//! # Ok::<(), lerf_san::epd::EpdError>(())
//! ```

use crate::loose::{LooseSanError, loose_san, parse_loose_san};
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use lerf_rules::python_number::{PythonInt, read_float, read_int};
use lerf_rules::{LooseBoard, LooseFenError, LooseMove};

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
fn check_opcode_with(opcode: &str, is_letter: fn(char) -> bool) -> Result<(), EpdError> {
    match opcode_fault(opcode, is_letter) {
        Some(fault) => Err(EpdError::Opcode(opcode.to_string(), fault)),
        None => Ok(()),
    }
}

/// Sets `opcode` to `operand`, keeping its first place when it was set before (the order of
/// a Python dict).
fn insert(ops: &mut Vec<(String, EpdOperand)>, opcode: &str, operand: EpdOperand) {
    match ops.iter_mut().find(|(op, _)| op == opcode) {
        Some(slot) => slot.1 = operand,
        None => ops.push((opcode.to_string(), operand)),
    }
}

/// The operand of a number as python-chess reads it: Python's `float()` when it holds
/// `.`, `e` or `E` (and must then be finite), `int()` otherwise.
fn number(opcode: &str, text: &str) -> Result<EpdOperand, EpdError> {
    if text.contains(['.', 'e', 'E']) {
        match read_float(text) {
            None => Err(EpdError::Float(text.to_string())),
            Some(x) if !x.is_finite() => Err(EpdError::NotFinite(opcode.into(), text.into())),
            Some(x) => Ok(EpdOperand::Float(x)),
        }
    } else {
        match read_int(text) {
            None => Err(EpdError::Int(text.to_string())),
            Some(PythonInt::Fits(n)) => Ok(EpdOperand::Int(n)),
            Some(PythonInt::Big(digits)) => Ok(EpdOperand::BigInt(digits)),
        }
    }
}

/// The moves of a SAN operand: `pv` plays them in order, `am`/`bm` read each in the
/// position, any other opcode reads the whole operand as one move.
fn moves(opcode: &str, text: &str, board: &LooseBoard) -> Result<EpdOperand, EpdError> {
    let san = |b: &LooseBoard, t: &str| {
        parse_loose_san(b, t).map_err(|error| EpdError::San {
            text: t.to_string(),
            error,
            board: Box::new(*b),
        })
    };
    match opcode {
        "pv" => {
            let mut position = *board;
            let mut line = Vec::new();
            for token in text.split(crate::loose_text::is_space).filter(|t| !t.is_empty()) {
                let m = san(&position, token)?;
                line.push(m);
                position = position.play_unchecked(m);
            }
            Ok(EpdOperand::Moves(line))
        }
        "am" | "bm" => {
            let tokens = text.split(crate::loose_text::is_space).filter(|t| !t.is_empty());
            tokens.map(|t| san(board, t)).collect::<Result<_, _>>().map(EpdOperand::Moves)
        }
        _ => san(board, text).map(EpdOperand::Move),
    }
}

/// States of the operations reader.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Opcode,
    AfterOpcode,
    Numeric,
    String,
    Escape,
    San,
}

/// Reads the operations part of an EPD, moves read as SAN in `board`.
///
/// # Errors
///
/// [`EpdError`] for a malformed opcode, number or move.
pub fn parse_operations(
    text: &str,
    board: &LooseBoard,
) -> Result<Vec<(String, EpdOperand)>, EpdError> {
    operations(text, &mut || Ok(*board), char::is_alphabetic)
}

/// [`parse_operations`] with the board made at the first move operand, as python-chess
/// makes it: a text whose moves are never reached never reads the fields.
fn operations(
    text: &str,
    make_board: &mut dyn FnMut() -> Result<LooseBoard, EpdError>,
    is_letter: fn(char) -> bool,
) -> Result<Vec<(String, EpdOperand)>, EpdError> {
    let mut board = None;
    let mut ops = Vec::new();
    let (mut state, mut opcode, mut operand) = (State::Opcode, String::new(), String::new());
    let empty_for = |op: &str| {
        if matches!(op, "pv" | "am" | "bm") {
            EpdOperand::Moves(Vec::new())
        } else {
            EpdOperand::None
        }
    };
    for ch in text.chars().map(Some).chain([None]) {
        let end = matches!(ch, None | Some(';'));
        let space = matches!(ch, Some(' ' | '\t' | '\r' | '\n'));
        match state {
            State::Opcode if space => {
                if opcode == "-" {
                    opcode.clear();
                } else if !opcode.is_empty() {
                    check_opcode_with(&opcode, is_letter)?;
                    state = State::AfterOpcode;
                }
            }
            State::Opcode if end => {
                if opcode == "-" {
                    opcode.clear();
                } else if !opcode.is_empty() {
                    insert(&mut ops, &opcode, empty_for(&opcode));
                    opcode.clear();
                }
            }
            State::Opcode => opcode.extend(ch),
            State::AfterOpcode if space => {}
            State::AfterOpcode if ch == Some('"') => state = State::String,
            State::AfterOpcode if end => {
                if !opcode.is_empty() {
                    insert(&mut ops, &opcode, empty_for(&opcode));
                    opcode.clear();
                }
                state = State::Opcode;
            }
            State::AfterOpcode => {
                operand.extend(ch);
                let numeric = matches!(ch, Some('+' | '-' | '.' | '0'..='9'));
                state = if numeric { State::Numeric } else { State::San };
            }
            State::Numeric | State::San if end => {
                let value = if state == State::Numeric {
                    number(&opcode, &operand)?
                } else {
                    let board = match board {
                        Some(b) => b,
                        None => *board.insert(make_board()?),
                    };
                    moves(&opcode, &operand, &board)?
                };
                insert(&mut ops, &opcode, value);
                (state, opcode, operand) = (State::Opcode, String::new(), String::new());
            }
            State::Numeric | State::San => operand.extend(ch),
            State::String if matches!(ch, None | Some('"')) => {
                insert(&mut ops, &opcode, EpdOperand::Text(core::mem::take(&mut operand)));
                (state, opcode) = (State::Opcode, String::new());
            }
            State::String if ch == Some('\\') => state = State::Escape,
            State::String => operand.extend(ch),
            State::Escape => match ch {
                None => {
                    insert(&mut ops, &opcode, EpdOperand::Text(core::mem::take(&mut operand)));
                    (state, opcode) = (State::Opcode, String::new());
                }
                Some(c) => {
                    operand.push(match c {
                        'r' => '\r',
                        'n' => '\n',
                        't' => '\t',
                        c => c,
                    });
                    state = State::String;
                }
            },
        }
    }
    Ok(ops)
}

/// Reads an EPD as python-chess's `Board.set_epd` does: four FEN fields, then operations
/// (moves as SAN in that position, read in standard chess as python-chess reads them);
/// `hmvc` and `fmvn` set the counters. Text of four fields or fewer is read as a FEN;
/// anything after the fourth field is operations, a FEN's counters too (refused as
/// opcodes, as python-chess refuses them).
///
/// # Errors
///
/// [`EpdError`] for malformed fields, opcodes, numbers or moves.
pub fn parse_epd(
    epd: &str,
    chess960: bool,
) -> Result<(LooseBoard, Vec<(String, EpdOperand)>), EpdError> {
    parse_epd_with(epd, chess960, char::is_alphabetic)
}

/// [`parse_epd`] with `is_letter` saying what a letter is at an opcode's start (see
/// [`opcode_fault`]).
///
/// # Errors
///
/// As [`parse_epd`].
pub fn parse_epd_with(
    epd: &str,
    chess960: bool,
    is_letter: fn(char) -> bool,
) -> Result<(LooseBoard, Vec<(String, EpdOperand)>), EpdError> {
    let trimmed = epd.trim_matches(crate::loose_text::is_space).trim_end_matches(';');
    let mut fields: Vec<&str> = Vec::new();
    let mut rest = trimmed;
    while fields.len() < 4 {
        rest = rest.trim_start_matches(crate::loose_text::is_space);
        if rest.is_empty() {
            break;
        }
        let end = rest.find(crate::loose_text::is_space).unwrap_or(rest.len());
        fields.push(&rest[..end]);
        rest = &rest[end..];
    }
    let rest = rest.trim_start_matches(crate::loose_text::is_space);
    let read = |fen: String| {
        LooseBoard::from_fen(&fen, chess960).map_err(|error| EpdError::Fen { fen, error })
    };
    if rest.is_empty() {
        return Ok((read(epd.to_string())?, Vec::new()));
    }
    let position = fields.join(" ");
    let mut san_board = || {
        let fen = alloc::format!("{position} 0 1");
        LooseBoard::from_fen(&fen, false).map_err(|error| EpdError::Fen { fen, error })
    };
    let ops = operations(rest, &mut san_board, is_letter)?;
    let counter = |op: &str, default: &str| match ops.iter().find(|(o, _)| o == op) {
        None => default.to_string(),
        Some((_, value)) => operand_text(value),
    };
    let fen = alloc::format!("{position} {} {}", counter("hmvc", "0"), counter("fmvn", "1"));
    Ok((read(fen)?, ops))
}

/// An operand as Python's `str()` would write it into a FEN counter field.
fn operand_text(value: &EpdOperand) -> String {
    match value {
        EpdOperand::None => "None".to_string(),
        EpdOperand::Text(t) | EpdOperand::Number(t) | EpdOperand::BigInt(t) => t.clone(),
        EpdOperand::Int(n) => n.to_string(),
        EpdOperand::Float(x) => crate::loose_text::python_float(*x),
        EpdOperand::Move(m) => m.to_string(),
        EpdOperand::Moves(moves) => python_move_list(moves),
    }
}

/// Writes operations after an EPD's fields (`bm Qd1+; id "BK.01";`), as python-chess's
/// `epd(**operations)` does: moves as SAN in `board` (`am`/`bm` sorted, `pv` played in
/// order), strings quoted with `\` escapes.
///
/// # Errors
///
/// [`EpdError::Opcode`] for a bad opcode, [`EpdError::Move`] for a move from an empty
/// square (in its place of a `pv`).
pub fn write_operations(
    board: &LooseBoard,
    ops: &[(String, EpdOperand)],
) -> Result<String, EpdError> {
    let mut out = String::new();
    let san = |b: &LooseBoard, m: LooseMove| {
        loose_san(b, m).map_err(|crate::loose::NothingToMove(m)| EpdError::Move(m, Box::new(*b)))
    };
    for (i, (opcode, operand)) in ops.iter().enumerate() {
        check_opcode(opcode)?;
        if i > 0 {
            out.push(' ');
        }
        out.push_str(opcode);
        match operand {
            EpdOperand::None => out.push(';'),
            EpdOperand::Move(m) => out.push_str(&alloc::format!(" {};", san(board, *m)?)),
            EpdOperand::Int(n) => out.push_str(&alloc::format!(" {n};")),
            EpdOperand::Float(x) => {
                out.push_str(&alloc::format!(" {};", crate::loose_text::python_float(*x)));
            }
            EpdOperand::Number(text) | EpdOperand::BigInt(text) => {
                out.push_str(&alloc::format!(" {text};"));
            }
            EpdOperand::Moves(moves) if opcode == "pv" => {
                let mut position = *board;
                position.forget_played();
                for &m in moves {
                    out.push(' ');
                    out.push_str(&san(&position, m)?);
                    position = position.play_unchecked(m);
                }
                out.push(';');
            }
            EpdOperand::Moves(moves) if opcode == "am" || opcode == "bm" => {
                let mut sans =
                    moves.iter().map(|&m| san(board, m)).collect::<Result<Vec<_>, _>>()?;
                sans.sort();
                for s in sans {
                    out.push(' ');
                    out.push_str(&s);
                }
                out.push(';');
            }
            EpdOperand::Moves(moves) => push_quoted(&mut out, &python_move_list(moves)),
            EpdOperand::Text(text) => push_quoted(&mut out, text),
        }
    }
    Ok(out)
}

/// A list of moves as Python's `str()` writes it: `[Move.from_uci('e2e4')]`.
fn python_move_list(moves: &[LooseMove]) -> String {
    let list: Vec<String> = moves.iter().map(|m| alloc::format!("Move.from_uci('{m}')")).collect();
    alloc::format!("[{}]", list.join(", "))
}

/// ` "text";` with `\`, tab, CR, LF and `"` escaped.
fn push_quoted(out: &mut String, text: &str) {
    out.push_str(" \"");
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '"' => out.push_str("\\\""),
            c => out.push(c),
        }
    }
    out.push_str("\";");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(text: &str) -> Result<Vec<(String, EpdOperand)>, EpdError> {
        parse_epd(text, false).map(|(_, ops)| ops)
    }

    fn one(text: &str) -> EpdOperand {
        let mut ops = ops(text).unwrap();
        assert_eq!(ops.len(), 1, "{text}");
        ops.remove(0).1
    }

    const FIELDS: &str = "8/P7/8/8/8/8/7p/K6k b - -";

    #[test]
    fn numbers_as_python_reads_them() {
        let at = |op: &str| one(&alloc::format!("{FIELDS} {op}"));
        assert_eq!(at("ce 1_000 ;"), EpdOperand::Int(1000));
        assert_eq!(at("pv 1e3 \t;"), EpdOperand::Float(1000.0));
        // An ASCII start makes a number, then any script's digits are read.
        assert_eq!(at("ce 1\u{663};"), EpdOperand::Int(13));
        assert_eq!(
            at("ce 99999999999999999999;"),
            EpdOperand::BigInt("99999999999999999999".into())
        );
        let error = |op: &str| ops(&alloc::format!("{FIELDS} {op}")).unwrap_err();
        assert_eq!(error("ce 12abc ;"), EpdError::Int("12abc ".into()));
        assert_eq!(error("ce 1.2.3"), EpdError::Float("1.2.3".into()));
        assert_eq!(error("ce 1e999"), EpdError::NotFinite("ce".into(), "1e999".into()));
    }

    #[test]
    fn the_fields_are_read_where_python_chess_reads_them() {
        // No move operand: the broken fields are found at the end, after a bad opcode.
        let error = ops("xx w KQkq - 1ce 1;").unwrap_err();
        assert_eq!(error, EpdError::Opcode("1ce".into(), OpcodeFault::NotLetter));
        // A move operand reads them, with counters 0 and 1.
        let error = ops("xx w KQkq - ce e4;").unwrap_err();
        assert!(
            matches!(error, EpdError::Fen { ref fen, .. } if fen == "xx w KQkq - 0 1"),
            "{error}"
        );
        // The counters go into the FEN that is quoted.
        let error = ops("8/8/8/8/8/8/8/K6k  w - -  hmvc 1.5;").unwrap_err();
        let fen = "8/8/8/8/8/8/8/K6k w - - 1.5 1".to_string();
        assert_eq!(error, EpdError::Fen { fen, error: LooseFenError::HalfmoveClock });
        // A FEN's counters are operations.
        let error = ops("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap_err();
        assert_eq!(error, EpdError::Opcode("0".into(), OpcodeFault::NotLetter));
    }

    #[test]
    fn a_refused_move_names_the_position_it_was_read_in() {
        let Err(EpdError::San { text, board, .. }) = ops(&alloc::format!("{FIELDS} pv Kg1 Kg2;"))
        else {
            panic!("Kg2 is refused");
        };
        assert_eq!(
            (text.as_str(), board.fen().as_str()),
            ("Kg2", "8/P7/8/8/8/8/7p/K5k1 w - - 1 2")
        );
        let board = LooseBoard::from_fen(FIELDS, false).unwrap();
        let king = LooseMove::new(lerf_types::Square::H1, lerf_types::Square::G1);
        let line = [(String::from("pv"), EpdOperand::Moves(alloc::vec![king, LooseMove::NULL]))];
        assert_eq!(write_operations(&board, &line).unwrap(), "pv Kg1 --;");
        let line = [(String::from("pv"), EpdOperand::Moves(alloc::vec![king, king]))];
        let Err(EpdError::Move(m, at)) = write_operations(&board, &line) else {
            panic!("h1 is empty after the first move");
        };
        assert_eq!((m, at.fen().as_str()), (king, "8/P7/8/8/8/8/7p/K5k1 w - - 1 2"));
    }

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
        let error = parse_epd_with("8/8/8/8/8/8/8/K6k w - - \u{2167} 1;", false, |c| {
            c.is_ascii_alphabetic()
        });
        assert_eq!(error.unwrap_err(), EpdError::Opcode("\u{2167}".into(), OpcodeFault::NotLetter));
    }
}
