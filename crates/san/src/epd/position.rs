//! The position the moves of EPD operations are read in and written from.

use alloc::boxed::Box;
use alloc::string::String;
use lerf_rules::{LooseBoard, LooseMove};

use super::operand::EpdError;
use crate::loose::{NothingToMove, loose_san, parse_loose_san};

/// A position that reads and writes the moves of EPD operations: a [`LooseBoard`]
/// (standard chess and Chess960, as python-chess's `Board`), or a board of one's own (the
/// Python package's variant boards, whose SAN is the variant's), so that one reader and
/// one writer serve both.
///
/// ```
/// use lerf_rules::LooseBoard;
/// use lerf_san::epd::EpdPosition;
///
/// let board = LooseBoard::default();
/// let m = board.read_move("Nf3")?;
/// assert_eq!(board.after(m)?.write_move(board.after(m)?.read_move("d5")?)?, "d5");
/// # Ok::<(), lerf_san::epd::EpdError>(())
/// ```
pub trait EpdPosition: Sized {
    /// Why a move was refused; an [`EpdError`] of the reader or writer converts into it.
    type Error: From<EpdError>;

    /// The legal move an operand's word names: SAN, or a null move (`--`, `Z0`, `0000`,
    /// `@@@@`).
    ///
    /// # Errors
    ///
    /// When the word names no legal move.
    fn read_move(&self, text: &str) -> Result<LooseMove, Self::Error>;

    /// The SAN of `m` here.
    ///
    /// # Errors
    ///
    /// When `m` has none (no piece on its origin).
    fn write_move(&self, m: LooseMove) -> Result<String, Self::Error>;

    /// The position after `m`.
    ///
    /// # Errors
    ///
    /// When `m` cannot be played here.
    fn after(&self, m: LooseMove) -> Result<Self, Self::Error>;

    /// This position as set up, without the moves that reached it (where a `pv` is
    /// written from, as python-chess's `copy(stack=False)`).
    ///
    /// # Errors
    ///
    /// When it cannot be copied.
    fn as_set_up(&self) -> Result<Self, Self::Error>;
}

impl EpdPosition for LooseBoard {
    type Error = EpdError;

    fn read_move(&self, text: &str) -> Result<LooseMove, EpdError> {
        parse_loose_san(self, text).map_err(|error| EpdError::San {
            text: text.into(),
            error,
            board: Box::new(*self),
        })
    }

    fn write_move(&self, m: LooseMove) -> Result<String, EpdError> {
        loose_san(self, m).map_err(|NothingToMove(m)| EpdError::Move(m, Box::new(*self)))
    }

    fn after(&self, m: LooseMove) -> Result<LooseBoard, EpdError> {
        Ok(self.play_unchecked(m))
    }

    fn as_set_up(&self) -> Result<LooseBoard, EpdError> {
        let mut board = *self;
        board.forget_played();
        Ok(board)
    }
}
