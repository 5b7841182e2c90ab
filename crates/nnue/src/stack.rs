//! Accumulators kept with a [`Position`] through a search: one per ply, brought up to date
//! only when a position is evaluated, from the nearest ancestor that is, by the rows of the
//! moves between (a side whose king moved in between comes from the refresh cache: the
//! sums last computed with its king on that square, by the pieces that differ).

use crate::accumulator::Accumulator;
use crate::error::EvalError;
use crate::evaluate::Evaluation;
use crate::network::Network;
use crate::placement::check;
use crate::refresh_cache::RefreshCache;
use lerf_position::Position;
use lerf_types::{Color, Move, Piece, PieceType, Square};

/// What one move changed, as features: at most four taken off and three put on, the first
/// `counts` of each.
#[derive(Clone, Copy)]
struct Delta {
    removed: [(Piece, Square); 4],
    added: [(Piece, Square); 3],
    counts: (u8, u8),
    king_moved: [bool; 2],
}

impl Default for Delta {
    fn default() -> Delta {
        let none = (Piece::W_PAWN, Square::A1);
        Delta { removed: [none; 4], added: [none; 3], counts: (0, 0), king_moved: [false; 2] }
    }
}

impl Delta {
    fn remove(&mut self, change: (Piece, Square)) {
        self.removed[self.counts.0 as usize] = change;
        self.counts.0 += 1;
    }

    fn add(&mut self, change: (Piece, Square)) {
        self.added[self.counts.1 as usize] = change;
        self.counts.1 += 1;
    }
}

struct Entry {
    acc: Accumulator,
    computed: [bool; 2],
    delta: Delta,
    key: u64,
    kings: [Square; 2],
    pieces: u32,
}

/// An accumulator for each ply of a line, kept in step with a [`Position`] by
/// [`do_move`](AccumulatorStack::do_move) and [`undo_move`](AccumulatorStack::undo_move), for
/// one [`Network`]. Evaluations equal [`Network::evaluate`] of the same position.
///
/// The stack grows to the deepest line played and then reuses its accumulators: a search
/// allocates nothing after its first visits to each depth.
pub struct AccumulatorStack {
    entries: Vec<Entry>,
    top: usize,
    network: u64,
    /// Sums by side and king square, for the sides whose king moved.
    cache: RefreshCache,
}

impl AccumulatorStack {
    /// A stack rooted at `pos`.
    pub fn new(net: &Network, pos: &Position) -> Result<AccumulatorStack, EvalError> {
        let mut stack = AccumulatorStack {
            entries: Vec::new(),
            top: 0,
            network: net.id,
            cache: RefreshCache::new(),
        };
        stack.entries.push(Entry {
            acc: Accumulator::new(net),
            computed: [false; 2],
            delta: Delta::default(),
            key: 0,
            kings: [Square::A1; 2],
            pieces: 0,
        });
        stack.reset(net, pos)?;
        Ok(stack)
    }

    /// Roots the stack at `pos` again (a new search), keeping its memory.
    pub fn reset(&mut self, net: &Network, pos: &Position) -> Result<(), EvalError> {
        assert!(net.id == self.network, "the stack was made for another network");
        let (kings, pieces) = check(pos)?;
        let root = &mut self.entries[0];
        net.refresh(pos, &mut root.acc)?;
        root.computed = [true; 2];
        root.key = pos.key();
        root.kings = kings;
        root.pieces = pieces;
        self.top = 0;
        Ok(())
    }

    /// Plays `m` (legal in `pos`) on `pos` and pushes its accumulator (computed when needed).
    pub fn do_move(&mut self, pos: &mut Position, m: Move) {
        let changes = pos.changes(m);
        let mut delta = Delta::default();
        for (piece, from, to) in changes.moved.into_iter().flatten() {
            delta.remove((piece, from));
            delta.add((piece, to));
            if piece.piece_type() == PieceType::King {
                delta.king_moved[piece.color().index()] = true;
            }
        }
        changes.removed.into_iter().flatten().for_each(|r| delta.remove(r));
        changes.added.into_iter().for_each(|a| delta.add(a));
        pos.do_move(m);
        self.push(pos, delta);
    }

