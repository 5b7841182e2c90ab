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

/// The token starting at byte `i` of `line`, with its length, if any alternative matches.
fn token_at(line: &str, i: usize) -> Option<(Token<'_>, usize)> {
    let b = &line.as_bytes()[i..];
    let text = |n: usize| &line[i..i + n];
    if let Some(n) = san_len(b) {
        return Some((Token::Move(text(n)), n));
    }
    // Drops: [PNBRQK]?@[a-h][1-8]
    let piece = usize::from(b"PNBRQK".contains(&at(b, 0)));
    if at(b, piece) == b'@' && is_file(at(b, piece + 1)) && is_rank(at(b, piece + 2)) {
        return Some((Token::Move(text(piece + 3)), piece + 3));
    }
    for null in ["--", "Z0", "0000", "@@@@", "O-O-O", "O-O", "0-0-0", "0-0"] {
        if b.starts_with(null.as_bytes()) {
            return Some((Token::Move(text(null.len())), null.len()));
        }
    }
    match at(b, 0) {
        b'{' => return Some((Token::Comment(&line[i..]), line.len() - i)),
        b';' => return Some((Token::LineComment, line.len() - i)),
        b'$' => {
            let digits = b[1..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 {
                return Some((Token::Nag(text(1 + digits)), 1 + digits));
            }
        }
        b'(' => return Some((Token::Open, 1)),
        b')' => return Some((Token::Close, 1)),
        _ => {}
    }
    for result in ["*", "1-0", "0-1", "1/2-1/2"] {
        if b.starts_with(result.as_bytes()) {
            return Some((Token::Result(text(result.len())), result.len()));
        }
    }
    if matches!(at(b, 0), b'?' | b'!') {
        let n = if matches!(at(b, 1), b'?' | b'!') { 2 } else { 1 };
        return Some((Token::Suffix(text(n)), n));
    }
    None
}

/// The tokens of `line` from byte `from`, as `(start, token)`; a comment or `;` token ends
/// the line.
pub fn next_token(line: &str, from: usize) -> Option<(usize, Token<'_>, usize)> {
    let bytes = line.as_bytes();
    let mut i = from;
    while i < bytes.len() {
        // Every token starts with an ASCII byte; other bytes are passed over whole.
        if bytes[i].is_ascii() {
            if let Some((token, len)) = token_at(line, i) {
                return Some((i, token, i + len));
            }
            i += 1;
        } else {
            i += line[i..].chars().next().map_or(1, char::len_utf8);
        }
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
    }
}
