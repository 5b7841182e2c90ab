//! EPD: a position's four FEN fields followed by operations (`bm Nf3; id "BK.01";`),
//! read and written as python-chess's `set_epd` and `epd` do: the operands and their
//! errors ([`operand`](EpdOperand)), the position moves are read in ([`EpdPosition`]), the
//! reader and the writer.
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

mod operand;
mod position;
mod read;
mod write;

pub use operand::{EpdError, EpdOperand, OpcodeFault, Operation, check_opcode, opcode_fault};
pub use position::EpdPosition;
pub use read::{
    epd_fields, parse_epd, parse_epd_with, parse_operations, read_epd, read_operations,
};
pub use write::{write_operations, write_operations_in};
