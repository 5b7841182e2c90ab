"""lerf.gaviota against python-chess's chess.gaviota on the 3-piece tables python-chess's sdist
ships: random legal positions, checkmates and stalemates among them, must give the same DTM
and WDL, exceptions included. lerf's prober in Rust (``open_tablebase(LibraryLoader=None)``)
against python-chess's pure-Python one; lerf's native prober against python-chess's, both
over Debian's Gaviota library (``libgaviotatb``; those tests skip without it). The library
keeps one global state, so the two native probers are opened one after the other."""

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

pytestmark = pytest.mark.skipif(not TABLES.is_dir(), reason="needs python-chess's sdist in target/")
needs_library = pytest.mark.skipif(LIBRARY is None, reason="needs libgaviotatb (Debian's libgaviotatb-dev; "
                                                           ".ci/run installs it)")


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


def results(open_tables, board_class, fens, **kwargs):
    out = []
    with open_tables(str(TABLES), **kwargs) as tables:
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


@needs_library
def test_native_probes_agree_with_python_chess():
    fens = positions(3000)
    theirs = results(chess.gaviota.open_tablebase_native, chess.Board, fens, libgtb=LIBRARY)
    ours = results(lerf.gaviota.open_tablebase_native, lerf.Board, fens)
    for fen, a, b in zip(fens, theirs, ours):
        assert a == b, f"{fen}: python-chess {a}, lerf {b}"
    assert sum(1 for row in ours if isinstance(row[0], int) and row[0] != 0) > 1000


def test_the_rust_prober_agrees_with_python_chess_pure_python_one():
    fens = positions(3000)
    theirs = results(chess.gaviota.open_tablebase, chess.Board, fens, LibraryLoader=None)
    ours = results(lerf.gaviota.open_tablebase, lerf.Board, fens, LibraryLoader=None)
    for fen, a, b in zip(fens, theirs, ours):
        assert a == b, f"{fen}: python-chess {a}, lerf {b}"
    assert sum(1 for row in ours if isinstance(row[0], int) and row[0] != 0) > 1000


def test_the_rust_prober_without_the_library():
    tables = lerf.gaviota.open_tablebase(str(TABLES), LibraryLoader=None)
    assert isinstance(tables, lerf.gaviota.PythonTablebase)
    assert sorted(tables.available_tables) == ["kbk", "knk", "kpk", "kqk", "krk"]
    # python-chess keeps each table's absolute path, whatever directory it was given.
    assert tables.available_tables["kqk"] == os.path.join(os.path.abspath(TABLES), "kqk.gtb.cp4")
    board = lerf.Board("8/8/8/8/8/3k4/8/3KQ3 w - - 0 1")
    assert tables.probe_dtm(board) > 0 and tables.probe_wdl(board) == 1
    with pytest.raises(lerf.gaviota.MissingTableError):
        tables.probe_dtm(lerf.Board("8/8/8/8/8/3k4/8/2RKQ3 w - - 0 1"))
    with pytest.raises(KeyError, match="castling"):
        tables.probe_dtm(lerf.Board("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"))
    assert tables.get_dtm(lerf.Board("8/8/8/8/8/3k4/8/2RKQ3 w - - 0 1"), 7) == 7
    with tables:
        pass
    assert tables.available_tables == {}
    with pytest.raises(lerf.gaviota.MissingTableError):
        tables.probe_dtm(board)
    with pytest.raises(OSError):
        lerf.gaviota.open_tablebase_native(str(TABLES), libgtb="libnothere.so.0")
    with pytest.raises(OSError):
        lerf.gaviota.open_tablebase(str(TABLES / "nothere"), LibraryLoader=None)


def test_damaged_tables_raise_oserror(tmp_path):
    data = (TABLES / "kqk.gtb.cp4").read_bytes()
    (tmp_path / "kqk.gtb.cp4").write_bytes(data[: len(data) // 2])
    tables = lerf.gaviota.open_tablebase(str(tmp_path), LibraryLoader=None)
    with pytest.raises(OSError, match="kqk.gtb.cp4"):
        tables.probe_dtm(lerf.Board("8/8/8/8/8/3k4/8/3KQ3 w - - 0 1"))
