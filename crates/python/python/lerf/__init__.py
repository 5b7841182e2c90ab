"""lerf: fast, exact chess for Python, shaped like python-chess.

``lerf.Board``, ``lerf.Move`` and ``lerf.Piece`` answer the calls data and ML code makes
most, with python-chess's names, numbers and texts (squares 0-63 from a1, piece types
1-6, ``True`` for White); ``lerf.pgn`` reads ``.pgn`` and ``.pgn.zst``;
``lerf.encode_planes`` makes training planes; ``lerf.perft`` counts move trees;
``lerf.dask`` runs the PGN and perft jobs on a Dask cluster (``import lerf.dask``, which
needs dask). The chess itself is lerf's Rust crates.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ._lerf import (
    AmbiguousMoveError,
    Board,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Piece,
    STARTING_FEN,
    divide,
    perft,
    perft_split,
)
from ._lerf import encode_planes_bytes as _encode_planes_bytes
from ._outcome import Outcome, Termination
from . import pgn

__all__ = [
    "AmbiguousMoveError", "Board", "IllegalMoveError", "InvalidMoveError", "Move", "Outcome",
    "Piece", "Termination", "STARTING_FEN", "STARTING_BOARD_FEN", "WHITE", "BLACK", "COLORS",
    "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING", "PIECE_TYPES", "PIECE_SYMBOLS",
    "FILE_NAMES", "RANK_NAMES", "SQUARES", "SQUARE_NAMES", "divide", "encode_planes", "perft",
    "perft_split",
    "pgn", "square", "square_file", "square_rank", "square_name", "parse_square",
] + [f + r for r in "12345678" for f in "ABCDEFGH"]

WHITE = True
BLACK = False
COLORS = [WHITE, BLACK]
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARES = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
STARTING_BOARD_FEN = STARTING_FEN.split(" ")[0]
for _index, _name in enumerate(SQUARE_NAMES):
    globals()[_name.upper()] = _index
del _index, _name


def square(file_index: int, rank_index: int) -> int:
    """The square of a file and rank (0-7 each)."""
    return rank_index * 8 + file_index


def square_file(sq: int) -> int:
    return sq & 7


def square_rank(sq: int) -> int:
    return sq >> 3


def square_name(sq: int) -> str:
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> int:
    """The square of a name such as ``e4`` (``ValueError`` otherwise)."""
    return SQUARE_NAMES.index(name)


def encode_planes(positions: Any, dtype: Any = "float32") -> Any:
    """Piece planes for many positions: a numpy array ``(N, 12, 8, 8)``, ``[i, color*6 +
    piece_type-1, rank, file]`` (White = 0), of ``dtype``. ``positions`` is a sequence of
    ``Board``s or FEN strings, or a pyarrow string array. The planes are made in Rust for
    the whole batch (the GIL released); numpy only gives them their shape and dtype.
    """
    import numpy as np

    if hasattr(positions, "to_pylist"):  # a pyarrow array
        positions = positions.to_pylist()
    items: Sequence[Any] = list(positions)
    raw = _encode_planes_bytes(items)
    planes = np.frombuffer(raw, dtype=np.uint8).reshape(len(items), 12, 8, 8)
    return planes.astype(dtype, copy=True)
