//! One table file: its header read into per-side, per-file decoders, and the index of a
//! position within it.

use crate::error::SyzygyError;
use crate::index_tables::{
    BINOMIAL, LEAD_PAWN_INDEX, LEAD_PAWN_SIZE, PAWN_ORDER, edge_distance, kings_touch,
};
use crate::kind::TableKind;
use crate::lead::Lead;
use crate::material::Material;
use crate::pairs::{Malformed, Pairs, RegionSizes, bytes, le_u16};
use crate::placement::Pieces;
use crate::variant::TableVariant;
use lerf_types::{Color, PieceType};
use memmap2::Mmap;
use std::fs::File;
use std::path::{Path, PathBuf};

/// What a table whose first four bytes are not its kind's magic number is (the words of
/// [`SyzygyError::Corrupt`](crate::SyzygyError::Corrupt)).
pub const WRONG_MAGIC: &str = "wrong magic number (not a table of this kind)";

/// The most pieces a table holds.
pub const MAX_PIECES: usize = 7;

// A DTZ decoder's flags.
const FLAG_BLACK_TO_MOVE: u8 = 1;
const FLAG_MAPPED: u8 = 2;
const FLAG_WIN_PLIES: u8 = 4;
const FLAG_LOSS_PLIES: u8 = 8;
const FLAG_WIDE: u8 = 16;

/// The decoder and piece order of one side to move and one leading-pawn file.
#[derive(Debug)]
struct Part {
    /// The pieces as the index lists them (`colour << 3 | type`, table colours).
    pieces: [u8; MAX_PIECES],
    /// Group lengths, zero-terminated; the first group is the leading one.
    groups: [u8; MAX_PIECES + 1],
    /// Each group's multiplier in the index.
    factors: [u64; MAX_PIECES + 1],
    pairs: Pairs,
    flags: u8,
    /// DTZ value maps by the position's WDL class: the offset of each map's first value.
    maps: [usize; 4],
}

/// A mapped table file, read and checked.
#[derive(Debug)]
pub(crate) struct Table {
    path: PathBuf,
    map: Mmap,
    kind: TableKind,
    /// The table's material: its "White" is the name's first side.
    material: Material,
    pawns: bool,
    /// The family whose rules (and index) the table was generated for.
    variant: TableVariant,
    /// How a pawnless table's leading pieces are indexed (`None` with pawns).
    lead: Option<Lead>,
    /// Both sides have pawns: the other side's pawns are the second group.
    both_pawns: bool,
    sides: usize,
    files: usize,
    parts: Vec<Part>,
}

/// The result of looking a position up.
pub(crate) enum Lookup {
    /// The stored value (WDL: -2..=2; DTZ: the distance, in plies where the table counts
    /// plies).
    Value(i32),
    /// A DTZ table stores the other side to move.
    OtherSide,
}

impl Table {
    /// Maps and checks `path` as the `kind` table of `material` (the normalized one) in
    /// `variant`'s family.
    pub(crate) fn open(
        path: &Path,
        kind: TableKind,
        material: Material,
        variant: TableVariant,
    ) -> Result<Table, SyzygyError> {
        let io = |e: std::io::Error| SyzygyError::Io { path: path.into(), message: e.to_string() };
        let file = File::open(path).map_err(io)?;
        // SAFETY: the mapping is read-only and read only through bounds-checked slices.
        // Syzygy files are never written once generated; one changed on disk while mapped
        // can give wrong values (as in every prober), never an access outside the mapping
        // unless the file is truncated under it, which the format's readers cannot guard
        // against either.
        let map = unsafe { Mmap::map(&file) }.map_err(io)?;
        let mut table = Table {
            path: path.into(),
            map,
            kind,
            material,
            pawns: material.has_pawns(),
            variant,
            lead: None,
            both_pawns: false,
            sides: 1,
            files: 1,
            parts: Vec::new(),
        };
        table.read_header().map_err(|what| SyzygyError::Corrupt { path: path.into(), what })?;
        Ok(table)
    }

