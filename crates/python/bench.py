"""lerf against python-chess, side by side in one run on the same inputs.

Usage: target/py-test/bin/python crates/python/bench.py [ROUNDS]
(after `cargo xtask test --python-only`, which makes that environment, and a release build of
lerf into it: see `bench_build.py`).

Each task is timed for both libraries in rounds, the order turning each round, and the
median of each is printed with the ratio. A benchmark, not a test: nothing fails.
"""

from __future__ import annotations

import gc
import io
import pathlib
import platform
import statistics
import sys
import time

import chess
import chess.pgn
import numpy as np

import bench_build
import lerf
import lerf.pgn

SAMPLE = pathlib.Path(__file__).resolve().parents[1] / "pgn" / "tests" / "data" / "lichess-2025-05-sample.pgn"


def cpu() -> str:
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def timed(task) -> float:
    start = time.perf_counter()
    task()
    return time.perf_counter() - start


def replay_python_chess(data: str) -> int:
    moves = 0
    handle = io.StringIO(data)
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            moves += 1
    return moves


def replay_lerf(data: bytes) -> int:
    moves = 0
    for game in lerf.pgn.read_games(io.BytesIO(data)):
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            moves += 1
    return moves


def rows_python_chess(text: str) -> int:
    """The rows of lerf.pgn.positions, made with python-chess: FEN, SAN and UCI a move."""
    rows = []
    handle = io.StringIO(text)
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for ply, move in enumerate(game.mainline_moves()):
            rows.append((ply, board.fen(), board.san(move), move.uci(), board.turn))
            board.push(move)
    return len(rows)


def rows_with_annotations_python_chess(text: str) -> int:
    """The rows with what python-chess reads from each move's comment: clock, evaluation
    (White's view, centipawns or mate) and NAGs, by the usual node loop."""
    rows = []
    handle = io.StringIO(text)
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for ply, node in enumerate(game.mainline()):
            move = node.move
            score = node.eval()
            white = score.white() if score is not None else None
            rows.append((
                ply, board.fen(), board.san(move), move.uci(), board.turn, node.clock(),
                white.score() if white is not None else None, white.mate() if white is not None else None,
                sorted(node.nags),
            ))
            board.push(move)
    return len(rows)


def rows_lerf(data: bytes) -> int:
    return sum(batch.num_rows for batch in lerf.pgn.positions(io.BytesIO(data)))


def walk_games(pgn) -> int:
    """python-chess's documented way through a file: read_game, then every mainline node's
    move, comment, clock and eval, and a few headers (the same code for both libraries)."""
    seen = 0
    with open(SAMPLE, encoding="utf-8") as handle:
        while (game := pgn.read_game(handle)) is not None:
            headers = game.headers
            seen += len(headers["White"]) + len(headers.get("WhiteElo", ""))
            for node in game.mainline():
                move, comment, clock, score = node.move, node.comment, node.clock(), node.eval()
                seen += move.to_square + len(comment) + (clock is not None) + (score is not None)
    return seen


def all_headers(pgn) -> int:
    """read_headers over the whole file."""
    games = 0
    with open(SAMPLE, encoding="utf-8") as handle:
        while pgn.read_headers(handle) is not None:
            games += 1
    return games


def read_all(pgn) -> list:
    with open(SAMPLE, encoding="utf-8") as handle:
        return list(iter(lambda: pgn.read_game(handle), None))


def per_call(lib, sans_per_game) -> int:
    """push_san every move, then san() of every legal move and len(legal_moves)."""
    calls = 0
    for sans in sans_per_game:
        board = lib.Board()
        for san in sans:
            for move in board.legal_moves:
                board.san(move)
                calls += 1
            board.push_san(san)
            calls += 1
    return calls


def planes_python_chess(fens) -> np.ndarray:
    out = np.zeros((len(fens), 12, 8, 8), dtype=np.float32)
    for i, fen in enumerate(fens):
        for sq, piece in chess.Board(fen).piece_map().items():
            out[i, (0 if piece.color else 6) + piece.piece_type - 1, sq >> 3, sq & 7] = 1
    return out


