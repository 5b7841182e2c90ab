//! What bytes are: classes from one table, a short search eight bytes at a time, and the
//! shapes of movetext tokens exactly as python-chess's `MOVETEXT_REGEX` finds them.

/// How many bytes the movetext loop keeps in the buffer ahead of it, so that short tokens
/// (moves, numbers, results) are read from a slice with no check for more input; the
/// searches here look no further than this.
pub(super) const LOOKAHEAD: usize = 64;

/// What each byte may be part of, as bits (see the `is_*` functions): one table load
/// instead of a chain of range tests, on the bytes the movetext loop looks at most.
const BYTE_CLASS: [u16; 256] = {
    let mut class = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'+' | b'#' | b'=' | b':' | b'-') {
            class[b] |= TAG_NAME;
        }
        // Python's `str.isspace` on ASCII, without the line ends.
        if matches!(c, b' ' | b'\t' | 0x0b | 0x0c | 0x1c..=0x1f) {
            class[b] |= SPACE;
        }
        // What python-chess's tokenizer passes over without a word: spaces, move numbers
        // and their dots, and the check signs standing after a move.
        if matches!(c, b' ' | b'\t' | 0x0b | 0x0c | 0x1c..=0x1f | b'.' | b'+' | b'#')
            || c.is_ascii_digit()
        {
            class[b] |= FILLER;
        }
        if matches!(c, b'a'..=b'h') {
            class[b] |= FILE;
        }
        if matches!(c, b'1'..=b'8') {
            class[b] |= RANK;
        }
        if matches!(c, b'N' | b'B' | b'K' | b'R' | b'Q') {
            class[b] |= PIECE;
        }
        if matches!(c, b'n' | b'b' | b'r' | b'q' | b'k' | b'N' | b'B' | b'R' | b'Q' | b'K') {
            class[b] |= PROMOTION;
        }
        if matches!(c, b'-' | b'x') {
            class[b] |= SEPARATOR;
        }
        if matches!(c, b' ' | b'\t' | 0x0b | 0x0c | 0x1c..=0x1f | b'.' | b'+' | b'#') {
            class[b] |= GAP;
        }
        b += 1;
    }
    class
};
const TAG_NAME: u16 = 1;
const SPACE: u16 = 2;
const FILLER: u16 = 4;
const FILE: u16 = 8;
const RANK: u16 = 16;
const PIECE: u16 = 32;
const PROMOTION: u16 = 64;
const SEPARATOR: u16 = 128;
const GAP: u16 = 256;

#[inline(always)]
fn class(b: u8, bits: u16) -> bool {
    BYTE_CLASS[b as usize] & bits != 0
}

/// A byte of a tag name after its first (`[A-Za-z0-9_+#=:-]`).
#[inline]
pub(super) fn is_tag_name_byte(b: u8) -> bool {
    class(b, TAG_NAME)
}

/// A space in Python's sense (`str.isspace`, ASCII), line ends excepted.
#[inline]
pub(super) fn is_space(b: u8) -> bool {
    class(b, SPACE)
}

/// A space or a line end.
#[inline]
pub(super) fn is_space_or_line_end(b: u8) -> bool {
    class(b, SPACE) || b == b'\n' || b == b'\r'
}

/// A byte between tokens: a space, or a dot or check sign standing after a move.
#[inline]
pub(super) fn is_gap(b: u8) -> bool {
    class(b, GAP)
}

/// A byte python-chess passes over that is no sign of damage: spaces, digits, dots, `+`
/// and `#`.
#[inline]
pub(super) fn is_filler(b: u8) -> bool {
    class(b, FILLER)
}

/// The length of the move token python-chess's tokenizer finds at the start of `b`:
/// SAN (`[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](=?[nbrqkNBRQK])?`), a drop
/// (`[PNBRQK]?@[a-h][1-8]`), `--`, `Z0`, `0000`, `@@@@`, `O-O(-O)?`, `0-0(-0)?`, tried in
/// that order with the regex's backtracking, so the same text makes the same token.
#[inline(always)]
pub(super) fn move_token_len(b: &[u8]) -> Option<usize> {
    // Castling and null moves (`O`, `Z`, `@`, `0`...) cannot start the SAN pattern: no
    // search for them.
    let can_start_san = b.first().is_some_and(|&c| class(c, PIECE | FILE | RANK | SEPARATOR));
    if can_start_san && let Some(len) = san_pattern_len(b) {
        return Some(len);
    }
    other_move_len(b)
}

