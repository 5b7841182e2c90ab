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
        let s = sets(b);
        let ep = b.ep_square().map_or(0, |sq| sq.index() as u32);
        // SAFETY: plain integers in and out; Fathom reads only its own tables.
        unsafe {
            (self.wdl)(
                s[0],
                s[1],
                s[2],
                s[3],
                s[4],
                s[5],
                s[6],
                s[7],
                ep,
                b.side_to_move() == Color::White,
            )
        }
    }

    /// Fathom's root probe: the result word of the best move (WDL in bits 0-3, DTZ from
    /// bit 20), every legal move probed.
    pub fn probe_root(&self, b: &Board) -> u32 {
        let s = sets(b);
        let ep = b.ep_square().map_or(0, |sq| sq.index() as u32);
        let mut results = [0u32; 193];
        // SAFETY: `results` has room for Fathom's TB_MAX_MOVES (193) entries.
        unsafe {
            (self.root)(
                s[0],
                s[1],
                s[2],
                s[3],
                s[4],
                s[5],
                s[6],
                s[7],
                b.rule50_count(),
                ep,
                b.side_to_move() == Color::White,
                results.as_mut_ptr(),
            )
        }
    }
}
