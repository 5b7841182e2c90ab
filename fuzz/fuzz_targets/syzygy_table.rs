//! Any bytes as a Syzygy table file: opening and probing it never panics and never reads
//! outside the file (every read is bounds-checked; under the fuzzer's sanitizer an
//! out-of-bounds read would be caught). The first byte picks the table (material and WDL
//! or DTZ); the right magic number and flags are put in front of the rest, so the fuzzer
//! spends its time in the headers, the decoders and the index, not on the magic. The same
//! bytes are then read as antichess tables led by groups of like pieces.
#![no_main]

use lerf_position::Board;
use lerf_syzygy::{Placement, TableKind, TableVariant, Tablebase};
use lerf_types::{Color, PieceType, Square};
use libfuzzer_sys::fuzz_target;

/// Name, flags byte (bit 0: two sides stored, bit 1: pawns) and positions to probe.
const TABLES: [(&str, u8, [&str; 2]); 5] = [
    ("KRvK", 1, ["4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "8/8/8/3k4/8/8/8/R3K3 b - - 0 1"]),
    ("KRvKR", 0, ["4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", "4k3/8/8/8/8/8/r7/R3K3 b - - 0 1"]),
    ("KPvK", 3, ["4k3/8/8/8/8/8/P7/4K3 w - - 0 1", "4k3/8/8/8/8/8/7P/4K3 b - - 0 1"]),
    ("KPvKP", 2, ["4k3/p7/8/8/8/8/P7/4K3 w - - 0 1", "4k3/7p/8/8/8/8/1P6/4K3 b - - 0 1"]),
    ("KBNvK", 1, ["4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", "8/8/8/3k4/8/8/8/1NB1K3 b - - 0 1"]),
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else { return };
    let (name, flags, fens) = TABLES[usize::from(pick >> 1) % TABLES.len()];
    let dtz = pick & 1 == 1;
    let (magic, ext, flags) = if dtz {
        ([0xd7, 0x66, 0x0c, 0xa5], "rtbz", flags & 2)
    } else {
        ([0x71, 0xe8, 0x23, 0x5d], "rtbw", flags)
    };
    let dir = std::env::temp_dir().join(format!("lerf-fuzz-syzygy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(format!("{name}.{ext}"));
    let mut file = magic.to_vec();
    file.push(flags);
    file.extend_from_slice(body);
    std::fs::write(&path, &file).expect("the file writes");
    let mut tables = Tablebase::new();
    assert!(tables.add_file(&path));
    for fen in fens {
        let board: Board = fen.parse().expect("a valid position");
        if dtz {
            let _ = tables.probe_dtz_table(&board, 2);
            let _ = tables.probe_dtz_table(&board, -1);
        } else {
            let _ = tables.probe_wdl_table(&board);
        }
    }
    let _ = std::fs::remove_file(&path);

    // The same bytes as a losing-chess table led by like pieces (the connected-kings
    // indexes): two knights against a bishop, and three knights against a king.
    for (name, pieces) in [
        (
            "NNvB",
            [
                (1, 0, PieceType::Knight),
                (6, 0, PieceType::Knight),
                (58, 1, PieceType::Bishop),
                (64, 0, PieceType::Pawn),
            ],
        ),
        (
            "NNNvK",
            [
                (1, 0, PieceType::Knight),
                (6, 0, PieceType::Knight),
                (27, 0, PieceType::Knight),
                (60, 1, PieceType::King),
            ],
        ),
    ] {
        let variant = TableVariant::Giveaway;
        let kind = if dtz { TableKind::Dtz } else { TableKind::Wdl };
        let path = dir.join(format!("{name}.{}", variant.suffix(kind)));
        let mut file = variant.magic(kind).to_vec();
        file.push(flags & 1);
        file.extend_from_slice(body);
        std::fs::write(&path, &file).expect("the file writes");
        let mut tables = Tablebase::with_variant(variant);
        assert!(tables.add_file(&path));
        for turn in [Color::White, Color::Black] {
            let mut p = Placement::new(turn);
            for &(sq, color, pt) in pieces.iter().filter(|&&(sq, _, _)| sq < 64) {
                let color = if color == 0 { Color::White } else { Color::Black };
                p.put(Square::from_index(sq).expect("a square"), color, pt)
                    .expect("an empty square");
            }
            let _ = tables.probe_wdl_table_of(&p);
            let _ = tables.probe_dtz_table_of(&p, 2);
        }
        let _ = std::fs::remove_file(&path);
    }
});