/// The first eight bytes of `b` (zero past its end, a byte no class holds), as one
/// little-endian word that stays in a register.
#[inline(always)]
fn window_of(b: &[u8]) -> u64 {
    // Eight bytes are nearly always there (the look-ahead holds 64): one load, where a
    // copy of a variable length was a call to memmove for every token.
    u64::from_le_bytes(match b.first_chunk::<8>() {
        Some(eight) => *eight,
        None => short_window(b),
    })
}

/// The last bytes of the input, padded with zeros.
#[cold]
fn short_window(b: &[u8]) -> [u8; 8] {
    let mut window = [0u8; 8];
    let n = b.len().min(8);
    window[..n].copy_from_slice(&b[..n]);
    window
}

/// The window's byte `i` (taken modulo 8).
#[inline(always)]
fn byte_at(window: u64, i: usize) -> u8 {
    (window >> (8 * (i & 7))) as u8
}

/// Whether the window's byte `i` (taken modulo 8) is in one of the classes `bits`: its
/// class looked up only when a test reaches it.
#[inline(always)]
fn is(window: u64, i: usize, bits: u16) -> bool {
    class(byte_at(window, i), bits)
}

/// The end of a SAN match whose square ends at `end`: python-chess's `(=?[nbrqkNBRQK])?`.
#[inline(always)]
fn promotion_after(window: u64, end: usize) -> usize {
    // A branch, not a select, for the rare promotion: the token's length is then known
    // ahead and the next token's bytes are read without waiting for this test.
    if byte_at(window, end) != b'=' && !is(window, end, PROMOTION) {
        return end;
    }
    core::hint::cold_path();
    if byte_at(window, end) == b'=' && is(window, end + 1, PROMOTION) {
        end + 2
    } else if is(window, end, PROMOTION) {
        end + 1
    } else {
        end
    }
}

/// The SAN alternative. The common shapes are told inline: `e4` and `Nf3` (then a byte
/// that can neither go on a square nor separate one: every way of reading more parts puts
/// a file, rank or separator where the text has none), and the captures `exd5` and `Nxe5`
/// (every way of reading more parts needs a file or rank where the separator stands). The
/// rest go to [`san_pattern_search`].
#[inline(always)]
fn san_pattern_len(b: &[u8]) -> Option<usize> {
    let w = window_of(b);
    if is(w, 0, FILE | PIECE) && is(w, 1, SEPARATOR) && is(w, 2, FILE) && is(w, 3, RANK) {
        return Some(promotion_after(w, 4));
    }
    // A piece with its file or rank, `Nbd7` and `R1e2`: every mask above the match needs a
    // rank or separator where the square's file stands, or a file where a rank stands.
    if is(w, 0, PIECE) && is(w, 1, FILE | RANK) && is(w, 2, FILE) && is(w, 3, RANK) {
        return Some(promotion_after(w, 4));
    }
    let ends_square = FILE | RANK | SEPARATOR;
    if !is(w, 0, PIECE) {
        if is(w, 0, FILE) && is(w, 1, RANK) && !is(w, 2, ends_square) {
            return Some(promotion_after(w, 2));
        }
    } else if is(w, 1, FILE) && is(w, 2, RANK) && !is(w, 3, ends_square) {
        return Some(promotion_after(w, 3));
    }
    san_pattern_search(w)
}

/// The regex's search in full. It tries its four optional parts (piece, file, rank,
/// separator) taken where they can be first, and gives them back from the last one on:
/// the order of a 4-bit mask counting down from 15, the piece in the top bit. The first
/// mask whose parts all fit and that leaves a square after them is the match.
#[inline(never)]
fn san_pattern_search(w: u64) -> Option<usize> {
    let top = if is(w, 0, PIECE) { 16u8 } else { 8 };
    for mask in (0..top).rev() {
        let piece = usize::from(mask >> 3);
        let file = usize::from((mask >> 2) & 1);
        let i = piece + file;
        let rank = usize::from((mask >> 1) & 1);
        let j = i + rank;
        let sep = usize::from(mask & 1);
        let fits = (file == 0 || is(w, piece, FILE))
            && (rank == 0 || is(w, i, RANK))
            && (sep == 0 || is(w, j, SEPARATOR));
        let k = j + sep;
        if fits && is(w, k, FILE) && is(w, k + 1, RANK) {
            return Some(promotion_after(w, k + 2));
        }
    }
    None
}

