"""lerf.gaviota's native prober against python-chess's (both over Debian's Gaviota library,
``libgaviotatb``) on the 3-piece tables python-chess's sdist ships: random legal positions,
checkmates and stalemates among them, must give the same DTM and WDL, exceptions included.
Skips without the library or the sdist. The library keeps one global state, so the two are
opened one after the other."""

from __future__ import annotations

import ctypes.util
import os
import pathlib
import random

import chess
import chess.gaviota
import pytest

import lerf
import lerf.gaviota

ROOT = pathlib.Path(__file__).resolve().parents[3]
SDIST = pathlib.Path(os.environ.get("LERF_PYTHON_CHESS_SDIST", ROOT / "target" / "python-chess" / "chess-1.11.2"))
TABLES = SDIST / "data" / "gaviota"
LIBRARY = ctypes.util.find_library("gaviotatb") or ctypes.util.find_library("gtb")

pytestmark = pytest.mark.skipif(not TABLES.is_dir() or LIBRARY is None,
                                reason="needs python-chess's sdist in target/ and libgaviotatb "
                                       "(Debian's libgaviotatb-dev; .ci/run installs it)")


def positions(count: int) -> list:
    rng = random.Random(47)
    out = ["5Q2/7k/6P1/5K2/8/8/8/8 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
           "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "4k3/8/8/8/8/8/PP6/R3K3 w - - 0 1",
           "4k3/pppppppp/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
    while len(out) < count:
        board = chess.Board(None)
        letter = rng.choice("QRBNP")
        squares = rng.sample(range(64), 3)
        board.set_piece_at(squares[0], chess.Piece.from_symbol("K"))
        board.set_piece_at(squares[1], chess.Piece.from_symbol("k"))
        board.set_piece_at(squares[2], chess.Piece.from_symbol(letter if rng.random() < 0.5 else letter.lower()))
        board.turn = rng.random() < 0.5
        if board.is_valid():
            out.append(board.fen())
    return out


def results(module, board_class, fens, **kwargs):
    out = []
    with module.open_tablebase_native(str(TABLES), **kwargs) as tables:
        for fen in fens:
            board = board_class(fen)
            row = []
            for probe in (tables.probe_dtm, tables.probe_wdl):
                try:
                    row.append(probe(board))
                except KeyError as e:
                    row.append((type(e).__name__, str(e)))
            out.append(row)
    return out


def test_native_probes_agree_with_python_chess():
    fens = positions(3000)
    theirs = results(chess.gaviota, chess.Board, fens, libgtb=LIBRARY)
    ours = results(lerf.gaviota, lerf.Board, fens)
    for fen, a, b in zip(fens, theirs, ours):
        assert a == b, f"{fen}: python-chess {a}, lerf {b}"
    assert sum(1 for row in ours if isinstance(row[0], int) and row[0] != 0) > 1000


def test_without_the_library_it_says_so():
    with pytest.raises(ImportError, match="not written yet"):
        lerf.gaviota.open_tablebase(str(TABLES), LibraryLoader=None)
    with pytest.raises(OSError):
        lerf.gaviota.open_tablebase_native(str(TABLES), libgtb="libnothere.so.0")
