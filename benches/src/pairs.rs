//! Helpers for timing libraries in interleaved rounds (the `pairs` and `pgn` benches).

use std::fmt::Debug;
use std::hint::black_box;
use std::time::Instant;

/// Seconds for one run of `f`, which must give `expected` (a node or move count).
pub fn timed<T: PartialEq + Debug>(expected: T, f: impl FnOnce() -> T) -> f64 {
    let start = Instant::now();
    let got = black_box(f());
    let seconds = start.elapsed().as_secs_f64();
    assert_eq!(got, expected, "a run counted something else");
    seconds
}

/// The median of `values` (sorted in place); the mean of the middle two for an even count.
pub fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 { values[n / 2] } else { (values[n / 2 - 1] + values[n / 2]) / 2.0 }
}

/// The CPU's model name from `/proc/cpuinfo`, for the tables ("unknown CPU" elsewhere).
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("model name")).map(str::to_owned))
        .and_then(|l| l.split(':').nth(1).map(|s| s.trim().to_owned()))
        .unwrap_or_else(|| "unknown CPU".to_owned())
}
