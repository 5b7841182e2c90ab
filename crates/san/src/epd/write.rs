//! Writing EPD operations as python-chess's `epd(**operations)` writes them.

use alloc::string::String;
use alloc::vec::Vec;
use lerf_rules::LooseBoard;

use super::operand::{EpdError, EpdOperand, Operation, check_opcode, python_move_list};
use super::position::EpdPosition;

/// Writes operations after an EPD's fields (`bm Qd1+; id "BK.01";`), as python-chess's
/// `epd(**operations)` does: moves as SAN in `board` (`am`/`bm` sorted, `pv` played in
/// order), strings quoted with `\` escapes.
///
/// # Errors
///
/// [`EpdError::Opcode`] for a bad opcode, [`EpdError::Move`] for a move from an empty
/// square (in its place of a `pv`).
pub fn write_operations(board: &LooseBoard, ops: &[Operation]) -> Result<String, EpdError> {
    write_operations_in(board, ops)
}

/// [`write_operations`] with the moves written in any [`EpdPosition`] (the SAN of a
/// variant's board).
///
/// # Errors
///
/// The position's error for a move it cannot write, an [`EpdError::Opcode`] converted
/// into it for a bad opcode.
pub fn write_operations_in<P: EpdPosition>(
    board: &P,
    ops: &[Operation],
) -> Result<String, P::Error> {
    let mut out = String::new();
    for (i, (opcode, operand)) in ops.iter().enumerate() {
        check_opcode(opcode)?;
        if i > 0 {
            out.push(' ');
        }
        out.push_str(opcode);
        match operand {
            EpdOperand::None => out.push(';'),
            EpdOperand::Move(m) => out.push_str(&alloc::format!(" {};", board.write_move(*m)?)),
            EpdOperand::Int(n) => out.push_str(&alloc::format!(" {n};")),
            EpdOperand::Float(x) => {
                out.push_str(&alloc::format!(" {};", crate::loose_text::python_float(*x)));
            }
            EpdOperand::Number(text) | EpdOperand::BigInt(text) => {
                out.push_str(&alloc::format!(" {text};"));
            }
            EpdOperand::Moves(moves) if opcode == "pv" => {
                let mut position = board.as_set_up()?;
                for &m in moves {
                    out.push(' ');
                    out.push_str(&position.write_move(m)?);
                    position = position.after(m)?;
                }
                out.push(';');
            }
            EpdOperand::Moves(moves) if opcode == "am" || opcode == "bm" => {
                let mut sans =
                    moves.iter().map(|&m| board.write_move(m)).collect::<Result<Vec<_>, _>>()?;
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
    use lerf_rules::LooseMove;

    const FIELDS: &str = "8/P7/8/8/8/8/7p/K6k b - -";

    #[test]
    fn a_move_without_san_names_the_position_it_was_to_be_written_in() {
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
}
