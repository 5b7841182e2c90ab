//! Rust source as the layering check needs it: identifiers and punctuation, with comments,
//! strings and character literals gone (a path written in a doc comment or a string is not
//! a dependency).

/// One token of Rust source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// An identifier or keyword (`r#` stripped from raw identifiers).
    Ident(String),
    /// `::`.
    PathSep,
    /// Any other punctuation character (`{`, `}`, `;`, `,`, `*`, `#`, `[`, `]`, `!`, `=` ...).
    Punct(char),
    /// A literal the check never looks into (a string's contents are kept for `#[path]`).
    Literal(String),
}

/// The tokens of `source`; never fails (unterminated comments and strings end the text).
pub fn tokenize(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i = skip_block_comment(&chars, i);
        } else if c == '"' {
            let (text, end) = quoted(&chars, i + 1);
            tokens.push(Token::Literal(text));
            i = end;
        } else if let Some((text, end)) = prefixed_string(&chars, i) {
            tokens.push(Token::Literal(text));
            i = end;
        } else if c == '\'' {
            i = char_or_lifetime(&chars, i, &mut tokens);
        } else if c.is_alphabetic() || c == '_' {
            let start = if c == 'r' && next == Some('#') { i + 2 } else { i };
            let mut end = start;
            while end < chars.len() && (chars[end].is_alphanumeric() || chars[end] == '_') {
                end += 1;
            }
            tokens.push(Token::Ident(chars[start..end].iter().collect()));
            i = end.max(i + 1);
        } else if c.is_ascii_digit() {
            // Numbers, with suffixes and exponents: nothing the check reads.
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
        } else if c == ':' && next == Some(':') {
            tokens.push(Token::PathSep);
            i += 2;
        } else {
            tokens.push(Token::Punct(c));
            i += 1;
        }
    }
    tokens
}

/// The index after a (nested) block comment starting at `i`.
fn skip_block_comment(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    i
}

/// A `"`-string's contents from `i` (just after the quote) and the index after its end.
fn quoted(chars: &[char], mut i: usize) -> (String, usize) {
    let mut text = String::new();
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                text.extend(chars.get(i + 1));
                i += 2;
            }
            '"' => return (text, i + 1),
            c => {
                text.push(c);
                i += 1;
            }
        }
    }
    (text, i)
}

/// A `b"..."`, `c"..."`, `r"..."`, `r#"..."#` or `br#"..."#` string at `i`, if one starts there.
fn prefixed_string(chars: &[char], i: usize) -> Option<(String, usize)> {
    let mut j = i;
    if matches!(chars[j], 'b' | 'c') {
        j += 1;
    }
    let raw = chars.get(j) == Some(&'r');
    if raw {
        j += 1;
    }
    if j == i {
        return None;
    }
    // Not when the prefix letters are the end of a longer identifier.
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return None;
    }
    if !raw {
        return (chars.get(j) == Some(&'"')).then(|| quoted(chars, j + 1));
    }
    let mut hashes = 0;
    while chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if chars.get(j) != Some(&'"') {
        return None;
    }
    let start = j + 1;
    let mut k = start;
    while k < chars.len() {
        if chars[k] == '"' && (1..=hashes).all(|h| chars.get(k + h) == Some(&'#')) {
            return Some((chars[start..k].iter().collect(), k + 1 + hashes));
        }
        k += 1;
    }
    Some((chars[start..].iter().collect(), chars.len()))
}

/// A character literal (skipped) or a lifetime (kept as punctuation and an identifier).
fn char_or_lifetime(chars: &[char], i: usize, tokens: &mut Vec<Token>) -> usize {
    match (chars.get(i + 1), chars.get(i + 2)) {
        (Some('\\'), _) => {
            let mut j = i + 2;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            j + 1
        }
        (Some(_), Some('\'')) => i + 3,
        _ => {
            tokens.push(Token::Punct('\''));
            i + 1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Token, tokenize};

    fn idents(source: &str) -> Vec<String> {
        tokenize(source)
            .into_iter()
            .filter_map(|t| if let Token::Ident(s) = t { Some(s) } else { None })
            .collect()
    }

    #[test]
    fn comments_strings_and_chars_hide_what_they_hold() {
        let source = r###"
            // use crate::in_line_comment;
            /* use crate::in_block; /* nested_word */ still_in_block */
            let s = "crate::in_string"; let r = r#"crate::"in_raw""#; let b = b"in_bytes";
            let c = '"'; let q = '\''; fn f<'life>(x: &'life u8) {}
            use crate::e;
        "###;
        let words = idents(source);
        for hidden in [
            "in_line_comment",
            "in_block",
            "nested_word",
            "still_in_block",
            "in_string",
            "in_raw",
            "in_bytes",
        ] {
            assert!(!words.contains(&hidden.to_owned()), "{hidden} in {words:?}");
        }
        assert!(words.ends_with(&["use".to_owned(), "crate".to_owned(), "e".to_owned()]));
        assert!(words.contains(&"life".to_owned()), "a lifetime is an identifier");
    }

    #[test]
    fn paths_keep_their_separators() {
        assert_eq!(
            tokenize("super::x::{Y, z}"),
            vec![
                Token::Ident("super".into()),
                Token::PathSep,
                Token::Ident("x".into()),
                Token::PathSep,
                Token::Punct('{'),
                Token::Ident("Y".into()),
                Token::Punct(','),
                Token::Ident("z".into()),
                Token::Punct('}'),
            ]
        );
    }
}
