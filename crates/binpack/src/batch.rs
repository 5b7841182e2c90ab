//! Training batches (feature `nnue`): entries turned into the arrays a PyTorch trainer of
//! HalfKAv2_hm networks takes: the side to move, each side's active feature indices (the
//! ones `lerf_nnue::feature_index` gives, which Stockfish 15.1's network reads), the score,
//! the outcome and the piece count, with the skipping options trainers use.

use crate::entry::Entry;
use crate::error::BinpackError;
use crate::reader::Reader;
use lerf_nnue::feature_index;
use lerf_types::{Color, MoveKind, Piece};
use std::io::Read;

/// Feature slots a side: one a piece, padded with -1.
pub const MAX_FEATURES: usize = 32;

/// Which entries a batch leaves out.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SkipOptions {
    /// Leave out entries whose move captures (their score rests on the exchange).
    pub captures: bool,
    /// Leave out entries whose side to move is in check.
    pub in_check: bool,
    /// Leave out entries before this ply.
    pub early_plies: u16,
    /// Leave out each entry with this probability (0 keeps all).
    pub random: f64,
    /// Keep each entry with the probability that its result follows from its score
    /// (`1 / (1 + exp(-score / 400))` for a win, the complement for a loss, the smaller of
    /// the two doubled for a draw): leaves out most positions whose score and result
    /// disagree.
    pub score_result: bool,
}

/// A batch's arrays, `size` rows each (`white` and `black` hold [`MAX_FEATURES`] a row).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Batch {
    /// Rows filled.
    pub size: usize,
    /// 1.0 when White is to move.
    pub us: Vec<f32>,
    /// White's feature indices, -1 after the last.
    pub white: Vec<i32>,
    /// Black's feature indices, -1 after the last.
    pub black: Vec<i32>,
    /// The score, side to move's view.
    pub score: Vec<f32>,
    /// The result for the side to move: 1 win, 0.5 draw, 0 loss.
    pub outcome: Vec<f32>,
    /// The pieces on the board (the layer stack is `(pieces - 1) / 4`).
    pub pieces: Vec<i8>,
}

impl Batch {
    fn clear(&mut self) {
        self.size = 0;
        for v in [&mut self.us, &mut self.score, &mut self.outcome] {
            v.clear();
        }
        self.white.clear();
        self.black.clear();
        self.pieces.clear();
    }

    /// Appends `entry`'s row.
    pub fn push(&mut self, entry: &Entry) {
        let board = &entry.board;
        for (perspective, out) in [(Color::White, &mut self.white), (Color::Black, &mut self.black)]
        {
            let king = board.king_square(perspective);
            let start = out.len();
            for piece in Piece::ALL {
                for sq in board.pieces(piece.color(), piece.piece_type()) {
                    out.push(feature_index(perspective, king, piece, sq) as i32);
                }
            }
            out.resize(start + MAX_FEATURES, -1);
        }
        self.us.push(if board.side_to_move() == Color::White { 1.0 } else { 0.0 });
        self.score.push(f32::from(entry.score));
        self.outcome.push((f32::from(entry.result) + 1.0) / 2.0);
        self.pieces.push(board.occupied().popcount() as i8);
        self.size += 1;
    }
}

/// A deterministic generator (xorshift64*) for the random skipping.
#[derive(Debug, Clone)]
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Batches of `size` entries from binpack inputs, one after the other (and again from the
/// first when `cyclic`), the skipping options applied; the same seed, the same batches.
pub struct Batches<R, F> {
    open: F,
    inputs: usize,
    current: usize,
    reader: Option<Reader<R>>,
    size: usize,
    skip: SkipOptions,
    cyclic: bool,
    rng: Rng,
    /// Entries read, kept, of the current pass.
    seen_in_pass: u64,
}

impl<R: Read, F: FnMut(usize) -> std::io::Result<R>> Batches<R, F> {
    /// Batches from `inputs` inputs, the `i`th opened by `open(i)`.
    pub fn new(
        inputs: usize,
        open: F,
        size: usize,
        skip: SkipOptions,
        cyclic: bool,
        seed: u64,
    ) -> Batches<R, F> {
        Batches {
            open,
            inputs,
            current: 0,
            reader: None,
            size: size.max(1),
            skip,
            cyclic,
            rng: Rng(seed ^ 0x9e37_79b9_7f4a_7c15 | 1),
            seen_in_pass: 0,
        }
    }

    fn keep(&mut self, e: &Entry) -> bool {
        let s = &self.skip;
        if e.ply < s.early_plies {
            return false;
        }
        if s.captures
            && (e.mv.kind() == MoveKind::EnPassant
                || e.board.pieces_of(!e.board.side_to_move()).contains(e.mv.to())
                    && e.mv.kind() != MoveKind::Castling)
        {
            return false;
        }
        if s.in_check && e.board.in_check() {
            return false;
        }
        if s.random > 0.0 && self.rng.unit() < s.random {
            return false;
        }
        if s.score_result {
            let win = 1.0 / (1.0 + (-f64::from(e.score) / 400.0).exp());
            let p = match e.result {
                1 => win,
                -1 => 1.0 - win,
                _ => 2.0 * win.min(1.0 - win),
            };
            if self.rng.unit() >= p {
                return false;
            }
        }
        true
    }

    /// The next entry of the inputs, or `None` when they are done.
    fn next_entry(&mut self) -> Option<Result<Entry, BinpackError>> {
        loop {
            if self.reader.is_none() {
                if self.current == self.inputs {
                    if !self.cyclic || self.seen_in_pass == 0 {
                        return None;
                    }
                    (self.current, self.seen_in_pass) = (0, 0);
                }
                let input = match (self.open)(self.current) {
                    Ok(input) => input,
                    Err(e) => {
                        let kind =
                            crate::error::ErrorKind::Io(format!("input {}: {e}", self.current));
                        self.current = self.inputs;
                        self.cyclic = false;
                        return Some(Err(BinpackError { chunk: 0, offset: 0, kind }));
                    }
                };
                self.reader = Some(Reader::new(input));
                self.current += 1;
            }
            match self.reader.as_mut().and_then(Iterator::next) {
                Some(Ok(e)) => {
                    self.seen_in_pass += 1;
                    return Some(Ok(e));
                }
                Some(Err(e)) => {
                    self.reader = None;
                    self.cyclic = false;
                    self.current = self.inputs;
                    return Some(Err(e));
                }
                None => self.reader = None,
            }
        }
    }

    /// Fills `batch` (cleared first) with up to its size of kept entries; `Ok(false)` when
    /// the inputs ended before any.
    pub fn fill(&mut self, batch: &mut Batch) -> Result<bool, BinpackError> {
        batch.clear();
        while batch.size < self.size {
            match self.next_entry() {
                None => break,
                Some(Err(e)) => return Err(e),
                Some(Ok(e)) => {
                    if self.keep(&e) {
                        batch.push(&e);
                    }
                }
            }
        }
        Ok(batch.size > 0)
    }
}
