//! Stockfish 15.1's network against Stockfish 15.1: every bucket's material and positional
//! parts, and the evaluation, as its `eval` command prints them, for random games from the
//! start and from Chess960 starts, the Lichess sample and chosen positions.

use crate::common::positions::mix;
use crate::common::stockfish15::{engine, eval_all, eval_line, network, table_cell};
use lerf_nnue::Network;
use lerf_types::Color;

#[test]
fn every_bucket_and_the_evaluation_as_stockfish_prints_them() {
    let Some(engine) = engine() else { return };
    let path = network(&engine);
    // The network's name is the start of its SHA-256: the exported file is the one named.
    let digest = <sha2::Sha256 as sha2::Digest>::digest(std::fs::read(&path).unwrap());
    assert_eq!(digest[..6], [0xad, 0x9b, 0x42, 0x35, 0x46, 0x71]);
    let net = Network::from_file(&path).unwrap();
    assert_eq!((net.width(), net.generation()), (1024, lerf_nnue::Generation::Stockfish15));
    let positions = mix(if crate::common::long() { 12_000 } else { 2_500 });
    let printed = eval_all(&engine, &positions);
    let (mut compared, mut failures) = (0, Vec::new());
    for (pos, printed) in positions.iter().zip(&printed) {
        let Some(printed) = printed else { continue };
        compared += 1;
        let buckets = net.buckets(pos).unwrap();
        let ours: Vec<(String, String)> = buckets
            .all
            .iter()
            .map(|e| (table_cell(e.material), table_cell(e.positional)))
            .collect();
        let value = buckets.all[buckets.used].value;
        let white = if pos.side_to_move() == Color::White { value } else { -value };
        if ours != printed.buckets
            || buckets.used != printed.used
            || eval_line(white) != printed.nnue_pawns
        {
            failures.push(format!(
                "{}\n  ours {:?} bucket {} eval {}\n  sf   {:?} bucket {} eval {}",
                pos.to_fen(),
                ours,
                buckets.used,
                eval_line(white),
                printed.buckets,
                printed.used,
                printed.nnue_pawns
            ));
        }
    }
    eprintln!(
        "compared {compared} positions with Stockfish 15.1 ({} in check skipped)",
        positions.len() - compared
    );
    assert!(compared > positions.len() * 3 / 4);
    assert!(
        failures.is_empty(),
        "{} of {compared} differ; first:\n{}",
        failures.len(),
        failures[..failures.len().min(3)].join("\n")
    );
}
