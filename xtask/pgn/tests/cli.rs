//! `cargo xtask pgn` as a user meets it: exit codes and the lines other tools read.

use std::process::{Command, Output};

/// Runs the `xtask-pgn` binary (what `cargo xtask pgn ARGS` runs) with `args`.
fn xtask_pgn(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xtask-pgn")).args(args).output().expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A file of a test under the temporary folder, removed when it goes out of scope (when its
/// test fails too), so that runs leave nothing behind.
struct TempFile(std::path::PathBuf);

impl std::ops::Deref for TempFile {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for TempFile {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn temp_file(name: &str, text: &str) -> TempFile {
    temp_bytes(name, text.as_bytes())
}

const SAMPLE: &[u8] = include_bytes!("../../../crates/pgn/tests/data/lichess-2025-05-sample.pgn");

fn temp_bytes(name: &str, data: &[u8]) -> TempFile {
    let path = temp_path(name);
    std::fs::write(&path, data).expect("a temporary file");
    path
}

/// A path under the temporary folder for a file the command writes, removed as
/// [`TempFile`]s are.
fn temp_path(name: &str) -> TempFile {
    TempFile(std::env::temp_dir().join(format!("lerf-cli-{}-{name}", std::process::id())))
}

#[test]
fn pgn_reads_plain_zstd_by_its_magic_and_standard_input_alike() {
    let plain = temp_bytes("plain.pgn", SAMPLE);
    let compressed = zstd::encode_all(SAMPLE, 3).expect("compressed");
    // Named .pgn, but Zstandard inside: told by the bytes, not the name.
    let zst = temp_bytes("actually-zstd.pgn", &compressed);
    let summary = |out: &Output| stdout(out).lines().last().unwrap_or_default().to_owned();
    let from_plain = xtask_pgn(&[plain.to_str().unwrap()]);
    let from_zst = xtask_pgn(&[zst.to_str().unwrap()]);
    assert!(from_plain.status.success() && from_zst.status.success());
    for out in [&from_plain, &from_zst] {
        assert!(
            summary(out).contains(": 438 games, 28538 moves, 0 needed recovery;"),
            "{}",
            summary(out)
        );
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask-pgn"))
        .args(["-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &compressed).unwrap();
    let from_stdin = child.wait_with_output().unwrap();
    assert!(
        summary(&from_stdin).starts_with("-: 438 games, 28538 moves"),
        "{}",
        summary(&from_stdin)
    );
}

#[test]
fn pgn_errors_lists_each_recovery_with_file_line_and_column() {
    let pgn = "[Event \"1\"]\n[White \"\"Socrates\"\"]\n\n1. e4 e5 2. Ke3 d5 *\n\n[Event \"2\"]\n[Date \"2020]\n\n1. d4 foo d5 *\n";
    let path = temp_file("recover.pgn", pgn);
    let name = path.to_str().unwrap();
    let out = xtask_pgn(&[name, "--errors"]);
    assert!(out.status.success(), "recovered games are no failure");
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with(&format!("{name}:4:13: game 1, token \"Ke3\": illegal san")),
        "{text}"
    );
    assert!(
        lines[1].starts_with(&format!("{name}:7:1: game 2, token \"[Date \\\"2020]\"")),
        "{text}"
    );
    assert!(lines[2].starts_with(&format!("{name}:9:7: game 2, token \"foo\"")), "{text}");
    assert!(lines[3].contains("2 games, 4 moves, 2 needed recovery"), "{text}");
    let quiet = stdout(&xtask_pgn(&[name]));
    assert!(quiet.contains("2 needed recovery (--errors lists them)"), "{quiet}");
}

#[test]
fn a_truncated_zstd_file_reports_the_games_before_it_and_fails() {
    let compressed = zstd::encode_all(SAMPLE, 3).expect("compressed");
    let cut = compressed.len() / 2;
    let path = temp_bytes("cut.pgn.zst", &compressed[..cut]);
    let out = xtask_pgn(&[path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let summary = stdout(&out);
    let games: usize = summary
        .split(": ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(games > 100 && games < 438, "{summary}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("cut short at compressed byte {cut}")), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn pgn_threads_print_what_one_thread_prints_for_every_kind_of_input() {
    // Damage of every kind (mixed line endings too), then the real games.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../crates/pgn/tests/data/recovery");
    let mut names: Vec<_> =
        std::fs::read_dir(dir).expect("the corpus").map(|e| e.expect("an entry").path()).collect();
    names.sort();
    let mut input = Vec::new();
    for path in names.iter().filter(|p| p.extension().is_some_and(|e| e == "pgn")) {
        input.extend(std::fs::read(path).expect("a corpus file"));
        input.extend_from_slice(b"\n\n");
    }
    for _ in 0..3 {
        input.extend_from_slice(SAMPLE); // past one chunk (1 MiB), so the threads share it
    }
    let plain = temp_bytes("threads.pgn", &input);
    let zst = temp_bytes("threads.pgn.zst", &zstd::encode_all(&input[..], 3).unwrap());
    let body = |out: &Output| {
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        stdout(out)
    };
    let one = body(&xtask_pgn(&[plain.to_str().unwrap(), "--errors", "--fens"]));
    assert!(one.lines().filter(|l| l.contains(": game ")).count() > 30, "errors are listed");
    let two = body(&xtask_pgn(&[plain.to_str().unwrap(), "--errors", "--fens", "--threads", "2"]));
    assert!(one == two, "--threads 2 on a plain file");
    let from_zst =
        body(&xtask_pgn(&[zst.to_str().unwrap(), "--errors", "--fens", "--threads", "3"]));
    assert!(
        from_zst == one.replace(plain.to_str().unwrap(), zst.to_str().unwrap()),
        "--threads 3 on .zst"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask-pgn"))
        .args(["-", "--threads", "2"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, &input));
    let from_stdin = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let summary = stdout(&from_stdin);
    let single = stdout(&xtask_pgn(&[plain.to_str().unwrap()]));
    let counts =
        |s: &str| s.split(": ").nth(1).map(|c| c.split(';').next().unwrap_or("").to_owned());
    assert_eq!(counts(&summary), counts(&single), "{summary}");
}

#[test]
fn pgn_split_shards_concatenated_replay_to_the_inputs_games() {
    // The sample after the recovery corpus's damage: every shard boundary must hold.
    let mut input = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../crates/pgn/tests/data/recovery/10-junk-between-games.pgn"
    ))
    .expect("a corpus file");
    input.extend_from_slice(SAMPLE);
    let source =
        temp_bytes("split-source.pgn.zst", &zstd::encode_all(&input[..], 3).expect("compressed"));
    let out = std::env::temp_dir().join(format!("lerf-cli-{}-shards", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let (source_arg, out_arg) = (source.to_str().unwrap(), out.to_str().unwrap());
    let split = xtask_pgn(&["split", source_arg, "--games", "37", "--out", out_arg]);
    assert!(split.status.success(), "{}", String::from_utf8_lossy(&split.stderr));
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("manifest.json")).expect("a manifest"))
            .expect("JSON");
    let shards = manifest["shards"].as_array().expect("shards");
    assert!(shards.len() >= 12);
    let mut joined = Vec::new();
    let mut names = Vec::new();
    for (i, shard) in shards.iter().enumerate() {
        let name = shard["file"].as_str().expect("a file name");
        assert_eq!(shard["first_game"].as_u64(), Some(37 * i as u64));
        names.push(name.to_owned());
        joined.extend(std::fs::read(out.join(name)).expect("a shard"));
    }
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "names sort in input order");
    // Zstandard frames one after another are one stream: the shards read as one file.
    let joined = temp_bytes("split-joined.pgn.zst", &joined);
    let replayed = |path: &std::path::Path| stdout(&xtask_pgn(&["--fens", path.to_str().unwrap()]));
    let (whole, parts) = (replayed(&source), replayed(&joined));
    let body = |text: &str| {
        text.lines().filter(|l| !l.contains(" games, ")).collect::<Vec<_>>().join("\n")
    };
    assert!(body(&whole).lines().count() > 28538);
    assert!(body(&whole) == body(&parts));
    // Again into the same directory: refused, then replaced with --overwrite.
    let again = xtask_pgn(&["split", source_arg, "--games", "500", "--out", out_arg]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("overwrite"));
    let replaced =
        xtask_pgn(&["split", source_arg, "--games", "500", "--out", out_arg, "--overwrite"]);
    assert!(replaced.status.success());
    assert_eq!(std::fs::read_dir(&out).expect("the directory").count(), 1 + 1);
    std::fs::remove_dir_all(&out).expect("the shards");
}

#[test]
fn pgn_parquet_nnue_writes_the_networks_evaluation_of_each_row() {
    use arrow_array::{Array, Int32Array, StringArray};
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    let network = concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/oracle/nn-ad9b42354671.nnue");
    let bad = temp_file("bad.nnue", "not a network");
    let out = temp_path("nnue.parquet");
    let input = temp_bytes("nnue.pgn", &SAMPLE[..SAMPLE.len() / 20]);
    let failed = xtask_pgn(&[
        input.to_str().unwrap(),
        "--parquet",
        out.to_str().unwrap(),
        "--nnue",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(failed.status.code(), Some(2), "a foreign network is the user's error");
    assert!(String::from_utf8_lossy(&failed.stderr).contains("unsupported network version"));
    let Ok(net) = lerf_nnue::Network::from_file(network) else {
        eprintln!(
            "skipped the rest: {network} is missing (lerf-nnue's tests export it from Debian's stockfish)"
        );
        return;
    };
    let done = xtask_pgn(&[
        input.to_str().unwrap(),
        "--parquet",
        out.to_str().unwrap(),
        "--nnue",
        network,
        "--threads",
        "2",
    ]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let file = std::fs::File::open(&out).unwrap();
    let mut rows = 0;
    for batch in ParquetRecordBatchReaderBuilder::try_new(file).unwrap().build().unwrap() {
        let batch = batch.unwrap();
        let fen =
            batch.column_by_name("fen").unwrap().as_any().downcast_ref::<StringArray>().unwrap();
        let nnue =
            batch.column_by_name("nnue").unwrap().as_any().downcast_ref::<Int32Array>().unwrap();
        for i in 0..batch.num_rows() {
            let pos = lerf_position::Position::from_fen(fen.value(i)).unwrap();
            assert_eq!(nnue.value(i), net.evaluate(&pos).unwrap());
            rows += 1;
        }
    }
    assert!(rows > 1000, "{rows}");
    let _ = std::fs::remove_file(out);

    // --binpack --nnue: every position scored by the network, side to move's view.
    let packed = temp_path("nnue.binpack");
    let done = xtask_pgn(&[
        input.to_str().unwrap(),
        "--binpack",
        packed.to_str().unwrap(),
        "--nnue",
        network,
    ]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    let mut entries = 0;
    for entry in lerf_binpack::Reader::new(&std::fs::read(&packed).unwrap()[..]) {
        let entry = entry.unwrap();
        assert_eq!(
            i32::from(entry.score),
            net.evaluate(&entry.board).unwrap().clamp(-31999, 31999)
        );
        entries += 1;
    }
    assert!(entries > 1000, "{entries}");
    let _ = std::fs::remove_file(packed);
}

/// (UCI, score, ply, result) of each entry of the binpack at `path`.
fn entries_of(path: &std::path::Path) -> Vec<(String, i16, u16, i16)> {
    let bytes = std::fs::read(path).unwrap();
    lerf_binpack::Reader::new(&bytes[..])
        .map(|e| {
            let e = e.unwrap();
            let uci = lerf_position::Position::from(&e.board).uci(e.mv).to_string();
            (uci, e.score, e.ply, e.result)
        })
        .collect()
}

fn owned(entries: &[(&str, i16, u16, i16)]) -> Vec<(String, i16, u16, i16)> {
    entries.iter().map(|&(m, s, p, r)| (m.to_owned(), s, p, r)).collect()
}

#[test]
fn pgn_to_binpack_scores_positions_from_the_side_to_move_and_binpack_reads_it_back() {
    let pgn = temp_file(
        "evals.pgn",
        "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 { [%eval 0.17] } e5 { [%eval 0.2] } 2. Nf3 { [%eval #3] } Nc6 3. Bb5 1-0\n",
    );
    let out = temp_path("evals.binpack");
    let done = xtask_pgn(&[pgn.to_str().unwrap(), "--binpack", out.to_str().unwrap()]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    // The start has no evaluation; after 1. e4 Black moves, seeing 0.17 against it; after
    // 2. Nf3 White mates in 3: -31997 for Black. Nc6 has no evaluation after it.
    assert_eq!(
        entries_of(&out),
        owned(&[("e7e5", -17, 1, -1), ("g1f3", 20, 2, 1), ("b8c6", -31997, 3, -1)])
    );

    // An engine match's words (lerf_binpack's tests hold the rules): the comment after a
    // move scores the position it was played from, in the mover's view.
    let pgn = temp_file(
        "engines.pgn",
        "[Event \"m\"]\n[Result \"0-1\"]\n\n1. e4 {book} e5 {book} 2. Nf3 {+0.32/18 1.1s} Nc6 {-M3/17} 0-1\n",
    );
    let done = xtask_pgn(&[pgn.to_str().unwrap(), "--binpack", out.to_str().unwrap()]);
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    assert_eq!(entries_of(&out), owned(&[("g1f3", 32, 2, -1), ("b8c6", -31997, 3, 1)]));
    let refused = xtask_pgn(&[
        pgn.to_str().unwrap(),
        "--binpack",
        out.to_str().unwrap(),
        "--mate-score",
        "0",
    ]);
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--mate-score 0 is not at least 1"));

    // The sample with every position scored 0: one chain a game, read back as .plain.
    let sample = temp_bytes("sample.pgn", SAMPLE);
    let done = xtask_pgn(&[
        sample.to_str().unwrap(),
        "--binpack",
        out.to_str().unwrap(),
        "--unscored-as-zero",
    ]);
    assert!(done.status.success());
    // Rows made on two threads: the same file.
    let threaded = temp_path("threaded.binpack");
    let args = ["--binpack", threaded.to_str().unwrap(), "--unscored-as-zero", "--threads", "2"];
    let done = xtask_pgn(&[&[sample.to_str().unwrap()][..], &args].concat());
    assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
    assert_eq!(std::fs::read(&threaded).unwrap(), std::fs::read(&out).unwrap());
    let plain = temp_path("sample.plain");
    let read = xtask_pgn(&["binpack", out.to_str().unwrap(), "--plain", plain.to_str().unwrap()]);
    assert!(read.status.success(), "{}", String::from_utf8_lossy(&read.stderr));
    let report = stdout(&read);
    assert!(report.contains(" entries in 433 chains, 1 chunks"), "{report}");
    let text = std::fs::read_to_string(&plain).unwrap();
    let entries: Vec<lerf_binpack::Entry> =
        lerf_binpack::Reader::new(&std::fs::read(&out).unwrap()[..]).map(Result::unwrap).collect();
    assert_eq!(text.matches("\ne\n").count(), entries.len());
    let first = text.split("\ne\n").next().unwrap();
    assert_eq!(
        first,
        "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nmove e2e4\nscore 0\nply 0\nresult -1"
    );
    let corrupt = temp_bytes("corrupt.binpack", &std::fs::read(&out).unwrap()[..100]);
    let failed = xtask_pgn(&["binpack", corrupt.to_str().unwrap()]);
    assert_eq!(failed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&failed.stderr).contains("chunk 0 at byte"));

    // --parquet: one row an entry, the same rows on one thread and on two.
    let tables: Vec<Vec<arrow_array::RecordBatch>> = ["1", "2"]
        .iter()
        .map(|threads| {
            let parquet = temp_path(&format!("{threads}.parquet"));
            let args = ["binpack", out.to_str().unwrap(), "--parquet", parquet.to_str().unwrap()];
            let done = xtask_pgn(&[&args[..], &["--threads", threads]].concat());
            assert!(done.status.success(), "{}", String::from_utf8_lossy(&done.stderr));
            let file = std::fs::File::open(&parquet).unwrap();
            let builder =
                parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file)
                    .unwrap();
            builder.build().unwrap().map(Result::unwrap).collect()
        })
        .collect();
    let rows: usize = tables[0].iter().map(arrow_array::RecordBatch::num_rows).sum();
    assert_eq!(rows, entries.len());
    assert_eq!(tables[0], tables[1]);
}
