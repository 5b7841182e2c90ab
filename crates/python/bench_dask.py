"""lerf.dask against one process, side by side in one run: rows of lerf.pgn.positions a
second, and perft, on one and on two local Dask worker processes.

Usage: target/py-test/bin/python crates/python/bench_dask.py [COPIES] [ROUNDS] [--rows-only] [--malloc] [--shards=N] [--per-shard]
(after `cargo xtask test --python-only` and a release build of lerf, see `bench_build.py`; dask and distributed come with that
environment). The input is COPIES copies of the Lichess sample (default 64, about 64 MB
and 1.8 million rows), split into 16 shards (N with --shards=N: Dask's fixed cost is per
task, so fewer, larger shards show less of it). `positions` reads them in partitions of
about `lerf.dask.PARTITION_ROWS` rows (four shards each here); --per-shard makes each shard
a partition (`partition_rows=None`), as before lerf grouped them. Each cluster runs the job
as Dask's compute builds it, and after `optimize()`, which fuses each partition's tasks
into one. One cluster runs at a time (one worker, then two), each against one process in
the same rounds: each round runs every setup once, the order turning each round; medians
and speed-ups are printed. A benchmark, not a test.
"""

from __future__ import annotations

import pathlib
import statistics
import sys
import tempfile
import time

import dask
from distributed import Client, LocalCluster

import bench_build
import lerf
import lerf.dask
import lerf.pgn
from bench import SAMPLE, cpu


PARTITION_ROWS = lerf.dask.PARTITION_ROWS


def rows_in_one_process(shards: pathlib.Path) -> int:
    """The same work as the Dask job (every shard checked and read, into the same
    partitions' frames), one partition after another."""
    directory, manifest = lerf.dask.read_manifest(shards)
    parts = [(f"{directory}/{s['file']}", s) for s in manifest["shards"]]
    groups = lerf.dask._partitions(parts, PARTITION_ROWS)
    return sum(len(lerf.dask._read_partition(group, True, 65536, [], False)) for group in groups)


def rows_with_threads(source: pathlib.Path, threads: int) -> int:
    """lerf.pgn.positions on the unsplit file with several threads (no Dask)."""
    return sum(batch.num_rows for batch in lerf.pgn.positions(source, threads=threads))


def rows_on(client: Client, shards: pathlib.Path) -> int:
    frame = lerf.dask.positions(shards, partition_rows=PARTITION_ROWS)
    # Count where the rows are made: no data shipped back to the client.
    return int(client.compute(frame.map_partitions(len)).result().sum())


def rows_on_fused(client: Client, shards: pathlib.Path) -> int:
    """The same, optimised first: Dask 2026.8's compute runs the read and `len` as two
    tasks a partition, `optimize()` fuses them into one."""
    frame = lerf.dask.positions(shards, partition_rows=PARTITION_ROWS)
    return int(client.compute(frame.map_partitions(len).optimize()).result().sum())


