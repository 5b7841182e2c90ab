"""The training rows as other tools read them: pyarrow, polars and DuckDB take the stream
`lerf.pgn.positions` returns through the Arrow C stream interface, and the Parquet file
`cargo xtask pgn --parquet` writes holds the same table."""

import io
import os
import pathlib
import subprocess

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import lerf

ROOT = pathlib.Path(__file__).resolve().parents[3]
TAGS = ["ECO", "Opening", "TimeControl", "Termination"]


def expected(path, **options):
    return lerf.pgn.positions(path, **options).read_all()


def test_pyarrow_reads_the_stream_as_read_all_gives_it(sample_path):
    reader = pa.RecordBatchReader.from_stream(lerf.pgn.positions(sample_path, tags=TAGS, batch_size=4096))
    table = reader.read_all()
    assert table.num_rows > 20_000
    assert table.equals(expected(sample_path, tags=TAGS))


def test_polars_reads_the_stream(sample_path):
    frame = pl.DataFrame(lerf.pgn.positions(sample_path, tags=TAGS, comments=True))
    table = expected(sample_path, tags=TAGS, comments=True)
    assert frame.columns == table.column_names
    assert frame.equals(pl.from_arrow(table))
    # A column python-chess users compute by hand: each game's mean evaluation.
    means = frame.group_by("game").agg(pl.col("eval_cp").mean()).sort("game")
    assert means.height == len(set(table["game"].to_pylist()))


def test_duckdb_queries_the_stream_by_its_name(sample_path):
    rows = lerf.pgn.positions(sample_path, tags=["ECO"])
    counted = duckdb.sql(
        "select ECO, count(*) as n, count(clock) as clocks from rows group by ECO order by n desc, ECO limit 3"
    ).fetchall()
    table = expected(sample_path, tags=["ECO"])
    by_eco = {}
    for eco, clock in zip(table["ECO"].to_pylist(), table["clock"].to_pylist()):
        n, clocks = by_eco.get(eco, (0, 0))
        by_eco[eco] = (n + 1, clocks + (clock is not None))
    top = sorted(by_eco.items(), key=lambda item: (-item[1][0], item[0]))[:3]
    assert counted == [(eco, n, clocks) for eco, (n, clocks) in top]


def test_readers_take_an_input_without_rows():
    empty = b'[Event "study"]\n[Result "*"]\n\n*\n'
    assert pl.DataFrame(lerf.pgn.positions(io.BytesIO(empty))).height == 0
    rows = lerf.pgn.positions(io.BytesIO(empty))
    assert duckdb.sql("select count(*) from rows").fetchall() == [(0,)]


def xtask(*args):
    """Runs `cargo xtask pgn ARGS...`: the `xtask-pgn` binary it runs, the one the Rust tests
    built when `cargo xtask test` started these tests (`LERF_XTASK_PGN`), else through cargo."""
    assert args[0] == "pgn"
    binary = os.environ.get("LERF_XTASK_PGN")
    command = [binary, *args[1:]] if binary else ["cargo", "run", "--quiet", "-p", "xtask", "--", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True)


@pytest.mark.parametrize("threads", [1, 2])
def test_the_parquet_file_holds_the_rows_of_the_stream(sample_path, tmp_path, threads):
    out = tmp_path / "rows.parquet"
    done = xtask("pgn", str(sample_path), "--parquet", str(out), "--tags", ",".join(TAGS), "--threads", str(threads))
    assert done.returncode == 0, done.stderr
    assert "rows in" in done.stdout
    written = pq.read_table(out)
    assert written.equals(expected(sample_path, tags=TAGS))
    assert pq.ParquetFile(out).metadata.row_group(0).column(2).compression == "ZSTD"


def test_parquet_with_comments_and_a_bad_tag(sample_path, tmp_path):
    out = tmp_path / "rows.parquet"
    done = xtask("pgn", str(sample_path), "--parquet", str(out), "--comments")
    assert done.returncode == 0, done.stderr
    assert pq.read_table(out).equals(expected(sample_path, comments=True))
    refused = xtask("pgn", str(sample_path), "--parquet", str(tmp_path / "no.parquet"), "--tags", "ECO,fen")
    assert refused.returncode == 2
    assert 'a tag column cannot be named "fen"' in refused.stderr
    assert not (tmp_path / "no.parquet").exists()