/// The move alternatives after SAN: drops, null moves and castling.
#[cold]
fn other_move_len(b: &[u8]) -> Option<usize> {
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let piece = usize::from(matches!(at(0), b'P' | b'N' | b'B' | b'R' | b'Q' | b'K'));
    if at(piece) == b'@' && class(at(piece + 1), FILE) && class(at(piece + 2), RANK) {
        return Some(piece + 3);
    }
    for fixed in [&b"--"[..], b"Z0", b"0000", b"@@@@", b"O-O-O", b"O-O", b"0-0-0", b"0-0"] {
        if b.starts_with(fixed) {
            return Some(fixed.len());
        }
    }
    None
}

/// The length of a move number as most files write it, 1 to 3 digits, a dot (or three,
/// before a black move after a comment) and one space before the next token (`12. Nf3`,
/// `12... Nf6`), at the start of `b` (which starts with a digit); `None` for any other
/// shape, which the caller reads byte by byte. No token starts inside such a number
/// (`0000` needs four digits), so python-chess passes over all of it.
#[inline(always)]
pub(super) fn move_number_len(b: &[u8]) -> Option<usize> {
    let w = window_of(b);
    let digit = |i: usize| byte_at(w, i).is_ascii_digit();
    // The digits counted without a branch on how many there are.
    let n = 1 + usize::from(digit(1)) + usize::from(digit(1) && digit(2));
    // The bytes after the digits, up to four of them.
    let after = (w >> (8 * n)) as u32;
    let len = if after & 0xffff == u32::from_le_bytes(*b". \0\0") {
        n + 2
    } else if after == u32::from_le_bytes(*b"... ") {
        n + 4
    } else {
        return None;
    };
    (!is(w, len, GAP)).then_some(len)
}

/// The length of a result token (`*`, `1-0`, `0-1`, `1/2-1/2`) at the start of `b`.
#[inline]
pub(super) fn result_len(b: &[u8]) -> Option<usize> {
    match b {
        [b'*', ..] => Some(1),
        [b'1', b'-', b'0', ..] | [b'0', b'-', b'1', ..] => Some(3),
        [b'1', b'/', b'2', b'-', b'1', b'/', b'2', ..] => Some(7),
        _ => None,
    }
}

