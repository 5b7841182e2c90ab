"""``lerf.nnue.Network.evaluate_many`` over the Lichess sample's positions, per thread count,
on the networks lerf-nnue's tests leave in ``target/oracle`` (Stockfish 15.1's, exported from
Debian's ``stockfish``; Stockfish 18's small one, cut from npm's package).

Usage: target/py-test/bin/python crates/python/bench_nnue.py [ROUNDS]
(after `cargo xtask test` and a release build of lerf, see `bench_build.py`). Prints the median evaluations a second of each input kind
(``lerf.Board`` objects, FEN strings) on one and two threads, and of one ``evaluate`` call a
board. Compare with the Rust full evaluation of ``cargo bench -p lerf-benches --bench
nnue``. A benchmark, not a test.
"""

import pathlib
import statistics
import sys
import time

import chess.pgn

import bench_build
import lerf
import lerf.nnue

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "crates" / "pgn" / "tests" / "data" / "lichess-2025-05-sample.pgn"
NETWORKS = [ROOT / "target" / "oracle" / name for name in ("nn-ad9b42354671.nnue", "nn-37f18f62d772.nnue")]


def main(rounds: int) -> None:
    boards = []
    with open(SAMPLE) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                boards.append(lerf.Board(board.fen()))
    fens = [b.fen() for b in boards]
    for path in NETWORKS:
        if not path.exists():
            print(f"{path.name}: missing (lerf-nnue's tests make it)")
            continue
        net = lerf.nnue.load(path)
        net.evaluate_many(boards, threads=1)
        for what, items in (("boards", boards), ("FENs", fens)):
            for threads in (1, 2):
                times = []
                for _ in range(rounds):
                    start = time.perf_counter()
                    net.evaluate_many(items, threads=threads)
                    times.append(time.perf_counter() - start)
                rate = len(items) / statistics.median(times) / 1e3
                print(f"{path.name} evaluate_many {what}, {threads} thread(s): {rate:.0f} k/s")
        start = time.perf_counter()
        for b in boards:
            net.evaluate(b)
        print(f"{path.name} evaluate, one call a board: {len(boards) / (time.perf_counter() - start) / 1e3:.0f} k/s")


if __name__ == "__main__":
    bench_build.warn_unless_release()
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
