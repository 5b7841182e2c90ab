//! [`Headers`]: a game's tag pairs as python-chess's `chess.pgn.Headers` keeps them. The
//! Seven Tag Roster comes first, in its own order, whenever its tags are present; the
//! other tags follow in the order they were first set.

use crate::SEVEN_TAG_ROSTER;
use core::fmt;

/// A byte range of the headers' text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    start: usize,
    end: usize,
}

/// Why a tag was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeaderError {
    /// A name outside the Seven Tag Roster that is not a PGN tag name
    /// (`[A-Za-z0-9][A-Za-z0-9_+#=:-]*`).
    InvalidName(String),
    /// A value with a line break (outside the Seven Tag Roster).
    LineBreak {
        /// The tag's name.
        name: String,
        /// The value refused.
        value: String,
    },
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeaderError::InvalidName(name) => write!(f, "invalid pgn header tag: {name:?}"),
            HeaderError::LineBreak { name, value } => {
                write!(f, "line break in pgn header {name}: {value:?}")
            }
        }
    }
}

impl core::error::Error for HeaderError {}

/// The bytes a tag name may hold after its first (an ASCII letter or digit).
pub(crate) static TAG_NAME_BYTE: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        table[c] =
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-');
        c += 1;
    }
    table
};

/// Whether `name` is a PGN tag name as python-chess's `TAG_NAME_REGEX` takes it.
pub fn is_tag_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    let Some((&first, rest)) = bytes.split_first() else { return false };
    first.is_ascii_alphanumeric() && rest.iter().all(|&c| TAG_NAME_BYTE[usize::from(c)])
}

/// The index of `name` in the Seven Tag Roster.
fn roster_index(name: &str) -> Option<usize> {
    match name {
        "Event" => Some(0),
        "Site" => Some(1),
        "Date" => Some(2),
        "Round" => Some(3),
        "White" => Some(4),
        "Black" => Some(5),
        "Result" => Some(6),
        _ => None,
    }
}

/// A game's tags in python-chess's order, in one buffer (reading a game's tags costs two
/// allocations, not two a tag).
///
/// ```
/// use lerf_pgn::tree::Headers;
///
/// let mut headers = Headers::empty();
/// headers.insert("WhiteElo", "2100")?;
/// headers.insert("White", "Carlsen")?;
/// assert_eq!(headers.iter().collect::<Vec<_>>(), [("White", "Carlsen"), ("WhiteElo", "2100")]);
/// assert!(headers.insert("~", "x").is_err());
/// assert_eq!(Headers::default().get("Date"), Some("????.??.??"));
/// # Ok::<(), lerf_pgn::tree::HeaderError>(())
/// ```
#[derive(Clone)]
pub struct Headers {
    text: String,
    roster: [Option<Span>; 7],
    others: Vec<(Span, Span)>,
    /// A bit for each name in `others` ([`name_bit`]), so that a name not among them (each
    /// tag of a game being read) is known without comparing it with every one: a set
    /// could hold more bits than names (after a removal), never fewer.
    names: u64,
    /// Bytes of `text` no tag refers to any more.
    garbage: usize,
}

/// The bit of [`Headers::names`] for the non-empty `name`: its length and first and last
/// bytes mixed (tag names differ mostly in those).
#[inline]
fn name_bit(name: &[u8]) -> u64 {
    let (first, last) = (name.first().copied().unwrap_or(0), name.last().copied().unwrap_or(0));
    1 << ((name.len() * 7 + usize::from(first) + usize::from(last) * 3) & 63)
}

impl Default for Headers {
    /// The Seven Tag Roster with its defaults (`?`, `????.??.??`, `*`), as a new game has.
    fn default() -> Headers {
        let mut headers = Headers::empty();
        for (name, value) in SEVEN_TAG_ROSTER {
            headers.insert_unchecked(name, value);
        }
        headers
    }
}

impl PartialEq for Headers {
    /// Equal when they hold the same tags with the same values (order aside, as Python's
    /// mappings compare).
    fn eq(&self, other: &Headers) -> bool {
        self.len() == other.len() && self.iter().all(|(name, value)| other.get(name) == Some(value))
    }
}

impl Eq for Headers {}

impl fmt::Debug for Headers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Headers {
    /// No tags at all.
    pub const fn empty() -> Headers {
        Headers { text: String::new(), roster: [None; 7], others: Vec::new(), names: 0, garbage: 0 }
    }

    fn span(&self, span: Span) -> &str {
        &self.text[span.start..span.end]
    }

    #[inline]
    fn store(&mut self, text: &str) -> Span {
        if self.text.capacity() == 0 {
            // Room for a usual game's tags: one allocation instead of one a doubling.
            self.text.reserve(512);
            self.others.reserve(16);
        }
        let start = self.text.len();
        self.text.push_str(text);
        Span { start, end: self.text.len() }
    }

