//! Arbitrary bytes as a binpack: lerf-binpack's reader gives entries and then, at a fault,
//! an error naming the chunk and byte; never a panic, never an illegal move (each entry's
//! move is checked against move generation), never a result but -1, 0 or 1; and the parallel reader gives exactly the
//! same entries and error as the serial one.
#![no_main]

use lerf_position::Position;
use lerf_types::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let serial: Vec<_> = lerf_binpack::Reader::new(data).collect();
    for entry in &serial {
        match entry {
            Ok(e) => {
                assert!((-1..=1).contains(&e.result), "a result of {}", e.result);
                if e.mv != Move::NULL {
                    let pos = Position::from(&e.board);
                    assert!(
                        lerf_movegen::legal_moves(&pos).as_slice().contains(&e.mv),
                        "{:?}: {:?} is not a legal move",
                        e.board,
                        e.mv
                    );
                }
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
    let parallel: Vec<_> =
        lerf_binpack::ParallelReader::new(std::io::Cursor::new(data.to_vec()), 2).collect();
    assert_eq!(serial, parallel, "the parallel reader differs from the serial one");
});
