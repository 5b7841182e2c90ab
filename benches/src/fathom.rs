//! Fathom (Debian's `libfathom`, MIT), the C Syzygy prober lerf-syzygy is measured and
//! checked against, loaded at run time: without the library the bench and the test that
//! use it skip, saying so, instead of failing to link.

use lerf_position::Board;
use lerf_types::{Color, PieceType};
use libloading::{Library, Symbol};
use std::ffi::CString;
use std::path::Path;

type ProbeWdl = unsafe extern "C" fn(u64, u64, u64, u64, u64, u64, u64, u64, u32, bool) -> u32;
type ProbeRoot =
    unsafe extern "C" fn(u64, u64, u64, u64, u64, u64, u64, u64, u32, u32, bool, *mut u32) -> u32;

/// Fathom's failure value.
pub const FAILED: u32 = 0xffff_ffff;

/// The loaded library with its tables initialised (Fathom keeps one global set).
pub struct Fathom {
    _lib: Library,
    wdl: ProbeWdl,
    root: ProbeRoot,
}

/// The bitboards Fathom takes, from a lerf board.
fn sets(b: &Board) -> [u64; 8] {
    let t = |pt| b.pieces_of_type(pt).0;
    [
        b.pieces_of(Color::White).0,
        b.pieces_of(Color::Black).0,
        t(PieceType::King),
        t(PieceType::Queen),
        t(PieceType::Rook),
        t(PieceType::Bishop),
        t(PieceType::Knight),
        t(PieceType::Pawn),
    ]
}

/// The en passant square as Fathom takes it (0 for none).
fn ep_of(b: &Board) -> u32 {
    b.ep_square().map_or(0, |sq| sq.index() as u32)
}

/// The tables of python-chess's sdist, lerf's `Tablebase` over them and Fathom loaded with
/// them, or why not (the caller prints it and skips).
pub fn both_probers() -> Result<(lerf_syzygy::Tablebase, Fathom), String> {
    let dir = crate::syzygy_inputs::tables_dir().ok_or(
        "python-chess's sdist is not in target/ (cargo xtask test downloads it)".to_owned(),
    )?;
    let fathom = Fathom::load(&dir)
        .map_err(|e| format!("{e} (Debian's libfathom-dev; .ci/run installs it)"))?;
    let mut tables = lerf_syzygy::Tablebase::new();
    tables.add_directory(&dir).map_err(|e| e.to_string())?;
    Ok((tables, fathom))
}

impl Fathom {
    /// `libfathom.so.1` with the tables of `dir`, or why not.
    pub fn load(dir: &Path) -> Result<Fathom, String> {
        // SAFETY: loading a C library runs its initialisers; libfathom has none that
        // matter, and its symbols are typed below exactly as tbprobe.h declares them.
        unsafe {
            let lib = Library::new("libfathom.so.1").map_err(|e| format!("libfathom: {e}"))?;
            let init: Symbol<unsafe extern "C" fn(*const std::ffi::c_char) -> bool> =
                lib.get(b"tb_init\0").map_err(|e| e.to_string())?;
            let path = CString::new(dir.to_string_lossy().as_bytes()).map_err(|e| e.to_string())?;
            if !init(path.as_ptr()) {
                return Err("tb_init failed".into());
            }
            let wdl: ProbeWdl = *lib.get(b"tb_probe_wdl_impl\0").map_err(|e| e.to_string())?;
            let root: ProbeRoot = *lib.get(b"tb_probe_root_impl\0").map_err(|e| e.to_string())?;
            Ok(Fathom { _lib: lib, wdl, root })
        }
    }

    /// Fathom's WDL (0 loss … 4 win) of a position without castling rights.
    pub fn probe_wdl(&self, b: &Board) -> u32 {
        let [w, k, kings, q, r, bi, n, p] = sets(b);
        let (ep, white) = (ep_of(b), b.side_to_move() == Color::White);
        // SAFETY: plain integers in and out; Fathom reads only its own tables.
        unsafe { (self.wdl)(w, k, kings, q, r, bi, n, p, ep, white) }
    }

    /// Fathom's root probe: the result word of the best move (WDL in bits 0-3, DTZ from
    /// bit 20), every legal move probed.
    pub fn probe_root(&self, b: &Board) -> u32 {
        let [w, k, kings, q, r, bi, n, p] = sets(b);
        let (ep, white) = (ep_of(b), b.side_to_move() == Color::White);
        let mut results = [0u32; 193];
        let rule50 = b.rule50_count();
        // SAFETY: `results` has room for Fathom's TB_MAX_MOVES (193) entries.
        unsafe { (self.root)(w, k, kings, q, r, bi, n, p, rule50, ep, white, results.as_mut_ptr()) }
    }
}
