//! Any bytes as a variant FEN for each Lichess variant: reading never panics; a board that
//! reads writes a FEN that reads back as the same board (where python-chess's does), and
//! playing its legal moves (the bytes choosing which) never panics and keeps that round
//! trip.
#![no_main]

use lerf_rules::LooseBoard;
use lerf_rules::variant::{Variant, VariantBoard};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (choices, text) = data.split_at(data.len().min(8));
    let text = String::from_utf8_lossy(text);
    for variant in Variant::ALL {
        for chess960 in [false, true] {
            let Ok(mut board) = VariantBoard::from_fen(variant, &text, chess960) else { continue };
            for &c in choices {
                let written = board.fen();
                let again = VariantBoard::from_fen(variant, &written, chess960)
                    .expect("a written FEN reads back");
                // python-chess writes antichess's promoted marks where
                // has_chess960_castling_rights(), which reads rights the FEN does not keep:
                // its own FEN can read back with other marks, or a right named otherwise (a
                // promoted king read back unmarked). With two kings of a colour, its X-FEN
                // names a right by the one king and reads it by the other (every board,
                // Chess960). lerf agrees with python-chess 1.11.2 there; what must hold is
                // the pieces kept and the FEN read back stable. So too where moves left a
                // right that a FEN read would clean away (a king taken in an impossible
                // position, its rook's right kept): python-chess writes it, and drops it on
                // reading, as lerf does.
                let layout = &board.board.layout;
                let several_kings =
                    layout.by_color.iter().any(|&side| (side & layout.kings).more_than_one());
                let rights = board.board.clean_castling_rights();
                let unread = LooseBoard { played: false, castling_rights: rights, ..board.board };
                let rights_stand = unread.clean_castling_rights() == rights;
                if variant == Variant::Antichess || several_kings || !rights_stand {
                    let pieces = |fen: &str| fen.split(' ').next().unwrap_or("").replace('~', "");
                    assert_eq!(pieces(&again.fen()), pieces(&written));
                    let third = VariantBoard::from_fen(variant, &again.fen(), chess960)
                        .expect("reads back");
                    assert_eq!(third.fen(), again.fen());
                } else {
                    assert_eq!(again.fen(), written);
                }
                let moves = board.legal_moves();
                let _ = board.is_variant_end();
                let _ = (board.is_variant_win(), board.is_variant_loss(), board.is_variant_draw());
                if moves.is_empty() {
                    break;
                }
                board = board.play_unchecked(moves[c as usize % moves.len()]);
            }
        }
    }
});