    /// Takes `m` back on `pos` and pops its accumulator.
    ///
    /// # Panics
    /// At the root.
    pub fn undo_move(&mut self, pos: &mut Position, m: Move) {
        assert!(self.top > 0, "undo_move at the stack's root");
        pos.undo_move(m);
        self.top -= 1;
    }

    /// Passes the move on `pos` (the accumulator is unchanged).
    pub fn do_null_move(&mut self, pos: &mut Position) {
        pos.do_null_move();
        self.push(pos, Delta::default());
    }

    /// Takes a null move back.
    ///
    /// # Panics
    /// At the root.
    pub fn undo_null_move(&mut self, pos: &mut Position) {
        assert!(self.top > 0, "undo_null_move at the stack's root");
        pos.undo_null_move();
        self.top -= 1;
    }

    /// Plies above the root.
    pub fn depth(&self) -> usize {
        self.top
    }

    fn push(&mut self, pos: &Position, delta: Delta) {
        self.top += 1;
        let kings = [pos.king_square(Color::White), pos.king_square(Color::Black)];
        let (key, pieces) = (pos.key(), pos.occupied().popcount());
        if self.top == self.entries.len() {
            let acc = self.entries[0].acc.clone();
            self.entries.push(Entry { acc, computed: [false; 2], delta, key, kings, pieces });
        } else {
            let entry = &mut self.entries[self.top];
            (entry.computed, entry.delta, entry.key, entry.kings, entry.pieces) =
                ([false; 2], delta, key, kings, pieces);
        }
    }

    /// Stockfish's evaluation of `pos`, the position the stack was played to, from the side
    /// to move's view.
    ///
    /// # Panics
    /// If `net` is not the stack's network, or `pos` is not the position the stack's moves
    /// lead to (moves played on it without the stack).
    pub fn evaluate(&mut self, net: &Network, pos: &Position) -> i32 {
        self.evaluation(net, pos).value
    }

    /// [`evaluate`](AccumulatorStack::evaluate) with its parts.
    pub fn evaluation(&mut self, net: &Network, pos: &Position) -> Evaluation {
        assert!(net.id == self.network, "the stack was made for another network");
        let top = &self.entries[self.top];
        assert!(top.key == pos.key(), "the position is not the one the stack's moves lead to");
        for perspective in Color::ALL {
            self.bring_up_to_date(net, pos, perspective);
        }
        let top = &self.entries[self.top];
        net.evaluate_accumulator(&top.acc, pos.side_to_move(), top.pieces)
    }

    /// The accumulator of the top entry, brought up to date.
    pub fn accumulator(&mut self, net: &Network, pos: &Position) -> &Accumulator {
        self.evaluation(net, pos);
        &self.entries[self.top].acc
    }

    fn bring_up_to_date(&mut self, net: &Network, pos: &Position, perspective: Color) {
        let p = perspective.index();
        let mut from = self.top;
        while !self.entries[from].computed[p] {
            if self.entries[from].delta.king_moved[p] {
                let top = &mut self.entries[self.top];
                let king = top.kings[p];
                self.cache.refresh(
                    net,
                    pos,
                    perspective,
                    king,
                    &mut top.acc.sides[p],
                    &mut top.acc.psqt[p],
                );
                top.computed[p] = true;
                return;
            }
            from -= 1;
        }
        for i in from + 1..=self.top {
            let (done, rest) = self.entries.split_at_mut(i);
            let (prev, next) = (&done[i - 1], &mut rest[0]);
            let Delta { removed, added, counts: (r, a), .. } = next.delta;
            let (removed, added) = (&removed[..r as usize], &added[..a as usize]);
            net.apply::<4>(
                perspective,
                next.kings[p],
                (&prev.acc.sides[p], &prev.acc.psqt[p]),
                (&mut next.acc.sides[p], &mut next.acc.psqt[p]),
                removed,
                added,
            );
            next.computed[p] = true;
        }
    }
}
