"""``chess.engine`` with python-chess and with lerf: an analysis that floods ``info`` lines.

Usage: target/py-test/bin/python crates/python/bench_engine.py [ROUNDS] [LINES]
(after `cargo xtask test --python-only`, which makes that environment, and a release build of
lerf into it: see `bench_build.py`).

The engine is a stand-in (a small Python script, written to a temporary folder): at
``go`` it writes LINES ``info`` lines (default 100,000), each with a depth, a score, the
nodes, nps, time and a 12-move pv, then ``bestmove``; it writes them in blocks, as fast as
the pipe takes them, so the GUI's side is what is measured. Each round runs the same
analysis with each library in turn (the order alternating), consumed three ways:

* ``simple``: ``SimpleEngine.popen_uci(...)``, ``for info in engine.analysis(board)``, the
  blocking API most scripts use;
* ``async``: ``await protocol.analysis(board)`` and ``async for info in analysis``;
* ``analyse``: ``engine.analyse(board, Limit(depth=...))``, where only the last report is
  kept.

Prints the median lines a second of each and the median of the rounds' ratios. A
benchmark, not a test: nothing fails.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import time

import chess as python_chess
import chess.engine

import bench_build
import lerf
import lerf.engine

# A legal line from the starting position (12 plies), and its pv text.
PV = "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 f1e1 b7b5"

STAND_IN = r'''
import sys
PV = {pv!r}
LINES = {lines}

def flood(out):
    block = []
    for i in range(LINES):
        block.append(f"info depth {{i % 60 + 1}} seldepth {{i % 60 + 5}} multipv 1 score cp {{i % 200 - 100}} "
                     f"nodes {{i * 1000}} nps 1500000 hashfull {{i % 1000}} tbhits 0 time {{i}} pv {{PV}}\n")
        if len(block) == 2000:
            out.write("".join(block))
            block.clear()
    out.write("".join(block))
    out.write("bestmove e2e4 ponder e7e5\n")
    out.flush()

def main():
    out = sys.stdout
    for line in sys.stdin:
        word = line.split()[0] if line.split() else ""
        if word == "uci":
            out.write("id name flood\nuciok\n"); out.flush()
        elif word == "isready":
            out.write("readyok\n"); out.flush()
        elif word == "go":
            flood(out)
        elif word == "quit":
            return

main()
'''


def write_stand_in(folder: str, lines: int) -> str:
    path = os.path.join(folder, "flood_engine.py")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(STAND_IN.format(pv=PV, lines=lines))
    return path


def run_simple(lib, command: list) -> int:
    with lib.engine.SimpleEngine.popen_uci(command) as engine:
        count = 0
        with engine.analysis(lib.Board()) as analysis:
            for info in analysis:
                count += 1
                assert len(info["pv"]) == 12
        engine.quit()
    return count


def run_async(lib, command: list) -> int:
    async def main() -> int:
        transport, protocol = await lib.engine.popen_uci(command)
        count = 0
        analysis = await protocol.analysis(lib.Board())
        async for info in analysis:
            count += 1
            assert len(info["pv"]) == 12
        await protocol.quit()
        return count

    return asyncio.run(main())


def run_analyse(lib, command: list) -> int:
    with lib.engine.SimpleEngine.popen_uci(command) as engine:
        info = engine.analyse(lib.Board(), lib.engine.Limit(depth=60))
        assert len(info["pv"]) == 12
        engine.quit()
    return -1


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    lines = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    libs = {"python-chess": python_chess, "lerf": lerf}
    ways = {"simple": run_simple, "async": run_async, "analyse": run_analyse}
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, write_stand_in(folder, lines)]
        times = {(way, name): [] for way in ways for name in libs}
        for r in range(rounds):
            order = list(libs) if r % 2 == 0 else list(reversed(libs))
            for way, run in ways.items():
                for name in order:
                    start = time.perf_counter()
                    count = run(libs[name], command)
                    times[(way, name)].append(time.perf_counter() - start)
                    assert count in (lines, -1), (name, way, count)
        print(f"{lines} info lines a search, {rounds} rounds, medians")
        print(f"{'way':10} {'python-chess':>16} {'lerf':>16} {'ratio':>8}")
        for way in ways:
            pc = times[(way, "python-chess")]
            lf = times[(way, "lerf")]
            ratio = statistics.median(p / l for p, l in zip(pc, lf))
            print(f"{way:10} {lines / statistics.median(pc):>11,.0f} l/s {lines / statistics.median(lf):>11,.0f} l/s "
                  f"{ratio:>7.1f}x")


if __name__ == "__main__":
    bench_build.warn_unless_release()
    main()
