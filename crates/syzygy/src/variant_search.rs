//! The probes that search, for the variant families (atomic, suicide, giveaway), over
//! lerf-rules' [`VariantBoard`]: captures resolved by a small alpha-beta as in standard
//! chess, with each variant's own captures and ends; in losing chess every capture
//! compulsory, and for DTZ the moves that force the other side to capture. The values are
//! python-chess's (`crates/python/tests/test_syzygy_variants.py` compares every probe).

use crate::error::SyzygyError;
use crate::placement::Placement;
use crate::search::{Wdl, dtz_with_en_passant, wdl_with_en_passant};
use crate::tablebase::Tablebase;
use crate::variant::TableVariant;
use lerf_rules::LooseMove;
use lerf_rules::variant::VariantBoard;

/// How deep the one-ply DTZ searches may nest: tables that contradict each other (never
/// published ones) could send them round in circles.
const MAX_DEPTH: u32 = 200;

/// The DTZ of a position whose best move zeroes the counter at once, by WDL value.
fn before_zeroing(wdl: i32) -> i32 {
    crate::search::dtz_before_zeroing(Wdl::from_value(wdl.clamp(-2, 2)).unwrap_or(Wdl::Draw))
}

/// A variant tablebase's search over one probe.
pub(crate) struct VariantSearch<'a> {
    tables: &'a Tablebase,
    family: TableVariant,
}