    fn other_index(&self, name: &str) -> Option<usize> {
        let text = self.text.as_bytes();
        let name = name.as_bytes();
        if self.names & name_bit(name) == 0 {
            return None;
        }
        self.others
            .iter()
            .position(|&(n, _)| n.end - n.start == name.len() && &text[n.start..n.end] == name)
    }

    /// The value of tag `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        match roster_index(name) {
            Some(i) => self.roster[i].map(|s| self.span(s)),
            None => self.other_index(name).map(|i| self.span(self.others[i].1)),
        }
    }

    /// Whether tag `name` is set.
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Sets tag `name` (in place when it is already set, last otherwise).
    ///
    /// # Errors
    ///
    /// Outside the Seven Tag Roster, as python-chess: [`HeaderError::InvalidName`] for a
    /// name that is not a PGN tag name, [`HeaderError::LineBreak`] for a value holding
    /// `\n` or `\r`. The headers are unchanged.
    pub fn insert(&mut self, name: &str, value: &str) -> Result<(), HeaderError> {
        if roster_index(name).is_none() {
            if !is_tag_name(name) {
                return Err(HeaderError::InvalidName(name.to_owned()));
            }
            if memchr::memchr2(b'\n', b'\r', value.as_bytes()).is_some() {
                return Err(HeaderError::LineBreak {
                    name: name.to_owned(),
                    value: value.to_owned(),
                });
            }
        }
        self.insert_unchecked(name, value);
        Ok(())
    }

    /// Sets a tag read from a tag line (its name is a tag name, its value is one line).
    pub(crate) fn insert_read(&mut self, name: &str, value: &str) {
        debug_assert!(is_tag_name(name) && !value.contains(['\n', '\r']));
        self.insert_unchecked(name, value);
    }

    /// Sets a tag whose name and value are known to be acceptable.
    fn insert_unchecked(&mut self, name: &str, value: &str) {
        if let Some(i) = roster_index(name) {
            if let Some(old) = self.roster[i] {
                self.garbage += old.end - old.start;
            }
            self.roster[i] = Some(self.store(value));
        } else if let Some(i) = self.other_index(name) {
            let old = self.others[i].1;
            self.garbage += old.end - old.start;
            self.others[i].1 = self.store(value);
        } else {
            self.names |= name_bit(name.as_bytes());
            let name = self.store(name);
            let value = self.store(value);
            self.others.push((name, value));
        }
        self.compact_if_wasteful();
    }

    /// Removes tag `name`; returns whether it was set.
    pub fn remove(&mut self, name: &str) -> bool {
        let removed = match roster_index(name) {
            Some(i) => self.roster[i].take().map(|s| s.end - s.start),
            None => self.other_index(name).map(|i| {
                let (n, v) = self.others.remove(i);
                n.end - n.start + v.end - v.start
            }),
        };
        if let Some(bytes) = removed {
            self.garbage += bytes;
            self.compact_if_wasteful();
        }
        removed.is_some()
    }

    /// Removes every tag.
    pub fn clear(&mut self) {
        *self = Headers::empty();
    }

    /// How many tags are set.
    pub fn len(&self) -> usize {
        self.roster.iter().flatten().count() + self.others.len()
    }

    /// Whether no tag is set.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The tags as python-chess iterates them: the roster's first, in roster order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let roster = SEVEN_TAG_ROSTER
            .iter()
            .zip(&self.roster)
            .filter_map(|(&(name, _), value)| value.map(|v| (name, self.span(v))));
        roster.chain(self.others.iter().map(|&(n, v)| (self.span(n), self.span(v))))
    }

    /// The tag at position `index` of [`iter`](Headers::iter).
    pub fn nth(&self, index: usize) -> Option<(&str, &str)> {
        self.iter().nth(index)
    }

    /// Whether the `Variant` tag names Chess960 (python-chess's spellings, any case).
    pub fn is_chess960(&self) -> bool {
        let variant = self.get("Variant").unwrap_or("").to_lowercase();
        matches!(
            variant.as_str(),
            "chess960" | "chess 960" | "fischerandom" | "fischerrandom" | "fischer random"
        )
    }

    /// Whether the `Variant` tag names one of FICS's wild setups (`wild/0` to `wild/8a`),
    /// which python-chess plays as standard chess.
    pub fn is_wild(&self) -> bool {
        let variant = self.get("Variant").unwrap_or("").to_lowercase();
        matches!(
            variant.as_str(),
            "wild/0"
                | "wild/1"
                | "wild/2"
                | "wild/3"
                | "wild/4"
                | "wild/5"
                | "wild/6"
                | "wild/7"
                | "wild/8"
                | "wild/8a"
        )
    }

    /// The variant the game is played in when it is not standard chess (under any of
    /// python-chess's names for it), Chess960 or a wild setup: the `Variant` tag's value
    /// (lerf plays none of them).
    pub fn other_variant(&self) -> Option<&str> {
        let variant = self.get("Variant")?;
        let standard = ["standard", "chess", "classical", "normal", "illegal", "from position"]
            .contains(&variant.to_lowercase().as_str());
        (!standard && !self.is_chess960() && !self.is_wild()).then_some(variant)
    }

    /// Rewrites the buffer without dead text once most of it is dead.
    // Inline: it runs after every tag read, where there is never dead text.
    #[inline]
    fn compact_if_wasteful(&mut self) {
        if self.garbage >= 1024 && self.garbage * 2 >= self.text.len() {
            self.compact();
        }
    }

    #[cold]
    fn compact(&mut self) {
        let mut fresh = Headers::empty();
        for (name, value) in self.iter() {
            fresh.insert_unchecked(name, value);
        }
        *self = fresh;
    }
}

