//! The reference the tests compare with: the Gaviota probing code in C (MIT) as Debian's
//! `libgaviotatb` ships it, loaded at run time; and python-chess's sdist, whose Gaviota
//! tables `cargo xtask test` downloads.
#![allow(dead_code)]

use std::ffi::{CString, c_char, c_int, c_uchar, c_uint, c_void};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// python-chess's unpacked sdist (`LERF_PYTHON_CHESS_SDIST`, or `target/`), if its Gaviota
/// tables are there.
pub fn sdist_tables() -> Option<PathBuf> {
    let dir = std::env::var_os("LERF_PYTHON_CHESS_SDIST").map(PathBuf::from).unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/python-chess/chess-1.11.2")
    });
    let tables = dir.join("data/gaviota");
    tables.join("kqk.gtb.cp4").is_file().then_some(tables)
}

/// Whether the long runs are asked for (LERF_LONG_TESTS, set by `cargo xtask test --long`).
pub fn long_tests() -> bool {
    std::env::var("LERF_LONG_TESTS").is_ok_and(|v| !v.is_empty() && v != "0")
}

type Paths = *mut *const c_char;

/// The C library: one instance a process, so its users take turns. The turn is the last
/// field: it is given up only after `Drop` has shut the library down and unloaded it.
pub struct Gtb {
    lib: libloading::Library,
    paths: Paths,
    _turn: MutexGuard<'static, ()>,
}

static TURN: Mutex<()> = Mutex::new(());

/// The library, started on `dir` with compression `scheme` (0 for `.gtb`, 4 for
/// `.gtb.cp4`), holding the lock that keeps other tests from restarting it until it is
/// dropped; `None` (the caller skips, saying so) where it is not installed.
pub fn start(dir: &Path, scheme: c_int) -> Option<Gtb> {
    let turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let names = ["libgaviotatb.so.1", "libgaviotatb.so", "libgtb.so.1", "libgtb.so"];
    // SAFETY: loading runs the library's initialisers; libgaviotatb has none beyond libc's.
    let lib = names.iter().find_map(|n| unsafe { libloading::Library::new(n) }.ok())?;
    let mut gtb = Gtb { lib, paths: std::ptr::null_mut(), _turn: turn };
    let dir = CString::new(dir.as_os_str().as_encoded_bytes()).expect("a path without NUL");
    // SAFETY: the functions have the C prototypes of gtb-probe.h; the path list is the
    // library's own, kept until `Drop` frees it.
    unsafe {
        let init: libloading::Symbol<unsafe extern "C" fn() -> Paths> =
            gtb.lib.get(b"tbpaths_init").ok()?;
        let add: libloading::Symbol<unsafe extern "C" fn(Paths, *const c_char) -> Paths> =
            gtb.lib.get(b"tbpaths_add").ok()?;
        let restart: libloading::Symbol<unsafe extern "C" fn(c_int, c_int, Paths) -> *mut c_char> =
            gtb.lib.get(b"tb_restart").ok()?;
        let cache: libloading::Symbol<unsafe extern "C" fn(usize, c_int) -> c_int> =
            gtb.lib.get(b"tbcache_restart").ok()?;
        gtb.paths = add(init(), dir.as_ptr());
        restart(0, scheme, gtb.paths);
        cache(32 << 20, 10);
    }
    Some(gtb)
}

impl Gtb {
    /// `tb_probe_hard`: the result code and plies, `None` where it fails.
    pub fn probe(
        &self,
        black_to_move: bool,
        ep: Option<u8>,
        white: &[(u8, u8)],
        black: &[(u8, u8)],
    ) -> Option<(u32, u32)> {
        let list = |side: &[(u8, u8)]| {
            let mut sq: Vec<c_uint> = side.iter().map(|&(_, s)| c_uint::from(s)).collect();
            let mut pc: Vec<c_uchar> = side.iter().map(|&(p, _)| p).collect();
            sq.resize(17, 64);
            pc.resize(17, 0);
            (sq, pc)
        };
        let ((ws, wp), (bs, bp)) = (list(white), list(black));
        let (mut info, mut plies) = (0 as c_uint, 0 as c_uint);
        type Probe = unsafe extern "C" fn(
            c_uint,
            c_uint,
            c_uint,
            *const c_uint,
            *const c_uint,
            *const c_uchar,
            *const c_uchar,
            *mut c_uint,
            *mut c_uint,
        ) -> c_int;
        // SAFETY: gtb-probe.h's prototype; the lists end with NOSQUARE and NOPIECE.
        let found = unsafe {
            let probe: libloading::Symbol<Probe> = self.lib.get(b"tb_probe_hard").ok()?;
            probe(
                c_uint::from(black_to_move),
                ep.map_or(64, c_uint::from),
                0,
                ws.as_ptr(),
                bs.as_ptr(),
                wp.as_ptr(),
                bp.as_ptr(),
                &mut info,
                &mut plies,
            )
        };
        (found != 0).then_some((info, plies))
    }
}

impl Drop for Gtb {
    fn drop(&mut self) {
        // SAFETY: gtb-probe.h's prototypes, called once on the started library.
        unsafe {
            let done: Result<libloading::Symbol<unsafe extern "C" fn()>, _> =
                self.lib.get(b"tb_done");
            let cache_done: Result<libloading::Symbol<unsafe extern "C" fn()>, _> =
                self.lib.get(b"tbcache_done");
            let paths_done: Result<
                libloading::Symbol<unsafe extern "C" fn(Paths) -> *mut c_void>,
                _,
            > = self.lib.get(b"tbpaths_done");
            if let (Ok(done), Ok(cache_done), Ok(paths_done)) = (done, cache_done, paths_done) {
                cache_done();
                done();
                paths_done(self.paths);
            }
        }
    }
}

/// A small deterministic generator (xorshift).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A directory of its own under the system's temporary directory, emptied.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lerf-gaviota-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}
