//! A Rust crate's files as a graph: each file's module tree from its root (`mod` in files,
//! `#[path]`, inline modules), and an arrow from a file to each file that defines a name it
//! uses, found through the modules' `use` bindings and globs as the compiler finds them. A
//! file that declares a child module (other than `#[cfg(test)]`) points at it too.

use super::graph::Graph;
use super::rust_scan::{Base, Path, ScannedFile, scan};
use super::rust_tokens::tokenize;
use std::collections::BTreeMap;
use std::path::{Path as FsPath, PathBuf};

/// A module of the crate: a file's own, or an inline one.
struct Module {
    file: usize,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    items: Vec<String>,
    uses: Vec<(Option<String>, Path)>,
}

/// What a path leads to.
#[derive(Clone, Copy)]
enum Target {
    Module(usize),
    Item(usize),
}

/// A crate being read: its files and modules.
struct Crate {
    files: Vec<PathBuf>,
    scans: Vec<ScannedFile>,
    /// For each file, its scanned modules' indices in `modules`.
    module_ids: Vec<Vec<usize>>,
    modules: Vec<Module>,
    /// Parent file's module declarations: (parent file, child file, child name).
    declared: Vec<(usize, usize, String)>,
}

/// Adds the files of the crate whose root file is `root` to `graph`, with their arrows.
/// Files are named relative to `base`. A declared module whose file is missing is an error.
pub fn add_crate(graph: &mut Graph, base: &FsPath, root: &FsPath) -> Result<(), String> {
    let mut krate = Crate {
        files: Vec::new(),
        scans: Vec::new(),
        module_ids: Vec::new(),
        modules: Vec::new(),
        declared: Vec::new(),
    };
    krate.load(root, None, true)?;
    let name = |f: usize| relative(base, &krate.files[f]);
    for (parent, child, module) in &krate.declared {
        graph.arrow(&name(*parent), &name(*child), &format!("mod {module}"));
    }
    for (file, scanned) in krate.scans.iter().enumerate() {
        for (local, path) in &scanned.paths {
            let module = krate.module_ids[file][*local];
            let Some(target) = krate.resolve(module, path, 0) else { continue };
            let to = match target {
                Target::Module(m) => krate.modules[m].file,
                Target::Item(f) => f,
            };
            if to != file {
                let label = path.segs.last().cloned().unwrap_or_else(|| base_word(&path.base));
                graph.arrow(&name(file), &name(to), &label);
            }
        }
    }
    Ok(())
}

fn base_word(base: &Base) -> String {
    match base {
        Base::Crate => "crate".into(),
        Base::Super(_) => "super".into(),
        Base::SelfMod | Base::Plain => "self".into(),
    }
}

