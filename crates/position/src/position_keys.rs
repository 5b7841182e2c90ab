//! A [`Position`]'s Zobrist keys and material: what the current state holds, and the
//! from-scratch computation that sets it up (and that tests compare the incremental keys
//! with).

use crate::position::{Position, piece_value};
use crate::zobrist;
use lerf_types::{ByColor, Color, Piece, PieceType, Value};

impl Position {
    /// The Zobrist key of the position.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let play = |moves: &[&str]| -> Result<Position, lerf_position::UciError> {
    ///     let mut pos = Position::startpos();
    ///     for text in moves {
    ///         pos.play_uci(text)?;
    ///     }
    ///     Ok(pos)
    /// };
    /// // A transposition: the same position by two move orders has one key.
    /// assert_eq!(play(&["g1f3", "g8f6", "b1c3"])?.key(), play(&["b1c3", "g8f6", "g1f3"])?.key());
    /// assert_ne!(play(&["g1f3"])?.key(), Position::startpos().key());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn key(&self) -> u64 {
        self.state().key
    }

    /// The Zobrist key of the pawns.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let start = Position::startpos();
    /// let mut pos = start.clone();
    /// pos.play_uci("g1f3")?;
    /// assert_eq!(pos.pawn_key(), start.pawn_key()); // no pawn moved
    /// pos.play_uci("e7e5")?;
    /// assert_ne!(pos.pawn_key(), start.pawn_key());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn pawn_key(&self) -> u64 {
        self.state().pawn_key
    }

    /// The Zobrist key of the material.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let start = Position::startpos();
    /// let mut pos = start.clone();
    /// for text in ["e2e4", "d7d5"] {
    ///     pos.play_uci(text)?;
    /// }
    /// assert_eq!(pos.material_key(), start.material_key());
    /// pos.play_uci("e4d5")?;
    /// assert_ne!(pos.material_key(), start.material_key()); // a black pawn fewer
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn material_key(&self) -> u64 {
        self.state().material_key
    }

    /// The Zobrist key of knights and bishops.
    ///
    /// ```
    /// use lerf_position::Position;
    /// let start = Position::startpos();
    /// let mut pos = start.clone();
    /// pos.play_uci("e2e4")?;
    /// assert_eq!(pos.minor_piece_key(), start.minor_piece_key());
    /// pos.play_uci("b8c6")?;
    /// assert_ne!(pos.minor_piece_key(), start.minor_piece_key());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn minor_piece_key(&self) -> u64 {
        self.state().minor_piece_key
    }

    /// The Zobrist key of `color`'s non-pawn pieces.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Color;
    /// let start = Position::startpos();
    /// let mut pos = start.clone();
    /// pos.play_uci("g1f3")?;
    /// assert_ne!(pos.non_pawn_key(Color::White), start.non_pawn_key(Color::White));
    /// assert_eq!(pos.non_pawn_key(Color::Black), start.non_pawn_key(Color::Black));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn non_pawn_key(&self, color: Color) -> u64 {
        self.state().non_pawn_key[color]
    }

    /// The value of `color`'s knights, bishops, rooks and queens.
    ///
    /// ```
    /// use lerf_position::Position;
    /// use lerf_types::Color;
    /// // Two knights, two bishops, two rooks and a queen: 2*781 + 2*825 + 2*1276 + 2538.
    /// assert_eq!(Position::startpos().non_pawn_material(Color::White), 8302);
    /// ```
    #[inline]
    pub fn non_pawn_material(&self, color: Color) -> Value {
        self.state().non_pawn_material[color]
    }

    /// The XOR of the Zobrist keys of each piece's squares, indexed by `Piece as usize`.
    pub(crate) fn piece_keys(&self) -> [u64; 16] {
        let mut keys = [0u64; 16];
        for pc in Piece::ALL {
            for sq in self.pieces(pc.color(), pc.piece_type()) {
                keys[pc as usize] ^= zobrist::psq(pc, sq);
            }
        }
        keys
    }

    /// Writes into the current state the keys and material that the board, side to move,
    /// castling rights and en-passant square give, from each piece's key (see
    /// [`piece_keys`](Position::piece_keys)): for set-up, and (on a copy) for checking the
    /// incremental versions.
    pub(crate) fn set_keys_from(&mut self, piece_keys: &[u64; 16]) {
        let mut key = zobrist::side_key(self.side_to_move);
        let mut pawn_key = zobrist::no_pawns();
        let (mut material_key, mut minor_key) = (0, 0);
        let mut non_pawn_key = [0u64; 2];
        let mut non_pawn_material = [0; 2];
        for pc in Piece::ALL {
            let (piece_key, count) = (piece_keys[pc as usize], self.piece_count[pc as usize]);
            key ^= piece_key;
            material_key ^= zobrist::material(pc, count);
            match pc.piece_type() {
                PieceType::Pawn => pawn_key ^= piece_key,
                pt => {
                    non_pawn_key[pc.color() as usize] ^= piece_key;
                    non_pawn_material[pc.color() as usize] += piece_value(pt) * Value::from(count);
                    if matches!(pt, PieceType::Knight | PieceType::Bishop) {
                        minor_key ^= piece_key;
                    }
                }
            }
        }
        let st = self.state_mut();
        key ^= zobrist::castling(st.castling_rights);
        if let Some(ep) = st.ep_square {
            key ^= zobrist::en_passant(ep);
        }
        st.key = key;
        st.pawn_key = pawn_key;
        st.material_key = material_key;
        st.minor_piece_key = minor_key;
        st.non_pawn_key = ByColor::new(non_pawn_key[0], non_pawn_key[1]);
        st.non_pawn_material = ByColor::new(non_pawn_material[0], non_pawn_material[1]);
    }
}
