"""lerf against the native chess extensions on PyPI, each through its own API, on the
tasks they share: FEN parsing, legal move lists, a perft loop in Python (push/pop where
the library has undo, copy-make otherwise), SAN replay, PGN reading, tensors.

Usage: PYTHON -m pip install fastchess bulletchess cozy-chess-py rust-chess esca chess==1.11.2 numpy
       (bulletchess and esca need CPython 3.13; pyenv has it), build lerf into the same
       environment (`maturin develop --release -m crates/python/Cargo.toml`), then
       PYTHON crates/python/bench_peers.py [ROUNDS] [ROW ...]
       (ROW: words of the rows to run, e.g. `FEN perft`; all rows without)

A library that does not import, or lacks a task, is left out of that row. Rounds rotate
the order; medians, and the last column is the median of each round's ratio of the
fastest other library (by median) to lerf. A benchmark, not a test: nothing fails.
"""

from __future__ import annotations

import copy
import gc
import importlib
import io
import pathlib
import platform
import statistics
import sys
import time

import bench_build

SAMPLE = pathlib.Path(__file__).resolve().parents[1] / "pgn" / "tests" / "data" / "lichess-2025-05-sample.pgn"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def load(name):
    try:
        return importlib.import_module(name)
    except Exception:  # a peer that is not installed for this Python
        return None


lerf = load("lerf")
chess = load("chess")
pgn = load("chess.pgn")
fastchess = load("fastchess")
bulletchess = load("bulletchess")
cozy = load("cozy_chess")
rust_chess = load("rust_chess")
esca = load("esca")


def sample_games():
    """The sample's games as SAN lists, and FENs of their positions."""
    games, fens = [], []
    with open(SAMPLE, encoding="utf-8") as handle:
        while (game := pgn.read_game(handle)) is not None:
            board, sans = game.board(), []
            for move in game.mainline_moves():
                sans.append(board.san(move))
                board.push(move)
                fens.append(board.fen())
            games.append(sans)
    return games, fens[:2000]


# Perft loops, one per library's way of moving.
def perft_push_pop(board, depth):
    if depth == 0:
        return 1
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += perft_push_pop(board, depth - 1)
        board.pop()
    return n


def perft_bullet(board, depth):
    if depth == 0:
        return 1
    n = 0
    for move in board.legal_moves():
        board.apply(move)
        n += perft_bullet(board, depth - 1)
        board.undo()
    return n


def perft_fastchess(board, depth):
    if depth == 0:
        return 1
    n = 0
    for uci in board.legal_moves_uci():
        child = board.copy()
        child.push_uci(uci)
        n += perft_fastchess(child, depth - 1)
    return n


def perft_rust_chess(board, depth):
    if depth == 0:
        return 1
    n = 0
    for move in board.generate_legal_moves():
        n += perft_rust_chess(board.make_move_new(move, False), depth - 1)
    return n


def perft_cozy(board, depth):
    if depth == 0:
        return 1
    n = 0
    for move in board.generate_moves():
        child = copy.copy(board)
        child.play_unchecked(move)
        n += perft_cozy(child, depth - 1)
    return n


def perft_esca(position, depth):
    if depth == 0:
        return 1
    return sum(perft_esca(position.play(m), depth - 1) for m in position.legal_moves())


