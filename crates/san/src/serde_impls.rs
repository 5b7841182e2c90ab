//! serde support (the `serde` feature): SAN as its text.

// Written as SAN text; read with the SAN parser (syntax only: whether the move is legal is a
// position's question, `parse_san`'s).
lerf_types::__serde_as_text!(crate::San, crate::SanPlus);

#[cfg(test)]
mod tests {
    use crate::{San, SanPlus, san};
    use lerf_position::Position;
    use serde_json::{from_str, to_string};

    #[test]
    fn san_round_trips_as_its_text() {
        for text in ["e4", "Nbd7", "exd8=Q", "O-O-O", "R1a3", "Qh4xe1", "--"] {
            let parsed: San = text.parse().unwrap();
            let json = to_string(&parsed).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(from_str::<San>(&json).unwrap(), parsed);
        }
        let plus: SanPlus = "Qxf7#".parse().unwrap();
        assert_eq!(to_string(&plus).unwrap(), r#""Qxf7#""#);
        assert_eq!(from_str::<SanPlus>(r#""Qxf7#""#).unwrap(), plus);
    }

    #[test]
    fn every_move_of_a_game_round_trips() {
        let pos = Position::from_fen(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        )
        .unwrap();
        for m in lerf_movegen::legal_moves(&pos).iter().copied().collect::<Vec<_>>() {
            let plus = SanPlus::from_move(&pos, m);
            let back: SanPlus = from_str(&to_string(&plus).unwrap()).unwrap();
            assert_eq!(back, plus);
            assert_eq!(back.to_string(), san(&pos, m).as_str());
        }
    }

    #[test]
    fn bad_san_is_an_error() {
        let err = from_str::<San>(r#""Zz9""#).unwrap_err().to_string();
        assert!(err.contains("Zz9"), "{err}");
        assert!(from_str::<San>("5").is_err());
    }
}
