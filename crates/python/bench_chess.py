"""python-chess code, unchanged, run with python-chess and with lerf as ``chess``.

Usage: target/py-test/bin/python crates/python/bench_chess.py [ROUNDS]
(after `cargo xtask test --python-only`, which makes that environment, and a release build of
lerf into it: see `bench_build.py`).

1. A python-chess-style script over the games of the Lichess sample (``parse_san``,
   ``push``, ``is_check``, ``legal_moves``, ``fen``, ``gives_check``, ``is_capture``,
   ``piece_at``, ``attackers``, ``SquareSet`` operations, ``copy``, ``pop``), timed whole
   with each library as ``chess``.
2. Each of those calls alone, on the positions of the same games.

Rounds alternate the libraries' order; medians are printed with the ratio. A benchmark,
not a test: nothing fails.
"""

from __future__ import annotations

import pathlib
import platform
import statistics
import sys
import time
import timeit

import chess as python_chess
import chess.pgn

import bench_build
import lerf

SAMPLE = pathlib.Path(__file__).resolve().parents[1] / "pgn" / "tests" / "data" / "lichess-2025-05-sample.pgn"


def cpu() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def games_as_san(limit: int):
    out = []
    with open(SAMPLE, encoding="utf-8") as handle:
        while len(out) < limit and (game := chess.pgn.read_game(handle)) is not None:
            board, sans = game.board(), []
            for move in game.mainline_moves():
                sans.append(board.san(move))
                board.push(move)
            out.append(sans)
    return out


def script(chess, games) -> int:
    """What analysis scripts written against python-chess do, move after move."""
    work = 0
    center = chess.SquareSet(chess.BB_CENTER)
    for sans in games:
        board = chess.Board()
        for ply, san in enumerate(sans):
            move = board.parse_san(san)
            work += board.is_capture(move) + board.gives_check(move)
            piece = board.piece_at(move.from_square)
            work += piece.piece_type if piece else 0
            board.push(move)
            if board.is_check():
                work += 1
            work += len(list(board.legal_moves))
            attackers = board.attackers(not board.turn, move.to_square)
            work += len(attackers & center) + len(board.pieces(chess.PAWN, board.turn) | center)
            if ply % 10 == 0:
                work += len(board.fen())
                copy = board.copy()
                copy.pop()
                work += copy.ply()
    return work


def per_call(chess, games, number: int) -> dict:
    """Median seconds per call of each call the script makes, over positions of the games."""
    boards, moves = [], []
    for sans in games[:10]:
        board = chess.Board()
        for san in sans[:60]:
            move = board.parse_san(san)
            boards.append((board.copy(), san, move))
            board.push(move)
    center = chess.SquareSet(chess.BB_CENTER)
    calls = {
        "parse_san": lambda b, s, m: b.parse_san(s),
        "push + pop": lambda b, s, m: (b.push(m), b.pop()),
        "is_check": lambda b, s, m: b.is_check(),
        "list(legal_moves)": lambda b, s, m: list(b.legal_moves),
        "legal_moves.count()": lambda b, s, m: b.legal_moves.count(),
        "fen": lambda b, s, m: b.fen(),
        "gives_check": lambda b, s, m: b.gives_check(m),
        "is_capture": lambda b, s, m: b.is_capture(m),
        "piece_at": lambda b, s, m: b.piece_at(m.from_square),
        "attackers": lambda b, s, m: b.attackers(True, m.to_square),
        "SquareSet & | len": lambda b, s, m: len(b.pieces(1, True) & center | center),
        "copy": lambda b, s, m: b.copy(),
        "san": lambda b, s, m: b.san(m),
        "Board(fen)": lambda b, s, m: chess.Board(b.fen()),
    }
    out = {}
    for name, call in calls.items():
        def run():
            for b, s, m in boards:
                call(b, s, m)
        out[name] = min(timeit.repeat(run, number=number, repeat=3)) / (number * len(boards))
    return out


def main(rounds: int) -> None:
    games = games_as_san(60)
    moves = sum(len(g) for g in games)
    print(f"python-chess {python_chess.__version__} against lerf as chess; {cpu()}, "
          f"Python {platform.python_version()}, {rounds} rounds, medians\n")
    assert script(python_chess, games) == script(lerf, games), "the script must give the same result"
    times = {"python-chess": [], "lerf": []}
    for r in range(rounds):
        order = [("python-chess", python_chess), ("lerf", lerf)]
        for name, lib in order if r % 2 == 0 else reversed(order):
            start = time.perf_counter()
            script(lib, games)
            times[name].append(time.perf_counter() - start)
    a, b = statistics.median(times["python-chess"]), statistics.median(times["lerf"])
    print(f"| the script ({len(games)} games, {moves} moves) | python-chess | lerf | ratio |")
    print("|---|---:|---:|---:|")
    print(f"| whole script | {a * 1e3:.0f} ms | {b * 1e3:.1f} ms | **{a / b:.1f}×** |\n")
    print("| call | python-chess | lerf | ratio |")
    print("|---|---:|---:|---:|")
    results = {"python-chess": [], "lerf": []}
    for r in range(rounds):
        for name, lib in [("python-chess", python_chess), ("lerf", lerf)] if r % 2 == 0 else [("lerf", lerf), ("python-chess", python_chess)]:
            results[name].append(per_call(lib, games, number=2))
    for call in results["lerf"][0]:
        theirs = statistics.median(r[call] for r in results["python-chess"])
        ours = statistics.median(r[call] for r in results["lerf"])
        print(f"| `{call}` | {theirs * 1e6:.2f} µs | {ours * 1e6:.3f} µs | {theirs / ours:.1f}× |")


if __name__ == "__main__":
    bench_build.warn_unless_release()
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
