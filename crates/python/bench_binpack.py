"""``lerf.binpack`` from Python: writing entries, reading them back as objects and as Arrow,
and training batches with and without skipping, on the Lichess sample's games (every
position, score 0) repeated 20 times (batches on one decoding thread and on two).

Usage: target/py-test/bin/python crates/python/bench_binpack.py [ROUNDS]
(after `cargo xtask test` and a release build of lerf, see `bench_build.py`; runs `cargo xtask pgn ... --binpack` for its input). Prints the
median rates. A benchmark, not a test.
"""

import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import pyarrow as pa

import bench_build
import lerf.binpack

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "crates" / "pgn" / "tests" / "data" / "lichess-2025-05-sample.pgn"


def median_time(rounds, job):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        result = job()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        one = pathlib.Path(tmp) / "sample.binpack"
        subprocess.run(["cargo", "xtask", "pgn", str(SAMPLE), "--binpack", str(one), "--unscored-as-zero"], check=True, cwd=ROOT)
        entries = list(lerf.binpack.read(one))
        big = pathlib.Path(tmp) / "big.binpack"
        n = 20 * len(entries)
        seconds, _ = median_time(1, lambda: lerf.binpack.write(big, (e for _ in range(20) for e in entries)))
        print(f"write: {n / seconds / 1e3:.0f} k entries/s ({n} entries)")
        seconds, count = median_time(rounds, lambda: sum(1 for _ in lerf.binpack.read(big)))
        print(f"read, Entry objects: {count / seconds / 1e3:.0f} k/s")
        for threads in (1, 2):
            seconds, rows = median_time(rounds, lambda: pa.RecordBatchReader.from_stream(lerf.binpack.to_arrow(big, threads=threads)).read_all().num_rows)
            print(f"to_arrow, {threads} thread(s): {rows / seconds / 1e6:.2f} M rows/s")
        # Batches: the file five times over (a binpack is a run of chunks), 11 chunks to
        # spread over the threads.
        huge = pathlib.Path(tmp) / "huge.binpack"
        huge.write_bytes(big.read_bytes() * 5)
        n *= 5
        for label, options in (
            ("no skipping", {}),
            ("captures, checks, 16 early plies, 30% random skipped", dict(skip_captures=True, skip_in_check=True, skip_early_plies=16, random_skip=0.3, seed=1)),
        ):
            for threads in (1, 2):
                seconds, kept = median_time(rounds, lambda: sum(len(b["us"]) for b in lerf.binpack.batches(huge, 8192, threads=threads, **options)))
                print(f"batches of 8192, {label}, {threads} thread(s): {n / seconds / 1e6:.2f} M entries read/s, {kept} kept, {kept / 8192 / seconds:.0f} batches/s")

if __name__ == "__main__":
    bench_build.warn_unless_release()
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
