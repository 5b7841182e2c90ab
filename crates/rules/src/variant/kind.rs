//! The Lichess variants by name, and what each starts from.

/// A Lichess variant.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// Antichess (giveaway): captures are compulsory, the king is an ordinary piece, and
    /// whoever runs out of pieces or moves wins.
    Antichess,
    /// Atomic: a capture explodes the capturing piece and every piece but pawns around it;
    /// exploding the other king wins.
    Atomic,
    /// Crazyhouse: captured pieces change sides and may be dropped on empty squares.
    Crazyhouse,
    /// Horde: White's 36 pawns (and no king) against a standard army.
    Horde,
    /// King of the hill: a king on d4, e4, d5 or e5 wins.
    KingOfTheHill,
    /// Racing kings: no checks; the first king on the eighth rank wins (Black may answer
    /// in kind for a draw).
    RacingKings,
    /// Three-check: the third check wins.
    ThreeCheck,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 7] = [
        Variant::Antichess,
        Variant::Atomic,
        Variant::Crazyhouse,
        Variant::Horde,
        Variant::KingOfTheHill,
        Variant::RacingKings,
        Variant::ThreeCheck,
    ];

    /// The name UCI engines know (`UCI_Variant`), as python-chess writes it.
    pub const fn uci_name(self) -> &'static str {
        match self {
            Variant::Antichess => "antichess",
            Variant::Atomic => "atomic",
            Variant::Crazyhouse => "crazyhouse",
            Variant::Horde => "horde",
            Variant::KingOfTheHill => "kingofthehill",
            Variant::RacingKings => "racingkings",
            Variant::ThreeCheck => "3check",
        }
    }

    /// The variant's start position as a FEN.
    pub const fn starting_fen(self) -> &'static str {
        match self {
            Variant::Antichess => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            Variant::Crazyhouse => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            Variant::Horde => {
                "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
            }
            Variant::RacingKings => "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
            Variant::ThreeCheck => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1",
            Variant::Atomic | Variant::KingOfTheHill => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            }
        }
    }
}
