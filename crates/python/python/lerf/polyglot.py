"""Polyglot opening books, as python-chess's ``chess.polyglot``: ``open_reader``,
``MemoryMappedReader`` (``find``, ``find_all``, ``get``, ``choice``, ``weighted_choice``),
``Entry`` and ``zobrist_hash``. The book is mapped into memory and searched by lerf's Rust
reader (``lerf_position::Book``); positions are hashed in Rust."""

from __future__ import annotations

import operator
import os
import random
import stat
import struct
from types import TracebackType
from typing import Callable, Container, Iterator, List, NamedTuple, Optional, Type, Union

from ._lerf import BaseBoard, Board, Move, PolyglotBook, polyglot_random_array
from ._lerf import zobrist_hash as _zobrist_hash

StrOrBytesPath = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

#: A book entry's layout: key, move, weight, learn, big-endian.
ENTRY_STRUCT = struct.Struct(">QHHI")

#: The 781 random numbers of the Polyglot format.
POLYGLOT_RANDOM_ARRAY: List[int] = polyglot_random_array()


class ZobristHasher:
    """Hashes boards as Polyglot does, with a table of 781 (or more) random numbers."""

    def __init__(self, array: List[int]) -> None:
        assert len(array) >= 781
        self.array = array

    def hash_board(self, board: BaseBoard) -> int:
        """The part of the key the pieces give."""
        h = 0
        for square, piece in board.piece_map().items():
            index = (piece.piece_type - 1) * 2 + int(piece.color)
            h ^= self.array[64 * index + square]
        return h

    def hash_castling(self, board: Board) -> int:
        """The part of the key the castling rights give."""
        h = 0
        rights = [
            board.has_kingside_castling_rights(True),
            board.has_queenside_castling_rights(True),
            board.has_kingside_castling_rights(False),
            board.has_queenside_castling_rights(False),
        ]
        for i, held in enumerate(rights):
            if held:
                h ^= self.array[768 + i]
        return h

    def hash_ep_square(self, board: Board) -> int:
        """The part of the key the en passant file gives (only when a pawn could take there)."""
        ep = board.ep_square
        if not ep:
            return 0
        behind = (1 << ep) >> 8 if board.turn else ((1 << ep) << 8) & 0xFFFF_FFFF_FFFF_FFFF
        beside = ((behind >> 1) & ~0x8080_8080_8080_8080) | ((behind << 1) & ~0x0101_0101_0101_0101)
        ours = board.pawns & board.occupied_co[board.turn]
        return self.array[772 + (ep & 7)] if beside & ours & 0xFFFF_FFFF_FFFF_FFFF else 0

    def hash_turn(self, board: Board) -> int:
        """The part of the key the side to move gives (White's turn)."""
        return self.array[780] if board.turn else 0

    def __call__(self, board: Board) -> int:
        if self.array is POLYGLOT_RANDOM_ARRAY or self.array == POLYGLOT_RANDOM_ARRAY:
            return _zobrist_hash(board)
        return (self.hash_board(board) ^ self.hash_castling(board)
                ^ self.hash_ep_square(board) ^ self.hash_turn(board))


def zobrist_hash(board: Board, *, _hasher: Optional[Callable[[Board], int]] = None) -> int:
    """The Polyglot key of a board (its pieces, castling rights, en passant file when a
    pawn could take there, side to move)."""
    if _hasher is not None:
        return _hasher(board)
    return _zobrist_hash(board)


class Entry(NamedTuple):
    """An entry of a Polyglot book."""

    key: int
    raw_move: int
    weight: int
    learn: int
    move: Move


def _randint(rng: Optional[random.Random], a: int, b: int) -> int:
    return random.randint(a, b) if rng is None else rng.randint(a, b)


