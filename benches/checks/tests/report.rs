//! The benchmark crate's helpers: the median and the checked timing of `pairs`, the peers
//! report's table and chart.

use lerf_benches::pairs::{median, timed};
use lerf_benches::report::{Measurement, markdown_table, svg_chart};

#[test]
fn median_of_odd_and_even_counts() {
    assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
    assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), 2.5);
}

#[test]
#[should_panic(expected = "counted something else")]
fn timed_checks_the_count() {
    timed(2, || 3);
}

fn sample() -> Vec<Measurement> {
    let m = |position: &str, library: &str, seconds| Measurement {
        position: position.into(),
        depth: 5,
        library: library.into(),
        nodes: 1_000_000_000,
        seconds,
    };
    vec![m("a", "lerf", 2.0), m("a", "cozy-chess", 4.0), m("b", "lerf", 1.0)]
}

#[test]
fn table_has_mnps_and_ratio() {
    let table = markdown_table(&sample(), &["lerf", "cozy-chess"]);
    assert!(table.contains("| lerf | 500 | 1000 |"), "{table}");
    assert!(table.contains("| cozy-chess | 250 | – |"), "{table}");
    assert!(table.contains("**2.00×**"), "{table}");
}

#[test]
fn chart_has_a_bar_per_measurement() {
    let svg = svg_chart(&sample(), &["lerf", "cozy-chess"]);
    assert_eq!(svg.matches("<title>").count(), 3);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
}
