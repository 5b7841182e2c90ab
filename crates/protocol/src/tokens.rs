//! A line cut into tokens: runs of characters between whitespace (spaces, tabs, a stray
//! `\r`), each with its byte offset, so that an error can say where it is and the text
//! after a keyword (`id name Stockfish 17`, `info string ...`) is taken as it stands.

/// One token of a line and where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's text (no whitespace).
    pub text: &'a str,
    /// Its first byte's offset in the line.
    pub at: usize,
}

/// The tokens of a line, in order, with a look at the rest of the line.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    line: &'a str,
    pos: usize,
}

impl<'a> Tokens<'a> {
    /// The tokens of `line` (a trailing `\n` or `\r\n` is whitespace like any other).
    pub fn new(line: &'a str) -> Tokens<'a> {
        Tokens { line, pos: 0 }
    }

    /// The whole line.
    pub fn line(&self) -> &'a str {
        self.line
    }

    /// The next token without taking it.
    pub fn peek(&self) -> Option<Token<'a>> {
        self.clone().next()
    }

    /// The rest of the line after the whitespace that follows the last token taken, with
    /// trailing whitespace cut; taking it ends the tokens.
    pub fn rest(&mut self) -> Token<'a> {
        let start = self.line[self.pos..]
            .find(|c: char| !c.is_whitespace())
            .map_or(self.line.len(), |i| self.pos + i);
        self.pos = self.line.len();
        Token { text: self.line[start..].trim_end(), at: start }
    }

    /// The text up to (not including) the next token equal to one of `stops`, or to the
    /// end of the line, with the whitespace around it cut; `None` when it is empty. The
    /// stop itself is not taken.
    pub fn until(&mut self, stops: &[&str]) -> Option<Token<'a>> {
        let mut start = None;
        let mut end = self.pos;
        while let Some(t) = self.peek() {
            if stops.contains(&t.text) {
                break;
            }
            self.next();
            start.get_or_insert(t.at);
            end = t.at + t.text.len();
        }
        start.map(|at| Token { text: &self.line[at..end], at })
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let rest = &self.line[self.pos..];
        let start = rest.find(|c: char| !c.is_whitespace())?;
        let len = rest[start..].find(char::is_whitespace).unwrap_or(rest.len() - start);
        let at = self.pos + start;
        self.pos = at + len;
        Some(Token { text: &self.line[at..at + len], at })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_their_offsets_and_whitespace_of_any_kind_separates_them() {
        let mut t = Tokens::new("  go\tdepth  5\r\n");
        assert_eq!(t.next(), Some(Token { text: "go", at: 2 }));
        assert_eq!(t.next(), Some(Token { text: "depth", at: 5 }));
        assert_eq!(t.next(), Some(Token { text: "5", at: 12 }));
        assert_eq!(t.next(), None);
    }

    #[test]
    fn the_rest_and_text_until_a_keyword_keep_inner_spaces() {
        let mut t = Tokens::new("setoption name Clear  Hash value  on \r");
        t.next();
        t.next();
        assert_eq!(t.until(&["value"]), Some(Token { text: "Clear  Hash", at: 15 }));
        assert_eq!(t.next().map(|t| t.text), Some("value"));
        assert_eq!(t.rest(), Token { text: "on", at: 34 });
        assert_eq!(t.next(), None);
        assert_eq!(Tokens::new("name").until(&["value"]), Some(Token { text: "name", at: 0 }));
        assert_eq!(Tokens::new(" value").until(&["value"]), None);
    }
}
