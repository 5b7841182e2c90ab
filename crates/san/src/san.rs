//! SAN as text: the parsed form, its syntax, and how it is written.

use crate::error::{SanError, SanErrorKind};
use core::fmt;
use core::str::FromStr;
use lerf_types::{CastlingSide, File, PieceType, Rank, Square};

/// A move in Standard Algebraic Notation, read from text but not yet matched to a position.
///
/// ```
/// use lerf_san::San;
/// use lerf_types::{PieceType, Square};
/// let san: San = "Nbxd7".parse()?;
/// assert!(matches!(san, San::Normal { piece: PieceType::Knight, to: Square::D7, capture: true, .. }));
/// assert_eq!(san.to_string(), "Nbxd7");
/// assert_eq!("0-0-0".parse::<San>()?.to_string(), "O-O-O");
/// # Ok::<(), lerf_san::SanError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move.
    Normal {
        /// The piece that moves ([`PieceType::Pawn`] when no letter is given).
        piece: PieceType,
        /// The origin's file, when the SAN gives it.
        file: Option<File>,
        /// The origin's rank, when the SAN gives it.
        rank: Option<Rank>,
        /// Whether the SAN marks a capture (`x`). Reading ignores it, as python-chess does.
        capture: bool,
        /// The destination.
        to: Square,
        /// The piece a pawn promotes to.
        promotion: Option<PieceType>,
    },
    /// Castling, `O-O` or `O-O-O` (also `0-0` and `0-0-0` on input), in either variant.
    Castle(CastlingSide),
    /// The null move, `--` (also `Z0`, `0000` and `@@@@` on input).
    Null,
}

/// What follows a SAN: `+` or `#`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`: the move gives check.
    Check,
    /// `#`: the move gives checkmate.
    Checkmate,
}

impl Suffix {
    /// The suffix character.
    ///
    /// ```
    /// use lerf_san::Suffix;
    /// assert_eq!((Suffix::Check.to_char(), Suffix::Checkmate.to_char()), ('+', '#'));
    /// ```
    pub const fn to_char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

/// A SAN with its check or mate suffix, as a game score writes it.
///
/// ```
/// use lerf_san::{SanPlus, Suffix};
/// let san: SanPlus = "Qxf7#".parse()?;
/// assert_eq!(san.suffix, Some(Suffix::Checkmate));
/// assert_eq!(san.to_string(), "Qxf7#");
/// # Ok::<(), lerf_san::SanError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+` or `#`, if written.
    pub suffix: Option<Suffix>,
}

fn piece_letter(pt: PieceType) -> u8 {
    pt.to_char().to_ascii_uppercase() as u8
}

impl San {
    /// Reads SAN syntax from bytes, as python-chess does: an optional piece letter
    /// (`NBRQK`), an optional origin file and rank, an optional `-` or `x`, the destination,
    /// an optional promotion (`=Q`, `Q` or lowercase), and an optional `+` or `#`; castling
    /// as `O-O`/`O-O-O` or with zeros; null moves as `--`, `Z0`, `0000` or `@@@@`.
    ///
    /// # Errors
    ///
    /// [`SanErrorKind::Syntax`] or [`SanErrorKind::UnknownPiece`], with the byte offset.
    ///
    /// ```
    /// use lerf_san::San;
    /// let san = San::from_ascii(b"exd8=Q")?;
    /// assert_eq!(san.to_string(), "exd8=Q");
    /// assert!(San::from_ascii(b"e9").is_err());
    /// # Ok::<(), lerf_san::SanError>(())
    /// ```
    pub fn from_ascii(text: &[u8]) -> Result<San, SanError> {
        SanPlus::from_ascii(text).map(|s| s.san)
    }

    /// Writes the SAN (without suffix) into `out`.
    fn write(&self, out: &mut SanText) {
        match *self {
            San::Null => out.push_str(b"--"),
            San::Castle(CastlingSide::King) => out.push_str(b"O-O"),
            San::Castle(CastlingSide::Queen) => out.push_str(b"O-O-O"),
            San::Normal { piece, file, rank, capture, to, promotion } => {
                if piece != PieceType::Pawn {
                    out.push(piece_letter(piece));
                }
                if let Some(file) = file {
                    out.push(file.to_char() as u8);
                }
                if let Some(rank) = rank {
                    out.push(rank.to_char() as u8);
                }
                if capture {
                    out.push(b'x');
                }
                out.push(to.file().to_char() as u8);
                out.push(to.rank().to_char() as u8);
                if let Some(pt) = promotion {
                    out.push(b'=');
                    out.push(piece_letter(pt));
                }
            }
        }
    }

