//! A set of tables: files found in directories, each mapped and checked the first time a
//! probe needs it, then shared by every thread that probes.

use crate::error::SyzygyError;
use crate::kind::TableKind;
use crate::material::Material;
use crate::placement::{Pieces, Placement};
use crate::table::{Lookup, MAX_PIECES, Table};
use crate::variant::TableVariant;
use lerf_position::Board;
use lerf_types::{Color, PieceType};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The hash of a [`Material`]'s one word: a multiply and a shift (material keys are few,
/// small and not chosen by an attacker; SipHash showed in a WDL probe's profile).
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0 ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A table file found but maybe not opened yet.
#[derive(Debug, Default)]
struct Slot {
    path: Option<PathBuf>,
    table: OnceLock<Result<Table, SyzygyError>>,
}

impl Slot {
    /// The table, mapped and checked on the first call (the result, error included, is
    /// kept); `None` where no file was added.
    fn open(
        &self,
        kind: TableKind,
        material: Material,
        variant: TableVariant,
    ) -> Result<Option<&Table>, SyzygyError> {
        let Some(path) = &self.path else { return Ok(None) };
        let table = self.table.get_or_init(|| Table::open(path, kind, material, variant));
        table.as_ref().map(Some).map_err(Clone::clone)
    }
}

#[derive(Debug)]
struct Entry {
    /// The normalized material (the files' names).
    material: Material,
    wdl: Slot,
    dtz: Slot,
}

/// Syzygy tables, probed for positions of up to seven pieces.
///
/// Tables are added by directory or file and opened on first use: each file is mapped into
/// memory, checked (its magic number, its pieces against its name, its length against its
/// header) and kept mapped. The file descriptor is closed as soon as the file is mapped, so
/// a tablebase holds no open files however many tables it maps. `Tablebase` is `Sync`:
/// probes from many threads share the tables.
///
/// The probes follow python-chess's `chess.syzygy` (itself Ronald de Man's probing code):
/// [`probe_wdl`](Self::probe_wdl) and [`probe_dtz`](Self::probe_dtz) resolve captures and
/// en passant, which the tables do not hold, by a small search; the `*_table` probes read
/// the table alone.
///
/// ```no_run
/// use lerf_position::Board;
/// use lerf_syzygy::{Tablebase, Wdl};
///
/// let mut tables = Tablebase::new();
/// tables.add_directory("syzygy/3-4-5")?;
/// let board: Board = "8/8/8/8/8/3k4/8/3KR3 w - - 0 1".parse()?;
/// assert_eq!(tables.probe_wdl(&board)?, Wdl::Win);
/// let dtz = tables.probe_dtz(&board)?;
/// assert!(dtz > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Tablebase {
    /// Both colourings of each material, to its entry.
    index: HashMap<Material, usize, BuildHasherDefault<WordHasher>>,
    entries: Vec<Entry>,
    max_pieces: u32,
    variant: TableVariant,
}

