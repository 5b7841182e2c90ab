"""``chess.gaviota`` with python-chess and with lerf: the same probes on the same positions.

Usage: target/py-test/bin/python crates/python/bench_gaviota.py [ROUNDS]
(after `cargo xtask test` and a release build of lerf, see `bench_build.py`, which builds lerf into that environment and downloads
python-chess's sdist, whose 3-piece Gaviota tables are probed).

400 random legal positions of the five 3-piece materials, either colour owning the piece
(fixed seed). Each round times, for each prober in turn (the order rotating), ``probe_dtm``
of every position, passes repeated until 0.2 s have gone, tables warm (every position probed
once before timing). The probers: python-chess's pure-Python one and lerf's in Rust
(``open_tablebase(..., LibraryLoader=None)``), and, where Debian's ``libgaviotatb`` is
installed, lerf's native prober over that C library (python-chess's native prober is the
same ctypes calls; one library instance a process, so one of them). Prints the median
probes a second and the median of the rounds' ratios to python-chess's pure-Python
prober. A benchmark, not a test.
"""

from __future__ import annotations

import ctypes.util
import pathlib
import random
import statistics
import sys
import time

import chess
import chess.gaviota

import bench_build
import lerf
import lerf.gaviota

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLES = ROOT / "target" / "python-chess" / "chess-1.11.2" / "data" / "gaviota"


def positions(count: int) -> list:
    rng = random.Random(53)
    out = []
    while len(out) < count:
        board = chess.Board(None)
        letter = rng.choice("QRBNP")
        squares = rng.sample(range(64), 3)
        board.set_piece_at(squares[0], chess.Piece.from_symbol("K"))
        board.set_piece_at(squares[1], chess.Piece.from_symbol("k"))
        board.set_piece_at(squares[2], chess.Piece.from_symbol(letter if rng.random() < 0.5 else letter.lower()))
        board.turn = rng.random() < 0.5
        if board.is_valid() and not board.is_insufficient_material():
            out.append(board.fen())
    return out


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    fens = positions(400)
    probers = {"python-chess (Python)": (chess, chess.gaviota.open_tablebase(str(TABLES), LibraryLoader=None)),
               "lerf (Rust)": (lerf, lerf.gaviota.open_tablebase(str(TABLES), LibraryLoader=None))}
    library = ctypes.util.find_library("gaviotatb") or ctypes.util.find_library("gtb")
    if library:
        probers["lerf (C library)"] = (lerf, lerf.gaviota.open_tablebase_native(str(TABLES), libgtb=library))
    boards = {name: [lib.Board(f) for f in fens] for name, (lib, _) in probers.items()}
    reference = [probers["python-chess (Python)"][1].probe_dtm(b) for b in boards["python-chess (Python)"]]
    for name, (_, tables) in probers.items():
        assert [tables.probe_dtm(b) for b in boards[name]] == reference, name
    rates = {name: [] for name in probers}
    names = list(probers)
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            call = probers[name][1].probe_dtm
            probes = 0
            start = time.perf_counter()
            while True:
                for b in boards[name]:
                    call(b)
                probes += len(fens)
                elapsed = time.perf_counter() - start
                if elapsed >= 0.2:
                    break
            rates[name].append(probes / elapsed)
    print(f"chess.gaviota probe_dtm: {len(fens)} positions (3 pieces), {rounds} rounds")
    print(f"{'prober':24} {'probes/s':>12} {'vs python-chess':>16}")
    base = rates["python-chess (Python)"]
    for name in probers:
        ratio = statistics.median(o / t for t, o in zip(base, rates[name]))
        print(f"{name:24} {statistics.median(rates[name]):12,.0f} {ratio:15.1f}x")


if __name__ == "__main__":
    bench_build.warn_unless_release()
    main()
