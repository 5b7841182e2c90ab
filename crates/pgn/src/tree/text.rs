//! Python's view of text, where python-chess's behaviour depends on it: `str.isspace()`
//! (which is also what `\s` matches in its regular expressions).

/// Whether Python's `str.isspace()` holds for `c`.
pub fn is_py_space(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | '\x1c'..='\x1f'
            | ' '
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// Python's `line.isspace()`: not empty, and whitespace only.
pub fn is_blank(line: &str) -> bool {
    !line.is_empty() && line.chars().all(is_py_space)
}

/// Whether a skipped movetext line leaves python-chess's `SKIP_MOVETEXT_REGEX` scan
/// inside a `{` comment, given whether it began inside one: braces open and close it, and
/// a `;` outside a comment ends what the line says.
pub(crate) fn in_comment_after(line: &str, mut in_comment: bool) -> bool {
    let bytes = line.as_bytes();
    if memchr::memchr(b';', bytes).is_none() {
        // Without `;`, only the last brace of the line decides.
        if let Some(i) = memchr::memrchr2(b'{', b'}', bytes) {
            in_comment = bytes[i] == b'{';
        }
        return in_comment;
    }
    for i in memchr::memchr3_iter(b'{', b'}', b';', bytes) {
        match bytes[i] {
            b'{' => in_comment = true,
            b';' if !in_comment => break,
            b'}' => in_comment = false,
            _ => {}
        }
    }
    in_comment
}

/// The character just before byte `at` (a character boundary).
pub fn char_before(text: &str, at: usize) -> Option<char> {
    text[..at].chars().next_back()
}

/// The character starting at byte `at`, if `at` is inside the text.
pub fn char_at(text: &str, at: usize) -> Option<char> {
    text.get(at..)?.chars().next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_as_python() {
        // Every character of Python 3.11's str.isspace(), and some that are not.
        let spaces: Vec<char> =
            (0..0x3001u32).filter_map(char::from_u32).filter(|&c| is_py_space(c)).collect();
        assert_eq!(spaces.len(), 29);
        assert!(!is_py_space('\u{200b}'));
        assert!(!is_py_space('\u{feff}'));
        assert!(is_blank(" \n"));
        assert!(!is_blank(""));
        assert!(!is_blank(" x"));
    }
}