def main(rounds: int) -> None:
    data = SAMPLE.read_bytes()
    text = data.decode("utf-8")
    sans_per_game, fens = [], []
    handle = io.StringIO(text)
    while (game := chess.pgn.read_game(handle)) is not None:
        board, sans = game.board(), []
        for move in game.mainline_moves():
            sans.append(board.san(move))
            board.push(move)
            fens.append(board.fen())
        sans_per_game.append(sans)
    moves = len(fens)
    fens = fens[:10000]
    few_games = sans_per_game[:40]
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

    def chess_perft(board, depth):
        if depth == 0:
            return 1
        n = 0
        for move in board.legal_moves:
            board.push(move)
            n += chess_perft(board, depth - 1)
            board.pop()
        return n

    assert [str(g) for g in read_all(chess.pgn)] == [str(g) for g in read_all(lerf.pgn)]
    assert walk_games(chess.pgn) == walk_games(lerf.pgn) and all_headers(chess.pgn) == all_headers(lerf.pgn)
    # Games held for str(game) are read just before that task: held through the other
    # tasks, python-chess's millions of objects would slow every garbage collection.
    games: dict = {}

    def hold_games() -> None:
        games.update(theirs=read_all(chess.pgn), ours=read_all(lerf.pgn))
    tasks = [
        ("chess.pgn: read_game + each mainline node's move, comment, clock(), eval()", None,
         lambda: walk_games(chess.pgn), lambda: walk_games(lerf.pgn)),
        ("chess.pgn: read_headers over the file", None,
         lambda: all_headers(chess.pgn), lambda: all_headers(lerf.pgn)),
        ("chess.pgn: str(game) of every game", None,
         lambda: [str(g) for g in games["theirs"]], lambda: [str(g) for g in games["ours"]], hold_games),
        (f"PGN read + push every move ({moves} moves)", moves,
         lambda: replay_python_chess(text), lambda: replay_lerf(data)),
        (f"rows with FEN, SAN, UCI: python-chess loop vs lerf.pgn.positions (Arrow, {moves} rows)", moves,
         lambda: rows_python_chess(text), lambda: rows_lerf(data)),
        (f"rows + clock, eval, NAGs: python-chess node loop vs lerf.pgn.positions ({moves} rows)", moves,
         lambda: rows_with_annotations_python_chess(text), lambda: rows_lerf(data)),
        ("per-call loop: push_san, legal_moves, san of each (40 games)", None,
         lambda: per_call(chess, few_games), lambda: per_call(lerf, few_games)),
        ("FEN parse (10,000)", len(fens),
         lambda: [chess.Board(f) for f in fens], lambda: [lerf.Board(f) for f in fens]),
        ("planes (10,000 positions from FENs)", len(fens),
         lambda: planes_python_chess(fens), lambda: lerf.encode_planes(fens)),
        ("perft kiwipete depth 3", None,
         lambda: chess_perft(chess.Board(kiwipete), 3), lambda: lerf.perft(kiwipete, 3)),
    ]
    print(f"lerf against python-chess {chess.__version__}, {cpu()}, Python {platform.python_version()}, "
          f"{rounds} rounds, medians\n")
    print("| task | python-chess | lerf | lerf ÷ python-chess |")
    print("|---|---:|---:|---:|")
    for name, _, theirs, ours, *setup in tasks:
        for step in setup:
            step()
        gc.collect()
        times = {"theirs": [], "ours": []}
        for r in range(rounds):
            order = [("theirs", theirs), ("ours", ours)]
            for key, task in order if r % 2 == 0 else reversed(order):
                times[key].append(timed(task))
        a, b = statistics.median(times["theirs"]), statistics.median(times["ours"])
        print(f"| {name} | {a * 1e3:.1f} ms | {b * 1e3:.2f} ms | **{a / b:.0f}×** |")
        games.clear()


if __name__ == "__main__":
    bench_build.warn_unless_release()
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
