//! What one Rust file says about modules: the modules it declares (inline or in files), the
//! names each module defines, its `use` bindings, and every path it writes that starts at
//! `crate`, `super` or `self` (or at a name of its own module, as uniform paths allow).

use super::rust_tokens::Token;

/// Where a path starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Base {
    /// `crate::` (or `$crate::`).
    Crate,
    /// `super::` this many times (1 or more).
    Super(usize),
    /// `self::`.
    SelfMod,
    /// A plain first segment: a name in scope in the module, or another crate.
    Plain,
}

/// A path as written, relative to the module it is written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Where it starts.
    pub base: Base,
    /// Its segments after the base (for `Plain`, all of them).
    pub segs: Vec<String>,
}

/// A module declared by a file: the file's own (index 0), or one of its inline `mod x { }`.
#[derive(Debug, Default)]
pub struct ScannedModule {
    /// The enclosing module in this file (`None` for the file's own module).
    pub parent: Option<usize>,
    /// The module's name (empty for the file's own).
    pub name: String,
    /// Whether it is behind `#[cfg(test)]` (its paths are not dependencies).
    pub test_only: bool,
    /// Names its items define (functions, types, traits, constants, statics, macros).
    pub items: Vec<String>,
    /// `use` bindings at its top level: the name bound, and the path (`None`: a glob).
    pub uses: Vec<(Option<String>, Path)>,
    /// Child modules in files: name, `#[path]` if given, `#[cfg(test)]`.
    pub file_children: Vec<(String, Option<String>, bool)>,
}

/// What a file says.
#[derive(Debug, Default)]
pub struct ScannedFile {
    /// Index 0 is the file's own module; the others its inline modules.
    pub modules: Vec<ScannedModule>,
    /// Every path the file writes (in `use` or in code), with the module it is written in.
    pub paths: Vec<(usize, Path)>,
}

const ITEM_KEYWORDS: [&str; 8] =
    ["fn", "struct", "enum", "union", "trait", "type", "const", "static"];

/// Scans a file's tokens.
pub fn scan(tokens: &[Token]) -> ScannedFile {
    let mut file = ScannedFile { modules: vec![ScannedModule::default()], paths: Vec::new() };
    // (brace depth at which the module's body is read, module index)
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    let mut depth = 0usize;
    let mut attrs = Attrs::default();
    let mut i = 0;
    while i < tokens.len() {
        let (top_depth, module) = *stack.last().expect("the file's module is never popped");
        let at_top = depth == top_depth;
        match &tokens[i] {
            Token::Punct('#') if matches!(tokens.get(i + 1), Some(Token::Punct('['))) => {
                i = attrs.read(tokens, i + 1);
                continue;
            }
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                if depth == top_depth && stack.len() > 1 {
                    stack.pop();
                }
                depth = depth.saturating_sub(1);
            }
            Token::Ident(word) if word == "mod" && at_top => {
                if let Some(Token::Ident(name)) = tokens.get(i + 1) {
                    let test = attrs.cfg_test || file.modules[module].test_only;
                    match tokens.get(i + 2) {
                        Some(Token::Punct('{')) => {
                            file.modules.push(ScannedModule {
                                parent: Some(module),
                                name: name.clone(),
                                test_only: test,
                                ..ScannedModule::default()
                            });
                            depth += 1;
                            stack.push((depth, file.modules.len() - 1));
                            attrs = Attrs::default();
                            i += 3;
                            continue;
                        }
                        _ => file.modules[module].file_children.push((
                            name.clone(),
                            attrs.path.take(),
                            test,
                        )),
                    }
                }
            }
            Token::Ident(word) if word == "use" => {
                let (trees, end) = use_trees(tokens, i + 1);
                for (bound, path) in trees {
                    if !file.modules[module].test_only && !attrs.cfg_test {
                        file.paths.push((module, path.clone()));
                    }
                    if at_top {
                        file.modules[module].uses.push((bound, path));
                    }
                }
                attrs = Attrs::default();
                i = end;
                continue;
            }
            Token::Ident(word) if at_top && ITEM_KEYWORDS.contains(&word.as_str()) => {
                if let Some(Token::Ident(name)) = tokens.get(i + 1)
                    && !ITEM_KEYWORDS.contains(&name.as_str())
                {
                    file.modules[module].items.push(name.clone());
                }
            }
            Token::Ident(word) if word == "macro_rules" => {
                if let (Some(Token::Punct('!')), Some(Token::Ident(name))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                {
                    file.modules[module].items.push(name.clone());
                }
            }
            Token::Ident(word)
                if matches!(word.as_str(), "crate" | "super" | "self")
                    && tokens.get(i + 1) == Some(&Token::PathSep)
                    && (i == 0 || tokens[i - 1] != Token::PathSep) =>
            {
                let (path, end) = path_at(tokens, i);
                if !file.modules[module].test_only {
                    file.paths.push((module, path));
                }
                i = end;
                continue;
            }
            _ => {}
        }
        if matches!(tokens[i], Token::Punct(';' | '{' | '}')) {
            attrs = Attrs::default();
        }
        i += 1;
    }
    file
}