    /// The SAN as a small inline string (no allocation).
    ///
    /// ```
    /// use lerf_san::San;
    /// let san = San::from_ascii(b"O-O-O")?;
    /// assert_eq!(san.to_text().as_str(), "O-O-O");
    /// # Ok::<(), lerf_san::SanError>(())
    /// ```
    pub fn to_text(&self) -> SanText {
        let mut out = SanText::default();
        self.write(&mut out);
        out
    }
}

impl SanPlus {
    /// Reads SAN syntax from bytes, suffix included (see [`San::from_ascii`]).
    ///
    /// # Errors
    ///
    /// [`SanErrorKind::Syntax`] or [`SanErrorKind::UnknownPiece`], with the byte offset.
    ///
    /// ```
    /// use lerf_san::{SanPlus, Suffix};
    /// let plus = SanPlus::from_ascii(b"Qxf7#")?;
    /// assert_eq!(plus.suffix, Some(Suffix::Checkmate));
    /// # Ok::<(), lerf_san::SanError>(())
    /// ```
    pub fn from_ascii(text: &[u8]) -> Result<SanPlus, SanError> {
        let err = |kind, at| SanError::new(kind, at, text);
        let (body, suffix) = match text.last() {
            Some(b'+') => (&text[..text.len() - 1], Some(Suffix::Check)),
            Some(b'#') => (&text[..text.len() - 1], Some(Suffix::Checkmate)),
            _ => (text, None),
        };
        let san = match body {
            b"O-O" | b"0-0" => San::Castle(CastlingSide::King),
            b"O-O-O" | b"0-0-0" => San::Castle(CastlingSide::Queen),
            b"--" | b"Z0" | b"0000" | b"@@@@" if suffix.is_none() => San::Null,
            _ => parse_normal(body).map_err(|(kind, at)| err(kind, at))?,
        };
        Ok(SanPlus { san, suffix })
    }

    /// The SAN with its suffix as a small inline string (no allocation).
    ///
    /// ```
    /// use lerf_san::SanPlus;
    /// assert_eq!(SanPlus::from_ascii(b"Rd1+")?.to_text().as_str(), "Rd1+");
    /// # Ok::<(), lerf_san::SanError>(())
    /// ```
    pub fn to_text(&self) -> SanText {
        let mut out = self.san.to_text();
        if let Some(suffix) = self.suffix {
            out.push(suffix.to_char() as u8);
        }
        out
    }
}

/// Reads `[NBRQK]? [a-h]? [1-8]? [-x]? [a-h][1-8] (=?[nbrqkNBRQK])?`, the SAN of a piece
/// or pawn move without its suffix.
fn parse_normal(body: &[u8]) -> Result<San, (SanErrorKind, usize)> {
    let syntax = |at: usize| (SanErrorKind::Syntax, at.min(body.len()));
    // From the end: the promotion, then the destination.
    let mut end = body.len();
    let mut promotion = None;
    if let Some(pt) = body.last().and_then(|&last| promotion_piece(last)) {
        let before = end - 1;
        let equals = before >= 1 && body[before - 1] == b'=';
        let after_square = before >= 2 && matches!(body[before - 1], b'1'..=b'8');
        if equals || after_square {
            promotion = Some(pt);
            end = before - usize::from(equals);
        }
    }
    if end < 2 {
        return Err(syntax(end));
    }
    let to = square_at(&body[end - 2..end]).ok_or(syntax(end - 2))?;
    // The prefix: piece, origin file, origin rank, separator, each optional and in order.
    let prefix = &body[..end - 2];
    let mut i = 0;
    let mut piece = PieceType::Pawn;
    if let Some(&c) = prefix.first() {
        if let Some(pt) = piece_of_letter(c) {
            piece = pt;
            i = 1;
        } else if c.is_ascii_uppercase() {
            return Err((SanErrorKind::UnknownPiece(char::from(c)), 0));
        }
    }
    let file = match prefix.get(i) {
        Some(&c @ b'a'..=b'h') => {
            i += 1;
            Some(File::from_index_wrapping(c - b'a'))
        }
        _ => None,
    };
    let rank = match prefix.get(i) {
        Some(&c @ b'1'..=b'8') => {
            i += 1;
            Some(Rank::from_index_wrapping(c - b'1'))
        }
        _ => None,
    };
    let capture = match prefix.get(i) {
        Some(b'x') => {
            i += 1;
            true
        }
        Some(b'-') => {
            i += 1;
            false
        }
        _ => false,
    };
    if i != prefix.len() {
        return Err(syntax(i));
    }
    Ok(San::Normal { piece, file, rank, capture, to, promotion })
}