def tasks(games, fens):
    data = SAMPLE.read_bytes()
    text = data.decode("utf-8")
    few = games[:40]
    rows = {}
    rows["FEN parse (2,000 positions)"] = {
        "lerf": lambda: [lerf.Board(f) for f in fens],
        "python-chess": lambda: [chess.Board(f) for f in fens],
        "fastchess": fastchess and (lambda: [fastchess.Board(f) for f in fens]),
        "bulletchess": bulletchess and (lambda: [bulletchess.Board.from_fen(f) for f in fens]),
        "cozy-chess-py": cozy and (lambda: [cozy.Board.from_fen(f) for f in fens]),
        "rust-chess": rust_chess and (lambda: [rust_chess.Board.from_fen(f) for f in fens]),
        "esca": esca and (lambda: [esca.Position.from_fen(f) for f in fens]),
    }
    boards = {
        "lerf": [lerf.Board(f) for f in fens],
        "python-chess": [chess.Board(f) for f in fens],
        "fastchess": fastchess and [fastchess.Board(f) for f in fens],
        "bulletchess": bulletchess and [bulletchess.Board.from_fen(f) for f in fens],
        "cozy-chess-py": cozy and [cozy.Board.from_fen(f) for f in fens],
        "rust-chess": rust_chess and [rust_chess.Board.from_fen(f) for f in fens],
        "esca": esca and [esca.Position.from_fen(f) for f in fens],
    }

    def rust_chess_moves():
        out = []
        for b in boards["rust-chess"]:
            b.reset_move_generator()
            out.append(list(b.generate_legal_moves()))
        return out

    rows["legal move list (2,000 positions)"] = {
        "lerf": lambda: [list(b.legal_moves) for b in boards["lerf"]],
        "python-chess": lambda: [list(b.legal_moves) for b in boards["python-chess"]],
        "fastchess": fastchess and (lambda: [b.legal_moves_uci() for b in boards["fastchess"]]),
        "bulletchess": bulletchess and (lambda: [b.legal_moves() for b in boards["bulletchess"]]),
        "cozy-chess-py": cozy and (lambda: [b.generate_moves() for b in boards["cozy-chess-py"]]),
        "rust-chess": rust_chess and rust_chess_moves,
        "esca": esca and (lambda: [p.legal_moves() for p in boards["esca"]]),
    }
    rows["perft loop in Python, kiwipete depth 3"] = {
        "lerf": lambda: perft_push_pop(lerf.Board(KIWIPETE), 3),
        "python-chess": lambda: perft_push_pop(chess.Board(KIWIPETE), 3),
        "fastchess": fastchess and (lambda: perft_fastchess(fastchess.Board(KIWIPETE), 3)),
        "bulletchess": bulletchess and (lambda: perft_bullet(bulletchess.Board.from_fen(KIWIPETE), 3)),
        "cozy-chess-py": cozy and (lambda: perft_cozy(cozy.Board.from_fen(KIWIPETE), 3)),
        "rust-chess": rust_chess and (lambda: perft_rust_chess(rust_chess.Board.from_fen(KIWIPETE), 3)),
        "esca": esca and (lambda: perft_esca(esca.Position.from_fen(KIWIPETE), 3)),
    }

    def san_rust_chess():
        for sans in few:
            board = rust_chess.Board()
            for san in sans:
                board.make_move(board.get_move_from_san(san), False)

    def san_bullet():
        for sans in few:
            board = bulletchess.Board()
            for san in sans:
                board.apply(bulletchess.Move.from_san(san, board))

    def san_esca():
        for sans in few:
            game = esca.Game()
            for san in sans:
                game.play_san(san)

    def san_push(lib):
        def run():
            for sans in few:
                board = lib.Board()
                for san in sans:
                    board.push_san(san)
        return run

    rows[f"SAN replay ({sum(len(g) for g in few)} moves)"] = {
        "lerf": san_push(lerf),
        "python-chess": san_push(chess),
        "fastchess": fastchess and san_push(fastchess),
        "bulletchess": bulletchess and san_bullet,
        "rust-chess": rust_chess and san_rust_chess,
        "esca": esca and san_esca,
    }

    def pgn_chess():
        handle = io.StringIO(text)
        n = 0
        while (game := pgn.read_game(handle)) is not None:
            n += sum(1 for _ in game.mainline_moves())
        return n

    def pgn_esca():
        return sum(sum(1 for _ in game.mainline()) for game in esca.pgn.read_string(text))

    rows["PGN: read the sample, every mainline move"] = {
        "lerf": lambda: sum(sum(1 for _ in g.mainline_moves()) for g in lerf.pgn.read_games(io.BytesIO(data))),
        "python-chess": pgn_chess,
        "esca": esca and pgn_esca,
    }
    rows["tensors (2,000 positions from FENs)"] = {
        "lerf": lambda: lerf.encode_planes(fens),
        "fastchess": fastchess and (lambda: [fastchess.Board(f).to_tensor() for f in fens]),
    }
    return rows


def main(rounds: int, only: list[str]) -> None:
    games, fens = sample_games()
    rows = tasks(games, fens)
    if only:
        rows = {name: runs for name, runs in rows.items() if any(w.lower() in name.lower() for w in only)}
    # The harness's own objects (every library's boards, the games) are left out of the
    # cycle collector's walks: a collection costs what they hold, and it falls in the
    # timing of whichever library's allocations happen to start it.
    gc.collect()
    gc.freeze()
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    print(f"{cpu}, Python {platform.python_version()}, {rounds} rounds, medians; "
          f"lerf ÷ the fastest other library: the median of the rounds' ratios "
          f"(above 1: lerf is faster)\n")
    libraries = ["lerf", "python-chess", "fastchess", "bulletchess", "cozy-chess-py", "rust-chess", "esca"]
    print("| task | " + " | ".join(libraries) + " | lerf ÷ fastest other |")
    print("|---|" + "---:|" * (len(libraries) + 1))
    for name, runs in rows.items():
        runs = {lib: run for lib, run in runs.items() if run}
        failing = {}
        for lib, run in list(runs.items()):
            try:
                run()  # a warm-up, and a check that the library does the task at all
            except Exception as error:  # noqa: BLE001 (a peer's own failure, reported)
                failing[lib] = f"fails ({type(error).__name__}: {error})"[:60]
                del runs[lib]
        times = {lib: [] for lib in runs}
        order = list(runs)
        for r in range(rounds):
            for lib in order[r % len(order):] + order[:r % len(order)]:
                start = time.perf_counter()
                runs[lib]()
                times[lib].append(time.perf_counter() - start)
        median = {lib: statistics.median(t) for lib, t in times.items()}
        others = {lib: t for lib, t in median.items() if lib != "lerf"}
        # The ratio to the fastest other library is the median of the rounds' own ratios:
        # the two run back to back in a round, so a slow spell of the shared machine
        # weighs on both (a ratio of medians would compare different spells).
        best = min(others, key=others.get) if others else None
        ratio = (
            statistics.median(b / a for a, b in zip(times["lerf"], times[best]))
            if best else float("nan")
        )
        cells = [
            f"{median[lib] * 1e3:.2f} ms" if lib in median else failing.get(lib, "–") for lib in libraries
        ]
        print(f"| {name} | " + " | ".join(cells) + f" | **{ratio:.2f}×** |")


if __name__ == "__main__":
    bench_build.warn_unless_release()
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5, sys.argv[2:])