impl<'a> VariantSearch<'a> {
    pub(crate) fn new(tables: &'a Tablebase) -> VariantSearch<'a> {
        VariantSearch { tables, family: tables.variant() }
    }

    fn compulsory(&self) -> bool {
        matches!(self.family, TableVariant::Suicide | TableVariant::Giveaway)
    }

    /// The value the variant's own rules give the side to move, if they decide; `moves`,
    /// the legal moves where the caller has them (losing chess asks whether there are any).
    fn decided(&self, vb: &VariantBoard, moves: Option<&[LooseMove]>) -> Option<i32> {
        if !self.compulsory() {
            return if vb.is_variant_win() {
                Some(2)
            } else if vb.is_variant_loss() {
                Some(-2)
            } else if vb.is_variant_draw() {
                Some(0)
            } else {
                None
            };
        }
        let l = &vb.board.layout;
        let us = vb.board.turn;
        if !l.of_color(us).any() {
            return Some(2);
        }
        let stalemated = match moves {
            Some(moves) => moves.is_empty(),
            None => vb.legal_moves().is_empty(),
        };
        if vb.is_variant_end() || !stalemated {
            return None;
        }
        // Stalemated: giveaway's stalemated side wins; suicide's with fewer pieces does.
        if self.family == TableVariant::Giveaway {
            return Some(2);
        }
        let balance = l.of_color(us).popcount() as i32 - l.of_color(!us).popcount() as i32;
        Some(-2 * balance.signum())
    }

    /// The WDL table's value, the variant's own ends decided first.
    pub(crate) fn wdl_table(&self, vb: &VariantBoard) -> Result<i32, SyzygyError> {
        match self.decided(vb, None) {
            Some(v) => Ok(v),
            None => self.table(vb),
        }
    }

    /// The WDL table's value of a position the variant's rules leave open.
    fn table(&self, vb: &VariantBoard) -> Result<i32, SyzygyError> {
        let l = &vb.board.layout;
        if self.family.one_king() && l.occupied == l.kings {
            return Ok(0);
        }
        self.tables.probe_wdl_table_of(&placement(vb)?)
    }

    fn captures(vb: &VariantBoard, moves: &[LooseMove]) -> Vec<LooseMove> {
        let theirs = vb.board.layout.of_color(!vb.board.turn);
        moves.iter().copied().filter(|m| theirs.contains(m.to)).collect()
    }

    /// Alpha-beta over captures (en passant aside; in losing chess every capture): the
    /// value, and 2 when a capture is the reason for it, else 1.
    pub(crate) fn probe_ab(
        &self,
        vb: &VariantBoard,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, u8), SyzygyError> {
        if self.compulsory() {
            return self.compulsory_ab(vb, alpha, beta);
        }
        let moves = vb.legal_moves();
        let (alpha, cut) =
            self.best_capture(vb, &Self::captures(vb, &moves), alpha, beta, &|s, c, a, b| {
                s.probe_ab(c, a, b)
            })?;
        if cut {
            return Ok((alpha, 2));
        }
        let v = self.wdl_table(vb)?;
        Ok(if alpha >= v { (alpha, 1 + u8::from(alpha > 0)) } else { (v, 1) })
    }

    #[allow(clippy::type_complexity)]
    fn best_capture(
        &self,
        vb: &VariantBoard,
        captures: &[LooseMove],
        mut alpha: i32,
        beta: i32,
        search: &dyn Fn(&Self, &VariantBoard, i32, i32) -> Result<(i32, u8), SyzygyError>,
    ) -> Result<(i32, bool), SyzygyError> {
        for &m in captures {
            let v = -search(self, &vb.play_unchecked(m), -beta, -alpha)?.0;
            if v > alpha {
                if v >= beta {
                    return Ok((v, true));
                }
                alpha = v;
            }
        }
        Ok((alpha, false))
    }

    /// Losing chess: a position with a capture (en passant too) is worth its best
    /// capture; one without is the table's.
    fn compulsory_ab(
        &self,
        vb: &VariantBoard,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, u8), SyzygyError> {
        let moves = vb.legal_moves();
        if let Some(v) = self.decided(vb, Some(&moves)) {
            return Ok((v, 2));
        }
        let captures: Vec<LooseMove> =
            moves.into_iter().filter(|&m| vb.board.is_capture(m)).collect();
        if captures.is_empty() {
            return Ok((self.table(vb)?, 1));
        }
        let (v, _) =
            self.best_capture(vb, &captures, alpha, beta, &|s, c, a, b| s.compulsory_ab(c, a, b))?;
        Ok((v, 2))
    }

    fn en_passant(&self, vb: &VariantBoard, moves: &[LooseMove]) -> Result<i32, SyzygyError> {
        let mut best = -3;
        for &m in moves.iter().filter(|&&m| vb.board.is_en_passant(m)) {
            best = best.max(-self.probe_ab(&vb.play_unchecked(m), -2, 2)?.0);
        }
        Ok(best)
    }

    pub(crate) fn probe_wdl(&self, vb: &VariantBoard) -> Result<i32, SyzygyError> {
        let (v, _) = self.probe_ab(vb, -2, 2)?;
        if vb.board.ep_square.is_none() || self.compulsory() {
            return Ok(v);
        }
        let moves = vb.legal_moves();
        let v1 = self.en_passant(vb, &moves)?;
        Ok(wdl_with_en_passant(v, v1, moves.iter().all(|&m| vb.board.is_en_passant(m))))
    }

    /// Losing chess without a capture: the best of the non-pawn moves after which the
    /// other side must capture, worth that capture (-3 without one).
    fn threat(&self, vb: &VariantBoard) -> Result<i32, SyzygyError> {
        let pawns = vb.board.layout.pawns;
        let mut best = -3;
        for m in vb.legal_moves().into_iter().filter(|m| !pawns.contains(m.from)) {
            let child = vb.play_unchecked(m);
            if !Self::captures(&child, &child.legal_moves()).is_empty() {
                best = best.max(-self.compulsory_ab(&child, -2, 2)?.0);
            }
        }
        Ok(best)
    }

    /// `probe_ab`, and in losing chess without a capture the moves that force one:
    /// success 3 where such a move is at least as good as the table.
    fn ab_with_threats(
        &self,
        vb: &VariantBoard,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, u8), SyzygyError> {
        let (v, success) = self.probe_ab(vb, alpha, beta)?;
        if self.compulsory() && success == 1 {
            let threat = self.threat(vb)?;
            if threat >= v {
                return Ok((threat, 3));
            }
        }
        Ok((v, success))
    }

    pub(crate) fn probe_dtz_no_ep(
        &self,
        vb: &VariantBoard,
        depth: u32,
    ) -> Result<i32, SyzygyError> {
        if depth > MAX_DEPTH {
            return Err(SyzygyError::TooDeep);
        }
        let (wdl, success) = self.ab_with_threats(vb, -2, 2)?;
        if success == 3 && wdl > 0 {
            // A move that forces the other side to capture: DTZ counts its reply.
            return Ok(before_zeroing(wdl) + 1);
        }
        if wdl == 0 {
            return Ok(0);
        }
        if success == 2 {
            return Ok(before_zeroing(wdl));
        }
        let l = &vb.board.layout;
        if self.compulsory() && !(l.of_color(vb.board.turn) & !l.pawns).any() {
            // Only pawns to move: every move zeroes the counter.
            return Ok(before_zeroing(wdl));
        }
        let moves = vb.legal_moves();
        if wdl > 0 {
            // A pawn push that keeps the win zeroes the counter at once.
            for &m in &moves {
                if l.pawns.contains(m.from) && !vb.board.is_capture(m) {
                    let v = -self.probe_wdl(&vb.play_unchecked(m))?;
                    if v == wdl {
                        return Ok(before_zeroing(wdl));
                    }
                }
            }
        }
        if let Some(dtz) = self.tables.probe_dtz_table_of(&placement(vb)?, wdl)? {
            let base = before_zeroing(wdl);
            return Ok(if wdl > 0 { base + dtz } else { base - dtz });
        }
        // The table holds the other side to move: one ply of search.
        if wdl > 0 {
            let mut best = 0xffff;
            for &m in moves.iter().filter(|&&m| !vb.board.is_zeroing(m)) {
                let child = vb.play_unchecked(m);
                let v = -self.probe_dtz(&child, depth + 1)?;
                if v == 1 && is_checkmate(&child) {
                    best = 1;
                } else if v > 0 && v + 1 < best {
                    best = v + 1;
                }
            }
            return Ok(best);
        }
        let mut best = -1;
        for &m in &moves {
            let child = vb.play_unchecked(m);
            let v = if child.board.halfmove_clock == 0 {
                if wdl == -2 {
                    -1
                } else if self.ab_with_threats(&child, 1, 2)?.0 == 2 {
                    0
                } else {
                    -101
                }
            } else {
                -self.probe_dtz(&child, depth + 1)? - 1
            };
            best = best.min(v);
        }
        Ok(best)
    }

    pub(crate) fn probe_dtz(&self, vb: &VariantBoard, depth: u32) -> Result<i32, SyzygyError> {
        let v = self.probe_dtz_no_ep(vb, depth)?;
        if vb.board.ep_square.is_none() {
            return Ok(v);
        }
        let moves = vb.legal_moves();
        let v1 = self.en_passant(vb, &moves)?;
        Ok(dtz_with_en_passant(v, v1, moves.iter().all(|&m| vb.board.is_en_passant(m))))
    }
}

impl Tablebase {
    /// A variant position's value under the 50-move rule (-2 loss … 2 win), taken as just
    /// after a capture or pawn move, searched as python-chess searches: the variant's
    /// captures (explosions, compulsory captures) resolved, its own ends decided. For a
    /// tablebase of the variant's family ([`Tablebase::with_variant`]): atomic boards with
    /// atomic tables, antichess (giveaway) boards with giveaway tables; a suicide
    /// tablebase plays giveaway's moves with suicide's ends.
    pub fn probe_variant_wdl(&self, board: &VariantBoard) -> Result<i32, SyzygyError> {
        variant_position(board)?;
        VariantSearch::new(self).probe_wdl(board)
    }

