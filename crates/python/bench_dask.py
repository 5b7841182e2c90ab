"""lerf.dask against one process, side by side in one run: rows of lerf.pgn.positions a
second, and perft, on one and on two local Dask worker processes.

Usage: target/py-test/bin/python crates/python/bench_dask.py [COPIES] [ROUNDS] [--rows-only] [--malloc]
(after `cargo xtask test --python-only`, which builds lerf, dask and distributed into that
environment). The input is COPIES copies of the Lichess sample (default 64, about 64 MB
and 1.8 million rows), split into 16 shards. Each round runs every setup once, the order
turning each round; medians and speed-ups are printed. A benchmark, not a test.
"""

from __future__ import annotations

import pathlib
import statistics
import sys
import tempfile
import time

import dask
from distributed import Client, LocalCluster

import lerf
import lerf.dask
import lerf.pgn
from bench import SAMPLE, cpu


def rows_in_one_process(shards: pathlib.Path) -> int:
    """The same work as the Dask job (every shard checked and read), one after another."""
    directory, manifest = lerf.dask.read_manifest(shards)
    return sum(len(lerf.dask._read_shard((f"{directory}/{s['file']}", s), True, 65536, [], False)) for s in manifest["shards"])


def rows_with_threads(source: pathlib.Path, threads: int) -> int:
    """lerf.pgn.positions on the unsplit file with several threads (no Dask)."""
    return sum(batch.num_rows for batch in lerf.pgn.positions(source, threads=threads))


def rows_on(client: Client, shards: pathlib.Path) -> int:
    frame = lerf.dask.positions(shards)
    # Count where the rows are made: no data shipped back to the client.
    return int(client.compute(frame.map_partitions(len)).result().sum())


def main() -> None:
    if "--malloc" in sys.argv:
        # Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536, which also fixes
        # glibc's mmap threshold at 128 KiB: every batch's buffers are then fresh pages.
        sys.argv.remove("--malloc")
        dask.config.set({"distributed.nanny.pre-spawn-environ": {
            "MALLOC_TRIM_THRESHOLD_": 64 << 20, "MALLOC_MMAP_THRESHOLD_": 32 << 20}})
    rows_only = "--rows-only" in sys.argv  # leave perft out
    if rows_only:
        sys.argv.remove("--rows-only")
    copies = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.TemporaryDirectory() as tmp:
        source = pathlib.Path(tmp) / "games.pgn"
        source.write_bytes(SAMPLE.read_bytes() * copies)
        start = time.perf_counter()
        manifest = lerf.pgn.split(source, pathlib.Path(tmp) / "shards", games_per_shard=438 * copies // 16)
        split_seconds = time.perf_counter() - start
        shards = pathlib.Path(tmp) / "shards"
        rows = manifest["moves"]
        print(f"CPU: {cpu()}")
        print(
            f"input: {copies} x the Lichess sample, {manifest['pgn_bytes'] / 1e6:.1f} MB, {manifest['games']} games, "
            f"{rows} rows, {len(manifest['shards'])} shards; lerf.pgn.split {manifest['pgn_bytes'] / 1e6 / split_seconds:.0f} MB/s"
        )
        with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as one, \
                LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as two, \
                Client(one) as client_one, Client(two) as client_two:
            setups = {
                "one process": lambda: rows_in_one_process(shards),
                "one process, threads=2": lambda: rows_with_threads(source, 2),
                "1 Dask worker": lambda: rows_on(client_one, shards),
                "2 Dask workers": lambda: rows_on(client_two, shards),
            }
            # Each run gets a table of its own size, so none starts from an earlier run's
            # counts (a process keeps its table between calls of one size).
            sizes = iter(range(64, 1 << 20))
            perfts = {
                "lerf.perft, one process": lambda: lerf.perft(lerf.STARTING_FEN, 7, hash_mb=next(sizes)),
                "1 Dask worker": lambda: lerf.dask.perft(lerf.STARTING_FEN, 7, split_depth=2, client=client_one, hash_mb=next(sizes)),
                "2 Dask workers": lambda: lerf.dask.perft(lerf.STARTING_FEN, 7, split_depth=2, client=client_two, hash_mb=next(sizes)),
            }
            if rows_only:
                perfts = {}
            for work in (setups, perfts):  # warm the workers (imports, perft tables)
                for task in work.values():
                    task()
            report("positions", setups, rounds, rows, "rows/s")
            if perfts:
                report("perft 7 of the start position, hashed", perfts, rounds, 3_195_901_860, "leaves/s")


def report(title: str, setups, rounds: int, units: int, unit: str) -> None:
    times = {name: [] for name in setups}
    for r in range(rounds):
        names = list(setups)
        for name in names[r % len(names):] + names[: r % len(names)]:
            start = time.perf_counter()
            setups[name]()
            times[name].append(time.perf_counter() - start)
    print(f"\n{title} (median of {rounds}):")
    base = statistics.median(next(iter(times.values())))
    one = statistics.median(times[next(name for name in times if name.startswith("1 Dask"))])
    for name, spent in times.items():
        median = statistics.median(spent)
        print(
            f"  {name:26} {median:7.3f} s  {units / median / 1e6:8.2f} M {unit}  "
            f"{base / median:5.2f}x one process  {one / median:5.2f}x one worker"
        )


if __name__ == "__main__":
    main()