class MemoryMappedReader:
    """A Polyglot book mapped into memory."""

    def __init__(self, filename: StrOrBytesPath) -> None:
        # Opened here first, as python-chess opens it, so that a missing or unreadable
        # file raises Python's own OSError (errno, filename and words). A file that is not
        # a regular one (a directory) cannot be mapped: python-chess then reads no
        # entries, and so does lerf. A size that is no multiple of 16 is refused in
        # python-chess's words.
        fd = os.open(filename, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            status = os.fstat(fd)
        finally:
            os.close(fd)
        if not stat.S_ISREG(status.st_mode):
            self._book = PolyglotBook()
            return
        if status.st_size % ENTRY_STRUCT.size:
            raise OSError(f"invalid file size: ensure {filename!r} is a valid polyglot opening book")
        self._book = PolyglotBook(os.fsdecode(filename))

    def __enter__(self) -> "MemoryMappedReader":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]],
                 exc_value: Optional[BaseException], traceback: Optional[TracebackType]) -> None:
        self.close()

    def __len__(self) -> int:
        return len(self._book)

    def __getitem__(self, index: int) -> Entry:
        # python-chess's indexing, which hands struct a byte offset: a negative index counts
        # from the end, and a still negative offset from the end once more; past that, or
        # past the end, IndexError; an offset beyond 64 bits OverflowError; a float
        # TypeError.
        if index < 0:
            index = len(self) + index
        offset = operator.index(index * ENTRY_STRUCT.size)
        if not -(1 << 63) <= offset < 1 << 63:
            raise OverflowError("Python int too large to convert to C ssize_t")
        size = len(self) * ENTRY_STRUCT.size
        if offset < 0:
            offset += size
        if not 0 <= offset <= size - ENTRY_STRUCT.size:
            raise IndexError()
        return Entry(*self._book.entry(offset // ENTRY_STRUCT.size))

    def __iter__(self) -> Iterator[Entry]:
        for i in range(len(self)):
            yield self[i]

    def bisect_key_left(self, key: int) -> int:
        """The index of the first entry whose key is ``key`` or greater (entries are sorted by key)."""
        return self._book.bisect_key_left(key)

    def __contains__(self, entry: Entry) -> bool:
        return any(current == entry for current in self.find_all(entry.key, minimum_weight=entry.weight))

    def find_all(self, board: Union[Board, int], *, minimum_weight: int = 1,
                 exclude_moves: Container[Move] = []) -> Iterator[Entry]:
        """The entries of a board (or a key), in book order: weight at least
        ``minimum_weight``, the move not in ``exclude_moves``, and legal on the board."""
        try:
            key = int(board)
            entries = self._book.key_entries(key, minimum_weight)
        except (TypeError, ValueError):
            entries = self._book.board_entries(board, minimum_weight)
        for raw in entries:
            entry = Entry(*raw)
            if exclude_moves and entry.move in exclude_moves:
                continue
            yield entry

    def find(self, board: Union[Board, int], *, minimum_weight: int = 1,
             exclude_moves: Container[Move] = []) -> Entry:
        """The entry with the highest weight (the first of equals); ``IndexError`` if none."""
        try:
            return max(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves),
                       key=lambda entry: entry.weight)
        except ValueError:
            raise IndexError() from None

    def get(self, board: Union[Board, int], default: Optional[Entry] = None, *, minimum_weight: int = 1,
            exclude_moves: Container[Move] = []) -> Optional[Entry]:
        """``find``, or ``default`` when there is no entry."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(self, board: Union[Board, int], *, minimum_weight: int = 1, exclude_moves: Container[Move] = [],
               random: Optional[random.Random] = None) -> Entry:
        """An entry chosen uniformly (``IndexError`` if none)."""
        chosen = None
        for i, entry in enumerate(self.find_all(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)):
            if chosen is None or _randint(random, 0, i) == i:
                chosen = entry
        if chosen is None:
            raise IndexError()
        return chosen

    def weighted_choice(self, board: Union[Board, int], *, exclude_moves: Container[Move] = [],
                        random: Optional[random.Random] = None) -> Entry:
        """An entry chosen with probability proportional to its weight (``IndexError`` if
        none)."""
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(entry.weight for entry in entries)
        if not total:
            raise IndexError()
        choice = _randint(random, 0, total - 1)
        running = 0
        for entry in entries:
            running += entry.weight
            if running > choice:
                return entry
        raise AssertionError("weights changed while choosing")

    def close(self) -> None:
        """Unmaps the book."""
        self._book.close()


def open_reader(path: StrOrBytesPath) -> MemoryMappedReader:
    """Opens a Polyglot book (``with open_reader(path) as book: ...``)."""
    return MemoryMappedReader(path)
