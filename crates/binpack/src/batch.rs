//! A training batch (feature `nnue`): entries turned into the arrays a PyTorch trainer of
//! HalfKAv2_hm networks takes: the side to move, each side's active feature indices (the
//! ones `lerf_nnue::feature_index` gives, which Stockfish 15.1's network reads), the score,
//! the outcome and the piece count.

use crate::entry::Entry;
use lerf_nnue::feature_index;
use lerf_types::{Color, Piece};

/// Feature slots a side: one a piece, padded with -1.
pub const MAX_FEATURES: usize = 32;

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
    /// An empty batch with room for `rows` rows.
    pub fn with_capacity(rows: usize) -> Batch {
        Batch {
            size: 0,
            us: Vec::with_capacity(rows),
            white: Vec::with_capacity(rows * MAX_FEATURES),
            black: Vec::with_capacity(rows * MAX_FEATURES),
            score: Vec::with_capacity(rows),
            outcome: Vec::with_capacity(rows),
            pieces: Vec::with_capacity(rows),
        }
    }

    pub(crate) fn clear(&mut self) {
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
        // Both sides' lists in one walk over the pieces, written into their padded rows. A
        // board holds at most 16 pieces a side (`Board` refuses more), so 32 slots suffice.
        let (white_king, black_king) =
            (board.king_square(Color::White), board.king_square(Color::Black));
        let (w, b) = (self.white.len(), self.black.len());
        self.white.resize(w + MAX_FEATURES, -1);
        self.black.resize(b + MAX_FEATURES, -1);
        let (white, black) =
            (&mut self.white[w..w + MAX_FEATURES], &mut self.black[b..b + MAX_FEATURES]);
        let mut n = 0;
        for piece in Piece::ALL {
            for sq in board.pieces(piece.color(), piece.piece_type()) {
                white[n] = feature_index(Color::White, white_king, piece, sq) as i32;
                black[n] = feature_index(Color::Black, black_king, piece, sq) as i32;
                n += 1;
            }
        }
        self.us.push(if board.side_to_move() == Color::White { 1.0 } else { 0.0 });
        self.score.push(f32::from(entry.score));
        self.outcome.push((f32::from(entry.result) + 1.0) / 2.0);
        self.pieces.push(board.occupied().popcount() as i8);
        self.size += 1;
    }
}