impl<'a> FromIterator<(&'a str, &'a str)> for Headers {
    /// Headers from tag pairs that are known to be acceptable; a refused pair is skipped.
    fn from_iter<I: IntoIterator<Item = (&'a str, &'a str)>>(iter: I) -> Headers {
        let mut headers = Headers::empty();
        for (name, value) in iter {
            let _ = headers.insert(name, value);
        }
        headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roster_index_follows_the_roster() {
        for (i, (name, _)) in SEVEN_TAG_ROSTER.iter().enumerate() {
            assert_eq!(roster_index(name), Some(i));
        }
        assert_eq!(roster_index("event"), None);
    }

    #[test]
    fn many_names_sharing_filter_bits_stay_apart() {
        // 200 names over 64 filter bits: many share one. Each step is checked against a
        // plain list kept beside.
        let mut h = Headers::empty();
        let mut model: Vec<(String, String)> = Vec::new();
        for step in 0..2000usize {
            let name = format!("T{}x{}", step * 7 % 200, step % 3);
            let value = format!("v{step}");
            if step % 5 == 4 {
                let was = model.iter().position(|(n, _)| *n == name);
                assert_eq!(h.remove(&name), was.is_some(), "{name}");
                if let Some(i) = was {
                    model.remove(i);
                }
            } else {
                h.insert(&name, &value).unwrap();
                match model.iter_mut().find(|(n, _)| *n == name) {
                    Some(entry) => entry.1 = value,
                    None => model.push((name, value)),
                }
            }
            assert_eq!(h.len(), model.len());
        }
        let tags: Vec<(String, String)> =
            h.iter().map(|(n, v)| (n.to_owned(), v.to_owned())).collect();
        assert_eq!(tags, model);
        for (name, value) in &model {
            assert_eq!(h.get(name), Some(value.as_str()));
        }
        assert_eq!(h.get("T0x9"), None);
    }

    #[test]
    fn roster_first_then_insertion_order() {
        let mut h = Headers::empty();
        h.insert("ECO", "B01").unwrap();
        h.insert("Result", "1-0").unwrap();
        h.insert("Event", "E").unwrap();
        h.insert("Annotator", "A").unwrap();
        h.insert("ECO", "B02").unwrap();
        let tags: Vec<_> = h.iter().collect();
        assert_eq!(tags, [("Event", "E"), ("Result", "1-0"), ("ECO", "B02"), ("Annotator", "A")]);
        assert!(h.remove("ECO"));
        assert!(!h.remove("ECO"));
        h.insert("ECO", "C00").unwrap();
        assert_eq!(h.nth(3), Some(("ECO", "C00")));
        assert_eq!(h.len(), 4);
    }

    #[test]
    fn validation_as_python_chess() {
        let mut h = Headers::empty();
        assert!(matches!(h.insert("~", "x"), Err(HeaderError::InvalidName(_))));
        assert!(matches!(h.insert("A", "x\ny"), Err(HeaderError::LineBreak { .. })));
        // The roster takes anything.
        h.insert("White", "two\nlines").unwrap();
        h.insert("Equals=", "bar").unwrap();
        h.insert("BlackType:", "program").unwrap();
        assert_eq!(h.get("White"), Some("two\nlines"));
        assert!(!is_tag_name(""));
        assert!(!is_tag_name("_a"));
    }

    #[test]
    fn buffer_is_compacted_and_values_survive() {
        let mut h = Headers::default();
        for i in 0..10_000 {
            h.insert("Annotator", &format!("value {i}")).unwrap();
            h.insert("White", &format!("white {i}")).unwrap();
        }
        assert!(h.text.len() < 4096, "{}", h.text.len());
        assert_eq!(h.get("Annotator"), Some("value 9999"));
        assert_eq!(h.get("White"), Some("white 9999"));
        assert_eq!(h.get("Date"), Some("????.??.??"));
    }

    #[test]
    fn variants() {
        let h: Headers = [("Variant", "Fischer Random")].into_iter().collect();
        assert!(h.is_chess960());
        assert_eq!(h.other_variant(), None);
        let h: Headers = [("Variant", "wild/8a")].into_iter().collect();
        assert!(h.is_wild());
        let h: Headers = [("Variant", "From Position")].into_iter().collect();
        assert_eq!(h.other_variant(), None);
        let h: Headers = [("Variant", "Atomic")].into_iter().collect();
        assert_eq!(h.other_variant(), Some("Atomic"));
    }
}
