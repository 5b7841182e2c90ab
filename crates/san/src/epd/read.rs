//! Reading an EPD: the fields, then the operations, as python-chess's `set_epd` reads them.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use lerf_rules::LooseBoard;
use lerf_rules::python_number::{PythonInt, read_float, read_int};

use super::operand::{EpdError, EpdOperand, Operation, check_opcode_with};
use super::position::EpdPosition;

/// Sets `opcode` to `operand`, keeping its first place when it was set before (the order of
/// a Python dict).
fn insert(ops: &mut Vec<Operation>, opcode: &str, operand: EpdOperand) {
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
fn moves<P: EpdPosition>(opcode: &str, text: &str, board: &P) -> Result<EpdOperand, P::Error> {
    let words = || text.split(crate::loose_text::is_space).filter(|t| !t.is_empty());
    match opcode {
        "pv" => {
            let mut line = Vec::new();
            let mut position: Option<P> = None;
            for word in words() {
                let at = position.as_ref().unwrap_or(board);
                let m = at.read_move(word)?;
                position = Some(at.after(m)?);
                line.push(m);
            }
            Ok(EpdOperand::Moves(line))
        }
        "am" | "bm" => {
            words().map(|t| board.read_move(t)).collect::<Result<_, _>>().map(EpdOperand::Moves)
        }
        _ => board.read_move(text).map(EpdOperand::Move),
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
pub fn parse_operations(text: &str, board: &LooseBoard) -> Result<Vec<Operation>, EpdError> {
    read_operations(text, char::is_alphabetic, &mut || Ok(*board))
}

/// Reads the operations part of an EPD, moves read in the position `make_board` makes at
/// the first move operand, as python-chess makes it (a text whose moves are never reached
/// never reads the fields); `is_letter` says what a letter is at an opcode's start (see
/// [`opcode_fault`](super::opcode_fault)).
///
/// # Errors
///
/// The position's error for a move it refuses or for the position itself, an
/// [`EpdError`] converted into it for a malformed opcode or number.
pub fn read_operations<P: EpdPosition>(
    text: &str,
    is_letter: fn(char) -> bool,
    make_board: &mut dyn FnMut() -> Result<P, P::Error>,
) -> Result<Vec<Operation>, P::Error> {
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
                    let made = match board.take() {
                        Some(made) => made,
                        None => make_board()?,
                    };
                    let value = moves(&opcode, &operand, &made);
                    board = Some(made);
                    value?
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

/// The first `count` fields of an EPD and the rest (its operations, empty when there are
/// none), split as python-chess splits them: white space around the text and `;` at its
/// end taken off, then Python's `split(None, count)`.
///
/// ```
/// use lerf_san::epd::epd_fields;
/// let (fields, rest) = epd_fields(" 8/8/8/8/8/8/8/K6k w - -  bm Kb1; id \"x\";; ", 4);
/// assert_eq!((fields.len(), fields[3], rest), (4, "-", "bm Kb1; id \"x\""));
/// ```
pub fn epd_fields(epd: &str, count: usize) -> (Vec<&str>, &str) {
    let trimmed = epd.trim_matches(crate::loose_text::is_space).trim_end_matches(';');
    let mut fields: Vec<&str> = Vec::new();
    let mut rest = trimmed;
    while fields.len() < count {
        rest = rest.trim_start_matches(crate::loose_text::is_space);
        if rest.is_empty() {
            break;
        }
        let end = rest.find(crate::loose_text::is_space).unwrap_or(rest.len());
        fields.push(&rest[..end]);
        rest = &rest[end..];
    }
    (fields, rest.trim_start_matches(crate::loose_text::is_space))
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
pub fn parse_epd(epd: &str, chess960: bool) -> Result<(LooseBoard, Vec<Operation>), EpdError> {
    parse_epd_with(epd, chess960, char::is_alphabetic)
}

/// [`parse_epd`] with `is_letter` saying what a letter is at an opcode's start (see
/// [`opcode_fault`](super::opcode_fault)).
///
/// # Errors
///
/// As [`parse_epd`].
pub fn parse_epd_with(
    epd: &str,
    chess960: bool,
    is_letter: fn(char) -> bool,
) -> Result<(LooseBoard, Vec<Operation>), EpdError> {
    let mut san_board = |fen: String| {
        LooseBoard::from_fen(&fen, false).map_err(|error| EpdError::Fen { fen, error })
    };
    let (fen, ops) = read_epd(epd, 4, is_letter, &mut san_board)?;
    let board =
        LooseBoard::from_fen(&fen, chess960).map_err(|error| EpdError::Fen { fen, error })?;
    Ok((board, ops))
}

/// An EPD read as python-chess's `set_epd` reads it, up to the FEN it then sets: `count`
/// fields (four, five for three-check's counters), then the operations, their moves read
/// in the position `make_board` makes of the fields with ` 0 1` (at the first move
/// operand); and the FEN to set, the EPD itself when it has no operations, else the fields
/// with the `hmvc` and `fmvn` counters.
///
/// # Errors
///
/// The position's error for a move it refuses or a position it cannot make, an
/// [`EpdError`] converted into it for a malformed opcode or number.
pub fn read_epd<P: EpdPosition>(
    epd: &str,
    count: usize,
    is_letter: fn(char) -> bool,
    make_board: &mut dyn FnMut(String) -> Result<P, P::Error>,
) -> Result<(String, Vec<Operation>), P::Error> {
    let (fields, rest) = epd_fields(epd, count);
    if rest.is_empty() {
        return Ok((epd.to_string(), Vec::new()));
    }
    let position = fields.join(" ");
    let ops =
        read_operations(rest, is_letter, &mut || make_board(alloc::format!("{position} 0 1")))?;
    let counter = |op: &str, default: &str| match ops.iter().find(|(o, _)| o == op) {
        None => default.to_string(),
        Some((_, value)) => value.python_str(),
    };
    let fen = alloc::format!("{position} {} {}", counter("hmvc", "0"), counter("fmvn", "1"));
    Ok((fen, ops))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::epd::operand::OpcodeFault;
    use lerf_rules::LooseFenError;

    fn ops(text: &str) -> Result<Vec<Operation>, EpdError> {
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
    }

    #[test]
    fn a_host_says_what_a_letter_is() {
        let error = parse_epd_with("8/8/8/8/8/8/8/K6k w - - \u{2167} 1;", false, |c| {
            c.is_ascii_alphabetic()
        });
        assert_eq!(error.unwrap_err(), EpdError::Opcode("\u{2167}".into(), OpcodeFault::NotLetter));
    }
}