    fn read_header(&mut self) -> Result<(), Malformed> {
        let data: &[u8] = &self.map;
        let head = bytes::<5>(data, 0).map_err(|_| "shorter than a header")?;
        if !self.variant.accepts_magic(self.kind, self.pawns, [head[0], head[1], head[2], head[3]])
        {
            return Err(WRONG_MAGIC);
        }
        let split = head[4] & 1 != 0;
        if (head[4] & 2 != 0) != self.pawns {
            return Err("pawns in the header do not match the name");
        }
        if self.material.count() as usize > MAX_PIECES || self.material.count() < 2 {
            return Err("piece count out of range");
        }
        let m = self.material;
        let symmetric = m.is_symmetric();
        if self.kind == TableKind::Wdl && split == symmetric {
            return Err("sides in the header do not match the name");
        }
        self.lead = (!self.pawns).then(|| Lead::of(&m, self.variant.connected_kings()));
        self.sides = if self.kind == TableKind::Wdl && split { 2 } else { 1 };
        self.files = if self.pawns { 4 } else { 1 };
        let (w, b) =
            (m.pieces(Color::White, PieceType::Pawn), m.pieces(Color::Black, PieceType::Pawn));
        let white_leads = b == 0 || (w > 0 && b >= w);
        let (lead, other) = if white_leads { (w, b) } else { (b, w) };
        let both_pawns = self.pawns && other > 0;
        self.both_pawns = both_pawns;
        let num = m.count() as usize;

        let mut at = 5usize;
        let mut parts: Vec<([u8; 2], [u8; MAX_PIECES])> = Vec::new();
        for _ in 0..self.files {
            let order = bytes::<2>(data, at)?;
            let pieces_at = at + 1 + usize::from(both_pawns);
            let codes = data.get(pieces_at..pieces_at + num).ok_or("header past the end")?;
            for side in 0..self.sides {
                let nib = |b: u8| if side == 0 { b & 0x0f } else { b >> 4 };
                let mut pieces = [0u8; MAX_PIECES];
                for (k, &c) in codes.iter().enumerate() {
                    pieces[k] = nib(c);
                }
                let orders = [nib(order[0]), if both_pawns { nib(order[1]) } else { 0x0f }];
                parts.push((orders, pieces));
            }
            at = pieces_at + num;
        }
        at += at & 1;

        let mut built = Vec::with_capacity(parts.len());
        let mut sizes: Vec<RegionSizes> = Vec::with_capacity(parts.len());
        for (i, (orders, pieces)) in parts.iter().enumerate() {
            check_pieces(pieces, num, m)?;
            let file = i / self.sides;
            let (groups, factors, size) = self.groups(pieces, *orders, file, lead, both_pawns)?;
            if self.pawns && (pieces[0] & 7 != 1 || usize::from(groups[0]) != usize::from(lead)) {
                return Err("leading pawns do not match the name");
            }
            let (pairs, flags, region) = Pairs::read(data, &mut at, size)?;
            built.push(Part { pieces: *pieces, groups, factors, pairs, flags, maps: [0; 4] });
            sizes.push(region);
        }

        if self.kind == TableKind::Dtz {
            for part in &mut built {
                if part.flags & FLAG_MAPPED == 0 {
                    continue;
                }
                if part.flags & FLAG_WIDE != 0 {
                    at += at & 1;
                    for slot in &mut part.maps {
                        *slot = at + 2;
                        at += 2 + 2 * usize::from(le_u16(data, at)?);
                    }
                } else {
                    for slot in &mut part.maps {
                        *slot = at + 1;
                        at += 1 + usize::from(*data.get(at).ok_or("value map past the end")?);
                    }
                }
            }
            at += at & 1;
        }

        let mut starts = vec![[0usize; 3]; built.len()];
        for (s, region) in starts.iter_mut().zip(&sizes) {
            s[0] = at;
            at = at.checked_add(region.sparse_index).ok_or("sizes overflow")?;
        }
        for (s, region) in starts.iter_mut().zip(&sizes) {
            s[1] = at;
            at = at.checked_add(region.block_lengths).ok_or("sizes overflow")?;
        }
        for (s, region) in starts.iter_mut().zip(&sizes) {
            if region.blocks > 0 {
                at = at.checked_add(63).ok_or("sizes overflow")? & !63;
            }
            s[2] = at;
            at = at.checked_add(region.blocks).ok_or("sizes overflow")?;
        }
        if at > data.len() {
            return Err("file is shorter than its header says (truncated?)");
        }
        for (part, s) in built.iter_mut().zip(&starts) {
            part.pairs.place(s[0], s[1], s[2]);
        }
        self.parts = built;
        Ok(())
    }

