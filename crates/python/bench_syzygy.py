"""``chess.syzygy`` with python-chess and with lerf: the same probes on the same positions.

Usage: target/py-test/bin/python crates/python/bench_syzygy.py [ROUNDS]
(after `cargo xtask test` and a release build of lerf, see `bench_build.py`, which builds lerf into that environment and downloads
python-chess's sdist, whose 3-4 piece tables are probed).

400 random legal positions of the 35 materials (fixed seed). Each round times, for each
library in turn (the order alternating), ``probe_wdl`` and ``probe_dtz`` of every position,
passes repeated until 0.2 s have gone (one pass of lerf's is a few tenths of a millisecond,
too short to time alone), tables warm (opened and probed once before timing). Prints the
median probes a second and the median of the rounds' ratios. A benchmark, not a test.
"""

from __future__ import annotations

import os
import pathlib
import random
import statistics
import sys
import time

import chess
import chess.syzygy

import bench_build
import lerf
import lerf.syzygy

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLES = ROOT / "target" / "python-chess" / "chess-1.11.2" / "data" / "syzygy" / "regular"


def positions(count: int) -> list:
    rng = random.Random(49)
    names = list(chess.syzygy.tablenames(piece_count=4))
    out = []
    while len(out) < count:
        white, black = rng.choice(names).split("v")
        if rng.random() < 0.5:
            white, black = black, white
        board = chess.Board(None)
        squares = rng.sample(range(64), len(white) + len(black))
        for letters, upper in ((white, True), (black, False)):
            for letter in letters:
                board.set_piece_at(squares.pop(), chess.Piece.from_symbol(letter if upper else letter.lower()))
        board.turn = rng.random() < 0.5
        if board.is_valid():
            out.append(board.fen())
    return out


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    fens = positions(400)
    libs = {"python-chess": (chess, chess.syzygy.open_tablebase(str(TABLES))),
            "lerf": (lerf, lerf.syzygy.open_tablebase(str(TABLES)))}
    boards = {name: [lib.Board(f) for f in fens] for name, (lib, _) in libs.items()}
    for name, (_, tables) in libs.items():
        assert [tables.probe_dtz(b) for b in boards[name]] == [libs["python-chess"][1].probe_dtz(b)
                                                                for b in boards["python-chess"]]
    rates = {(name, probe): [] for name in libs for probe in ("probe_wdl", "probe_dtz")}
    for r in range(rounds):
        order = list(libs) if r % 2 == 0 else list(reversed(libs))
        for probe in ("probe_wdl", "probe_dtz"):
            for name in order:
                tables = libs[name][1]
                call = getattr(tables, probe)
                probes = 0
                start = time.perf_counter()
                while True:
                    for b in boards[name]:
                        call(b)
                    probes += len(fens)
                    elapsed = time.perf_counter() - start
                    if elapsed >= 0.2:
                        break
                rates[(name, probe)].append(probes / elapsed)
    print(f"chess.syzygy: {len(fens)} positions (3-4 pieces), {rounds} rounds")
    print(f"{'probe':12} {'python-chess/s':>15} {'lerf/s':>12} {'ratio':>8}")
    for probe in ("probe_wdl", "probe_dtz"):
        theirs = rates[("python-chess", probe)]
        ours = rates[("lerf", probe)]
        ratio = statistics.median(o / t for t, o in zip(theirs, ours))
        print(f"{probe:12} {statistics.median(theirs):15,.0f} {statistics.median(ours):12,.0f} {ratio:7.0f}x")


if __name__ == "__main__":
    bench_build.warn_unless_release()
    main()