impl Tablebase {
    /// A tablebase of standard chess tables, with no tables yet.
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// A tablebase of `variant`'s tables (atomic's `.atbw`, antichess's `.gtbw` ...), with
    /// no tables yet. Its `*_table_of` probes read that family's files, with that family's
    /// index, and [`probe_variant_wdl`](Self::probe_variant_wdl) and
    /// [`probe_variant_dtz`](Self::probe_variant_dtz) search a variant board; standard
    /// chess's probes ([`probe_wdl`](Self::probe_wdl) ...) refuse its tables.
    ///
    /// ```no_run
    /// use lerf_syzygy::{Placement, Tablebase, TableVariant};
    /// use lerf_types::{Color, PieceType, Square};
    ///
    /// let mut tables = Tablebase::with_variant(TableVariant::Giveaway);
    /// tables.add_directory("syzygy/antichess")?;
    /// let mut p = Placement::new(Color::White);
    /// p.put(Square::B1, Color::White, PieceType::Knight)?;
    /// p.put(Square::H8, Color::Black, PieceType::Rook)?;
    /// println!("{}", tables.probe_wdl_table_of(&p)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_variant(variant: TableVariant) -> Tablebase {
        Tablebase { variant, ..Tablebase::default() }
    }

    /// The family of tables this tablebase reads.
    pub fn variant(&self) -> TableVariant {
        self.variant
    }

    /// Adds every WDL and DTZ table in `dir` (files named as tables are, such as
    /// `KRPvKR.rtbw`; other files are passed over). Returns how many were added. A
    /// file added again replaces the earlier one.
    pub fn add_directory(&mut self, dir: impl AsRef<Path>) -> Result<usize, SyzygyError> {
        self.add_directory_of(dir.as_ref(), true, true)
    }

    /// As [`add_directory`](Self::add_directory), with the kinds to add.
    pub fn add_directory_of(
        &mut self,
        dir: &Path,
        wdl: bool,
        dtz: bool,
    ) -> Result<usize, SyzygyError> {
        let io = |e: std::io::Error| SyzygyError::Io { path: dir.into(), message: e.to_string() };
        let mut paths: Vec<PathBuf> =
            std::fs::read_dir(dir).map_err(io)?.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        Ok(paths.iter().filter(|p| self.add_file_of(p, wdl, dtz)).count())
    }

    /// Adds one table file if its name is a table's of this tablebase's family
    /// (`KQvK.rtbw`, `KQvK.rtbz` for standard chess); returns whether it was added. The
    /// file is opened when a probe first needs it.
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> bool {
        self.add_file_of(path.as_ref(), true, true)
    }

    /// As [`add_file`](Self::add_file), with the kinds to add.
    pub fn add_file_of(&mut self, path: &Path, wdl: bool, dtz: bool) -> bool {
        let (Some(stem), Some(ext)) = (path.file_stem().and_then(|s| s.to_str()), path.extension())
        else {
            return false;
        };
        let Some((kind, pawnless_only)) = ext.to_str().and_then(|e| self.variant.kind_of_suffix(e))
        else {
            return false;
        };
        if !(if kind == TableKind::Wdl { wdl } else { dtz }) {
            return false;
        }
        let Ok(material) = stem.parse::<Material>() else { return false };
        let one_king = self.variant.one_king();
        if material.normalized() != material
            || material.to_string() != stem
            || material.count() as usize > MAX_PIECES
            || (pawnless_only && material.has_pawns())
            || [Color::White, Color::Black].iter().any(|&c| {
                let side: u8 = PieceType::ALL.iter().map(|&pt| material.pieces(c, pt)).sum();
                side == 0 || (one_king && material.pieces(c, PieceType::King) != 1)
            })
            || (one_king && material.count() < 3)
        {
            return false;
        }
        let at = match self.index.get(&material) {
            Some(&at) => at,
            None => {
                self.entries.push(Entry { material, wdl: Slot::default(), dtz: Slot::default() });
                let at = self.entries.len() - 1;
                self.index.insert(material, at);
                self.index.insert(material.swapped(), at);
                at
            }
        };
        let entry = &mut self.entries[at];
        let slot = if kind == TableKind::Wdl { &mut entry.wdl } else { &mut entry.dtz };
        *slot = Slot { path: Some(path.into()), table: OnceLock::new() };
        self.max_pieces = self.max_pieces.max(material.count());
        true
    }

    /// The most pieces of any table added (0 without tables).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// How many WDL and DTZ tables have been added.
    pub fn len(&self) -> (usize, usize) {
        let wdl = self.entries.iter().filter(|e| e.wdl.path.is_some()).count();
        let dtz = self.entries.iter().filter(|e| e.dtz.path.is_some()).count();
        (wdl, dtz)
    }

    /// Whether no table has been added.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Unmaps every table that has been opened; they are opened again when probed.
    pub fn close(&mut self) {
        for entry in &mut self.entries {
            entry.wdl.table = OnceLock::new();
            entry.dtz.table = OnceLock::new();
        }
    }

    /// `probe` applied to every item (boards, or FENs `probe` reads), on `threads` threads
    /// (each takes a contiguous share; the tables are shared), the answers in the items'
    /// order: for jobs that adjudicate positions by the million.
    ///
    /// ```no_run
    /// use lerf_position::Board;
    /// use lerf_syzygy::Tablebase;
    /// let mut tables = Tablebase::new();
    /// tables.add_directory("/srv/syzygy")?;
    /// let boards: Vec<Board> = vec!["8/8/8/8/8/3k4/8/3KR3 w - - 0 1".parse()?; 1000];
    /// let wdl = tables.probe_all(&boards, 2, |t, b| t.probe_wdl(b).ok());
    /// assert_eq!(wdl.len(), 1000);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe_all<I: Sync, T: Send>(
        &self,
        boards: &[I],
        threads: usize,
        probe: impl Fn(&Tablebase, &I) -> T + Sync,
    ) -> Vec<T> {
        let threads = threads.clamp(1, boards.len().max(1));
        if threads == 1 {
            return boards.iter().map(|b| probe(self, b)).collect();
        }
        let share = boards.len().div_ceil(threads);
        std::thread::scope(|scope| {
            let handles: Vec<_> = boards
                .chunks(share)
                .map(|chunk| {
                    let probe = &probe;
                    scope.spawn(move || chunk.iter().map(|b| probe(self, b)).collect::<Vec<T>>())
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().expect("a probing thread panicked")).collect()
        })
    }

    /// Opens and checks every table added (each is otherwise opened by the first probe
    /// that needs it): the first that cannot be read is the error. Returns how many are
    /// open.
    pub fn open_all(&self) -> Result<usize, SyzygyError> {
        let mut open = 0;
        for entry in &self.entries {
            for (slot, kind) in [(&entry.wdl, TableKind::Wdl), (&entry.dtz, TableKind::Dtz)] {
                if slot.path.is_some() {
                    slot.open(kind, entry.material, self.variant)?;
                    open += 1;
                }
            }
        }
        Ok(open)
    }

    /// The table of `kind` for the material on `board`, with that material.
    fn table<P: Pieces>(
        &self,
        board: &P,
        kind: TableKind,
    ) -> Result<(&Table, Material), SyzygyError> {
        let material = Material::of_pieces(board);
        let missing = || SyzygyError::MissingTable { name: material.to_string(), kind };
        let entry = self.index.get(&material).map(|&at| &self.entries[at]).ok_or_else(missing)?;
        let slot = if kind == TableKind::Wdl { &entry.wdl } else { &entry.dtz };
        let table = slot.open(kind, entry.material, self.variant)?.ok_or_else(missing)?;
        Ok((table, material))
    }

    /// Standard chess's probes refuse a tablebase of another family.
    fn standard(&self) -> Result<(), SyzygyError> {
        if self.variant == TableVariant::Standard {
            Ok(())
        } else {
            Err(SyzygyError::WrongVariant { tables: self.variant })
        }
    }

    /// The WDL table's value for `board`, from the side to move's view (-2 loss … 2 win),
    /// read from the table alone: en passant is not considered, and the position is
    /// taken as reached by a capture or pawn move (the 50-move counter is not read).
    pub fn probe_wdl_table(&self, board: &Board) -> Result<i32, SyzygyError> {
        self.standard()?;
        if bare_kings(board) {
            return Ok(0);
        }
        self.wdl_table(board)
    }

    /// The DTZ table's value for `board` whose WDL class is `wdl`: `Some(distance)`, or
    /// `None` when the table holds the other side to move.
    pub fn probe_dtz_table(&self, board: &Board, wdl: i32) -> Result<Option<i32>, SyzygyError> {
        self.standard()?;
        self.dtz_table(board, wdl)
    }

    /// [`probe_wdl_table`](Self::probe_wdl_table) for a placement of this tablebase's
    /// family: the table's value alone, from the side to move's view. Positions no table
    /// holds (two bare kings in standard chess and atomic) are not answered here.
    pub fn probe_wdl_table_of(&self, placement: &Placement) -> Result<i32, SyzygyError> {
        self.wdl_table(placement)
    }

    /// [`probe_dtz_table`](Self::probe_dtz_table) for a placement of this tablebase's
    /// family.
    pub fn probe_dtz_table_of(
        &self,
        placement: &Placement,
        wdl: i32,
    ) -> Result<Option<i32>, SyzygyError> {
        self.dtz_table(placement, wdl)
    }

    fn wdl_table<P: Pieces>(&self, board: &P) -> Result<i32, SyzygyError> {
        let (table, material) = self.table(board, TableKind::Wdl)?;
        match table.lookup(board, material, 0)? {
            Lookup::Value(v) => Ok(v),
            Lookup::OtherSide => unreachable!("WDL tables hold both sides to move"),
        }
    }

    fn dtz_table<P: Pieces>(&self, board: &P, wdl: i32) -> Result<Option<i32>, SyzygyError> {
        let (table, material) = self.table(board, TableKind::Dtz)?;
        match table.lookup(board, material, wdl)? {
            Lookup::Value(v) => Ok(Some(v)),
            Lookup::OtherSide => Ok(None),
        }
    }
}

/// Whether only the two kings are left (a draw no table holds).
fn bare_kings(board: &Board) -> bool {
    board.occupied().popcount() == 2 && board.pieces_of_type(PieceType::King).popcount() == 2
}