/// The first of `bytes` in the first `LOOKAHEAD` bytes of `haystack`, eight bytes at a
/// time (a short search inline: memchr's SIMD search pays a call and a set-up that a
/// 20-byte comment or tag value does not repay).
#[inline(always)]
pub(super) fn find_nearby<const N: usize>(haystack: &[u8], bytes: [u8; N]) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let window = &haystack[..haystack.len().min(LOOKAHEAD)];
    let mut words = window.chunks_exact(8);
    let mut offset = 0;
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        // A zero byte of `x` is a match. The lowest flagged byte of each mask is exact (a
        // borrow only flags bytes above a true zero), so the lowest of their union is too.
        let found = bytes.iter().fold(0, |found, &byte| {
            let x = word ^ (ONES * u64::from(byte));
            found | (x.wrapping_sub(ONES) & !x & HIGHS)
        });
        if found != 0 {
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    words.remainder().iter().position(|b| bytes.contains(b)).map(|i| offset + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight-at-a-time search finds what a plain search finds in the look-ahead, at
    /// every offset, next to bytes that differ from the one sought in one bit, or in the
    /// high bit, where a carry or borrow could flag the wrong byte.
    #[test]
    fn nearby_search_agrees_with_a_plain_search() {
        let fillers =
            [b' ', b'}' ^ 0x80, b'}' ^ 1, b'}' - 1, b'}' + 1, 0, 0xff, b'|', b'#', 0x8a, b'\n'];
        for len in 0..LOOKAHEAD + 20 {
            for at in 0..=len {
                for i in 0..fillers.len() {
                    let mut haystack: Vec<u8> =
                        (0..len).map(|j| fillers[(i + j) % fillers.len()]).collect();
                    if at < len {
                        haystack[at] = b'}';
                    }
                    let window = &haystack[..len.min(LOOKAHEAD)];
                    let plain = window.iter().position(|&b| b == b'}');
                    assert_eq!(find_nearby(&haystack, [b'}']), plain, "{haystack:?}");
                    let plain3 = window.iter().position(|b| b"}\n\"".contains(b));
                    assert_eq!(find_nearby(&haystack, *b"}\n\""), plain3, "{haystack:?}");
                }
            }
        }
    }

    fn token(text: &str) -> Option<&str> {
        move_token_len(text.as_bytes()).map(|n| &text[..n])
    }

    /// The tokens python-chess 1.11's regex finds at the start of each text (checked with
    /// `MOVETEXT_REGEX.match` on the same strings).
    #[test]
    fn move_tokens_are_the_regex_matches() {
        let cases = [
            ("e4 ", Some("e4")),
            ("Nf3+", Some("Nf3")),
            ("Nbd7", Some("Nbd7")),
            ("R1a3", Some("R1a3")),
            ("Qh4xe1#", Some("Qh4xe1")),
            ("exd6e.p.", Some("exd6")),
            ("e8=Q+", Some("e8=Q")),
            ("e8Q", Some("e8Q")),
            ("e8=q", Some("e8=q")),
            ("e8=", Some("e8")),
            ("bxa8=N", Some("bxa8=N")),
            ("Ng1-f3", Some("Ng1-f3")),
            ("e2e4", Some("e2e4")),
            ("1e4", Some("1e4")),
            ("xe4", Some("xe4")),
            ("e4e5e6", Some("e4e5")),
            ("Kxe1=Q", Some("Kxe1=Q")),
            ("O-O-O+", Some("O-O-O")),
            ("O-O+", Some("O-O")),
            ("0-0-0", Some("0-0-0")),
            ("0-0", Some("0-0")),
            ("0000", Some("0000")),
            ("--", Some("--")),
            ("Z0", Some("Z0")),
            ("@@@@", Some("@@@@")),
            ("N@f3", Some("N@f3")),
            ("@e4", Some("@e4")),
            ("P@e4", Some("P@e4")),
            ("Pe4", None),
            ("1-0", None),
            ("0-1", None),
            ("12.", None),
            ("O-", None),
            ("-", None),
            ("i9", None),
            ("Nxx", None),
            ("", None),
        ];
        for (text, expected) in cases {
            assert_eq!(token(text), expected, "{text:?}");
        }
    }

    /// The backtracking search as the regex runs it, written plainly.
    fn reference_san_len(b: &[u8]) -> Option<usize> {
        let at = |i: usize| b.get(i).copied().unwrap_or(0);
        let choices = |can: bool| if can { vec![1usize, 0] } else { vec![0] };
        for piece in choices(matches!(at(0), b'N' | b'B' | b'K' | b'R' | b'Q')) {
            for file in choices(matches!(at(piece), b'a'..=b'h')) {
                let i = piece + file;
                for rank in choices(matches!(at(i), b'1'..=b'8')) {
                    let j = i + rank;
                    for sep in choices(matches!(at(j), b'-' | b'x')) {
                        let k = j + sep;
                        if matches!(at(k), b'a'..=b'h') && matches!(at(k + 1), b'1'..=b'8') {
                            let end = k + 2;
                            let promo = |c: u8| b"nbrqkNBRQK".contains(&c);
                            return Some(if at(end) == b'=' && promo(at(end + 1)) {
                                end + 2
                            } else if promo(at(end)) {
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

    /// Every string of up to six bytes from the bytes that matter agrees with the plain
    /// backtracking search (the quick shapes and the mask order included).
    #[test]
    fn the_san_search_agrees_with_plain_backtracking() {
        let alphabet = b"Nbe18x-=Q ";
        let mut text = [0u8; 6];
        let total = alphabet.len().pow(6);
        for mut n in 0..total {
            for byte in &mut text {
                *byte = alphabet[n % alphabet.len()];
                n /= alphabet.len();
            }
            assert_eq!(san_pattern_len(&text), reference_san_len(&text), "{:?}", text);
            assert_eq!(san_pattern_len(&text[..3]), reference_san_len(&text[..3]));
        }
    }

    #[test]
    fn move_numbers() {
        for (text, len) in [
            ("1. e4", Some(3)),
            ("12. Nf3", Some(4)),
            ("123. Kg1", Some(5)),
            ("12. ", Some(4)),
            ("1234. e4", None),
            ("1... e5", Some(5)),
            ("123... e5", Some(7)),
            ("1.. e5", None),
            ("1....e5", None),
            ("1... ", Some(5)),
            ("1.e4", None),
            ("1.  e4", None),
            ("1. +", None),
            ("12 e4", None),
            ("1-0", None),
        ] {
            assert_eq!(move_number_len(text.as_bytes()), len, "{text}");
        }
    }

    #[test]
    fn results() {
        for (text, len) in
            [("1-0", Some(3)), ("0-1 ", Some(3)), ("1/2-1/2", Some(7)), ("*", Some(1))]
        {
            assert_eq!(result_len(text.as_bytes()), len, "{text}");
        }
        for text in ["1/2", "1-", "½-½", "0-0"] {
            assert_eq!(result_len(text.as_bytes()), None, "{text}");
        }
    }
}
