//! Syzygy probes a second: lerf-syzygy against Fathom (Debian's libfathom, C, loaded at run
//! time) on the same random 3-4 piece positions of python-chess's sdist's tables, in
//! interleaved rounds, tables warm (every file mapped and touched before timing).
//!
//! `cargo bench -p lerf-benches --bench syzygy -- [ROUNDS]` prints each prober's median
//! probes a second and the ratio, for WDL probes and for root probes (every legal move
//! probed, as an engine filters its root moves: lerf's `root_moves`, Fathom's
//! `tb_probe_root`). Skips without libfathom or the tables.

use lerf_benches::fathom::both_probers;
use lerf_benches::pairs::{cpu_model, median};
use lerf_benches::syzygy_inputs::random_positions;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    let rounds: usize = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(7);
    let (tables, fathom) = match both_probers() {
        Ok(both) => both,
        Err(why) => {
            eprintln!("skipped: {why}");
            return;
        }
    };
    let positions = random_positions(20_000, 0xbe9c4);
    let roots = &positions[..2_000];
    println!(
        "Syzygy probes, {} positions (3-4 pieces), {rounds} interleaved rounds, {}",
        positions.len(),
        cpu_model()
    );

    let lerf_wdl =
        || positions.iter().map(|b| tables.probe_wdl(b).unwrap().value() as i64).sum::<i64>();
    let lerf_table =
        || positions.iter().map(|b| tables.probe_wdl_table(b).unwrap() as i64).sum::<i64>();
    let fathom_wdl = || positions.iter().map(|b| fathom.probe_wdl(b) as i64 - 2).sum::<i64>();
    let lerf_root =
        || roots.iter().map(|b| tables.root_moves(b).unwrap().len() as i64).sum::<i64>();
    let fathom_root = || roots.iter().map(|b| i64::from(fathom.probe_root(b) & 0xf)).sum::<i64>();
    // Warm both (maps the files, faults the pages) and check they agree.
    assert_eq!(lerf_wdl(), fathom_wdl(), "the probers disagree");
    black_box((lerf_root(), fathom_root()));

    let mut t = vec![Vec::new(); 5];
    let runs = [&lerf_wdl as &dyn Fn() -> i64, &fathom_wdl, &lerf_root, &fathom_root, &lerf_table];
    for _ in 0..rounds {
        for (i, f) in runs.iter().enumerate() {
            let start = Instant::now();
            black_box(f());
            t[i].push(start.elapsed().as_secs_f64());
        }
    }
    let rate = |v: &mut Vec<f64>, n: usize| n as f64 / median(v);
    let (lw, fw) = (rate(&mut t[0], positions.len()), rate(&mut t[1], positions.len()));
    let (lr, fr) = (rate(&mut t[2], roots.len()), rate(&mut t[3], roots.len()));
    println!("{:<22} {:>14} {:>14} {:>7}", "probe", "lerf-syzygy/s", "Fathom/s", "ratio");
    println!("{:<22} {:>14.0} {:>14.0} {:>6.2}x", "WDL", lw, fw, lw / fw);
    println!("{:<22} {:>14.0} {:>14.0} {:>6.2}x", "root (all moves)", lr, fr, lr / fr);
    // Where lerf's WDL time goes: the table lookup alone, without the search over captures.
    println!("{:<22} {:>14.0}", "WDL table only", rate(&mut t[4], positions.len()));
}
