//! Bad network files and impossible positions are errors that say what and where; nothing
//! panics and nothing is changed.

use lerf_bitboard::Bitboard;
use lerf_nnue::{EvalError, Network, NetworkError, Placement};
use lerf_types::{Color, Piece, PieceType, Square};

#[test]
fn truncated_files_name_the_part() {
    let bytes = crate::common::synthetic::network(64, true, 5);
    // Every cut inside the header and a spread of cuts through the rest.
    let cuts = (0..200).chain((200..bytes.len()).step_by(bytes.len() / 97));
    for cut in cuts {
        match Network::from_bytes(&bytes[..cut]) {
            Err(NetworkError::Truncated { offset, .. }) => assert!(offset <= cut),
            Err(NetworkError::Compression { offset, .. }) => assert!(offset <= cut),
            other => panic!("cut at {cut}: {other:?}"),
        }
    }
    assert!(Network::from_bytes(&bytes).is_ok());
}

#[test]
fn bytes_after_the_network_name_where_it_ended() {
    let mut bytes = crate::common::synthetic::network(64, false, 5);
    let end = bytes.len();
    bytes.extend(b"more");
    let err = Network::from_bytes(&bytes).unwrap_err();
    assert_eq!(err, NetworkError::TrailingBytes { end, len: end + 4 });
    assert!(err.to_string().contains(&format!("0..{end}")));
    assert!(Network::from_bytes(&bytes[..end]).is_ok());
}

#[test]
fn foreign_and_damaged_files() {
    let good = crate::common::synthetic::network(64, false, 5);
    let mut halfkp = good.clone();
    halfkp[..4].copy_from_slice(&0x7af3_2f16u32.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&halfkp),
        Err(NetworkError::UnsupportedVersion { version: 0x7af3_2f16 })
    ));
    let mut threats = good.clone();
    threats[..4].copy_from_slice(&0x6a44_8afau32.to_le_bytes());
    assert!(Network::from_bytes(&threats).unwrap_err().to_string().contains("threat-input"));

    let ft = 12 + u32::from_le_bytes(good[8..12].try_into().unwrap()) as usize;
    let mut width = good.clone();
    width[ft] ^= 0x20; // another width: 64 ^ 16
    assert!(
        matches!(Network::from_bytes(&width), Err(NetworkError::UnsupportedFeatures { offset, .. }) if offset == ft)
    );

    let mut header = good.clone();
    header[4] ^= 1;
    assert!(matches!(
        Network::from_bytes(&header),
        Err(NetworkError::HashMismatch { what: "network", .. })
    ));

    // The last stack's hash, found from the end: its weights after it.
    let stack = 4 + 16 * 4 + 16 * 64 + 32 * 4 + 32 * 32 + 4 + 32;
    let mut last = good.clone();
    let at = good.len() - stack;
    last[at] ^= 1;
    assert!(
        matches!(Network::from_bytes(&last), Err(NetworkError::HashMismatch { what: "layer stack", offset, .. }) if offset == at)
    );

    let leb = crate::common::synthetic::network(64, true, 5);
    let mut count = leb.clone();
    count[ft + 4 + 17] ^= 1; // the first block's byte count, one off
    assert!(matches!(
        Network::from_bytes(&count),
        Err(NetworkError::Compression { what: "feature transformer biases", .. })
    ));
    let mut magic = leb.clone();
    magic[ft + 4] = b'X'; // read as raw weights, which then do not fit
    assert!(Network::from_bytes(&magic).is_err());
    assert!(
        matches!(Network::from_file("/nonexistent/net.nnue"), Err(NetworkError::Io(m)) if m.contains("/nonexistent/net.nnue"))
    );
}

/// A board of one's own, here with pieces anywhere.
struct Loose(Vec<(Square, Piece)>);

impl Placement for Loose {
    fn pieces(&self, color: Color, piece_type: PieceType) -> Bitboard {
        let piece = Piece::new(color, piece_type);
        self.0.iter().filter(|&&(_, p)| p == piece).fold(Bitboard::EMPTY, |b, &(sq, _)| b | sq)
    }
    fn side_to_move(&self) -> Color {
        Color::White
    }
}

#[test]
fn impossible_positions_are_errors() {
    let net = Network::from_bytes(&crate::common::synthetic::network(64, false, 5)).unwrap();
    let no_black_king = Loose(vec![(Square::E1, Piece::W_KING)]);
    assert_eq!(net.evaluate(&no_black_king), Err(EvalError::Kings { white: 1, black: 0 }));
    let crowded = Loose(
        Square::ALL[..34]
            .iter()
            .enumerate()
            .map(|(i, &sq)| {
                (
                    sq,
                    if i == 0 {
                        Piece::W_KING
                    } else if i == 1 {
                        Piece::B_KING
                    } else {
                        Piece::W_PAWN
                    },
                )
            })
            .collect(),
    );
    assert_eq!(net.evaluate(&crowded), Err(EvalError::TooManyPieces(34)));
    let mut acc = net.accumulator(&lerf_position::Position::startpos()).unwrap();
    let before = acc.clone();
    assert!(net.refresh(&crowded, &mut acc).is_err());
    assert_eq!(acc, before, "an error leaves the accumulator as it was");
    // A board of one's own is evaluated like lerf's.
    let kings = Loose(vec![(Square::E1, Piece::W_KING), (Square::E8, Piece::B_KING)]);
    let same = lerf_position::Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(net.evaluate(&kings), net.evaluate(&same));
}
