//! PGN replay and SAN writing, lerf against pgn-reader 0.29 with shakmaty 0.30.1.
//!
//! - replay: read a file twenty times over and play every move: lerf's `Reader` with
//!   `Replay`, against pgn-reader's `validate` example (its reader with a visitor that plays
//!   each SAN with shakmaty), each on the plain bytes and on the same bytes as Zstandard
//!   (level 3, decompressed on the fly: lerf's `ZstdReader` on its second thread, the peer
//!   through `zstd::Decoder`). Three files: the Lichess sample (clock comments on every
//!   move), the same games tournament-style, as TWIC publishes (no comments: the cost is SAN
//!   and playing), and The Week in Chess 1599 itself (pgn-reader ships it as its benchmark
//!   input; read from cargo's registry, its row left out when it is not there). Timed in interleaved rounds (each round runs all four, the order
//!   turning), so that all see the same machine load; ratios are medians of the per-round
//!   ratios. Then lerf on one and two threads.
//! - the TWIC row: `cargo xtask pgn FILE` against pgn-reader + shakmaty built as their users
//!   build them at best (`benches/peers/pgn-reader-peer`), both whole processes reading TWIC
//!   1599 ×100 from disk, in alternating pairs (`lerf_benches::command_pairs`). Alone:
//!   `LERF_PGN_COMMAND_ONLY=1 cargo bench -p lerf-benches --bench pgn`.
//! - `san-write`: the SAN, suffix included, of every legal move of 2,000 positions from
//!   random games: lerf's `san` against shakmaty's `SanPlus::from_move`.
//!
//! `cargo bench -p lerf-benches --bench pgn` (the bench profile: fat LTO and one codegen unit
//! for every crate, lerf's and the peers', and the native CPU) prints the table and writes
//! it to `docs/perf/pgn.md`.

use criterion::{Criterion, Throughput};
use lerf_benches::command_pairs::command_vs_peer;
use lerf_benches::pairs::{cpu_model, median, timed};
use lerf_benches::pgn_inputs::{COPIES, SAMPLE, TOURNAMENT, input, twic};
use lerf_benches::report::Measurement;
use std::fmt::Write as _;
use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

/// lerf: every game played; returns the moves played.
fn lerf_replay(data: &[u8]) -> usize {
    lerf_replay_from(data)
}

/// lerf on `.pgn.zst` bytes, decompressed on its second thread.
fn lerf_replay_zstd(compressed: &[u8]) -> usize {
    let input = lerf_pgn::ZstdReader::new(std::io::Cursor::new(compressed.to_vec()));
    lerf_replay_from(input.expect("a decoder"))
}

fn lerf_replay_from(input: impl std::io::Read) -> usize {
    let mut reader = lerf_pgn::Reader::new(input);
    let mut replay = lerf_pgn::Replay::new();
    let mut moves = 0;
    while let Some(game) = reader.read_game(&mut replay) {
        let game = game.expect("no input error");
        assert!(game.errors.is_empty(), "a valid game: {:?}", game.errors);
        moves += game.moves;
    }
    moves
}

/// lerf on two threads, the input split at a game boundary.
fn lerf_replay_two_threads(data: &[u8]) -> usize {
    let middle = data.len() / 2;
    let cut = middle + memchr_split(&data[middle..]);
    let (a, b) = data.split_at(cut);
    std::thread::scope(|s| {
        let other = s.spawn(|| lerf_replay(b));
        lerf_replay(a) + other.join().expect("the thread ends")
    })
}

/// Where the next game starts (after an empty line, at a tag).
fn memchr_split(data: &[u8]) -> usize {
    data.windows(3).position(|w| w == b"\n\n[").map_or(data.len(), |i| i + 2)
}

/// Reads without playing: how fast each reader alone goes.
struct LerfTokens(usize);

impl lerf_pgn::Visitor for LerfTokens {
    type Output = ();
    type Error = std::convert::Infallible;
    fn san(&mut self, san: &[u8]) -> Result<(), Self::Error> {
        self.0 += san.len();
        Ok(())
    }
    fn end_game(&mut self) {}
}