    /// The groups of a part, their multipliers and the table's size, from the header's
    /// group order.
    #[allow(clippy::type_complexity)]
    fn groups(
        &self,
        pieces: &[u8; MAX_PIECES],
        orders: [u8; 2],
        file: usize,
        lead: u8,
        both_pawns: bool,
    ) -> Result<([u8; MAX_PIECES + 1], [u64; MAX_PIECES + 1], u64), Malformed> {
        let num = self.material.count() as usize;
        let mut groups = [0u8; MAX_PIECES + 1];
        let mut n = 0;
        let mut first = self.lead.map_or(0, |lead| lead.len() as i32);
        groups[0] = 1;
        for i in 1..num {
            first -= 1;
            // Like pieces after the leading group of a pawnless table are a group of
            // their own (the leading group has exactly its lead's pieces).
            if first > 0 || (pieces[i] == pieces[i - 1] && (self.pawns || n > 0)) {
                groups[n] += 1;
            } else {
                n += 1;
                groups[n] = 1;
            }
        }
        n += 1; // groups[n] == 0 ends the list
        let mut factors = [0u64; MAX_PIECES + 1];
        let mut next = if both_pawns { 2 } else { 1 };
        let mut free =
            64 - u32::from(groups[0]) - if both_pawns { u32::from(groups[1]) } else { 0 };
        let mut size = 1u64;
        let mut k = 0u8;
        while next < n || k == orders[0] || k == orders[1] {
            if k > 15 {
                return Err("group order out of range");
            }
            if k == orders[0] {
                factors[0] = size;
                let lead_size = match self.lead {
                    None => *LEAD_PAWN_SIZE
                        .get(usize::from(lead))
                        .ok_or("too many pawns")?
                        .get(file)
                        .ok_or("file")?,
                    Some(lead) => lead.size()?,
                };
                size = size.checked_mul(lead_size).ok_or("table too large")?;
            } else if k == orders[1] {
                factors[1] = size;
                let pawn_squares = 48 - usize::from(groups[0]);
                size = size
                    .checked_mul(BINOMIAL[usize::from(groups[1])][pawn_squares])
                    .ok_or("table too large")?;
            } else {
                if next >= n {
                    return Err("group order names a group that does not exist");
                }
                factors[next] = size;
                let len = usize::from(groups[next]);
                size = size.checked_mul(BINOMIAL[len][free as usize]).ok_or("table too large")?;
                free = free.checked_sub(len as u32).ok_or("too many pieces")?;
                next += 1;
            }
            k += 1;
        }
        factors[n] = size;
        Ok((groups, factors, size))
    }

    /// Looks `board` (whose material is `material`) up; `wdl` (the position's WDL class)
    /// chooses a DTZ table's value map.
    pub(crate) fn lookup<P: Pieces>(
        &self,
        board: &P,
        material: Material,
        wdl: i32,
    ) -> Result<Lookup, SyzygyError> {
        if self.lead == Some(Lead::Kings) {
            // The index has no place for kings side by side: no table holds them.
            let king = |c| board.pieces(c, PieceType::King).lsb().map(|s| s.index());
            if let (Some(w), Some(b)) = (king(Color::White), king(Color::Black))
                && kings_touch(w, b)
            {
                return Err(SyzygyError::NotAPosition);
            }
        }
        self.lookup_inner(board, material, wdl)
            .map_err(|what| SyzygyError::Corrupt { path: self.path.clone(), what })
    }

