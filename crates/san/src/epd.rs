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
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
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

/// Why an EPD, or an operation to write, was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EpdError {
    /// The FEN fields are malformed.
    Fen(LooseFenError),
    /// An opcode is empty, a lone `-`, does not start with a letter, or holds white space.
    Opcode(String),
    /// A number that does not read, or is not finite.
    Number(String),
    /// A move operand that is not SAN for a legal move.
    San(String, LooseSanError),
    /// A move to write from an empty square (`pv`, `am`, `bm` or a single move): it has
    /// no SAN.
    Move(LooseMove),
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::Fen(e) => write!(f, "{e}"),
            EpdError::Opcode(op) => write!(f, "invalid epd opcode: {op:?}"),
            EpdError::Number(text) => write!(f, "invalid numeric epd operand: {text:?}"),
            EpdError::San(text, e) => write!(f, "{e}: {text:?}"),
            EpdError::Move(m) => write!(f, "no piece to move for {m} in epd operation"),
        }
    }
}

impl core::error::Error for EpdError {}

impl From<LooseFenError> for EpdError {
    fn from(e: LooseFenError) -> EpdError {
        EpdError::Fen(e)
    }
}

/// Checks an opcode as python-chess does before writing it (or after reading one that is
/// followed by white space).
pub fn check_opcode(opcode: &str) -> Result<(), EpdError> {
    let bad = opcode.is_empty()
        || opcode == "-"
        || !opcode.chars().next().is_some_and(char::is_alphabetic)
        || opcode.contains([' ', '\n', '\t', '\r']);
    if bad { Err(EpdError::Opcode(opcode.to_string())) } else { Ok(()) }
}

/// Sets `opcode` to `operand`, keeping its first place when it was set before (the order of
/// a Python dict).
fn insert(ops: &mut Vec<(String, EpdOperand)>, opcode: &str, operand: EpdOperand) {
    match ops.iter_mut().find(|(op, _)| op == opcode) {
        Some(slot) => slot.1 = operand,
        None => ops.push((opcode.to_string(), operand)),
    }
}

/// The operand of a number as python-chess reads it: a float when it holds `.`, `e` or
/// `E` (and must then be finite), an integer otherwise.
fn number(text: &str) -> Result<EpdOperand, EpdError> {
    let bad = || EpdError::Number(text.to_string());
    if text.contains(['.', 'e', 'E']) {
        let value: f64 = text.parse().map_err(|_| bad())?;
        if value.is_finite() { Ok(EpdOperand::Float(value)) } else { Err(bad()) }
    } else {
        let digits = text.strip_prefix('+').unwrap_or(text);
        digits.parse().map(EpdOperand::Int).map_err(|_| bad())
    }
}

/// The moves of a SAN operand: `pv` plays them in order, `am`/`bm` read each in the
/// position, any other opcode reads the whole operand as one move.
fn moves(opcode: &str, text: &str, board: &LooseBoard) -> Result<EpdOperand, EpdError> {
    let san = |b: &LooseBoard, t: &str| {
        parse_loose_san(b, t).map_err(|e| EpdError::San(t.to_string(), e))
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
pub fn parse_operations(
    text: &str,
    board: &LooseBoard,
) -> Result<Vec<(String, EpdOperand)>, EpdError> {
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
                    check_opcode(&opcode)?;
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
                    number(&operand)?
                } else {
                    moves(&opcode, &operand, board)?
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
/// `hmvc` and `fmvn` set the counters. Text of five or six fields and no operations is
/// read as a FEN.
///
/// # Errors
///
/// [`EpdError`] for malformed fields, opcodes, numbers or moves.
pub fn parse_epd(
    epd: &str,
    chess960: bool,
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
    if rest.is_empty() {
        return Ok((LooseBoard::from_fen(epd, chess960)?, Vec::new()));
    }
    let position = fields.join(" ");
    let sans = LooseBoard::from_fen(&alloc::format!("{position} 0 1"), false)?;
    let ops = parse_operations(rest, &sans)?;
    let counter = |op: &str, default: &str| match ops.iter().find(|(o, _)| o == op) {
        None => default.to_string(),
        Some((_, value)) => operand_text(value),
    };
    let fen = alloc::format!("{position} {} {}", counter("hmvc", "0"), counter("fmvn", "1"));
    Ok((LooseBoard::from_fen(&fen, chess960)?, ops))
}

/// An operand as Python's `str()` would write it into a FEN counter field.
fn operand_text(value: &EpdOperand) -> String {
    match value {
        EpdOperand::None => "None".to_string(),
        EpdOperand::Text(t) | EpdOperand::Number(t) => t.clone(),
        EpdOperand::Int(n) => n.to_string(),
        EpdOperand::Float(x) => crate::loose_text::python_float(*x),
        EpdOperand::Move(m) => m.to_string(),
        EpdOperand::Moves(_) => "[...]".to_string(),
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
        loose_san(b, m).map_err(|crate::loose::NothingToMove(m)| EpdError::Move(m))
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
            EpdOperand::Number(text) => out.push_str(&alloc::format!(" {text};")),
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
            EpdOperand::Moves(moves) => {
                let list: Vec<String> =
                    moves.iter().map(|m| alloc::format!("Move.from_uci('{m}')")).collect();
                push_quoted(&mut out, &alloc::format!("[{}]", list.join(", ")));
            }
            EpdOperand::Text(text) => push_quoted(&mut out, text),
        }
    }
    Ok(out)
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