fn lerf_tokens(data: &[u8]) -> usize {
    let mut reader = lerf_pgn::Reader::new(data);
    let mut visitor = LerfTokens(0);
    while let Some(game) = reader.read_game(&mut visitor) {
        game.expect("a valid game");
    }
    visitor.0
}

struct PeerTokens(usize);

impl pgn_reader::Visitor for PeerTokens {
    type Tags = ();
    type Movetext = ();
    type Output = ();
    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, _: ()) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }
    fn san(&mut self, _: &mut (), _: pgn_reader::SanPlus) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
    fn end_game(&mut self, _: ()) {}
}

fn peer_tokens(data: &[u8]) -> usize {
    let mut reader = pgn_reader::Reader::new(data);
    let mut visitor = PeerTokens(0);
    while reader.read_game(&mut visitor).expect("in memory").is_some() {}
    visitor.0
}

/// pgn-reader's `validate` example: parse, then play every SAN with shakmaty.
struct Validator {
    moves: usize,
}

impl pgn_reader::Visitor for Validator {
    type Tags = Option<shakmaty::Chess>;
    type Movetext = shakmaty::Chess;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<bool> {
        if name == b"FEN" {
            let Ok(fen) = shakmaty::fen::Fen::from_ascii(value.as_bytes()) else {
                return ControlFlow::Break(false);
            };
            let Ok(pos) = fen.into_position(shakmaty::CastlingMode::Chess960) else {
                return ControlFlow::Break(false);
            };
            tags.replace(pos);
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<bool, Self::Movetext> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, pos: &mut Self::Movetext, san: pgn_reader::SanPlus) -> ControlFlow<bool> {
        match san.san.to_move(pos) {
            Ok(m) => {
                shakmaty::Position::play_unchecked(pos, m);
                self.moves += 1;
                ControlFlow::Continue(())
            }
            Err(_) => ControlFlow::Break(false),
        }
    }

    fn end_game(&mut self, _: Self::Movetext) -> bool {
        true
    }
}

fn pgn_reader_replay(data: &[u8]) -> usize {
    pgn_reader_replay_from(data)
}

/// pgn-reader + shakmaty on `.pgn.zst` bytes, through `zstd::Decoder`.
fn pgn_reader_replay_zstd(compressed: &[u8]) -> usize {
    pgn_reader_replay_from(zstd::Decoder::new(compressed).expect("a decoder"))
}

fn pgn_reader_replay_from(input: impl std::io::Read) -> usize {
    let mut reader = pgn_reader::Reader::new(input);
    let mut validator = Validator { moves: 0 };
    while let Some(ok) = reader.read_game(&mut validator).expect("in memory") {
        assert!(ok, "a valid game");
    }
    validator.moves
}

/// Positions from random games, with their legal moves in each library's terms.
fn san_positions() -> Vec<(lerf_position::Position, shakmaty::Chess)> {
    lerf_benches::random_game_fens(2000, 0x5a4)
        .iter()
        .map(|fen| {
            let lerf = lerf_position::Position::from_fen(fen).expect("valid FEN");
            let setup: shakmaty::fen::Fen = fen.parse().expect("valid FEN");
            let shak = setup.into_position(shakmaty::CastlingMode::Standard).expect("legal");
            (lerf, shak)
        })
        .collect()
}

fn lerf_san_all(
    positions: &[(lerf_position::Position, shakmaty::Chess)],
    out: &mut String,
) -> usize {
    out.clear();
    for (pos, _) in positions {
        for &m in lerf_movegen::legal_moves(pos).iter() {
            out.push_str(&lerf_san::san(pos, m));
        }
    }
    out.len()
}

fn shakmaty_san_all(
    positions: &[(lerf_position::Position, shakmaty::Chess)],
    out: &mut String,
) -> usize {
    out.clear();
    for (_, pos) in positions {
        for m in shakmaty::Position::legal_moves(pos) {
            let _ = write!(out, "{}", shakmaty::san::SanPlus::from_move(pos.clone(), m));
        }
    }
    out.len()
}

/// Seconds of each of `runs` (which must play `moves` moves) over `rounds` rounds, each
/// round running all of them in an order that turns from round to round.
fn rounds<const N: usize>(
    rounds: usize,
    moves: usize,
    runs: [&dyn Fn() -> usize; N],
) -> Vec<[f64; N]> {
    let mut seconds = vec![[0.0; N]; rounds];
    for (round, times) in seconds.iter_mut().enumerate() {
        for k in 0..N {
            let which = (round + k) % N;
            times[which] = timed(moves, runs[which]);
        }
    }
    seconds
}

/// Rounds of lerf and pgn-reader + shakmaty on `data`, plain and as Zstandard: table
/// rows of median MB/s (of PGN bytes) and ns a move, and the ratios.
fn replay_rows(name: &str, data: &[u8], moves: usize) -> String {
    const ROUNDS: usize = 15;
    let compressed = zstd::encode_all(data, 3).expect("compressed");
    let seconds = rounds(
        ROUNDS,
        moves,
        [
            &|| lerf_replay(data),
            &|| pgn_reader_replay(data),
            &|| lerf_replay_zstd(&compressed),
            &|| pgn_reader_replay_zstd(&compressed),
        ],
    );
    let mb = |which: usize| {
        median(&mut seconds.iter().map(|t| data.len() as f64 / t[which] / 1e6).collect::<Vec<_>>())
    };
    let ns = |which: usize| {
        median(&mut seconds.iter().map(|t| t[which] * 1e9 / moves as f64).collect::<Vec<_>>())
    };
    let ratio =
        |a: usize, b: usize| median(&mut seconds.iter().map(|t| t[b] / t[a]).collect::<Vec<_>>());
    format!(
        "| {name}, plain | {:.0} | {:.1} | {:.0} | {:.1} | **{:.2}×** |\n\
         | {name}, .zst | {:.0} | {:.1} | {:.0} | {:.1} | **{:.2}×** |\n\
         | {name}: lerf .zst ÷ lerf plain | {:.2}× | | | | |\n",
        mb(0),
        ns(0),
        mb(1),
        ns(1),
        ratio(0, 1),
        mb(2),
        ns(2),
        mb(3),
        ns(3),
        ratio(2, 3),
        ratio(2, 0),
    )
}

/// The replay table: each file plain and compressed, then lerf on one and two threads on
/// the first file five times over (a run of 30 ms is too short to time a second thread
/// on this machine: waking the second core costs milliseconds some minutes).
fn replay_table(files: &[(&str, Vec<u8>, usize)]) -> String {
    let cpu = cpu_model();
    let mut table = format!(
        "| read and play every move, {cpu}, one thread | lerf MB/s | lerf ns/move | \
         pgn-reader + shakmaty MB/s | ns/move | lerf ÷ peer |\n|---|---:|---:|---:|---:|---:|\n"
    );
    for (name, data, moves) in files {
        let label = format!("{name} ×{COPIES} ({:.1} MB, {moves} moves)", data.len() as f64 / 1e6);
        table.push_str(&replay_rows(&label, data, *moves));
    }
    let (_, data, moves) = &files[0];
    let big = data.repeat(5);
    let threads = rounds(11, 5 * moves, [&|| lerf_replay(&big), &|| lerf_replay_two_threads(&big)]);
    let mb = |which: usize| {
        median(&mut threads.iter().map(|t| big.len() as f64 / t[which] / 1e6).collect::<Vec<_>>())
    };
    let ratio = median(&mut threads.iter().map(|t| t[0] / t[1]).collect::<Vec<_>>());
    let _ = writeln!(
        table,
        "\n| lerf, 1 / 2 threads, {} MB, 11 interleaved rounds | median |\n|---|---:|\n\
         | MB/s | {:.0} / {:.0} |\n| **2 threads ÷ 1 thread** | **{ratio:.2}×** |",
        big.len() / 1_000_000,
        mb(0),
        mb(1),
    );
    table
}

/// The TWIC row's alternating pairs of runs (`LERF_PGN_COMMAND_PAIRS`, default 7).
fn command_pairs() -> usize {
    std::env::var("LERF_PGN_COMMAND_PAIRS").ok().and_then(|r| r.parse().ok()).unwrap_or(7)
}

fn main() {
    lerf_benches::build_profile::warn_unless_bench_profile();
    // `LERF_PGN_COMMAND_ONLY=1`: only the command's row, printed.
    if std::env::var_os("LERF_PGN_COMMAND_ONLY").is_some() {
        let twic = twic().expect("TWIC 1599 in cargo's registry");
        println!("{}", command_vs_peer(&twic, command_pairs()).expect("both programs run"));
        return;
    }
    let data = input(SAMPLE);
    let moves = lerf_replay(&data);
    assert_eq!(moves, pgn_reader_replay(&data), "both libraries play every move");
    assert_eq!(moves, lerf_replay_two_threads(&data));
    let tournament = input(TOURNAMENT);
    let tournament_moves = lerf_replay(&tournament);
    assert_eq!(tournament_moves, pgn_reader_replay(&tournament));
    let compressed = zstd::encode_all(&tournament[..], 3).expect("compressed");
    assert_eq!(tournament_moves, lerf_replay_zstd(&compressed));
    assert_eq!(tournament_moves, pgn_reader_replay_zstd(&compressed));
    let positions = san_positions();
    for (lerf, shak) in &positions {
        let mut ours: Vec<String> = lerf_movegen::legal_moves(lerf)
            .iter()
            .map(|&m| lerf_san::san(lerf, m).to_string())
            .collect();
        let mut theirs: Vec<String> = shakmaty::Position::legal_moves(shak)
            .into_iter()
            .map(|m| shakmaty::san::SanPlus::from_move(shak.clone(), m).to_string())
            .collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "both libraries write the same SAN in {}", lerf.to_fen());
    }
    let (mut a, mut b) = (String::new(), String::new());
    let legal_moves: usize =
        positions.iter().map(|(p, _)| lerf_movegen::legal_moves(p).len()).sum();

    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
        .configure_from_args();
    let mut group = criterion.benchmark_group("pgn-read-only");
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.bench_function("lerf", |b| b.iter(|| lerf_tokens(black_box(&data))));
    group.bench_function("pgn-reader", |b| b.iter(|| peer_tokens(black_box(&data))));
    group.finish();
    let mut group = criterion.benchmark_group("san-write");
    group.throughput(Throughput::Elements(legal_moves as u64));
    group
        .bench_function("lerf", |bench| bench.iter(|| lerf_san_all(black_box(&positions), &mut a)));
    group.bench_function("shakmaty", |bench| {
        bench.iter(|| shakmaty_san_all(black_box(&positions), &mut b))
    });
    group.finish();
    criterion.final_summary();

