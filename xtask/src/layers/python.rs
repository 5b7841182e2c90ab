//! A Python package's files as a graph: an arrow from a module to each module of the package
//! it imports (at the top, in a function, or under `TYPE_CHECKING`: every `import` and
//! `from ... import` statement counts). `from pkg import name` points at `pkg.name` when
//! that is a module, else at `pkg`'s own file.

use super::graph::Graph;
use super::rust_modules::relative;
use std::path::{Path, PathBuf};

/// Adds every module of the package in `dir` (a folder with `__init__.py`) to `graph`.
pub fn add_package(graph: &mut Graph, base: &Path, dir: &Path) -> Result<(), String> {
    let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let mut files = Vec::new();
    collect(dir, &mut files)?;
    for file in &files {
        let source = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let module = module_of(dir, &name, file);
        let is_package = file.file_name().is_some_and(|n| n == "__init__.py");
        let here = relative(base, file);
        graph.arrow(&here, &here, "");
        for statement in statements(&strip(&source)) {
            for (choices, label) in imports(&statement, &module, is_package, &name) {
                if let Some(to) = choices.iter().find_map(|t| file_of(dir, &name, t)) {
                    graph.arrow(&here, &relative(base, &to), &label);
                }
            }
        }
    }
    Ok(())
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() && path.join("__init__.py").exists() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "py") {
            out.push(path);
        }
    }
    Ok(())
}

/// The dotted name of `file` in the package `name` at `dir`.
fn module_of(dir: &Path, name: &str, file: &Path) -> Vec<String> {
    let mut parts = vec![name.to_owned()];
    if let Ok(rel) = file.strip_prefix(dir) {
        parts.extend(rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()));
    }
    if let Some(last) = parts.pop() {
        let stem = last.strip_suffix(".py").unwrap_or(&last).to_owned();
        if stem != "__init__" {
            parts.push(stem);
        }
    }
    parts
}

/// The file of the dotted module `target`, if it is one of the package's.
fn file_of(dir: &Path, name: &str, target: &[String]) -> Option<PathBuf> {
    if target.first().map(String::as_str) != Some(name) {
        return None;
    }
    let folder = target[1..].iter().fold(dir.to_path_buf(), |d, p| d.join(p));
    let package = folder.join("__init__.py");
    if package.exists() {
        return Some(package);
    }
    let module = folder.with_extension("py");
    (target.len() > 1 && module.exists()).then_some(module)
}

/// The source with comments and string literals replaced by spaces (their newlines kept).
fn strip(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '"' || c == '\'' {
            let triple = chars.get(i + 1) == Some(&c) && chars.get(i + 2) == Some(&c);
            let width = if triple { 3 } else { 1 };
            i += width;
            out.push_str("\"\"");
            while i < chars.len() {
                if chars[i] == '\\' {
                    i += 2;
                    continue;
                }
                if chars[i] == c
                    && (!triple || (chars.get(i + 1) == Some(&c) && chars.get(i + 2) == Some(&c)))
                {
                    i += width;
                    break;
                }
                if chars[i] == '\n' {
                    out.push('\n');
                    if !triple {
                        i += 1;
                        break;
                    }
                }
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Logical lines: physical lines joined inside brackets and after a backslash, split at `;`.
fn statements(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut depth = 0i32;
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            '\\' if chars.peek() == Some(&'\n') => {
                chars.next();
                current.push(' ');
                continue;
            }
            '\n' | ';' if depth <= 0 => {
                out.push(std::mem::take(&mut current));
                depth = 0;
                continue;
            }
            '\n' => {
                current.push(' ');
                continue;
            }
            _ => {}
        }
        current.push(c);
    }
    out.push(current);
    out
}

/// The modules an import statement names (for `from a import b`: `a.b` if it is a module,
/// else `a`), with the names it takes from each.
fn imports(
    statement: &str,
    module: &[String],
    is_package: bool,
    package: &str,
) -> Vec<(Vec<Vec<String>>, String)> {
    let words: Vec<&str> = statement.split_whitespace().collect();
    let mut out = Vec::new();
    match words.first() {
        Some(&"import") => {
            let rest = statement.trim_start()["import".len()..].to_owned();
            for part in rest.split(',') {
                let dotted = part.split_whitespace().next().unwrap_or("");
                let target: Vec<String> = dotted.split('.').map(str::to_owned).collect();
                if target.first().map(String::as_str) == Some(package) {
                    out.push((vec![target], dotted.to_owned()));
                }
            }
        }
        Some(&"from") if words.len() >= 4 => {
            let source = words[1];
            let Some(at) = statement.find(" import ") else { return out };
            let names = statement[at + " import ".len()..].replace(['(', ')'], " ");
            let dots = source.len() - source.trim_start_matches('.').len();
            let mut base: Vec<String> = if dots == 0 {
                Vec::new()
            } else {
                // Relative: from the module's package, one level up per extra dot.
                let mut b = module.to_vec();
                if !is_package {
                    b.pop();
                }
                for _ in 1..dots {
                    b.pop();
                }
                b
            };
            base.extend(
                source
                    .trim_start_matches('.')
                    .split('.')
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned),
            );
            for name in names.split(',') {
                let Some(name) = name.split_whitespace().next() else { continue };
                let mut sub = base.clone();
                sub.push(name.to_owned());
                out.push((vec![sub, base.clone()], name.to_owned()));
            }
        }
        _ => {}
    }
    out
}
