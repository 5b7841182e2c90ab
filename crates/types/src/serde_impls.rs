//! serde support (the `serde` feature): every value as the text its `Display` writes and its
//! `FromStr` reads, so stored data is readable and a bad value is a deserialisation error.

use crate::{CastlingRights, Color, File, Move, Piece, PieceType, Rank, Square, UciMove};
use serde::{Serialize, Serializer};

/// serde helpers for any type whose `Display` text its `FromStr` reads back, usable as
/// `#[serde(with = "lerf_types::serde_text")]`. lerf's own text-valued types (and SAN and
/// `Position` in the crates above) are stored this way.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use lerf_types::Square;
///
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Wrapped(#[serde(with = "lerf_types::serde_text")] Square);
///
/// assert_eq!(serde_json::to_string(&Wrapped(Square::G7)).unwrap(), r#""g7""#);
/// assert_eq!(serde_json::from_str::<Wrapped>(r#""g7""#).unwrap().0, Square::G7);
/// # }
/// ```
pub mod serde_text {
    use core::fmt;
    use core::marker::PhantomData;
    use core::str::FromStr;
    use serde::de::{self, Deserializer, Visitor};
    use serde::ser::Serializer;

    /// Writes `value`'s `Display` text as a string (streamed: nothing is allocated).
    pub fn serialize<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
    where
        T: fmt::Display + ?Sized,
        S: Serializer,
    {
        serializer.collect_str(value)
    }

    /// Reads a string and parses it with `T::from_str`; a refusal is a deserialisation error
    /// carrying `FromStr`'s message.
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: fmt::Display,
        D: Deserializer<'de>,
    {
        deserializer.deserialize_str(TextVisitor(PhantomData))
    }

    struct TextVisitor<T>(PhantomData<T>);

    impl<T> Visitor<'_> for TextVisitor<T>
    where
        T: FromStr,
        T::Err: fmt::Display,
    {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "the text of a {}", short_type_name::<T>())
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
            text.parse().map_err(E::custom)
        }
    }

    /// `lerf_types::Square` → `Square`, for messages.
    fn short_type_name<T>() -> &'static str {
        let full = core::any::type_name::<T>();
        full.rsplit("::").next().unwrap_or(full)
    }
}

/// Implements `Serialize` and `Deserialize` for types whose `Display` text their `FromStr`
/// reads back, through [`serde_text`]. Used here and by the lerf crates above (SAN, PGN
/// results); not part of the public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __serde_as_text {
    ($($ty:ty),* $(,)?) => {$(
        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                $crate::serde_text::serialize(self, serializer)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                $crate::serde_text::deserialize(deserializer)
            }
        }
    )*};
}

crate::__serde_as_text! { Square, File, Rank, Color, Piece, PieceType, CastlingRights, UciMove }

/// A [`Move`] is written as its UCI text, castling as the king taking its own rook (`e1h1`),
/// the form `Position::parse_uci` reads in standard chess and Chess960 alike.
///
/// There is no `Deserialize` for `Move`: text cannot say whether `e1h1` castles or `e5d6`
/// takes en passant, which the move's kind must record. Read a [`UciMove`] and resolve it
/// with `Position::parse_uci`, or keep the 16-bit encoding with [`move_bits`].
impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serde_text::serialize(&self.to_uci(true), serializer)
    }
}

/// A [`Move`] stored losslessly as its 16-bit encoding, for `#[serde(with = "...")]`.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use lerf_types::{Move, Square};
///
/// #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
/// struct Best {
///     #[serde(with = "lerf_types::move_bits")]
///     mv: Move,
/// }
///
/// let best = Best { mv: Move::castling(Square::E1, Square::H1) };
/// let json = serde_json::to_string(&best).unwrap();
/// assert_eq!(json, r#"{"mv":49415}"#);
/// assert_eq!(serde_json::from_str::<Best>(&json).unwrap(), best);
/// assert!(serde_json::from_str::<Best>(r#"{"mv":65536}"#).is_err()); // not 16 bits
/// # }
/// ```
pub mod move_bits {
    use crate::Move;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the move's 16 bits as an unsigned integer.
    pub fn serialize<S: Serializer>(m: &Move, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(m.bits())
    }

    /// Reads 16 bits. As with [`Move::from_bits`], whether they are a move in a given
    /// position is `Position::is_pseudo_legal`'s question; a number beyond 16 bits is an error.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        u16::deserialize(deserializer).map(Move::from_bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::fmt;
    use serde::Deserialize;
    use serde_json::{from_str, to_string};

    fn round_trip<T>(value: T, json: &str)
    where
        T: Serialize + for<'de> Deserialize<'de> + PartialEq + fmt::Debug,
    {
        assert_eq!(to_string(&value).unwrap(), json);
        assert_eq!(from_str::<T>(json).unwrap(), value);
    }

    #[test]
    fn values_are_their_text() {
        round_trip(Square::E4, r#""e4""#);
        round_trip(File::H, r#""h""#);
        round_trip(Rank::R8, r#""8""#);
        round_trip(Color::Black, r#""black""#);
        round_trip(Piece::B_KNIGHT, r#""n""#);
        round_trip(PieceType::Queen, r#""q""#);
        round_trip(CastlingRights::WHITE | CastlingRights::BLACK_OOO, r#""KQq""#);
        round_trip(CastlingRights::empty(), r#""-""#);
        round_trip(UciMove::Null, r#""0000""#);
        let promo: UciMove = "a7a8n".parse().unwrap();
        round_trip(promo, r#""a7a8n""#);
    }

    #[test]
    fn every_square_and_piece_round_trips() {
        for sq in Square::ALL {
            assert_eq!(from_str::<Square>(&to_string(&sq).unwrap()).unwrap(), sq);
        }
        for pc in Piece::ALL {
            assert_eq!(from_str::<Piece>(&to_string(&pc).unwrap()).unwrap(), pc);
        }
        for bits in 0..16 {
            let rights = CastlingRights::from_bits_truncate(bits);
            assert_eq!(from_str::<CastlingRights>(&to_string(&rights).unwrap()).unwrap(), rights);
        }
    }

    #[test]
    fn bad_text_is_an_error_that_says_why() {
        let err = from_str::<Square>(r#""i9""#).unwrap_err().to_string();
        assert!(err.contains("invalid square") && err.contains("i9"), "{err}");
        let err = from_str::<Square>("28").unwrap_err().to_string();
        assert!(err.contains("expected the text of a Square"), "{err}");
        assert!(from_str::<Piece>(r#""x""#).is_err());
        assert!(from_str::<CastlingRights>(r#""KKq""#).is_err());
        assert!(from_str::<UciMove>(r#""e2e9""#).is_err());
        assert!(from_str::<Color>(r#""""#).is_err());
    }

    #[test]
    fn moves_are_written_as_uci_with_castling_as_king_takes_rook() {
        assert_eq!(to_string(&Move::new(Square::E2, Square::E4)).unwrap(), r#""e2e4""#);
        let castle = Move::castling(Square::E1, Square::A1);
        assert_eq!(to_string(&castle).unwrap(), r#""e1a1""#);
        let promo = Move::promotion(Square::B7, Square::A8, PieceType::Rook);
        assert_eq!(to_string(&promo).unwrap(), r#""b7a8r""#);
        assert_eq!(to_string(&Move::NULL).unwrap(), r#""0000""#);
    }
}
