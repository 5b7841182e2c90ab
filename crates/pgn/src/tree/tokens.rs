//! The tokens of a movetext line, found as python-chess's `MOVETEXT_REGEX.finditer` finds
//! them: at each place the first alternative that matches (SAN-like moves, drops, null
//! moves, castling, a comment or `;` comment running to the end of the line, `$n`,
//! parentheses, results, `!`/`?` annotations); characters no alternative starts are passed
//! over.

/// One token of a movetext line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// A move as text: SAN (without `+`/`#`), a drop, a null move or castling.
    Move(&'a str),
    /// `{` and everything after it on the line.
    Comment(&'a str),
    /// `;` and everything after it on the line.
    LineComment,
    /// `$` and its digits.
    Nag(&'a str),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(&'a str),
    /// `!`, `?`, `!!`, `??`, `!?` or `?!`.
    Suffix(&'a str),
}

fn at(b: &[u8], i: usize) -> u8 {
    b.get(i).copied().unwrap_or(0)
}

fn is_file(c: u8) -> bool {
    (b'a'..=b'h').contains(&c)
}

fn is_rank(c: u8) -> bool {
    (b'1'..=b'8').contains(&c)
}

/// The length of `[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?` at the start of
/// `b`, trying the optional parts as a backtracking regex engine does.
fn san_len(b: &[u8]) -> Option<usize> {
    let options = |can: bool| if can { &[1usize, 0][..] } else { &[0usize][..] };
    for &piece in options(matches!(at(b, 0), b'N' | b'B' | b'K' | b'R' | b'Q')) {
        for &file in options(is_file(at(b, piece))) {
            let i = piece + file;
            for &rank in options(is_rank(at(b, i))) {
                let j = i + rank;
                for &sep in options(matches!(at(b, j), b'-' | b'x')) {
                    let k = j + sep;
                    if is_file(at(b, k)) && is_rank(at(b, k + 1)) {
                        let end = k + 2;
                        let promo = |c: u8| b"nbrqkNBRQK".contains(&c);
                        return Some(if at(b, end) == b'=' && promo(at(b, end + 1)) {
                            end + 2
                        } else if promo(at(b, end)) {
                            end + 1
                        } else {
                            end
                        });
                    }
                }
            }
        }
    }
    None
}

/// Whether a token can start with this byte (every other byte is passed over at once).
const fn starts_token(c: u8) -> bool {
    matches!(
        c,
        b'N' | b'B' | b'K' | b'R' | b'Q' | b'P' | b'a'..=b'h' | b'0'..=b'8' | b'-' | b'x' | b'@'
            | b'Z' | b'O' | b'{' | b';' | b'$' | b'(' | b')' | b'*' | b'?' | b'!'
    )
}

static STARTS: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = starts_token(c as u8);
        c += 1;
    }
    table
};

/// The token starting at byte `i` of `line`, with its length, if any alternative matches
/// (in the regular expression's order where several could).
fn token_at(line: &str, i: usize) -> Option<(Token<'_>, usize)> {
    let b = &line.as_bytes()[i..];
    let text = |n: usize| &line[i..i + n];
    match b[0] {
        // Bytes that only one alternative starts with.
        b'{' => return Some((Token::Comment(&line[i..]), line.len() - i)),
        b';' => return Some((Token::LineComment, line.len() - i)),
        b'(' => return Some((Token::Open, 1)),
        b')' => return Some((Token::Close, 1)),
        b'*' => return Some((Token::Result(text(1)), 1)),
        b'$' => {
            let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
            return (digits > 0).then(|| (Token::Nag(text(1 + digits)), 1 + digits));
        }
        b'?' | b'!' => {
            let n = if matches!(at(b, 1), b'?' | b'!') { 2 } else { 1 };
            return Some((Token::Suffix(text(n)), n));
        }
        _ => {}
    }
    if let Some(n) = san_len(b) {
        return Some((Token::Move(text(n)), n));
    }
    // Drops: [PNBRQK]?@[a-h][1-8]
    let piece = usize::from(b"PNBRQK".contains(&at(b, 0)));
    if at(b, piece) == b'@' && is_file(at(b, piece + 1)) && is_rank(at(b, piece + 2)) {
        return Some((Token::Move(text(piece + 3)), piece + 3));
    }
    let candidates: &[&str] = match b[0] {
        b'-' => &["--"],
        b'Z' => &["Z0"],
        b'@' => &["@@@@"],
        b'O' => &["O-O-O", "O-O"],
        b'0' => &["0000", "0-0-0", "0-0"],
        _ => &[],
    };
    for null in candidates {
        if b.starts_with(null.as_bytes()) {
            return Some((Token::Move(text(null.len())), null.len()));
        }
    }
    for result in ["1-0", "0-1", "1/2-1/2"] {
        if b.starts_with(result.as_bytes()) {
            return Some((Token::Result(text(result.len())), result.len()));
        }
    }
    None
}

/// The tokens of `line` from byte `from`, as `(start, token)`; a comment or `;` token ends
/// the line.
pub fn next_token(line: &str, from: usize) -> Option<(usize, Token<'_>, usize)> {
    let bytes = line.as_bytes();
    let mut i = from;
    while i < bytes.len() {
        // Every token starts with one of a few ASCII bytes; bytes of other characters
        // (UTF-8 continuation and lead bytes included) are passed over one by one.
        if STARTS[usize::from(bytes[i])]
            && let Some((token, len)) = token_at(line, i)
        {
            return Some((i, token, i + len));
        }
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(line: &str) -> Vec<Token<'_>> {
        let mut out = Vec::new();
        let mut at = 0;
        while let Some((_, token, end)) = next_token(line, at) {
            out.push(token);
            at = end;
        }
        out
    }

    #[test]
    fn tokens_as_python_chess_finds_them() {
        use Token::*;
        assert_eq!(
            tokens("1. e4 e5 2. Nf3+ Nc6!? 3. Bb5 $1 (3. Bc4?) O-O-O 1-0"),
            [
                Move("e4"),
                Move("e5"),
                Move("Nf3"),
                Move("Nc6"),
                Suffix("!?"),
                Move("Bb5"),
                Nag("$1"),
                Open,
                Move("Bc4"),
                Suffix("?"),
                Close,
                Move("O-O-O"),
                Result("1-0")
            ]
        );
        assert_eq!(
            tokens("exd8=Q e8q 0-0 0-1 1/2-1/2 * -- Z0 N@f3 @e4"),
            [
                Move("exd8=Q"),
                Move("e8q"),
                Move("0-0"),
                Result("0-1"),
                Result("1/2-1/2"),
                Result("*"),
                Move("--"),
                Move("Z0"),
                Move("N@f3"),
                Move("@e4"),
            ]
        );
        assert_eq!(tokens("e4 {a comment} e5"), [Move("e4"), Comment("{a comment} e5")]);
        assert_eq!(tokens("Rook ; rest"), [LineComment]);
        assert_eq!(tokens("é e4"), [Move("e4")]);
        assert_eq!(
            tokens("12. e4 12... e5 1/2 0-0-1 0000 @@@@ $ $x ?!? 1-01-0"),
            [
                Move("e4"),
                Move("e5"),
                Move("0-0"),
                Move("0000"),
                Move("@@@@"),
                Suffix("?!"),
                Suffix("?"),
                Result("1-0"),
                Result("1-0"),
            ]
        );
    }
}
