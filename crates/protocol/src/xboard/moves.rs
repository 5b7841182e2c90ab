//! XBoard's moves on a position: coordinates (`e2e4`, `e7e8q`, castling as the king's
//! step `e1g1`) or SAN (`Nf3`, `O-O`), as engines and GUIs send them.

use core::fmt;

use lerf_position::Position;
use lerf_types::Move;

/// A move text that is no legal move in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XboardMoveError {
    /// The text.
    pub text: String,
    /// Why it was refused as coordinates.
    pub as_coordinates: lerf_position::UciError,
    /// Why it was refused as SAN.
    pub as_san: lerf_san::SanError,
}

impl fmt::Display for XboardMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is no legal move here: as coordinates, {}; as SAN, {}",
            self.text, self.as_coordinates, self.as_san
        )
    }
}

impl std::error::Error for XboardMoveError {}

/// The legal move `text` names in `pos`: coordinates first, then SAN.
///
/// ```
/// use lerf_position::Position;
/// use lerf_protocol::xboard::parse_move;
///
/// let pos = Position::startpos();
/// assert_eq!(parse_move(&pos, "g1f3")?, parse_move(&pos, "Nf3")?);
/// assert!(parse_move(&pos, "Ke2").is_err());
/// # Ok::<(), lerf_protocol::xboard::XboardMoveError>(())
/// ```
///
/// # Errors
///
/// [`XboardMoveError`] with both reasons when it is neither.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, XboardMoveError> {
    let as_coordinates = match pos.parse_uci(text) {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    lerf_san::parse_san(pos, text).map_err(|as_san| XboardMoveError {
        text: text.to_owned(),
        as_coordinates,
        as_san,
    })
}
