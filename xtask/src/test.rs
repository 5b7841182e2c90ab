//! `cargo xtask test`: every test of the project on a fresh machine. The Rust workspace's
//! tests, then the Python package: a virtual environment under `target/`, python-chess (the
//! reference) and pytest from PyPI, the extension the Rust tests' build made put into the
//! package (`extension.rs`), then the package's tests.

use crate::error::UserError;
use crate::step::{show_log, step, step_logged};
use std::path::{Path, PathBuf};
use std::process::Command;

/// What the Python tests install, pinned where the tests compare against it.
const PYTHON_PACKAGES: [&str; 14] = [
    // Not for the tests (they load the extension the Rust tests' build made): for the
    // Python benchmarks' release builds (`maturin develop --release`).
    "maturin>=1.5,<2",
    "pytest>=7",
    // The tests spread over the machine's cores (CI, 2 cores: 150 s -> 83 s).
    "pytest-xdist",
    "numpy",
    "pyarrow",
    "chess==1.11.2",
    "zstandard",
    "dask[dataframe]",
    "distributed",
    // Readers of the Arrow C stream the rows are handed over through.
    "polars",
    "duckdb",
    // Screenshots of lerf.svg's and python-chess's boards compared pixel by pixel, and
    // IPython's display formatter, which notebooks show values through.
    "pillow",
    "ipython",
    // The type checker that checks lerf's annotations against python-chess's.
    "mypy",
];

/// What `cargo xtask test` runs (its flags: `cli.rs`).
pub struct Args {
    /// Only the Rust tests (`cargo test --workspace --all-features`).
    pub rust_only: bool,
    /// Only the Python package's tests.
    pub python_only: bool,
    /// The long runs at full size (what CI runs).
    pub long: bool,
}