    fn lookup_inner<P: Pieces>(
        &self,
        board: &P,
        material: Material,
        wdl: i32,
    ) -> Result<Lookup, Malformed> {
        let data: &[u8] = &self.map;
        let stm_black = board.turn() == Color::Black;
        let mirror =
            if self.material.is_symmetric() { stm_black } else { material != self.material };
        let color_flip = if mirror { 8u8 } else { 0 };
        let square_flip = if mirror { 56usize } else { 0 };
        let stm = usize::from(mirror ^ stm_black);

        let mut squares = [0usize; MAX_PIECES];
        let mut pieces = [0u8; MAX_PIECES];
        let mut size = 0;
        let mut file = 0;
        let mut lead_bb = lerf_bitboard::Bitboard::EMPTY;
        if self.pawns {
            let lead_code = self.parts[0].pieces[0] ^ color_flip;
            let color = if lead_code & 8 != 0 { Color::Black } else { Color::White };
            lead_bb = board.pieces(color, PieceType::Pawn);
            for sq in lead_bb {
                squares[size] = sq.index() ^ square_flip;
                size += 1;
            }
            let best =
                (0..size).max_by_key(|&i| PAWN_ORDER[squares[i]]).ok_or("no leading pawn")?;
            squares.swap(0, best);
            file = edge_distance(squares[0]);
        }
        let lead_count = size;
        let part = &self.parts[file * self.sides + stm % self.sides];
        if self.kind == TableKind::Dtz
            && usize::from(part.flags & FLAG_BLACK_TO_MOVE) != stm
            && (self.pawns || !self.material.is_symmetric())
        {
            return Ok(Lookup::OtherSide);
        }
        for sq in board.occupied() & !lead_bb {
            let code = board.code_on(sq).ok_or("board")?;
            squares[size] = sq.index() ^ square_flip;
            pieces[size] = code ^ color_flip;
            size += 1;
        }
        if size != self.material.count() as usize {
            return Err("position does not have the table's pieces");
        }
        // Into the header's order, like pieces kept in square order: which of two like
        // leading pieces comes first decides how the others are mirrored when the two
        // stand symmetrically.
        for i in lead_count..size.saturating_sub(1) {
            if let Some(j) = (i..size).find(|&j| pieces[j] == part.pieces[i]) {
                let (code, square) = (pieces[j], squares[j]);
                pieces.copy_within(i..j, i + 1);
                squares.copy_within(i..j, i + 1);
                pieces[i] = code;
                squares[i] = square;
            }
        }
        let mut index;
        if let Some(lead) = self.lead {
            index = lead.index(&mut squares[..size])?;
        } else {
            if squares[0] & 7 > 3 {
                for sq in &mut squares[..size] {
                    *sq ^= 7;
                }
            }
            index = LEAD_PAWN_INDEX[lead_count][squares[0]];
            squares[1..lead_count].sort_unstable_by_key(|&s| PAWN_ORDER[s]);
            for (i, &sq) in squares.iter().enumerate().take(lead_count).skip(1) {
                index += BINOMIAL[i][usize::from(PAWN_ORDER[sq])];
            }
        }
        index *= part.factors[0];

        // The other groups, each a combination of squares not taken by earlier groups.
        let mut start = usize::from(part.groups[0]);
        let mut remaining_pawns = self.both_pawns;
        let mut g = 1;
        while part.groups[g] != 0 {
            let len = usize::from(part.groups[g]);
            let (before, group) = squares.split_at_mut(start);
            let group = &mut group[..len];
            group.sort_unstable();
            let mut n = 0u64;
            for (i, &sq) in group.iter().enumerate() {
                let below = before.iter().filter(|&&s| s < sq).count();
                let slot = sq - below - if remaining_pawns { 8 } else { 0 };
                n += BINOMIAL[i + 1][slot];
            }
            remaining_pawns = false;
            index += n * part.factors[g];
            start += len;
            g += 1;
        }

        let raw = part.pairs.value(data, index)?;
        match self.kind {
            TableKind::Wdl => {
                if raw > 4 {
                    return Err("WDL value out of range");
                }
                Ok(Lookup::Value(i32::from(raw) - 2))
            }
            TableKind::Dtz => {
                let mut value = u32::from(raw);
                if part.flags & FLAG_MAPPED != 0 {
                    let map = part.maps[[1, 3, 0, 2, 0][(wdl.clamp(-2, 2) + 2) as usize]];
                    value = if part.flags & FLAG_WIDE != 0 {
                        u32::from(le_u16(data, map + 2 * value as usize)?)
                    } else {
                        u32::from(*data.get(map + value as usize).ok_or("value map past the end")?)
                    };
                }
                let plies = (wdl == 2 && part.flags & FLAG_WIN_PLIES != 0)
                    || (wdl == -2 && part.flags & FLAG_LOSS_PLIES != 0);
                // Doubled unless the table counts plies for this class (python-chess
                // doubles a draw's value too, which no search asks for).
                if !plies {
                    value *= 2;
                }
                Ok(Lookup::Value(value as i32))
            }
        }
    }
}

/// Checks that a part's pieces are the table's material.
fn check_pieces(pieces: &[u8; MAX_PIECES], num: usize, m: Material) -> Result<(), Malformed> {
    let mut counts = [[0u8; 6]; 2];
    for &code in &pieces[..num] {
        let pt = usize::from(code & 7);
        if !(1..=6).contains(&pt) || code & !0x0f != 0 {
            return Err("header names a piece that does not exist");
        }
        counts[usize::from(code >> 3)][pt - 1] += 1;
    }
    for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for pt in PieceType::ALL {
            if counts[c][pt.index() - 1] != m.pieces(color, pt) {
                return Err("header's pieces are not the name's");
            }
        }
    }
    Ok(())
}
