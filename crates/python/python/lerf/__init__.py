"""lerf: python-chess's ``chess`` module, unchanged code, at native speed.

``import lerf as chess`` gives python-chess 1.11's names with its behaviour: the
constants (``BB_*`` masks, square names, ``STATUS_*``), the square and bitboard functions,
``Piece``, ``Move``, ``SquareSet``, ``BaseBoard`` and ``Board`` (any position python-chess
sets up, its move order, SAN/UCI/FEN/EPD text), the move generators, ``Outcome`` and the
exceptions; ``lerf.polyglot`` reads opening books. The chess is lerf's Rust crates.

lerf adds what python-chess lacks: ``perft``/``divide`` in Rust, ``encode_planes`` for
networks, ``lerf.pgn.positions`` (Arrow rows) and ``lerf.dask``.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Literal, Optional, Sequence, SupportsInt, Union

# Each name imported "as" itself: a re-export, as type checkers read it (mypy --strict).
from ._lerf import (
    AmbiguousMoveError as AmbiguousMoveError,
    BaseBoard as BaseBoard,
    Board as Board,
    IllegalMoveError as IllegalMoveError,
    InvalidMoveError as InvalidMoveError,
    LegalMoveGenerator as LegalMoveGenerator,
    Move as Move,
    Piece as Piece,
    PseudoLegalMoveGenerator as PseudoLegalMoveGenerator,
    SquareSet as SquareSet,
    STARTING_BOARD_FEN as STARTING_BOARD_FEN,
    STARTING_FEN as STARTING_FEN,
    divide as divide,
    perft as perft,
    perft_split as perft_split,
)
from ._lerf import encode_planes_bytes as _encode_planes_bytes
from ._types import Outcome as Outcome, Status as Status, Termination as Termination
from . import _tables

Color = bool
PieceType = int
Square = int
Bitboard = int
ColorName = Literal["white", "black"]
EnPassantSpec = Literal["legal", "fen", "xfen"]
IntoSquareSet = Union[SupportsInt, "Iterable[Square]"]

WHITE: Color = True
BLACK: Color = False
COLORS: List[Color] = [WHITE, BLACK]
COLOR_NAMES: List[ColorName] = ["black", "white"]

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES: List[PieceType] = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]

UNICODE_PIECE_SYMBOLS = {
    "R": "♖", "r": "♜",
    "N": "♘", "n": "♞",
    "B": "♗", "b": "♝",
    "Q": "♕", "q": "♛",
    "K": "♔", "k": "♚",
    "P": "♙", "p": "♟",
}

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]

STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK

SQUARES: List[Square] = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
# Spelled out (not set in a loop) so that type checkers know each name is a square.
(A1, B1, C1, D1, E1, F1, G1, H1,
 A2, B2, C2, D2, E2, F2, G2, H2,
 A3, B3, C3, D3, E3, F3, G3, H3,
 A4, B4, C4, D4, E4, F4, G4, H4,
 A5, B5, C5, D5, E5, F5, G5, H5,
 A6, B6, C6, D6, E6, F6, G6, H6,
 A7, B7, C7, D7, E7, F7, G7, H7,
 A8, B8, C8, D8, E8, F8, G8, H8) = SQUARES
SQUARES_180: List[Square] = [sq ^ 0x38 for sq in SQUARES]

BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES: List[Bitboard] = [1 << sq for sq in SQUARES]
(BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1,
 BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2,
 BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3,
 BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4,
 BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5,
 BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6,
 BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7,
 BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8) = BB_SQUARES
BB_CORNERS: Bitboard = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_CENTER: Bitboard = BB_D4 | BB_E4 | BB_D5 | BB_E5
BB_LIGHT_SQUARES: Bitboard = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES: Bitboard = 0xAA55_AA55_AA55_AA55
BB_FILES: List[Bitboard] = [0x0101_0101_0101_0101 << i for i in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANKS: List[Bitboard] = [0xFF << (8 * i) for i in range(8)]
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_BACKRANKS: Bitboard = BB_RANK_1 | BB_RANK_8

BB_KNIGHT_ATTACKS: List[Bitboard] = _tables.KNIGHT_ATTACKS
BB_KING_ATTACKS: List[Bitboard] = _tables.KING_ATTACKS
BB_PAWN_ATTACKS: List[List[Bitboard]] = _tables.PAWN_ATTACKS
BB_RAYS: List[List[Bitboard]] = _tables.RAYS

# The SAN and FEN castling field shapes python-chess reads (public names of its module).
SAN_REGEX = re.compile(r"^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?\Z")
FEN_CASTLING_REGEX = re.compile(r"^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z")


if TYPE_CHECKING:
    # Made on first use by __getattr__ below; declared for type checkers.
    BB_DIAG_MASKS: List[Bitboard]
    BB_DIAG_ATTACKS: List[Dict[Bitboard, Bitboard]]
    BB_FILE_MASKS: List[Bitboard]
    BB_FILE_ATTACKS: List[Dict[Bitboard, Bitboard]]
    BB_RANK_MASKS: List[Bitboard]
    BB_RANK_ATTACKS: List[Dict[Bitboard, Bitboard]]


#: Submodules that python-chess's ``chess.pgn`` imports, so that a program importing only
#: ``chess.pgn`` reaches them as ``chess.engine`` and ``chess.svg``. lerf's package imports
#: ``pgn`` itself; these two (most of ``import chess.pgn``'s time) come when first named.
_ALONG_WITH_PGN = ("engine", "svg")


def __getattr__(name: str) -> Any:
    """The slider tables (``BB_DIAG_MASKS``, ``BB_RANK_ATTACKS``...), made on first use, and
    ``engine`` and ``svg``, imported on first use."""
    if name in _ALONG_WITH_PGN:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    value = _tables.lazy(name)
    globals()[name] = value
    return value


def piece_symbol(piece_type: PieceType) -> str:
    """The lower-case letter of a piece type."""
    return PIECE_SYMBOLS[piece_type]  # type: ignore[return-value]


def piece_name(piece_type: PieceType) -> str:
    """The name of a piece type (``"knight"``)."""
    return PIECE_NAMES[piece_type]  # type: ignore[return-value]


def parse_square(name: str) -> Square:
    """The square of a name such as ``e4`` (``ValueError`` otherwise)."""
    return SQUARE_NAMES.index(name)


def square_name(square: Square) -> str:
    """The name of a square, ``a1`` to ``h8``."""
    return SQUARE_NAMES[square]


def square(file_index: int, rank_index: int) -> Square:
    """The square of a file and rank (0-7 each)."""
    return rank_index * 8 + file_index


def square_file(square: Square) -> int:
    """The file of a square, 0 (a) to 7 (h)."""
    return square & 7


def square_rank(square: Square) -> int:
    """The rank of a square, 0 to 7."""
    return square >> 3


def square_distance(a: Square, b: Square) -> int:
    """King steps from ``a`` to ``b``."""
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def square_manhattan_distance(a: Square, b: Square) -> int:
    """Orthogonal steps from ``a`` to ``b``."""
    return abs((a & 7) - (b & 7)) + abs((a >> 3) - (b >> 3))


def square_knight_distance(a: Square, b: Square) -> int:
    """Knight moves from ``a`` to ``b``."""
    # The differences first: what is no integer raises as in python-chess.
    dx = abs((a & 7) - (b & 7))
    dy = abs((a >> 3) - (b >> 3))
    if 0 <= a < 64 and 0 <= b < 64:
        return _tables.knight_distance(a, b)
    # Numbers that are no squares: python-chess's answer is arithmetic on the file and rank
    # differences (a square's list looked up for the corners, as it looks it up).
    if dx + dy == 1:
        return 3
    if dx == dy == 2:
        return 4
    if dx == dy == 1 and (BB_SQUARES[a] & BB_CORNERS or BB_SQUARES[b] & BB_CORNERS):
        return 4
    m = math.ceil(max(dx / 2, dy / 2, (dx + dy) / 3))
    return m + (m + dx + dy) % 2


def square_mirror(square: Square) -> Square:
    """The square on the other side of the board (a1 and a8 swap)."""
    return square ^ 0x38


def lsb(bb: Bitboard) -> int:
    """The lowest square of a bitboard (-1 for none)."""
    return (bb & -bb).bit_length() - 1


def msb(bb: Bitboard) -> int:
    """The highest square of a bitboard (-1 for none)."""
    return bb.bit_length() - 1


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """The squares of a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def scan_reversed(bb: Bitboard) -> Iterator[Square]:
    """The squares of a bitboard, highest first."""
    while bb:
        high = bb.bit_length() - 1
        yield high
        bb ^= 1 << high


