//! Fixed sets of squares: files, ranks, edges, colours of squares, long diagonals.

use crate::Bitboard;
use lerf_types::{File, Rank};

/// The a-file.
pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
/// The b-file.
pub const FILE_B: Bitboard = Bitboard(FILE_A.0 << 1);
/// The c-file.
pub const FILE_C: Bitboard = Bitboard(FILE_A.0 << 2);
/// The d-file.
pub const FILE_D: Bitboard = Bitboard(FILE_A.0 << 3);
/// The e-file.
pub const FILE_E: Bitboard = Bitboard(FILE_A.0 << 4);
/// The f-file.
pub const FILE_F: Bitboard = Bitboard(FILE_A.0 << 5);
/// The g-file.
pub const FILE_G: Bitboard = Bitboard(FILE_A.0 << 6);
/// The h-file.
pub const FILE_H: Bitboard = Bitboard(FILE_A.0 << 7);

/// The first rank.
pub const RANK_1: Bitboard = Bitboard(0xff);
/// The second rank.
pub const RANK_2: Bitboard = Bitboard(RANK_1.0 << 8);
/// The third rank.
pub const RANK_3: Bitboard = Bitboard(RANK_1.0 << 16);
/// The fourth rank.
pub const RANK_4: Bitboard = Bitboard(RANK_1.0 << 24);
/// The fifth rank.
pub const RANK_5: Bitboard = Bitboard(RANK_1.0 << 32);
/// The sixth rank.
pub const RANK_6: Bitboard = Bitboard(RANK_1.0 << 40);
/// The seventh rank.
pub const RANK_7: Bitboard = Bitboard(RANK_1.0 << 48);
/// The eighth rank.
pub const RANK_8: Bitboard = Bitboard(RANK_1.0 << 56);

/// Every file, indexed by [`File`].
pub const FILES: [Bitboard; 8] = [FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H];
/// Every rank, indexed by [`Rank`].
pub const RANKS: [Bitboard; 8] = [RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8];

/// The 28 squares on the board's rim.
pub const EDGES: Bitboard = Bitboard(FILE_A.0 | FILE_H.0 | RANK_1.0 | RANK_8.0);
/// The 32 dark squares (a1 is dark).
pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
/// The 32 light squares (h1 is light).
pub const LIGHT_SQUARES: Bitboard = Bitboard(!DARK_SQUARES.0);
/// The long diagonal a1–h8.
pub const DIAGONAL_A1H8: Bitboard = Bitboard(0x8040_2010_0804_0201);
/// The long anti-diagonal h1–a8.
pub const DIAGONAL_H1A8: Bitboard = Bitboard(0x0102_0408_1020_4080);
/// The four centre squares d4, e4, d5, e5.
pub const CENTER: Bitboard = Bitboard(0x0000_0018_1800_0000);

impl Bitboard {
    /// The squares of `file`.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::File;
    /// assert_eq!(Bitboard::file(File::A), lerf_bitboard::FILE_A);
    /// ```
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        FILES[file as usize]
    }

    /// The squares of `rank`.
    ///
    /// ```
    /// use lerf_bitboard::Bitboard;
    /// use lerf_types::Rank;
    /// assert_eq!(Bitboard::rank(Rank::R8), lerf_bitboard::RANK_8);
    /// ```
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        RANKS[rank as usize]
    }
}
