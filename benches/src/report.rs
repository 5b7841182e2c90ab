//! The peers benchmark's report: a Markdown table of Mnps by library and position, with
//! lerf's ratio to cozy-chess, and an SVG bar chart of the same numbers.

use std::fmt::Write as _;
use std::path::PathBuf;

/// One library's speed on one position.
#[derive(Debug, Clone, PartialEq)]
pub struct Measurement {
    /// Position label (e.g. `startpos`).
    pub position: String,
    /// Perft depth.
    pub depth: u32,
    /// Library name.
    pub library: String,
    /// Leaf nodes per run.
    pub nodes: u64,
    /// Mean seconds per run.
    pub seconds: f64,
}

impl Measurement {
    /// Millions of nodes per second.
    pub fn mnps(&self) -> f64 {
        self.nodes as f64 / self.seconds / 1e6
    }

    /// Reads criterion's mean time for `function` in `group` (from
    /// `target/criterion/<group>/<function>/new/estimates.json`).
    pub fn from_criterion(group: &str, function: &str, nodes: u64) -> Option<Measurement> {
        let path = criterion_dir().join(group).join(function).join("new").join("estimates.json");
        let text = std::fs::read_to_string(path).ok()?;
        let json: serde_json::Value = serde_json::from_str(&text).ok()?;
        let nanos = json["mean"]["point_estimate"].as_f64()?;
        Some(Measurement {
            position: group.to_owned(),
            depth: 0,
            library: function.to_owned(),
            nodes,
            seconds: nanos / 1e9,
        })
    }

    /// The same measurement with a position label and depth.
    pub fn labelled(mut self, position: &str, depth: u32) -> Measurement {
        self.position = position.to_owned();
        self.depth = depth;
        self
    }
}

fn workspace_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn criterion_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_dir().join("target"))
        .join("criterion")
}

/// Positions in first-seen order.
fn positions(measurements: &[Measurement]) -> Vec<(&str, u32)> {
    let mut out: Vec<(&str, u32)> = Vec::new();
    for m in measurements {
        if !out.iter().any(|(p, _)| *p == m.position) {
            out.push((&m.position, m.depth));
        }
    }
    out
}

fn find<'a>(
    measurements: &'a [Measurement],
    position: &str,
    library: &str,
) -> Option<&'a Measurement> {
    measurements.iter().find(|m| m.position == position && m.library == library)
}

/// The Markdown table: one row per library, one column per position, Mnps in each cell,
/// and a last row with lerf's ratio to cozy-chess.
pub fn markdown_table(measurements: &[Measurement], libraries: &[&str]) -> String {
    let positions = positions(measurements);
    let mut table = String::from("| Mnps, 1 thread |");
    for (p, d) in &positions {
        let _ = write!(table, " {p} d{d} |");
    }
    table.push_str("\n|---|");
    table.push_str(&"---:|".repeat(positions.len()));
    for library in libraries {
        let _ = write!(table, "\n| {library} |");
        for (p, _) in &positions {
            match find(measurements, p, library) {
                Some(m) => {
                    let _ = write!(table, " {:.0} |", m.mnps());
                }
                None => table.push_str(" – |"),
            }
        }
    }
    table.push_str("\n| **lerf ÷ cozy-chess** |");
    for (p, _) in &positions {
        match (find(measurements, p, "lerf"), find(measurements, p, "cozy-chess")) {
            (Some(l), Some(c)) => {
                let _ = write!(table, " **{:.2}×** |", l.mnps() / c.mnps());
            }
            _ => table.push_str(" – |"),
        }
    }
    table.push('\n');
    table
}

const COLORS: [&str; 6] = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];

/// A grouped bar chart: one group per position, one bar per library, height in Mnps.
pub fn svg_chart(measurements: &[Measurement], libraries: &[&str]) -> String {
    let positions = positions(measurements);
    let max = measurements.iter().map(Measurement::mnps).fold(1.0, f64::max);
    let scale_top = (max / 100.0).ceil() * 100.0;
    let (left, top, plot_h, group_w, bar_w) = (60.0, 40.0, 300.0, 150.0, 28.0);
    let width = left + group_w * positions.len() as f64 + 150.0;
    let height = top + plot_h + 60.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{left}\" y=\"20\" font-size=\"14\">Single-threaded perft, million nodes per second (higher is better)</text>\n"
    );
    for tick in 0..=5 {
        let value = scale_top * f64::from(tick) / 5.0;
        let y = top + plot_h - plot_h * value / scale_top;
        let _ = writeln!(
            svg,
            "<line x1=\"{left}\" x2=\"{}\" y1=\"{y:.1}\" y2=\"{y:.1}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">{value:.0}</text>",
            left + group_w * positions.len() as f64,
            left - 6.0,
            y + 4.0
        );
    }
    for (i, (p, d)) in positions.iter().enumerate() {
        let x0 = left + group_w * i as f64 + 10.0;
        for (j, library) in libraries.iter().enumerate() {
            let Some(m) = find(measurements, p, library) else { continue };
            let h = plot_h * m.mnps() / scale_top;
            let x = x0 + bar_w * j as f64;
            let _ = writeln!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{}\"><title>{library} {p}: {:.0} Mnps</title></rect>",
                top + plot_h - h,
                bar_w - 4.0,
                COLORS[j % COLORS.len()],
                m.mnps()
            );
        }
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{p} d{d}</text>",
            x0 + bar_w * libraries.len() as f64 / 2.0,
            top + plot_h + 20.0
        );
    }
    for (j, library) in libraries.iter().enumerate() {
        let (x, y) = (left + group_w * positions.len() as f64 + 20.0, top + 20.0 * j as f64);
        let _ = writeln!(
            svg,
            "<rect x=\"{x}\" y=\"{y}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{library}</text>",
            COLORS[j % COLORS.len()],
            x + 18.0,
            y + 11.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// Writes `docs/perf/peers.md` (the table) and `docs/perf/peers.svg` (the chart); returns
/// the table.
///
/// # Errors
///
/// Any I/O error, and an error when there are no measurements to report.
pub fn write_report(measurements: &[Measurement], libraries: &[&str]) -> std::io::Result<String> {
    if measurements.is_empty() {
        return Err(std::io::Error::other("no criterion estimates found"));
    }
    let dir = workspace_dir().join("docs").join("perf");
    std::fs::create_dir_all(&dir)?;
    let table = markdown_table(measurements, libraries);
    std::fs::write(dir.join("peers.md"), &table)?;
    std::fs::write(dir.join("peers.svg"), svg_chart(measurements, libraries))?;
    Ok(table)
}