    /// The WDL table's value for a variant position (no search), after the variant's own
    /// rules: a position they decide is worth their verdict (win 2, loss -2, draw 0), and
    /// bare kings of a one-king family are a draw, as python-chess answers it.
    pub fn probe_variant_wdl_table(&self, board: &VariantBoard) -> Result<i32, SyzygyError> {
        VariantSearch::new(self).wdl_table(board)
    }

    /// A variant position's distance to zeroing the 50-move counter, in plies, as
    /// [`probe_dtz`](Self::probe_dtz) counts it, searched as python-chess searches.
    pub fn probe_variant_dtz(&self, board: &VariantBoard) -> Result<i32, SyzygyError> {
        variant_position(board)?;
        VariantSearch::new(self).probe_dtz(board, 0)
    }

    /// [`probe_variant_dtz`](Self::probe_variant_dtz) without en passant at the root.
    pub fn probe_variant_dtz_no_ep(&self, board: &VariantBoard) -> Result<i32, SyzygyError> {
        variant_position(board)?;
        VariantSearch::new(self).probe_dtz_no_ep(board, 0)
    }

    /// The variant search over captures: the value within `alpha..beta` and 2 when a
    /// capture is the reason for it, else 1.
    pub fn probe_variant_ab(
        &self,
        board: &VariantBoard,
        alpha: i32,
        beta: i32,
    ) -> Result<(i32, u8), SyzygyError> {
        variant_position(board)?;
        VariantSearch::new(self).probe_ab(board, alpha, beta)
    }
}

/// Refuses castling rights (no table holds them) and more pieces than a table holds.
fn variant_position(board: &VariantBoard) -> Result<(), SyzygyError> {
    if board.board.castling_rights.any() {
        return Err(SyzygyError::CastlingRights);
    }
    if board.board.layout.occupied.popcount() as usize > crate::MAX_PIECES {
        return Err(SyzygyError::NotAPosition);
    }
    Ok(())
}

fn is_checkmate(vb: &VariantBoard) -> bool {
    vb.is_check() && vb.legal_moves().is_empty()
}

/// The pieces and turn of a variant board.
fn placement(vb: &VariantBoard) -> Result<Placement, SyzygyError> {
    let l = &vb.board.layout;
    let sets = [l.pawns, l.knights, l.bishops, l.rooks, l.queens, l.kings];
    Placement::from_sets(l.by_color, sets, vb.board.turn)
}
