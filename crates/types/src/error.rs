use core::fmt;

/// Why a piece of text could not be read as one of this crate's types.
///
/// Every variant carries (the start of) the text it refused, so the message says what was
/// wrong. The copy lives inside the error, so parsing never allocates, even on failure.
///
/// ```
/// use lerf_types::{ParseError, Square};
///
/// let err = "i9".parse::<Square>().unwrap_err();
/// assert_eq!(err, ParseError::Square("i9".into()));
/// assert_eq!(err.to_string(), r#"invalid square (expected a1..h8): "i9""#);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseError {
    /// Not a square name such as `e4`.
    Square(Excerpt),
    /// Not a file letter `a`–`h`.
    File(Excerpt),
    /// Not a rank digit `1`–`8`.
    Rank(Excerpt),
    /// Not a colour (`w`/`b` or `white`/`black`).
    Color(Excerpt),
    /// Not a FEN piece letter (`PNBRQK` or `pnbrqk`).
    Piece(Excerpt),
    /// Not a piece type letter (`p n b r q k`, either case).
    PieceType(Excerpt),
    /// Not a move in UCI notation such as `e2e4` or `e7e8q`.
    Move(Excerpt),
    /// Not castling rights as FEN writes them (`-`, or each of `KQkq` at most once).
    CastlingRights(Excerpt),
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
            Self::CastlingRights(t) => ("castling rights (expected - or letters of KQkq)", t),
        };
        write!(f, "invalid {what}: {text:?}")
    }
}

impl core::error::Error for ParseError {}

/// The start of a refused piece of text, copied into the error that refuses it.
///
/// Holds up to [`Excerpt::CAPACITY`] bytes, cut at a character boundary; longer text keeps
/// its start and is marked [`truncated`](Excerpt::is_truncated) (its `Debug` form ends in
/// `…`). A fixed buffer rather than a `String` keeps the types crate free of an allocator.
///
/// ```
/// use lerf_types::Excerpt;
///
/// let short = Excerpt::from("e9");
/// assert_eq!(short.as_str(), "e9");
/// assert!(!short.is_truncated());
///
/// let long = Excerpt::from("a very long piece of text that is not a square");
/// assert!(long.is_truncated());
/// assert!(long.as_str().starts_with("a very long"));
/// assert_eq!(format!("{long:?}"), format!("{:?}…", long.as_str()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Excerpt {
    bytes: [u8; Excerpt::CAPACITY],
    len: u8,
    truncated: bool,
}

impl Excerpt {
    /// How many bytes of the refused text are kept.
    pub const CAPACITY: usize = 32;

    /// The text kept (the whole refused text unless [`is_truncated`](Self::is_truncated)).
    ///
    /// ```
    /// use lerf_types::Excerpt;
    /// assert_eq!(Excerpt::from("e9").as_str(), "e9");
    /// ```
    pub fn as_str(&self) -> &str {
        // Only whole characters are ever copied in, so this cannot fail; the fallback keeps
        // the method total without `unsafe`.
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }

    /// Whether the refused text was longer than what is kept.
    ///
    /// ```
    /// use lerf_types::Excerpt;
    /// assert!(!Excerpt::from("e9").is_truncated());
    /// assert!(Excerpt::from("x".repeat(100).as_str()).is_truncated());
    /// ```
    pub const fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Appends as much of `text` as fits, whole characters only.
    fn push_str(&mut self, text: &str) {
        let start = usize::from(self.len);
        let room = Self::CAPACITY - start;
        let mut take = text.len().min(room);
        while !text.is_char_boundary(take) {
            take -= 1;
        }
        self.bytes[start..start + take].copy_from_slice(&text.as_bytes()[..take]);
        self.len += take as u8; // take ≤ CAPACITY = 32
        self.truncated |= take < text.len();
    }

    /// The decimal digits of an out-of-range index, for the `TryFrom<u8>`-style conversions.
    pub(crate) fn of_number(n: impl fmt::Display) -> Self {
        let mut excerpt = Self::default();
        // Writing into an Excerpt never fails (it truncates instead).
        let _ = fmt::Write::write_fmt(&mut excerpt, format_args!("{n}"));
        excerpt
    }
}

impl Default for Excerpt {
    fn default() -> Self {
        Self { bytes: [0; Self::CAPACITY], len: 0, truncated: false }
    }
}

impl From<&str> for Excerpt {
    fn from(text: &str) -> Self {
        let mut excerpt = Self::default();
        excerpt.push_str(text);
        excerpt
    }
}

impl fmt::Write for Excerpt {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.push_str(text);
        Ok(())
    }
}

impl fmt::Debug for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)?;
        if self.truncated {
            // After the closing quote, so the mark cannot be mistaken for part of the text.
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.truncated {
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl PartialEq<str> for Excerpt {
    fn eq(&self, other: &str) -> bool {
        !self.truncated && self.as_str() == other
    }
}

impl PartialEq<&str> for Excerpt {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn keeps_short_text_whole() {
        let e = Excerpt::from("hello");
        assert_eq!(e, "hello");
        assert!(!e.is_truncated());
        assert_eq!(e.to_string(), "hello");
    }

    #[test]
    fn cuts_long_text_at_a_character_boundary() {
        let text = "ééééééééééééééééééééééééé"; // 2 bytes each, 50 bytes
        let e = Excerpt::from(text);
        assert!(e.is_truncated());
        assert_eq!(e.as_str().len(), 32);
        assert!(text.starts_with(e.as_str()));
        let odd = std::format!("x{text}"); // boundary falls inside a character at 32
        let e = Excerpt::from(odd.as_str());
        assert_eq!(e.as_str().len(), 31);
        assert_eq!(std::format!("{e:?}"), std::format!("{:?}…", e.as_str()));
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        assert_eq!(Excerpt::of_number(200u8), "200");
        let err = ParseError::Square(Excerpt::of_number(64u8));
        assert_eq!(err.to_string(), r#"invalid square (expected a1..h8): "64""#);
    }
}
