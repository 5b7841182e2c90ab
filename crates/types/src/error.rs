use core::fmt;

/// Why a piece of text could not be read as one of this crate's types.
///
/// Every variant carries the text it refused, so the message says what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ParseError {
    /// Not a square name such as `e4`.
    Square(String),
    /// Not a file letter `a`–`h`.
    File(String),
    /// Not a rank digit `1`–`8`.
    Rank(String),
    /// Not a colour (`w`/`b` or `white`/`black`).
    Color(String),
    /// Not a FEN piece letter (`PNBRQK` or `pnbrqk`).
    Piece(String),
    /// Not a piece type letter (`p n b r q k`, either case).
    PieceType(String),
    /// Not a move in UCI notation such as `e2e4` or `e7e8q`.
    Move(String),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, text) = match self {
            Self::Square(t) => ("square (expected a1..h8)", t),
            Self::File(t) => ("file (expected a..h)", t),
            Self::Rank(t) => ("rank (expected 1..8)", t),
            Self::Color(t) => ("colour (expected w or b)", t),
            Self::Piece(t) => ("piece (expected one of PNBRQKpnbrqk)", t),
            Self::PieceType(t) => ("piece type (expected one of pnbrqk)", t),
            Self::Move(t) => ("uci move (expected like e2e4 or e7e8q)", t),
        };
        write!(f, "invalid {what}: {text:?}")
    }
}

impl std::error::Error for ParseError {}
