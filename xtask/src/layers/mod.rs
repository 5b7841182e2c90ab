//! `cargo xtask layers`: the structure checked, not read by eye. It fails, naming the files
//! and the names that tie them, on
//! - any circle of files: inside a crate (arrows from `use crate::`, `super::`, `self::` and
//!   a module's own names to the file that defines what they name, found through the
//!   re-exports, and from a file to the child modules it declares) or inside a Python
//!   package of the workspace (its imports; `TYPE_CHECKING` and function-level ones count);
//!   `#[cfg(test)]` modules are leaves and draw no arrows;
//! - a workspace crate missing from the README's crates table, or depending on a crate
//!   that the table does not list above it.

mod crates;
mod graph;
mod python;
mod rust_modules;
mod rust_scan;
mod rust_tokens;

use crate::error::UserError;
use std::path::{Path, PathBuf};

/// `cargo xtask layers`: checks the workspace at `root` (default: this one).
pub fn run(root: Option<PathBuf>) -> Result<(), UserError> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new("."));
    check(&root.unwrap_or_else(|| here.to_path_buf()))
}

/// Checks the workspace at `root`; prints a line when it is in order, else each problem.
pub fn check(root: &Path) -> Result<(), UserError> {
    let root = root.canonicalize().map_err(|e| UserError(format!("{}: {e}", root.display())))?;
    let members = crates::members(&root).map_err(UserError)?;
    let mut problems = crates::problems(&members);
    let mut graph = graph::Graph::default();
    let mut packages = Vec::new();
    for member in &members {
        let dir = root.join(&member.folder);
        for crate_root in crate_roots(&dir) {
            rust_modules::add_crate(&mut graph, &root, &crate_root).map_err(UserError)?;
        }
        for package in python_packages(&dir) {
            python::add_package(&mut graph, &root, &package).map_err(UserError)?;
            packages.push(rust_modules::relative(&root, &package));
        }
    }
    for circle in graph.circles() {
        let mut text = format!("these files import each other: {}", circle.files.join(", "));
        for (from, to, names) in &circle.arrows {
            text.push_str(&format!("\n    {from} -> {to}: {}", names.join(", ")));
        }
        problems.push(text);
    }
    if problems.is_empty() {
        println!(
            "layers: {} files of {} crates{} with no circle; every crate depends only on the \
             crates above it in the README's table",
            graph.len(),
            members.len(),
            if packages.is_empty() {
                String::new()
            } else {
                format!(" and {}", packages.join(", "))
            },
        );
        return Ok(());
    }
    for problem in &problems {
        eprintln!("{problem}");
    }
    Err(UserError(format!("layers: {} problem(s), listed above", problems.len())))
}

/// The root files of a package's crates: library, binaries, build script, tests, examples,
/// benches.
fn crate_roots(dir: &Path) -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = ["src/lib.rs", "src/main.rs", "build.rs"]
        .iter()
        .map(|f| dir.join(f))
        .filter(|p| p.exists())
        .collect();
    for folder in ["src/bin", "tests", "examples", "benches"] {
        if let Ok(entries) = std::fs::read_dir(dir.join(folder)) {
            let mut found: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "rs"))
                .collect();
            found.sort();
            roots.extend(found);
        }
    }
    roots
}

/// The Python packages a member ships (`python/NAME/__init__.py`, maturin's layout).
fn python_packages(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir.join("python")) else { return Vec::new() };
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("__init__.py").exists())
        .collect();
    found.sort();
    found
}