/// The piece an uppercase SAN letter names (`N B R Q K`).
fn piece_of_letter(c: u8) -> Option<PieceType> {
    match c {
        b'N' => Some(PieceType::Knight),
        b'B' => Some(PieceType::Bishop),
        b'R' => Some(PieceType::Rook),
        b'Q' => Some(PieceType::Queen),
        b'K' => Some(PieceType::King),
        _ => None,
    }
}

/// The piece a promotion letter names, either case (`k` passes, as python-chess's syntax
/// lets it: no move matches it).
fn promotion_piece(c: u8) -> Option<PieceType> {
    piece_of_letter(c.to_ascii_uppercase())
}

fn square_at(two: &[u8]) -> Option<Square> {
    match two {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            Some(Square::new(File::from_char(char::from(*f))?, Rank::from_char(char::from(*r))?))
        }
        _ => None,
    }
}

impl FromStr for San {
    type Err = SanError;
    fn from_str(s: &str) -> Result<San, SanError> {
        San::from_ascii(s.as_bytes())
    }
}

impl FromStr for SanPlus {
    type Err = SanError;
    fn from_str(s: &str) -> Result<SanPlus, SanError> {
        SanPlus::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// A SAN or long algebraic move as text, inline (at most 16 bytes): writing one allocates
/// nothing. Dereferences to `str`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SanText {
    bytes: [u8; 16],
    len: u8,
}

impl SanText {
    pub(crate) fn push(&mut self, b: u8) {
        // The longest text written, `Qa1xb2=Q#` or `Qa1xb2` in long form, has 9 bytes.
        if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
            *slot = b;
            self.len += 1;
        }
    }

    pub(crate) fn push_str(&mut self, s: &[u8]) {
        for &b in s {
            self.push(b);
        }
    }

    /// The text.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_san::san;
    /// let pos = Position::startpos();
    /// let text = san(&pos, pos.parse_uci("b1c3").unwrap());
    /// assert_eq!(text.as_str(), "Nc3");
    /// ```
    pub fn as_str(&self) -> &str {
        // Only ASCII bytes are ever pushed.
        core::str::from_utf8(self.as_bytes()).unwrap_or("")
    }

    /// The text's bytes (ASCII), with no UTF-8 check: for writers of byte columns.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_san::san;
    /// let pos = Position::startpos();
    /// assert_eq!(san(&pos, pos.parse_uci("e2e4").unwrap()).as_bytes(), b"e4");
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }
}

impl core::ops::Deref for SanText {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for SanText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for SanText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_that_python_chess_reads() {
        for (text, written) in [
            ("e4", "e4"),
            ("exd5", "exd5"),
            ("e8=Q", "e8=Q"),
            ("e8Q", "e8=Q"),
            ("e8q", "e8=Q"),
            ("bxa1=N+", "bxa1=N+"),
            ("Nf3", "Nf3"),
            ("Ng1f3", "Ng1f3"),
            ("Ng1-f3", "Ng1f3"),
            ("Nbd7", "Nbd7"),
            ("N1d2", "N1d2"),
            ("Qh4xe1#", "Qh4xe1#"),
            ("e2e4", "e2e4"),
            ("e2-e4", "e2e4"),
            ("O-O", "O-O"),
            ("0-0+", "O-O+"),
            ("O-O-O#", "O-O-O#"),
            ("--", "--"),
            ("Z0", "--"),
            ("0000", "--"),
            ("xd5", "xd5"),
        ] {
            let san: SanPlus = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(san.to_string(), written, "{text}");
        }
    }

    #[test]
    fn bad_syntax_is_refused_with_the_place() {
        for (text, kind, offset) in [
            ("", SanErrorKind::Syntax, 0),
            ("e", SanErrorKind::Syntax, 1),
            ("e9", SanErrorKind::Syntax, 0),
            ("Pe4", SanErrorKind::UnknownPiece('P'), 0),
            ("Xe4", SanErrorKind::UnknownPiece('X'), 0),
            ("nf3", SanErrorKind::Syntax, 0),
            ("Nf3f3f3", SanErrorKind::Syntax, 3),
            ("e4++", SanErrorKind::Syntax, 1),
            ("O-O-O-O", SanErrorKind::Syntax, 5),
            ("e8=", SanErrorKind::Syntax, 1),
            ("--+", SanErrorKind::Syntax, 0),
        ] {
            let err = text.parse::<SanPlus>().expect_err(text);
            assert_eq!((err.kind, err.offset), (kind, offset), "{text}");
        }
    }

    #[test]
    fn inline_text_holds_the_longest_moves() {
        let san: SanPlus = "Qa1xb2#".parse().unwrap();
        assert_eq!(&*san.to_text(), "Qa1xb2#");
    }
}