def popcount(bb: Bitboard) -> int:
    """The number of squares in a bitboard."""
    return bin(bb).count("1")


if hasattr(int, "bit_count"):
    popcount = int.bit_count  # type: ignore[assignment]  # noqa: F811


# The flips are plain arithmetic on what they are given, as python-chess's are: any int
# (a negative one, one past 64 bits) and NumPy's give python-chess's answer, and anything
# else the same TypeError from the same first operator.


def flip_vertical(bb: Bitboard) -> Bitboard:
    """The bitboard upside down (rank 1 and rank 8 swap): bytes, then byte pairs, then
    halves swapped."""
    bb = ((bb >> 8) & 0x00FF_00FF_00FF_00FF) | ((bb & 0x00FF_00FF_00FF_00FF) << 8)
    bb = ((bb >> 16) & 0x0000_FFFF_0000_FFFF) | ((bb & 0x0000_FFFF_0000_FFFF) << 16)
    return (bb >> 32) | ((bb & 0xFFFF_FFFF) << 32)


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """The bitboard mirrored left to right (a-file and h-file swap)."""
    bb = ((bb >> 1) & 0x5555_5555_5555_5555) | ((bb & 0x5555_5555_5555_5555) << 1)
    bb = ((bb >> 2) & 0x3333_3333_3333_3333) | ((bb & 0x3333_3333_3333_3333) << 2)
    return ((bb >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((bb & 0x0F0F_0F0F_0F0F_0F0F) << 4)


def flip_diagonal(bb: Bitboard) -> Bitboard:
    """The bitboard reflected in the a1-h8 diagonal."""
    # Three delta swaps (the Chess Programming Wiki's "flip about the diagonal"), with no
    # augmented assignment: a SquareSet given is changed in place by `^=`.
    t = (bb ^ (bb << 28)) & 0x0F0F_0F0F_0000_0000
    bb = bb ^ t ^ (t >> 28)
    t = (bb ^ (bb << 14)) & 0x3333_0000_3333_0000
    bb = bb ^ t ^ (t >> 14)
    t = (bb ^ (bb << 7)) & 0x5500_5500_5500_5500
    return bb ^ t ^ (t >> 7)


def flip_anti_diagonal(bb: Bitboard) -> Bitboard:
    """The bitboard reflected in the h1-a8 diagonal."""
    t = bb ^ (bb << 36)
    bb = bb ^ ((t ^ (bb >> 36)) & 0xF0F0_F0F0_0F0F_0F0F)
    t = (bb ^ (bb << 18)) & 0xCCCC_0000_CCCC_0000
    bb = bb ^ t ^ (t >> 18)
    t = (bb ^ (bb << 9)) & 0xAA00_AA00_AA00_AA00
    return bb ^ t ^ (t >> 9)


def shift_down(b: Bitboard) -> Bitboard:
    """Every square of ``b`` one rank down (towards rank 1); what leaves the board is lost."""
    return b >> 8


def shift_2_down(b: Bitboard) -> Bitboard:
    """Every square of ``b`` two ranks down."""
    return b >> 16


def shift_up(b: Bitboard) -> Bitboard:
    """Every square of ``b`` one rank up (towards rank 8)."""
    return (b << 8) & BB_ALL


def shift_2_up(b: Bitboard) -> Bitboard:
    """Every square of ``b`` two ranks up."""
    return (b << 16) & BB_ALL


def shift_right(b: Bitboard) -> Bitboard:
    """Every square of ``b`` one file right (towards the h-file); nothing wraps to the a-file."""
    return (b << 1) & ~BB_FILE_A & BB_ALL


def shift_2_right(b: Bitboard) -> Bitboard:
    """Every square of ``b`` two files right."""
    return (b << 2) & ~BB_FILE_A & ~BB_FILE_B & BB_ALL


def shift_left(b: Bitboard) -> Bitboard:
    """Every square of ``b`` one file left (towards the a-file); nothing wraps to the h-file."""
    return (b >> 1) & ~BB_FILE_H


def shift_2_left(b: Bitboard) -> Bitboard:
    """Every square of ``b`` two files left."""
    return (b >> 2) & ~BB_FILE_G & ~BB_FILE_H


def shift_up_left(b: Bitboard) -> Bitboard:
    """Every square of ``b`` one step up and left."""
    return (b << 7) & ~BB_FILE_H & BB_ALL


def shift_up_right(b: Bitboard) -> Bitboard:
    """Every square of ``b`` one step up and right."""
    return (b << 9) & ~BB_FILE_A & BB_ALL


def shift_down_left(b: Bitboard) -> Bitboard:
    """Every square of ``b`` one step down and left."""
    return (b >> 9) & ~BB_FILE_H


def shift_down_right(b: Bitboard) -> Bitboard:
    """Every square of ``b`` one step down and right."""
    return (b >> 7) & ~BB_FILE_A


def ray(a: Square, b: Square) -> Bitboard:
    """The whole rank, file or diagonal through ``a`` and ``b`` (0 when not aligned)."""
    return BB_RAYS[a][b]


def between(a: Square, b: Square) -> Bitboard:
    """The squares strictly between ``a`` and ``b`` (0 when not aligned)."""
    bb = BB_RAYS[a][b] & ((BB_ALL << a) ^ (BB_ALL << b))
    return bb & (bb - 1)


def encode_planes(positions: Any, dtype: Any = "float32") -> Any:
    """Piece planes for many positions: a numpy array ``(N, 12, 8, 8)``, ``[i, color*6 +
    piece_type-1, rank, file]`` (White = 0), of ``dtype``. ``positions`` is a sequence of
    boards or FEN strings, or a pyarrow string array. The planes are made in Rust for the
    whole batch (the GIL released); numpy only gives them their shape and dtype.
    """
    import numpy as np

    if hasattr(positions, "to_pylist"):  # a pyarrow array
        positions = positions.to_pylist()
    items: Sequence[Any] = list(positions)
    raw = _encode_planes_bytes(items)
    planes = np.frombuffer(raw, dtype=np.uint8).reshape(len(items), 12, 8, 8)
    return planes.astype(dtype, copy=True)


from . import pgn  # noqa: E402  (after the names pgn's module uses)
from . import polyglot  # noqa: E402
