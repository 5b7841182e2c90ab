//! `cargo xtask layers` on small workspaces written here: a tree in order passes, and each
//! kind of fault planted in it (files importing each other, through `use`, a parent's own
//! names, or Python imports; a crate reaching up the README's table; a crate missing from
//! it) fails, naming the files and the names that tie them.

use std::path::{Path, PathBuf};
use std::process::Output;

/// A workspace of two crates (`crates/low`, `crates/high`, high depending on low) and a
/// Python package, in order; `plant` writes files over it before the check.
struct Tree {
    root: PathBuf,
}

impl Tree {
    fn new(name: &str) -> Tree {
        let root = std::env::temp_dir().join(format!("lerf-layers-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let tree = Tree { root };
        tree.write("Cargo.toml", "[workspace]\nmembers = [\"crates/*\"]\n");
        tree.write(
            "README.md",
            "# t\n\n| folder | crate | holds |\n|---|---|---|\n| `crates/low` | `t-low` | below |\n\
             | `crates/high` | `t-high` | above |\n",
        );
        tree.write(
            "crates/low/Cargo.toml",
            "[package]\nname = \"t-low\"\n\n[dependencies]\nserde = \"1\"\n",
        );
        tree.write(
            "crates/low/src/lib.rs",
            "//! Low.\nmod shapes;\nmod sizes;\npub use shapes::Shape;\npub use sizes::{Size, area};\n",
        );
        tree.write("crates/low/src/shapes.rs", "use crate::Size;\npub struct Shape(pub Size);\n");
        tree.write(
            "crates/low/src/sizes.rs",
            "/// use crate::shapes::Shape; (a comment is no import)\npub struct Size(pub u8);\n\
             pub fn area(s: Size) -> u8 { let _ = \"crate::shapes::Shape\"; s.0 }\n\
             #[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::shapes::Shape;\n}\n",
        );
        tree.write(
            "crates/high/Cargo.toml",
            "[package]\nname = \"t-high\"\n\n[dependencies]\nt-low = { path = \"../low\" }\n",
        );
        tree.write(
            "crates/high/src/lib.rs",
            "//! High.\npub mod board;\n#[cfg(test)]\nmod tests;\n",
        );
        tree.write(
            "crates/high/src/board/mod.rs",
            "mod cells;\nmod pieces;\npub use cells::Cell;\npub use pieces::Piece;\n",
        );
        tree.write("crates/high/src/board/cells.rs", "pub struct Cell;\n");
        tree.write(
            "crates/high/src/board/pieces.rs",
            "use super::Cell;\npub struct Piece(pub Cell);\n",
        );
        tree.write("crates/high/src/tests.rs", "use super::board::*;\n");
        tree.write("crates/high/python/pkg/__init__.py", "from ._a import A\nfrom . import _b\n");
        tree.write(
            "crates/high/python/pkg/_a.py",
            "\"\"\"from ._b import B (a docstring)\"\"\"\nA = 1\n",
        );
        tree.write("crates/high/python/pkg/_b.py", "from ._a import A\nimport pkg._a\n");
        tree
    }

    fn write(&self, path: &str, text: &str) {
        let path = self.root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn check(&self) -> Output {
        std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
            .args(["layers", "--root"])
            .arg(&self.root)
            .output()
            .expect("the xtask binary runs")
    }

    /// Runs the check, which must fail; returns what it printed.
    fn fails(&self) -> String {
        let out = self.check();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "the check passed: {err}");
        err
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn assert_names(err: &str, words: &[&str]) {
    for word in words {
        assert!(err.contains(word), "{word:?} not named in:\n{err}");
    }
}

#[test]
fn a_tree_in_order_passes() {
    let tree = Tree::new("ordered");
    let out = tree.check();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("no circle"), "{text}");
}

#[test]
fn two_files_using_each_others_names_fail() {
    let tree = Tree::new("siblings");
    tree.write(
        "crates/low/src/sizes.rs",
        "pub struct Size(pub u8);\npub fn area(s: crate::Shape) -> u8 { 0 }\n",
    );
    let err = tree.fails();
    assert_names(&err, &["crates/low/src/shapes.rs", "crates/low/src/sizes.rs", "Shape", "Size"]);
}

#[test]
fn a_circle_through_a_use_tree_and_a_glob_fails() {
    let tree = Tree::new("glob");
    tree.write(
        "crates/low/src/lib.rs",
        "mod shapes;\nmod sizes;\npub use shapes::*;\npub use sizes::{self as s, Size, area};\n",
    );
    tree.write(
        "crates/low/src/sizes.rs",
        "use crate::{Shape as Form};\npub struct Size(pub u8);\npub fn area() {}\n",
    );
    let err = tree.fails();
    assert_names(
        &err,
        &[
            "shapes.rs -> crates/low/src/sizes.rs: Size",
            "sizes.rs -> crates/low/src/shapes.rs: Shape",
        ],
    );
}

#[test]
fn a_child_reaching_back_into_its_parent_fails() {
    let tree = Tree::new("parent");
    tree.write(
        "crates/high/src/board/mod.rs",
        "mod cells;\nmod pieces;\npub use pieces::Piece;\npub struct Cell;\n",
    );
    let err = tree.fails();
    assert_names(
        &err,
        &[
            "board/mod.rs -> crates/high/src/board/pieces.rs: Piece, mod pieces",
            "pieces.rs -> crates/high/src/board/mod.rs: Cell",
        ],
    );
}

#[test]
fn a_circle_in_the_python_package_fails_even_behind_type_checking() {
    let tree = Tree::new("python");
    tree.write(
        "crates/high/python/pkg/_a.py",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ._b import (\n        B,\n    )\nA = 1\n",
    );
    let err = tree.fails();
    assert_names(
        &err,
        &[
            "pkg/_a.py -> crates/high/python/pkg/_b.py: B",
            "pkg/_b.py -> crates/high/python/pkg/_a.py: A",
        ],
    );
}

#[test]
fn a_crate_depending_on_one_below_it_in_the_table_fails() {
    let tree = Tree::new("upward");
    tree.write(
        "crates/low/Cargo.toml",
        "[package]\nname = \"t-low\"\n\n[dev-dependencies.t-high]\npath = \"../high\"\n",
    );
    let err = tree.fails();
    assert_names(&err, &["t-low (row 1", "depends on t-high (row 2)", "dev-dependencies"]);
}

#[test]
fn a_crate_missing_from_the_table_fails() {
    let tree = Tree::new("missing");
    tree.write("crates/extra/Cargo.toml", "[package]\nname = \"t-extra\"\n");
    tree.write("crates/extra/src/lib.rs", "//! Extra.\n");
    let err = tree.fails();
    assert_names(&err, &["t-extra (crates/extra) is not in the README's crates table"]);
}

#[test]
fn this_workspace_passes() {
    let root: &Path = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["layers", "--root"])
        .arg(root)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