/// The attributes read just before an item.
#[derive(Default)]
struct Attrs {
    cfg_test: bool,
    path: Option<String>,
}

impl Attrs {
    /// Reads `[ ... ]` from `open` (the `[`); returns the index after `]`.
    fn read(&mut self, tokens: &[Token], open: usize) -> usize {
        let mut depth = 0;
        let mut j = open;
        let start = open + 1;
        while j < tokens.len() {
            match tokens[j] {
                Token::Punct('[') => depth += 1,
                Token::Punct(']') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        let inner = &tokens[start.min(j)..j];
        let ident = |k: usize, s: &str| matches!(inner.get(k), Some(Token::Ident(w)) if w == s);
        if ident(0, "cfg") && ident(2, "test") && inner.len() == 4 {
            self.cfg_test = true;
        }
        if ident(0, "path")
            && let Some(Token::Literal(p)) = inner.get(2)
        {
            self.path = Some(p.clone());
        }
        j + 1
    }
}

/// The path of segments joined by `::` starting at `i` (a base keyword or a name).
fn path_at(tokens: &[Token], mut i: usize) -> (Path, usize) {
    let mut base = Base::Plain;
    let mut segs = Vec::new();
    let mut first = true;
    while let Some(Token::Ident(word)) = tokens.get(i) {
        match (word.as_str(), first, &base) {
            ("crate", true, _) => base = Base::Crate,
            ("self", true, _) => base = Base::SelfMod,
            ("super", true, _) => base = Base::Super(1),
            ("super", false, Base::Super(n)) if segs.is_empty() => base = Base::Super(n + 1),
            _ => segs.push(word.clone()),
        }
        first = false;
        if tokens.get(i + 1) == Some(&Token::PathSep)
            && matches!(tokens.get(i + 2), Some(Token::Ident(_)))
        {
            i += 2;
        } else {
            i += 1;
            break;
        }
    }
    (Path { base, segs }, i)
}

/// The bindings of a `use` declaration starting at `i` (just after `use`), and the index
/// after its `;`. A binding is the name it makes (`None` for a glob) and its full path.
fn use_trees(tokens: &[Token], mut i: usize) -> (Vec<(Option<String>, Path)>, usize) {
    if tokens.get(i) == Some(&Token::PathSep) {
        i += 1; // `use ::std::...`: another crate
    }
    let mut out = Vec::new();
    let end = tree(tokens, i, &Path { base: Base::Plain, segs: Vec::new() }, true, &mut out);
    let mut j = end;
    while j < tokens.len() && tokens[j] != Token::Punct(';') {
        j += 1;
    }
    (out, j + 1)
}

/// One use tree at `i` under `prefix`; returns the index after it.
fn tree(
    tokens: &[Token],
    i: usize,
    prefix: &Path,
    first: bool,
    out: &mut Vec<(Option<String>, Path)>,
) -> usize {
    let (mut path, mut j) = if matches!(tokens.get(i), Some(Token::Ident(_))) {
        let (p, j) = path_at(tokens, i);
        (join(prefix, &p, first), j)
    } else {
        (prefix.clone(), i)
    };
    // `a::b::` followed by `{` or `*`
    if tokens.get(j) == Some(&Token::PathSep) {
        j += 1;
    }
    match tokens.get(j) {
        Some(Token::Punct('*')) => {
            out.push((None, path));
            j + 1
        }
        Some(Token::Punct('{')) => {
            j += 1;
            while j < tokens.len() && tokens[j] != Token::Punct('}') {
                if tokens[j] == Token::Punct(',') {
                    j += 1;
                    continue;
                }
                let before = j;
                j = tree(tokens, j, &path, false, out);
                if j == before {
                    j += 1;
                }
            }
            j + 1
        }
        _ => {
            let mut name = path.segs.last().cloned();
            if tokens.get(j) == Some(&Token::Ident("as".into())) {
                if let Some(Token::Ident(alias)) = tokens.get(j + 1) {
                    name = Some(alias.clone());
                }
                j += 2;
            }
            if path.segs.last().is_some_and(|s| s == "self") {
                path.segs.pop();
                if name.as_deref() == Some("self") {
                    name = path.segs.last().cloned();
                }
            }
            if name.as_deref() == Some("_") {
                // `use Trait as _`: a dependency, binding no name; not a glob either.
                out.push((Some(String::new()), path));
                return j;
            }
            out.push((name, path));
            j
        }
    }
}

/// `prefix` followed by `rest` (a nested tree's path; only the outermost sets the base).
fn join(prefix: &Path, rest: &Path, first: bool) -> Path {
    if first {
        return rest.clone();
    }
    let mut segs = prefix.segs.clone();
    match rest.base {
        Base::SelfMod => segs.push("self".into()),
        Base::Super(n) => segs.extend(std::iter::repeat_n("super".to_owned(), n)),
        Base::Crate => segs.push("crate".into()),
        Base::Plain => {}
    }
    segs.extend(rest.segs.iter().cloned());
    Path { base: prefix.base.clone(), segs }
}