/// `path` relative to `base`, with `/` separators.
pub fn relative(base: &FsPath, path: &FsPath) -> String {
    let rel = path.strip_prefix(base).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

impl Crate {
    /// Reads `path` as the module file of `parent` (a module index), then its children.
    fn load(
        &mut self,
        path: &FsPath,
        parent: Option<usize>,
        owns_dir: bool,
    ) -> Result<usize, String> {
        let source = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let scanned = scan(&tokenize(&source));
        let file = self.files.len();
        self.files.push(path.to_path_buf());
        let mut ids = Vec::new();
        for m in &scanned.modules {
            let id = self.modules.len();
            let parent = match m.parent {
                Some(local) => Some(ids[local]),
                None => parent,
            };
            self.modules.push(Module {
                file,
                parent,
                children: BTreeMap::new(),
                items: m.items.clone(),
                uses: m.uses.clone(),
            });
            if let (Some(_), Some(p)) = (m.parent, parent) {
                self.modules[p].children.insert(m.name.clone(), id);
            }
            ids.push(id);
        }
        let dir = path.parent().unwrap_or(FsPath::new(".")).to_path_buf();
        let own_dir =
            if owns_dir { dir.clone() } else { dir.join(path.file_stem().unwrap_or_default()) };
        let children: Vec<(usize, String, Option<String>, bool)> = scanned
            .modules
            .iter()
            .enumerate()
            .flat_map(|(local, m)| {
                m.file_children.iter().map(move |(n, p, t)| (local, n.clone(), p.clone(), *t))
            })
            .collect();
        let inline_dirs: Vec<PathBuf> = (0..scanned.modules.len())
            .map(|local| {
                let mut names = Vec::new();
                let mut at = Some(local);
                while let Some(l) = at {
                    if scanned.modules[l].parent.is_some() {
                        names.push(scanned.modules[l].name.clone());
                    }
                    at = scanned.modules[l].parent;
                }
                names.iter().rev().fold(own_dir.clone(), |d, n| d.join(n))
            })
            .collect();
        self.scans.push(scanned);
        self.module_ids.push(ids.clone());
        for (local, name, attr_path, test_only) in children {
            let (child_path, owns) = match attr_path {
                Some(p) => (dir.join(p), true),
                None => {
                    let flat = inline_dirs[local].join(format!("{name}.rs"));
                    if flat.exists() {
                        (flat, false)
                    } else {
                        (inline_dirs[local].join(&name).join("mod.rs"), true)
                    }
                }
            };
            if !child_path.exists() {
                return Err(format!(
                    "{} declares `mod {name};` but neither {name}.rs nor {name}/mod.rs is there",
                    path.display()
                ));
            }
            let child_file = self.files.len();
            let child_module = self.modules.len();
            self.load(&child_path, Some(ids[local]), owns)?;
            self.modules[ids[local]].children.insert(name.clone(), child_module);
            if !test_only {
                self.declared.push((file, child_file, name));
            }
        }
        Ok(file)
    }

    /// What `path`, written in `module`, leads to (`None`: another crate's, or not found).
    fn resolve(&self, module: usize, path: &Path, depth: usize) -> Option<Target> {
        if depth > 24 {
            return None;
        }
        let start = match path.base {
            Base::Crate => self.root_of(module),
            Base::SelfMod => module,
            Base::Super(n) => {
                let mut m = module;
                for _ in 0..n {
                    m = self.modules[m].parent?;
                }
                m
            }
            Base::Plain => {
                let first = path.segs.first()?;
                if !self.binds(module, first) {
                    return None;
                }
                module
            }
        };
        self.find(start, &path.segs, depth + 1)
    }

    fn root_of(&self, mut module: usize) -> usize {
        while let Some(p) = self.modules[module].parent {
            module = p;
        }
        module
    }

    /// Whether `name` is a child module, an item or a `use` binding of `module`.
    fn binds(&self, module: usize, name: &str) -> bool {
        let m = &self.modules[module];
        m.children.contains_key(name)
            || m.items.iter().any(|i| i == name)
            || m.uses.iter().any(|(b, _)| b.as_deref() == Some(name))
    }

    /// Walks `segs` from `module`.
    fn find(&self, module: usize, segs: &[String], depth: usize) -> Option<Target> {
        if depth > 24 {
            return None;
        }
        let Some((first, rest)) = segs.split_first() else {
            return Some(Target::Module(module));
        };
        let m = &self.modules[module];
        match first.as_str() {
            "super" => return self.find(m.parent?, rest, depth + 1),
            "self" => return self.find(module, rest, depth + 1),
            "crate" => return self.find(self.root_of(module), rest, depth + 1),
            _ => {}
        }
        if let Some(&child) = m.children.get(first) {
            return self.find(child, rest, depth + 1);
        }
        if m.items.iter().any(|i| i == first) {
            return Some(Target::Item(m.file));
        }
        if let Some((_, path)) = m.uses.iter().find(|(b, _)| b.as_deref() == Some(first)) {
            return match (self.resolve(module, path, depth + 1)?, rest.is_empty()) {
                (target, true) => Some(target),
                (Target::Module(next), false) => self.find(next, rest, depth + 1),
                (item @ Target::Item(_), false) => Some(item),
            };
        }
        m.uses.iter().filter(|(b, _)| b.is_none()).find_map(|(_, glob)| {
            match self.resolve(module, glob, depth + 1)? {
                Target::Module(source) if source != module => self.find(source, segs, depth + 1),
                _ => None,
            }
        })
    }
}
