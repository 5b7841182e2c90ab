//! The format's tables and how each numbers its placements.
//!
//! A table is named by its material, White's then Black's, each king first and the other
//! pieces from the queen down (`kqkr`, `krpkp`). The set of names is fixed: a position
//! whose material is not a name is looked up with the colours swapped (`krkq` in `kqkr`).

mod schemes;
mod tables;

pub(crate) use schemes::Scheme;
pub(crate) use tables::flip_ns;

/// Every table of the format, up to five pieces.
pub(crate) const NAMES: [&str; 145] = [
    "kqk", "krk", "kbk", "knk", "kpk", //
    "kqkq", "kqkr", "kqkb", "kqkn", "krkr", "krkb", "krkn", "kbkb", "kbkn", "knkn", //
    "kqqk", "kqrk", "kqbk", "kqnk", "krrk", "krbk", "krnk", "kbbk", "kbnk", "knnk", //
    "kqkp", "krkp", "kbkp", "knkp", "kqpk", "krpk", "kbpk", "knpk", "kppk", "kpkp", //
    "kqqqk", "kqqrk", "kqqbk", "kqqnk", "kqrrk", "kqrbk", "kqrnk", "kqbbk", "kqbnk", "kqnnk",
    "krrrk", "krrbk", "krrnk", "krbbk", "krbnk", "krnnk", "kbbbk", "kbbnk", "kbnnk", "knnnk",
    "kqqkq", "kqqkr", "kqqkb", "kqqkn", "kqrkq", "kqrkr", "kqrkb", "kqrkn", "kqbkq", "kqbkr",
    "kqbkb", "kqbkn", "kqnkq", "kqnkr", "kqnkb", "kqnkn", "krrkq", "krrkr", "krrkb", "krrkn",
    "krbkq", "krbkr", "krbkb", "krbkn", "krnkq", "krnkr", "krnkb", "krnkn", "kbbkq", "kbbkr",
    "kbbkb", "kbbkn", "kbnkq", "kbnkr", "kbnkb", "kbnkn", "knnkq", "knnkr", "knnkb", "knnkn",
    "kqqpk", "kqrpk", "kqbpk", "kqnpk", "krrpk", "krbpk", "krnpk", "kbbpk", "kbnpk", "knnpk",
    "kqppk", "krppk", "kbppk", "knppk", //
    "kqpkq", "kqpkr", "kqpkb", "kqpkn", "krpkq", "krpkr", "krpkb", "krpkn", "kbpkq", "kbpkr",
    "kbpkb", "kbpkn", "knpkq", "knpkr", "knpkb", "knpkn", //
    "kppkq", "kppkr", "kppkb", "kppkn", //
    "kqqkp", "kqrkp", "kqbkp", "kqnkp", "krrkp", "krbkp", "krnkp", "kbbkp", "kbnkp", "knnkp",
    "kqpkp", "krpkp", "kbpkp", "knpkp", "kppkp", "kpppk",
];

/// One of the format's tables: its name and layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Table {
    pub(crate) name: &'static str,
    pub(crate) scheme: Scheme,
}

/// The table named `name`, if the format has one (the layouts are worked out once).
pub(crate) fn table(name: &str) -> Option<Table> {
    static SCHEMES: std::sync::OnceLock<Vec<Scheme>> = std::sync::OnceLock::new();
    let schemes = SCHEMES.get_or_init(|| {
        NAMES.iter().map(|n| scheme_of(n).expect("every table has a layout")).collect()
    });
    let i = NAMES.iter().position(|&n| n == name)?;
    Some(Table { name: NAMES[i], scheme: schemes[i] })
}

/// The layout of a table (one of [`NAMES`]).
fn scheme_of(name: &str) -> Option<Scheme> {
    use Scheme::*;
    let (white, black) = name.strip_prefix('k')?.split_once('k')?;
    // Pieces as the layouts name them: `p` for a pawn, the others by their order of
    // appearance (`a`, `b`, `c`).
    let shape = |side: &str, mut next: u8, seen: &mut Vec<(char, u8)>| -> (String, u8) {
        let mut out = String::new();
        for c in side.chars() {
            if c == 'p' {
                out.push('p');
                continue;
            }
            let letter = match seen.iter().find(|(piece, _)| *piece == c) {
                Some(&(_, l)) => l,
                None => {
                    let l = next;
                    next += 1;
                    seen.push((c, l));
                    l
                }
            };
            out.push(char::from(letter));
        }
        (out, next)
    };
    let mut seen = Vec::new();
    let (w, next) = shape(white, b'a', &mut seen);
    // Black's pieces are named apart from White's: `kqkq` is `kakb`.
    let (b, _) = shape(black, next, &mut Vec::new());
    Some(match (w.as_str(), b.as_str()) {
        ("a", "") => Kxk,
        ("p", "") => Kpk,
        ("a", "b") => Kakb,
        ("aa", "") => Kaak,
        ("ab", "") => Kabk,
        ("a", "p") => Kakp,
        ("ap", "") => Kapk,
        ("pp", "") => Kppk,
        ("p", "p") => Kpkp,
        ("aaa", "") => Kaaak,
        ("aab", "") => Kaabk,
        ("abb", "") => Kabbk,
        ("abc", "") => Kabck,
        ("aa", "b") => Kaakb,
        ("ab", "c") => Kabkc,
        ("aap", "") => Kaapk,
        ("abp", "") => Kabpk,
        ("app", "") => Kappk,
        ("ap", "b") => Kapkb,
        ("pp", "a") => Kppka,
        ("aa", "p") => Kaakp,
        ("ab", "p") => Kabkp,
        ("ap", "p") => Kapkp,
        ("pp", "p") => Kppkp,
        ("ppp", "") => Kpppk,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_has_a_layout_and_the_formats_size() {
        for name in NAMES {
            assert!(scheme_of(name).is_some(), "{name}");
        }
        assert_eq!(scheme_of("kqk").map(Scheme::size), Some(29568));
        assert_eq!(scheme_of("kqkq"), Some(Scheme::Kakb));
        assert_eq!(scheme_of("kqrkq"), Some(Scheme::Kabkc));
        assert_eq!(scheme_of("kqqkq"), Some(Scheme::Kaakb));
        assert_eq!(scheme_of("krrkp"), Some(Scheme::Kaakp));
        assert_eq!(scheme_of("kppkq"), Some(Scheme::Kppka));
    }
}
