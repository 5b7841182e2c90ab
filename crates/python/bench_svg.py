"""``chess.svg`` with python-chess and with lerf: the same calls on the positions of real games.

Usage: target/py-test/bin/python crates/python/bench_svg.py [ROUNDS]
(after `cargo xtask test --python-only`, which makes that environment, and a release build of
lerf into it: see `bench_build.py`).

Each round times, for each library in turn (the order alternating), every position of the
first 20 games of the Lichess sample drawn three ways: ``board(board, arrows=...,
lastmove=..., size=350)`` (two arrows, one of them a circle), a ``Board``'s notebook
picture (``_repr_svg_``), and ``piece(...)``. Prints the median time a call and the median
of the rounds' ratios. A benchmark, not a test: nothing fails.
"""

from __future__ import annotations

import pathlib
import statistics
import sys
import time

import chess as python_chess
import chess.pgn
import chess.svg

import bench_build
import lerf
import lerf.svg

SAMPLE = pathlib.Path(__file__).resolve().parents[1] / "pgn" / "tests" / "data" / "lichess-2025-05-sample.pgn"


def positions(games: int = 20) -> list:
    """(FEN, last move as UCI) of every position of the first games."""
    out = []
    with open(SAMPLE, encoding="utf-8") as handle:
        for _ in range(games):
            game = python_chess.pgn.read_game(handle)
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                out.append((board.fen(), move.uci()))
    return out


def workloads(lib, cases: list) -> dict:
    boards = [(lib.Board(fen), lib.Move.from_uci(uci)) for fen, uci in cases]
    pieces = [lib.Piece.from_symbol(s) for s in "PNBRQKpnbrqk"]

    def marked():
        for board, move in boards:
            lib.svg.board(board, arrows=[(move.from_square, move.to_square), (move.to_square, move.to_square)],
                          lastmove=move, size=350)

    def notebook():
        for board, _ in boards:
            board._repr_svg_()

    def piece():
        for _ in range(len(boards) // 12 + 1):
            for p in pieces:
                lib.svg.piece(p, size=45)

    return {"board(arrows, lastmove)": (marked, len(boards)), "Board._repr_svg_()": (notebook, len(boards)),
            "piece()": (piece, 12 * (len(boards) // 12 + 1))}


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    cases = positions()
    libs = {"python-chess": workloads(python_chess, cases), "lerf": workloads(lerf, cases)}
    times = {name: {lib: [] for lib in libs} for name in libs["lerf"]}
    for r in range(rounds):
        order = list(libs) if r % 2 == 0 else list(reversed(libs))
        for lib in order:
            for name, (run, calls) in libs[lib].items():
                start = time.perf_counter()
                run()
                times[name][lib].append((time.perf_counter() - start) / calls)
    print(f"{len(cases)} positions, {rounds} rounds; median time a call, and the median of the rounds' ratios")
    print(f"{'':26} {'python-chess':>14} {'lerf':>10} {'ratio':>8}")
    for name, by_lib in times.items():
        ratios = [a / b for a, b in zip(by_lib["python-chess"], by_lib["lerf"])]
        pc, lf = statistics.median(by_lib["python-chess"]), statistics.median(by_lib["lerf"])
        print(f"{name:26} {pc * 1e6:11.1f} us {lf * 1e6:7.1f} us {statistics.median(ratios):7.1f}x")


if __name__ == "__main__":
    bench_build.warn_unless_release()
    main()
