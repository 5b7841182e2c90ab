//! Any bytes as a Gaviota table file: opening and probing it never panics and never reads
//! outside the file. The first byte picks the table (KQvK, KPvK or KRvKP, compressed or
//! not); a valid header for that table's block count is put in front of the rest, so the
//! fuzzer spends its time in the block offsets and the LZMA decoder, not on the header.
#![no_main]

use lerf_gaviota::{Tablebase, table_size};
use libfuzzer_sys::fuzz_target;

/// Name and placements to probe: (white, black) pieces as (type, square).
const TABLES: [(&str, [(&[(u8, u8)], &[(u8, u8)]); 2]); 3] = [
    ("kqk", [(&[(6, 0), (5, 9)], &[(6, 20)]), (&[(6, 63), (5, 40)], &[(6, 3)])]),
    ("kpk", [(&[(6, 0), (1, 12)], &[(6, 30)]), (&[(6, 7), (1, 50)], &[(6, 60)])]),
    ("krkp", [(&[(6, 0), (4, 9)], &[(6, 30), (1, 50)]), (&[(6, 7), (4, 60)], &[(6, 40), (1, 12)])]),
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else { return };
    let (name, probes) = TABLES[usize::from(pick >> 1) % TABLES.len()];
    let compressed = pick & 1 == 0 || name == "krkp";
    let size = table_size(name).expect("a table of the format");
    let dir = std::env::temp_dir().join(format!("lerf-fuzz-gaviota-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (path, file) = if compressed {
        let blocks = 2 * size.div_ceil(16384) as u32;
        let mut header = [0u32; 10];
        header[2] = 16384;
        header[8] = 40 + 4 * (blocks + 1);
        let mut file: Vec<u8> = header.iter().flat_map(|w| w.to_le_bytes()).collect();
        file.extend_from_slice(body);
        (dir.join(format!("{name}.gtb.cp4")), file)
    } else {
        let mut file = body.to_vec();
        file.resize(2 * size as usize, 0);
        (dir.join(format!("{name}.gtb")), file)
    };
    std::fs::write(&path, &file).expect("the file writes");
    let mut tables = Tablebase::new();
    tables.add_directory(&dir).expect("the directory reads");
    for (white, black) in probes {
        for black_to_move in [false, true] {
            let _ = tables.probe_codes(black_to_move, None, white, black);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
});