def main() -> None:
    if "--malloc" in sys.argv:
        # Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536, which also fixes
        # glibc's mmap threshold at 128 KiB: every batch's buffers are then fresh pages.
        sys.argv.remove("--malloc")
        dask.config.set({"distributed.nanny.pre-spawn-environ": {
            "MALLOC_TRIM_THRESHOLD_": 64 << 20, "MALLOC_MMAP_THRESHOLD_": 32 << 20}})
    if "--per-shard" in sys.argv:
        sys.argv.remove("--per-shard")
        global PARTITION_ROWS
        PARTITION_ROWS = None
    rows_only = "--rows-only" in sys.argv  # leave perft out
    if rows_only:
        sys.argv.remove("--rows-only")
    shard_count = 16
    for arg in [a for a in sys.argv if a.startswith("--shards=")]:
        shard_count = int(arg.split("=", 1)[1])
        sys.argv.remove(arg)
    copies = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.TemporaryDirectory() as tmp:
        source = pathlib.Path(tmp) / "games.pgn"
        source.write_bytes(SAMPLE.read_bytes() * copies)
        start = time.perf_counter()
        manifest = lerf.pgn.split(source, pathlib.Path(tmp) / "shards", games_per_shard=-(-438 * copies // shard_count))
        split_seconds = time.perf_counter() - start
        shards = pathlib.Path(tmp) / "shards"
        rows = manifest["moves"]
        print(f"CPU: {cpu()}")
        print(
            f"input: {copies} x the Lichess sample, {manifest['pgn_bytes'] / 1e6:.1f} MB, {manifest['games']} games, "
            f"{rows} rows, {len(manifest['shards'])} shards in {lerf.dask.positions(shards, partition_rows=PARTITION_ROWS).npartitions} partitions; lerf.pgn.split {manifest['pgn_bytes'] / 1e6 / split_seconds:.0f} MB/s"
        )
        # One cluster at a time: an idle cluster's scheduler and workers beside the one
        # measured take their share of the two cores (measured: 8% of a one-worker job).
        speeds: dict = {}
        for workers in (1, 2):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                    Client(cluster) as client:
                label = f"{workers} Dask worker{'s' if workers > 1 else ''}"
                setups = {"one process": lambda: rows_in_one_process(shards)}
                if workers == 2:
                    setups["one process, threads=2"] = lambda: rows_with_threads(source, 2)
                setups[f"{label}, optimize()"] = lambda: rows_on_fused(client, shards)
                setups[label] = lambda: rows_on(client, shards)
                # Each run gets a table of its own size, so none starts from an earlier
                # run's counts (a process keeps its table between calls of one size).
                sizes = iter(range(64, 1 << 20))
                perfts = {
                    "lerf.perft, one process": lambda: lerf.perft(lerf.STARTING_FEN, 7, hash_mb=next(sizes)),
                    label: lambda: lerf.dask.perft(lerf.STARTING_FEN, 7, split_depth=2, client=client, hash_mb=next(sizes)),
                }
                if rows_only:
                    perfts = {}
                for work in (setups, perfts):  # warm the workers (imports, perft tables)
                    for task in work.values():
                        task()
                speeds[("positions", workers)] = report(f"positions, {label}", setups, rounds, rows, "rows/s")
                if perfts:
                    speeds[("perft", workers)] = report(
                        f"perft 7 of the start position, hashed, {label}", perfts, rounds, 3_195_901_860, "leaves/s"
                    )
        for job in ("positions", "perft"):
            if (job, 2) in speeds:
                print(f"\n{job}: 2 workers {speeds[(job, 2)] / speeds[(job, 1)]:.2f}x 1 worker (each against one process in its own run)")


def report(title: str, setups, rounds: int, units: int, unit: str) -> float:
    """Runs the setups in turn; returns the last one's speed as a multiple of the first's."""
    times = {name: [] for name in setups}
    for r in range(rounds):
        names = list(setups)
        for name in names[r % len(names):] + names[: r % len(names)]:
            start = time.perf_counter()
            setups[name]()
            times[name].append(time.perf_counter() - start)
    print(f"\n{title} (median of {rounds}; the last column is the median of each round's ratio):")
    first = next(iter(times.values()))
    base = statistics.median(first)
    for name, spent in times.items():
        median = statistics.median(spent)
        # The machine's load drifts between rounds: a round's own ratio compares runs
        # seconds apart, where medians of each setup may come from different rounds.
        paired = statistics.median(a / b for a, b in zip(first, spent))
        print(
            f"  {name:26} {median:7.3f} s  {units / median / 1e6:8.2f} M {unit}  "
            f"{base / median:5.2f}x one process  {paired:5.2f}x a round"
        )
    return base / statistics.median(list(times.values())[-1])


if __name__ == "__main__":
    bench_build.warn_unless_release()
    main()