pub fn run(args: Args) -> Result<(), UserError> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new("."));
    let start = std::time::Instant::now();
    eprintln!("== layers (cargo xtask layers)");
    crate::layers::check(root)?;
    // PyO3 builds for the interpreter the test environment is made from (the environment's
    // `python` is that interpreter), so the build need not wait for the environment.
    let base = if args.rust_only { None } else { Some(base_python()?) };
    // Where python-chess's sdist will be: the Rust tests read it when they run, not when
    // they build, so it downloads beside the build.
    let sdist = (!args.python_only).then(|| python_chess_sdist_dir(root));
    let rust =
        |build_only| cargo_test(root, args.long, base.as_deref(), sdist.as_deref(), build_only);
    let result = std::thread::scope(|scope| {
        // The test environment, its packages and python-chess's sdist come from PyPI
        // (waiting and unpacking, about one core) while the Rust tests build.
        let setup = scope.spawn(|| python_setup(root, &args));
        let build = match &base {
            Some(python) if args.python_only => python_builds(root, python),
            _ => step("Rust tests: build (the Python extension too)", &mut rust(true)),
        };
        build.and(joined(setup.join(), "the Python setup"))
    });
    result?;
    if args.rust_only {
        step("Rust tests: run", &mut rust(false))?;
    } else if args.python_only {
        python_tests(root, args.long)?;
    } else {
        // The Rust tests run beside the Python ones: alone they keep about one core busy (a
        // test binary at a time, the doctests' compiles), so the two halves together take
        // little longer than the Python tests.
        let log = root.join("target").join("xtask-test-rust.log");
        let name = "Rust tests: run";
        let (rust_run, python_run) = std::thread::scope(|scope| {
            let rust_run = scope.spawn(|| step_logged(name, &mut rust(false), &log));
            let python_run = python_tests(root, args.long);
            let rust_run = joined(rust_run.join(), "the Rust tests' run");
            (rust_run, python_run)
        });
        show_log(name, &log);
        rust_run.and(python_run)?;
    }
    eprintln!("== every test passed in {:.0} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// A scoped thread's result, its panic an error naming `what`.
fn joined<T>(
    result: std::thread::Result<Result<T, UserError>>,
    what: &str,
) -> Result<T, UserError> {
    result.unwrap_or_else(|_| Err(UserError(format!("{what} panicked"))))
}

/// What the Rust tests' build does not wait for: the test environment with its packages
/// (unless only the Rust tests run), then python-chess's sdist, whose variant perft suites
/// and tables (GPL data) the Rust tests check lerf against. Without the sdist (no Python, no
/// PyPI) those tests skip and say so; the packages are needed.
fn python_setup(root: &Path, args: &Args) -> Result<(), UserError> {
    if !args.rust_only {
        python_packages(root)?;
        if let Err(e) = bytecode_warmed(root) {
            eprintln!("({}: the tests compile what they import as they go)", e.0);
        }
    }
    if !args.python_only
        && let Err(e) = python_chess_sdist(root)
    {
        eprintln!(
            "(python-chess's sdist is not available, its perft suites will be skipped: {})",
            e.0
        );
    }
    Ok(())
}

/// The interpreter the test environment is made from (`LERF_PYTHON`, else `python3`), as
/// the path it runs from.
fn base_python() -> Result<PathBuf, UserError> {
    let interpreter = base_interpreter();
    let out = Command::new(&interpreter)
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .map_err(|e| UserError(format!("cannot run {interpreter} (set LERF_PYTHON): {e}")))?;
    let path = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    if !out.status.success() || path.is_empty() {
        return Err(UserError(format!("{interpreter} could not name its executable")));
    }
    Ok(PathBuf::from(path))
}

/// `LERF_PYTHON`, else `python3`.
fn base_interpreter() -> String {
    std::env::var("LERF_PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

/// `cargo` as this task was run with (`CARGO`), in the workspace's folder.
fn cargo(root: &Path) -> Command {
    let mut cargo = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    cargo.current_dir(root);
    cargo
}

/// `cargo test` of the workspace, every feature on: built only (`build_only`) or run. The
/// build makes the Python extension too (lerf-python's cdylib, for `python` when the Python
/// tests follow).
fn cargo_test(
    root: &Path,
    long: bool,
    python: Option<&Path>,
    sdist: Option<&Path>,
    build_only: bool,
) -> Command {
    let mut test = cargo(root);
    test.args(["test", "--workspace", "--all-features"]);
    if build_only {
        test.arg("--no-run");
    }
    if let Some(sdist) = sdist {
        test.env("LERF_PYTHON_CHESS_SDIST", sdist);
    }
    if long {
        test.env("LERF_LONG_TESTS", "1");
    }
    if let Some(python) = python {
        // PyO3's build configures itself for the interpreter that will load the extension.
        test.env("PYO3_PYTHON", python);
    }
    test
}

/// The test environment: `target/py-test` for `python3`, `target/py-test-X.Y` for the
/// CPython X.Y that `LERF_PYTHON` names (an environment a version, so that the package's
/// tests run on another Python beside the default one's environment, not in place of it).
fn venv_dir(root: &Path) -> Result<PathBuf, UserError> {
    static NAME: std::sync::OnceLock<Result<String, String>> = std::sync::OnceLock::new();
    let name = NAME.get_or_init(|| {
        if std::env::var_os("LERF_PYTHON").is_none() {
            return Ok("py-test".to_owned());
        }
        let interpreter = base_interpreter();
        let version = "import sys; print('%d.%d' % sys.version_info[:2])";
        match Command::new(&interpreter).args(["-c", version]).output() {
            Ok(out) if out.status.success() => {
                Ok(format!("py-test-{}", String::from_utf8_lossy(&out.stdout).trim()))
            }
            Ok(_) => Err(format!("{interpreter} could not name its version")),
            Err(e) => Err(format!("cannot run {interpreter} (LERF_PYTHON): {e}")),
        }
    });
    match name {
        Ok(name) => Ok(root.join("target").join(name)),
        Err(e) => Err(UserError(e.clone())),
    }
}

/// The test environment's Python, the environment made first if it is missing.
fn venv_python(root: &Path) -> Result<PathBuf, UserError> {
    let venv = venv_dir(root)?;
    let python = venv.join("bin").join("python");
    if !python.exists() {
        step(
            "virtual environment",
            Command::new(base_interpreter()).args(["-m", "venv"]).arg(&venv),
        )?;
    }
    Ok(python)
}

/// The test environment with the packages the Python tests use, from PyPI: through uv
/// (itself from PyPI, into the environment) where it can be had, else through pip.
///
/// Why uv: pip spent 49 s of one core installing these from its warm cache on a quiet
/// machine, 102 s beside the Rust build on a fresh clone, most of it unpacking wheels; uv
/// installed them in 5.4 s with an empty cache of its own and 3.7 s with a warm one (AMD
/// EPYC Zen 3, 2 cores), so the Rust build keeps both cores.
fn python_packages(root: &Path) -> Result<(), UserError> {
    let python = venv_python(root)?;
    let name = "Python test packages (beside the Rust tests)";
    if let Some(uv) = uv(&python) {
        let mut install = Command::new(&uv);
        install.args(["pip", "install", "--quiet", "--python"]).arg(&python).args(PYTHON_PACKAGES);
        match step(&format!("{name}, by uv"), &mut install) {
            Ok(()) => return Ok(()),
            Err(e) => eprintln!("({}: pip installs them instead)", e.0),
        }
    }
    step(&format!("{name}, by pip"), pip_install(&python).args(PYTHON_PACKAGES))
}

/// `python -m pip install`, quietly: the packages follow.
fn pip_install(python: &Path) -> Command {
    let mut pip = Command::new(python);
    pip.args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check"]);
    pip
}

/// uv in the test environment, installed there by pip the first time; `None` (and why,
/// printed) when pip cannot get it.
fn uv(python: &Path) -> Option<PathBuf> {
    let uv = python.with_file_name("uv");
    if uv.exists() {
        return Some(uv);
    }
    match step("uv, the installer (PyPI)", pip_install(python).arg("uv")) {
        Ok(()) if uv.exists() => Some(uv),
        outcome => {
            let why = outcome.err().map_or_else(
                || format!("pip installed uv but {} is missing", uv.display()),
                |e| e.0,
            );
            eprintln!("({why}: pip installs the packages)");
            None
        }
    }
}

/// Where the Python processes of the tests keep their bytecode: their own tree under
/// `target/`, whatever `PYTHONDONTWRITEBYTECODE` says. uv installs the packages without
/// bytecode, so with that variable set (as on this project's machine) every process
/// compiled pandas, dask, polars and the rest from source on import: 6.5 s of a core for
/// those imports, 1.9 s with their bytecode, and `pytest -n 2` took 95 s and 183
/// CPU-seconds without it, 76 s and 147 with it.
fn with_bytecode_cache<'c>(root: &Path, python: &'c mut Command) -> &'c mut Command {
    python
        .env("PYTHONPYCACHEPREFIX", root.join("target").join("py-bytecode"))
        .env_remove("PYTHONDONTWRITEBYTECODE")
}

/// What the Python tests import, compiled into the bytecode cache once, beside the build
/// (one process: the step took 17-22 s in fresh clones; `compileall` of every installed
/// file took 25 CPU-seconds): the test processes, pytest-xdist's and Dask's workers then
/// read it. A module that will not import is passed over here; its test says why.
const WARM_IMPORTS: &str = "import importlib\n\
    for name in ('pytest', 'xdist', 'numpy', 'pyarrow', 'pyarrow.parquet', 'pandas', \
    'polars', 'duckdb', 'dask', 'dask.dataframe', 'distributed', 'zstandard', 'PIL.Image', \
    'IPython', 'chess', 'chess.pgn', 'chess.engine', 'chess.svg', 'chess.variant', \
    'chess.syzygy', 'chess.gaviota', 'chess.polyglot'):\n\
    \ttry:\n\
    \t\timportlib.import_module(name)\n\
    \texcept Exception:\n\
    \t\tpass";

/// The bytecode cache warmed with [`WARM_IMPORTS`].
fn bytecode_warmed(root: &Path) -> Result<(), UserError> {
    let mut warm = Command::new(venv_python(root)?);
    with_bytecode_cache(root, &mut warm).args(["-c", WARM_IMPORTS]);
    step("the test packages' bytecode (beside the Rust tests)", &mut warm)
}

/// What the Python tests load when the Rust tests do not run: the extension and
/// `cargo xtask pgn --parquet` (which the rows' tests run), in the test profile, as the
/// Rust tests' build makes them (so a later full run builds neither again).
fn python_builds(root: &Path, python: &Path) -> Result<(), UserError> {
    let mut build = cargo(root);
    build.args(["build", "--profile", "test", "--quiet", "--all-features"]);
    build.args(["-p", "lerf-python", "-p", "xtask-pgn"]).env("PYO3_PYTHON", python);
    step("the Python extension and xtask-pgn (the test profile)", &mut build)
}

/// The Python package's tests, on what the build made: not second builds.
fn python_tests(root: &Path, long: bool) -> Result<(), UserError> {
    let python = venv_python(root)?;
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or(root.join("target"), PathBuf::from);
    let xtask_pgn = target.join("debug").join("xtask-pgn");
    crate::extension::install(root, &target, &python)?;
    python_chess_suite(root, &python)?;
    let mut pytest = Command::new(&python);
    with_bytecode_cache(root, &mut pytest).current_dir(root).args([
        "-m",
        "pytest",
        "crates/python/tests",
        "-q",
        "-p",
        "no:cacheprovider",
        "-n",
        "auto",
        // A file's tests in one test process: test_dask.py's share one local cluster,
        // whose workers each import pandas and dask.dataframe once.
        "--dist",
        "loadfile",
    ]);
    // The tests of `cargo xtask pgn --parquet` run the PGN commands' binary.
    pytest.env("LERF_XTASK_PGN", xtask_pgn);
    if long {
        pytest.env("LERF_LONG_TESTS", "1");
    }
    step("Python tests", &mut pytest)
}

/// Unpacks a `.tar.gz` (argv 1) into a folder (argv 2), with tarfile's safe filter where
/// the Python has it.
const UNPACK: &str = "import sys, tarfile\n\
    extra = {'filter': 'data'} if hasattr(tarfile, 'data_filter') else {}\n\
    tarfile.open(sys.argv[1]).extractall(sys.argv[2], **extra)";

/// python-chess's version whose own tests are run against lerf.
const PYTHON_CHESS_SDIST: &str = "chess-1.11.2";

/// Downloads python-chess's source distribution from PyPI (once, under `target/`) and
/// runs its unit tests with `chess` resolved to lerf (`crates/python/tests/python_chess_suite.py`).
/// The sdist is GPL: it is test input, never committed.
fn python_chess_suite(root: &Path, python: &Path) -> Result<(), UserError> {
    let sdist = python_chess_sdist(root)?;
    let mut suite = Command::new(python);
    with_bytecode_cache(root, &mut suite);
    suite.current_dir(root).arg("crates/python/tests/python_chess_suite.py").arg(&sdist);
    step("python-chess 1.11.2's own tests with chess = lerf", &mut suite)
}

/// python-chess's source distribution, unpacked under `target/` (downloaded from PyPI the
/// first time).
fn python_chess_sdist(root: &Path) -> Result<PathBuf, UserError> {
    let python = venv_python(root)?;
    let dir = python_chess_dir(root);
    let sdist = python_chess_sdist_dir(root);
    if !sdist.join("test.py").exists() {
        let mut download = Command::new(&python);
        download
            .args(["-m", "pip", "download", "--quiet", "--disable-pip-version-check"])
            .args(["--no-deps", "--no-binary", ":all:", "chess==1.11.2", "-d"])
            .arg(&dir);
        step("python-chess 1.11.2's source distribution (PyPI)", &mut download)?;
        let archive = dir.join(format!("{PYTHON_CHESS_SDIST}.tar.gz"));
        let mut unpack = Command::new(&python);
        unpack.args(["-c", UNPACK]).arg(&archive).arg(&dir);
        step("unpacking python-chess's source distribution", &mut unpack)?;
    }
    Ok(sdist)
}

/// Where python-chess's sdist is downloaded.
fn python_chess_dir(root: &Path) -> PathBuf {
    root.join("target").join("python-chess")
}

/// Where [`python_chess_sdist`] unpacks python-chess's sdist (the Rust tests' default too).
fn python_chess_sdist_dir(root: &Path) -> PathBuf {
    python_chess_dir(root).join(PYTHON_CHESS_SDIST)
}