    let ns = |name: &str| {
        Measurement::from_criterion("san-write", name, legal_moves as u64)
            .map(|m| m.seconds * 1e9 / legal_moves as f64)
    };
    let mut files = vec![
        ("Lichess sample", data.clone(), moves),
        ("tournament-style", tournament, tournament_moves),
    ];
    // The real tournament file issue 49 measures against (pgn-reader's own benchmark input).
    match twic() {
        Some(bytes) => {
            let twic = input(&bytes);
            let twic_moves = lerf_replay(&twic);
            assert_eq!(twic_moves, pgn_reader_replay(&twic), "both libraries play every TWIC move");
            files.push(("TWIC 1599", twic, twic_moves));
        }
        None => eprintln!("(TWIC 1599 is not in cargo's registry: its row is left out)"),
    }
    let command_row = twic().and_then(|raw| command_vs_peer(&raw, command_pairs()));
    let mut table = replay_table(&files);
    if let Some(row) = command_row {
        table.push_str(&row);
    }
    if let (Some(lerf), Some(shak)) = (ns("lerf"), ns("shakmaty")) {
        let _ = writeln!(
            table,
            "| SAN of every legal move, ns per move ({legal_moves} moves) | |\n|---|---:|\n\
             | lerf `san` | {lerf:.1} |\n| shakmaty `SanPlus::from_move` | {shak:.1} |\n\
             | **shakmaty ÷ lerf** | **{:.2}×** |",
            shak / lerf
        );
    }
    println!("\n{table}");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/perf/pgn.md");
    if let Err(e) = std::fs::write(&path, &table) {
        eprintln!("could not write {}: {e}", path.display());
    }
}
