//! [`GameVisitor`]: what the tree reader calls, in python-chess's `BaseVisitor` order, and
//! [`PlayBoard`], the board it keeps for each open variation. Every call may fail with the
//! visitor's error, which stops the reading (a Python visitor's exception).

use super::headers::Headers;

/// A visitor's answer where it may skip: a game's movetext, a variation, a move's SAN.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Go on.
    Continue,
    /// Skip it (python-chess's `SKIP`).
    Skip,
}

/// The board the reader plays each line of the game on.
pub trait PlayBoard: Sized {
    /// A move, as the visitor's `parse_san` makes it.
    type Move;
    /// What a failing call raises.
    type Error;

    /// Whether a move has been played on this board (python-chess: `board.move_stack`): a
    /// variation can only start after one.
    ///
    /// # Errors
    ///
    /// The board's own failure.
    fn has_moves(&self) -> Result<bool, Self::Error>;

    /// A copy with the last move taken back: where a variation starts.
    ///
    /// # Errors
    ///
    /// The board's own failure.
    fn before_last_move(&self) -> Result<Self, Self::Error>;

    /// Plays a move `parse_san` gave.
    ///
    /// # Errors
    ///
    /// The board's own failure.
    fn push(&mut self, mv: &Self::Move) -> Result<(), Self::Error>;
}

/// What [`read_game`](super::read_game) calls as it reads, in python-chess's order; the
/// defaults do nothing and go on.
#[allow(unused_variables)]
pub trait GameVisitor {
    /// The board the game is played on.
    type Board: PlayBoard<Error = Self::Error>;
    /// What the visitor makes of a game.
    type Output;
    /// What stops the reading.
    type Error;

    /// A game starts; [`Flow::Skip`] skips it whole.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn begin_game(&mut self) -> Result<Flow, Self::Error> {
        Ok(Flow::Continue)
    }

    /// Its headers start. `true` when the visitor keeps the headers itself (then
    /// [`setup`](GameVisitor::setup) sets the start position up from its own); otherwise
    /// the reader collects them for it.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn begin_headers(&mut self) -> Result<bool, Self::Error> {
        Ok(false)
    }

    /// A tag pair.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn visit_header(&mut self, name: &str, value: &str) -> Result<(), Self::Error> {
        Ok(())
    }

    /// The headers end; [`Flow::Skip`] skips the movetext.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn end_headers(&mut self) -> Result<Flow, Self::Error> {
        Ok(Flow::Continue)
    }

    /// The board to play the movetext on, from `headers` (the reader's collection; `None`
    /// when the visitor keeps its own). `None` when it cannot be set up (the visitor has
    /// dealt with the error): the movetext is skipped.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn setup(&mut self, headers: Option<&Headers>) -> Result<Option<Self::Board>, Self::Error>;

    /// A SAN is about to be parsed; [`Flow::Skip`] passes over it.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn begin_parse_san(&mut self, board: &Self::Board, san: &str) -> Result<Flow, Self::Error> {
        Ok(Flow::Continue)
    }

    /// The move a SAN names on `board`; `None` when it names none (the visitor has dealt
    /// with the error): the rest of the variation is skipped.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn parse_san(
        &mut self,
        board: &Self::Board,
        san: &str,
    ) -> Result<Option<<Self::Board as PlayBoard>::Move>, Self::Error>;

    /// A move, with the board before it.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn visit_move(
        &mut self,
        board: &Self::Board,
        mv: &<Self::Board as PlayBoard>::Move,
    ) -> Result<(), Self::Error> {
        Ok(())
    }

    /// The start position, and the position after each move (or after a SAN that was
    /// skipped or refused).
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn visit_board(&mut self, board: &Self::Board) -> Result<(), Self::Error> {
        Ok(())
    }

    /// A comment, without its braces (and one space inside each).
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn visit_comment(&mut self, comment: &str) -> Result<(), Self::Error> {
        Ok(())
    }

    /// A NAG: its value (saturated) and its digits as written.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn visit_nag(&mut self, nag: i64, digits: &str) -> Result<(), Self::Error> {
        Ok(())
    }

    /// A variation starts; [`Flow::Skip`] skips it.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn begin_variation(&mut self) -> Result<Flow, Self::Error> {
        Ok(Flow::Continue)
    }

    /// A variation ends (also one that was skipped after a refused SAN, as in
    /// python-chess).
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn end_variation(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }

    /// A result token on the main line.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn visit_result(&mut self, result: &str) -> Result<(), Self::Error> {
        Ok(())
    }

    /// The game ends.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn end_game(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }

    /// What the visitor made of the game.
    ///
    /// # Errors
    ///
    /// Stops the reading.
    fn result(&mut self) -> Result<Self::Output, Self::Error>;
}
