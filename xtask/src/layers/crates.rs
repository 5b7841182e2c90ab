//! The crates' order: the README's crates table lists the workspace's crates top down, and
//! a crate may depend only on crates in rows above its own. Read from the README and each
//! member's `Cargo.toml` (its `[dependencies]`, `[build-dependencies]` and
//! `[dev-dependencies]`, target-specific ones included).

use std::path::{Path, PathBuf};

/// A workspace member: its folder (relative, `/`-separated), package name and table row.
#[derive(Debug)]
pub struct Member {
    /// The folder, as the README writes it.
    pub folder: String,
    /// The package name from its `Cargo.toml`.
    pub name: String,
    /// Its row in the README's crates table (`None`: not in the table).
    pub row: Option<usize>,
    /// The workspace packages it depends on, with the section that says so.
    pub deps: Vec<(String, String)>,
}

/// The workspace's members (from the root manifest's `members`), placed in the README's table.
pub fn members(root: &Path) -> Result<Vec<Member>, String> {
    let manifest = read(&root.join("Cargo.toml"))?;
    let rows = table_rows(&read(&root.join("README.md"))?);
    let mut folders = Vec::new();
    for pattern in array(&manifest, "members") {
        match pattern.strip_suffix("/*") {
            Some(parent) => {
                let dir = root.join(parent);
                let entries = std::fs::read_dir(&dir)
                    .map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
                let mut found: Vec<PathBuf> = entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.join("Cargo.toml").exists())
                    .collect();
                found.sort();
                folders.extend(found.iter().map(|p| format!("{parent}/{}", file_name(p))));
            }
            None => folders.push(pattern),
        }
    }
    let mut members = Vec::new();
    for folder in folders {
        let text = read(&root.join(&folder).join("Cargo.toml"))?;
        let name = package_name(&text)
            .ok_or_else(|| format!("{folder}/Cargo.toml has no package name"))?;
        let row = rows.iter().position(|r| r.contains(&folder));
        members.push(Member { folder, name, row, deps: dependencies(&text) });
    }
    let names: Vec<String> = members.iter().map(|m| m.name.clone()).collect();
    for m in &mut members {
        m.deps.retain(|(d, _)| names.contains(d));
    }
    Ok(members)
}

/// What is wrong with the members' order: a member missing from the table, or a dependency
/// on a crate whose row is not above the dependent's.
pub fn problems(members: &[Member]) -> Vec<String> {
    let mut out = Vec::new();
    for m in members {
        let Some(row) = m.row else {
            out.push(format!("{} ({}) is not in the README's crates table", m.name, m.folder));
            continue;
        };
        for (dep, section) in &m.deps {
            let Some(other) = members.iter().find(|o| &o.name == dep) else { continue };
            if other.row.is_some_and(|r| r >= row) {
                out.push(format!(
                    "{} (row {} of the README's crates table) depends on {} (row {}) in [{section}]: \
                     a crate depends only on the crates above it",
                    m.name,
                    row + 1,
                    other.name,
                    other.row.map_or(0, |r| r + 1)
                ));
            }
        }
    }
    out
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// The folders of each row of the README's table headed `| folder | crate | ...`: the
/// backquoted words of each row's first cell.
fn table_rows(readme: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut inside = false;
    for line in readme.lines() {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
        if !line.trim_start().starts_with('|') {
            inside = false;
            continue;
        }
        if cells.first() == Some(&"folder") && cells.get(1) == Some(&"crate") {
            inside = true;
            continue;
        }
        if inside && !cells[0].starts_with("--") {
            rows.push(cells[0].split('`').skip(1).step_by(2).map(str::to_owned).collect());
        }
    }
    rows
}

/// The strings of `key = [ ... ]` (on one or several lines).
fn array(manifest: &str, key: &str) -> Vec<String> {
    let Some(at) = manifest.lines().position(|l| l.trim_start().starts_with(&format!("{key} ")))
    else {
        return Vec::new();
    };
    let text: String = manifest.lines().skip(at).collect::<Vec<_>>().join("\n");
    let open = text.find('[').unwrap_or(0);
    let close = text.find(']').unwrap_or(text.len());
    text[open + 1..close.max(open + 1)].split('"').skip(1).step_by(2).map(str::to_owned).collect()
}

fn package_name(manifest: &str) -> Option<String> {
    let mut in_package = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package && let Some(value) = line.strip_prefix("name") {
            return value
                .trim_start()
                .strip_prefix('=')
                .map(|v| v.trim().trim_matches('"').to_owned());
        }
    }
    None
}

/// Every (package, section) of the manifest's dependency sections.
fn dependencies(manifest: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut section: Option<String> = None;
    for line in manifest.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_end_matches(']').trim_matches('[').trim();
            let last = header.rsplit('.').next().unwrap_or("");
            let kinds = ["dependencies", "dev-dependencies", "build-dependencies"];
            section = None;
            if kinds.contains(&last) {
                section = Some(header.to_owned());
            } else if let Some((rest, name)) = header.rsplit_once('.')
                && let Some(kind) = kinds.iter().rev().find(|k| rest.ends_with(*k))
            {
                // `[dependencies.name]` (the longer kinds first: `dev-dependencies` also
                // ends with `dependencies`)
                out.push((name.trim_matches('"').to_owned(), (*kind).to_owned()));
            }
            continue;
        }
        if let Some(section) = &section {
            let key: String = line
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            if !key.is_empty() && !line.starts_with('#') {
                out.push((key, section.clone()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{dependencies, table_rows};

    #[test]
    fn a_manifest_names_its_dependencies_by_section() {
        let text = "[package]\nname = \"x\"\n[dependencies]\na.workspace = true\nb = { path = \"b\" }\n\
                    # c = 1\n[target.'cfg(unix)'.dev-dependencies]\nd = \"1\"\n[dependencies.e]\npath = \"e\"\n";
        let deps = dependencies(text);
        let names: Vec<&str> = deps.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["a", "b", "d", "e"]);
        assert_eq!(deps[2].1, "target.'cfg(unix)'.dev-dependencies");
    }

    #[test]
    fn the_readme_table_gives_its_rows_folders() {
        let readme = "text\n\n| folder | crate | holds |\n|---|---|---|\n| `crates/a` | `x-a` | a |\n\
                      | `tools`, `tools/b` | | b |\n\nafter\n| `crates/z` | | not the table |\n";
        assert_eq!(table_rows(readme), vec![vec!["crates/a"], vec!["tools", "tools/b"]]);
    }
}
