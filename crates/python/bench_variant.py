"""``chess.variant`` with python-chess and with lerf: the same calls on the positions of
random games of each variant.

Usage: target/py-test/bin/python crates/python/bench_variant.py [ROUNDS]
(after `cargo xtask test --python-only`, which makes that environment, and a release build of
lerf into it: see `bench_build.py`).

For each variant, 20 random games (fixed seed) are played with python-chess; each round then
times, for each library in turn (the order alternating), replaying them move by move
(`push`), then at every position `legal_moves` listed, and `san` of one legal move; then
the games as a PGN file: read and replayed game by game (`read_game`: `pgn.read_game`, each
mainline pushed on `game.board()`), and made into rows of every position's FEN and SAN
(`rows`: python-chess replaying each game, lerf's `lerf.pgn.positions`). Each library's
pass is repeated for about 20 ms a round. Times are per move. Prints
the median time a call and the median of the rounds' ratios. A benchmark, not a test.
"""

from __future__ import annotations

import io
import random
import statistics
import sys
import time

import chess
import chess.pgn
import chess.variant

import bench_build
import lerf
import lerf.pgn
import lerf.variant

NAMES = ["AntichessBoard", "AtomicBoard", "CrazyhouseBoard", "HordeBoard", "KingOfTheHillBoard",
         "RacingKingsBoard", "ThreeCheckBoard"]


def games(name: str, count: int = 20) -> list:
    rng = random.Random(name)
    out = []
    for _ in range(count):
        board = getattr(chess.variant, name)()
        moves = []
        for _ in range(60):
            legal = sorted(board.legal_moves, key=lambda m: m.uci())
            if not legal:
                break
            move = rng.choice(legal)
            moves.append(move.uci())
            board.push(move)
        out.append(moves)
    return out


def workloads(lib, name: str, played: list) -> dict:
    cls = getattr(lib.variant, name)
    replays = [[lib.Move.from_uci(u) for u in moves] for moves in played]
    boards = []
    for moves in replays:
        board = cls()
        for move in moves:
            boards.append((board.copy(stack=False), move))
            board.push(move)

    def push():
        for moves in replays:
            board = cls()
            for move in moves:
                board.push(move)

    def legal():
        for board, _ in boards:
            list(board.legal_moves)

    def san():
        for board, move in boards:
            board.san(move)

    # The games as a PGN file, as python-chess writes them (a Variant tag each).
    pgn = "\n\n".join(str(_game_of(name, moves)) for moves in played).encode()

    def read_games():
        # A python-chess user's replay: each game read, its mainline played on its board.
        handle = io.StringIO(pgn.decode())
        while (game := lib.pgn.read_game(handle)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)

    def rows():
        # A data engineer's: FEN and SAN of every mainline position. python-chess replays
        # each game; lerf's rows are made in Rust (lerf.pgn.positions).
        if lib is lerf:
            for batch in lerf.pgn.positions(io.BytesIO(pgn)):
                batch.column("fen")
            return
        handle = io.StringIO(pgn.decode())
        while (game := lib.pgn.read_game(handle)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.fen()
                board.san(move)
                board.push(move)

    n = len(boards)
    return {"push": (push, n), "legal_moves": (legal, n), "san": (san, n), "read_game": (read_games, n),
            "rows": (rows, n)}


def _game_of(name: str, moves: list) -> "chess.pgn.Game":
    board = getattr(chess.variant, name)()
    game = chess.pgn.Game.from_board(board)
    node = game
    for uci in moves:
        node = node.add_main_variation(chess.Move.from_uci(uci))
    return game


def _repeats(fn, seconds: float = 0.02) -> int:
    """How many passes of ``fn`` take about ``seconds`` (one at least), from one timed pass."""
    start = time.perf_counter()
    fn()
    once = time.perf_counter() - start
    return max(1, round(seconds / max(once, 1e-9)))


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"{'variant':20} {'call':12} {'python-chess':>14} {'lerf':>10} {'ratio':>7}")
    for name in NAMES:
        played = games(name)
        work = {"python-chess": workloads(chess, name, played), "lerf": workloads(lerf, name, played)}
        for call in ("push", "legal_moves", "san", "read_game", "rows"):
            times = {lib: [] for lib in work}
            # Each library's workload is repeated for about 20 ms a round (a single pass of
            # lerf's is a fraction of a millisecond, too short to time on a shared host).
            reps = {lib: _repeats(work[lib][call][0]) for lib in work}
            for r in range(rounds):
                for lib in (list(work) if r % 2 == 0 else list(reversed(list(work)))):
                    fn, n = work[lib][call]
                    start = time.perf_counter()
                    for _ in range(reps[lib]):
                        fn()
                    times[lib].append((time.perf_counter() - start) / n / reps[lib])
            pc, lf = times["python-chess"], times["lerf"]
            ratio = statistics.median(p / l for p, l in zip(pc, lf))
            print(f"{name:20} {call:12} {statistics.median(pc) * 1e6:>11.2f} µs {statistics.median(lf) * 1e6:>7.2f} µs {ratio:>6.1f}x")


if __name__ == "__main__":
    bench_build.warn_unless_release()
    main()
