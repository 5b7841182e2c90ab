//! The Python extension the tests load, built once: `cargo test` builds lerf-python's
//! library (a cdylib; its test `extension_built` checks it) with the other test artifacts,
//! and this puts it where `import lerf` finds it, as `maturin develop` would: the shared
//! object beside the package's Python files, and a `.pth` file in the test environment
//! naming that folder. A second, release build of the whole dependency tree (2 min 41 s of
//! the command on a fresh clone) is not made; wheels are still maturin's (`pyproject.toml`).

use crate::error::UserError;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The package's Python folder, where the extension goes.
fn package_dir(root: &Path) -> PathBuf {
    root.join("crates").join("python").join("python")
}

/// The cdylib cargo left for the test profile (`target/debug/deps`, where the test
/// `extension_built` found and checked it).
fn built(target: &Path) -> PathBuf {
    let name = format!("{}_lerf{}", std::env::consts::DLL_PREFIX, std::env::consts::DLL_SUFFIX);
    target.join("debug").join("deps").join(name)
}

/// Copies the extension into the package (`lerf/_lerf.abi3.so`, the stable ABI's name) and
/// points the test environment's `python` at the package.
pub fn install(root: &Path, target: &Path, python: &Path) -> Result<(), UserError> {
    let from = built(target);
    let into = package_dir(root).join("lerf").join("_lerf.abi3.so");
    // A new file renamed over the old: a Python still running the old one keeps its mapping.
    let part = into.with_extension("so.part");
    std::fs::copy(&from, &part).and_then(|_| std::fs::rename(&part, &into)).map_err(|e| {
        UserError(format!("installing {} as {}: {e}", from.display(), into.display()))
    })?;
    let site = site_packages(python)?;
    if site.join("lerf").is_dir() {
        // A wheel installed into the environment would be imported before the `.pth` path.
        let mut uninstall = Command::new(python);
        uninstall.args(["-m", "pip", "uninstall", "--yes", "--quiet", "lerf"]);
        crate::step::step(
            "removing the lerf wheel installed in the test environment",
            &mut uninstall,
        )?;
    }
    let pth = site.join("lerf.pth");
    let line = format!("{}\n", package_dir(root).display());
    std::fs::write(&pth, line).map_err(|e| UserError(format!("{}: {e}", pth.display())))
}

/// The environment's `site-packages`, as its interpreter names it.
fn site_packages(python: &Path) -> Result<PathBuf, UserError> {
    let out = Command::new(python)
        .args(["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
        .output()
        .map_err(|e| UserError(format!("cannot run {}: {e}", python.display())))?;
    if !out.status.success() {
        return Err(UserError(format!("{} could not name its site-packages", python.display())));
    }
    Ok(PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
}
