"""Syzygy endgame tablebases, as python-chess's ``chess.syzygy``: ``open_tablebase``,
``Tablebase`` (``probe_wdl``, ``probe_dtz``, their ``get_*`` forms and the table-only
probes), ``WdlTable``/``DtzTable`` for one file, the table name helpers and
``MissingTableError``.

Tables are read by lerf's Rust prober (``lerf-syzygy``): each file is mapped into memory
when a probe first needs it and checked against its name; no file descriptor stays open,
so ``max_fds`` bounds nothing and is accepted for python-chess's signature. Values are
python-chess's, position for position.

lerf reads the standard chess tables (``.rtbw``, ``.rtbz``) and the tables of atomic
(``.atbw``, ``.atbz``), suicide (``.stbw``, ``.stbz``; pawnless ones ``.gtbw``, ``.gtbz``)
and giveaway/antichess (the other way round). A tablebase opened with a variant board
(``VariantBoard=chess.variant.AtomicBoard`` ...) reads that variant's files with its
index, and its searching probes (``probe_wdl``, ``probe_dtz``, ``probe_ab``) search over
the variant's own moves (in Rust, over ``lerf-rules``' variant board): explosions in
atomic; compulsory captures, en passant included, and the moves that force the other side
to capture in losing chess. The values are python-chess's, position for position.

>>> import lerf as chess
>>> import lerf.syzygy
>>> chess.syzygy.normalize_tablename("KNNvKBB")
'KBBvKNN'
>>> sorted(chess.syzygy.dependencies("KBNvK"))
['KBvK', 'KNvK']
"""

from __future__ import annotations

import itertools
import os
import re
from types import TracebackType
from typing import Iterable, Iterator, List, Optional, Tuple, Type, TypeVar

from . import Board, KING, PIECE_TYPES, WHITE, BLACK
from ._lerf import MissingTableError as MissingTableError, SyzygyTables as _Tables
from ._lerf import syzygy_normalize as _normalize

#: The most pieces a Syzygy table holds.
TBPIECES = 7

#: Piece letters of table names, strongest first (index: ``KING - piece_type``).
PCHR = ["K", "Q", "R", "B", "N", "P"]

TABLENAME_REGEX = re.compile(r"^[KQRBNP]+v[KQRBNP]+\Z")

MissingTableError.__module__ = __name__
MissingTableError.__doc__ = "Raised when no table for the probed position's material has been added."

TablebaseT = TypeVar("TablebaseT", bound="Tablebase")


def _letter(piece_type: int) -> str:
    return PCHR[KING - piece_type]


def normalize_tablename(name: str, *, mirror: bool = False) -> str:
    """The name the table of material ``name`` is stored under (the stronger side first),
    or the other way round with ``mirror``."""
    return _normalize(name, mirror)


def is_tablename(name: str, *, one_king: bool = True, piece_count: Optional[int] = TBPIECES,
                 normalized: bool = True) -> bool:
    """Whether ``name`` names a table: ``K..vK..`` with a king first on each side (unless
    ``one_king`` is false), at most ``piece_count`` pieces and, with ``normalized``, the
    stronger side first."""
    return (
        bool(TABLENAME_REGEX.match(name))
        and (piece_count is None or len(name) <= piece_count + 1)
        and (not normalized or normalize_tablename(name) == name)
        and (not one_king or (name[0] == "K" and name.split("v", 1)[1][0] == "K" and name != "KvK"))
    )


def tablenames(*, one_king: bool = True, piece_count: int = 6) -> Iterator[str]:
    """Every table name of up to ``piece_count`` pieces (with a king a side, unless
    ``one_king`` is false, as in antichess)."""
    letters = "QRBNP" if one_king else "KQRBNP"
    king = "K" if one_king else ""
    free = piece_count - 2 if one_king else piece_count
    seen = set()
    for total in range(1 if one_king else 2, free + 1):
        for white_count in range(total, -1, -1):
            black_count = total - white_count
            if not one_king and (white_count == 0 or black_count == 0):
                continue
            for white in itertools.combinations_with_replacement(letters, white_count):
                for black in itertools.combinations_with_replacement(letters, black_count):
                    name = normalize_tablename(king + "".join(white) + "v" + king + "".join(black))
                    if name not in seen:
                        seen.add(name)
                        yield name


def _dependencies(target: str, *, one_king: bool = True) -> Iterator[str]:
    white, black = target.split("v", 1)
    for side, other, swap in ((white, black, False), (black, white, True)):
        for i, piece in enumerate(side):
            if one_king and piece == "K" and i == side.index("K"):
                continue
            rest = side[:i] + side[i + 1:]
            if not rest and one_king:
                continue
            yield f"{other}v{rest}" if swap else f"{rest}v{other}"
            # A capture's table; a promotion's, for pawns:
        for i, piece in enumerate(side):
            if piece != "P":
                continue
            for promoted in "QRBN" if one_king else "KQRBN":
                changed = side[:i] + promoted + side[i + 1:]
                yield f"{other}v{changed}" if swap else f"{changed}v{other}"


def dependencies(target: str, *, one_king: bool = True) -> Iterator[str]:
    """The tables a position of ``target``'s material can move into: one capture, or one
    promotion, away."""
    seen = set()
    for name in _dependencies(target, one_king=one_king):
        if not name.split("v", 1)[0] or not name.split("v", 1)[1]:
            continue
        if one_king and name == "KvK":
            continue
        normalized = normalize_tablename(name)
        if normalized != target and normalized not in seen:
            seen.add(normalized)
            yield normalized


def all_dependencies(targets: Iterable[str], *, one_king: bool = True) -> Iterator[str]:
    """``targets`` (normalised) and every table they depend on, directly or not."""
    closed = set()
    open_list = [normalize_tablename(t) for t in targets]
    while open_list:
        name = open_list.pop()
        if name in closed:
            continue
        closed.add(name)
        yield name
        open_list.extend(dependencies(name, one_king=one_king))


def calc_key(board, *, mirror: bool = False) -> str:
    """The material on ``board``: White's pieces, ``v``, Black's (the other way round with
    ``mirror``)."""
    w = "".join(_letter(pt) * len(board.pieces(pt, WHITE)) for pt in reversed(PIECE_TYPES))
    b = "".join(_letter(pt) * len(board.pieces(pt, BLACK)) for pt in reversed(PIECE_TYPES))
    return f"{b}v{w}" if mirror else f"{w}v{b}"


def recalc_key(pieces: List[int], *, mirror: bool = False) -> str:
    """The material of table piece codes (``colour << 3 | piece type``, White 0), as
    ``calc_key`` writes it."""
    w = "".join(_letter(p & 7) for p in sorted((p for p in pieces if not p & 8), reverse=True))
    b = "".join(_letter(p & 7) for p in sorted((p for p in pieces if p & 8), reverse=True))
    return f"{b}v{w}" if mirror else f"{w}v{b}"


def dtz_before_zeroing(wdl: int) -> int:
    """The DTZ of a position whose best move zeroes the 50-move counter: 1 for a win,
    101 for a cursed win, their negatives for losses, 0 for a draw."""
    return ((wdl > 0) - (wdl < 0)) * (1 if abs(wdl) == 2 else 101)


def _variant_name(board_class) -> str:
    return getattr(board_class, "uci_variant", "chess")


#: The variants with Syzygy tables lerf reads (by ``uci_variant``).
_FAMILIES = ("chess", "atomic", "suicide", "giveaway", "antichess")


def _tables_for(board_class) -> _Tables:
    """The Rust prober of ``board_class``'s table family (a standard one, which finds no
    files of a variant without tables, for the others)."""
    name = _variant_name(board_class)
    return _Tables(name) if name in _FAMILIES else _Tables()


class Table:
    """One table file, probed alone (python-chess's tests open tables this way)."""

    _kind = ""

    def __init__(self, path: str, *, variant: Type[Board] = Board) -> None:
        self.path = path
        self.variant = variant
        self.key = os.path.splitext(os.path.basename(path))[0]
        self._standard = _variant_name(variant) == "chess"
        self._family = _variant_name(variant) in _FAMILIES
        self._tables = _tables_for(variant)
        self._added = self._tables.add_file(path, self._kind == "wdl", self._kind == "dtz")
        self.initialized = False

    def _init(self) -> None:
        if not self._added or not self._family:
            raise MissingTableError(f"not a {self._kind} table name: {self.path}")
        if not self.initialized:
            self._tables.open_all()
            self.initialized = True

    def close(self) -> None:
        """Lets the table go (it is opened again when next probed)."""
        self._tables.close()
        self.initialized = False

    def __enter__(self):
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()


class WdlTable(Table):
    """A WDL table file (``.rtbw``)."""

    _kind = "wdl"

    def init_table_wdl(self) -> None:
        """Reads the table's header now rather than at the first probe (``MissingTableError`` for a
        name no table has)."""
        self._init()

    def probe_wdl_table(self, board) -> int:
        """This file's value for ``board`` (whose material must be the table's), without a search."""
        self._init()
        if self._standard:
            return self._tables.probe_wdl_table(board)
        return self._tables.probe_placement_wdl_table(board)


class DtzTable(Table):
    """A DTZ table file (``.rtbz``)."""

    _kind = "dtz"

    def init_table_dtz(self) -> None:
        """Reads the table's header now rather than at the first probe (``MissingTableError`` for a
        name no table has)."""
        self._init()

    def probe_dtz_table(self, board, wdl: int) -> Tuple[int, int]:
        """This file's value for ``board`` given its WDL value: ``(distance, 1)``, or ``(0, -1)``
        where the file stores the other side to move."""
        self._init()
        if self._standard:
            return self._tables.probe_dtz_table(board, wdl)
        return self._tables.probe_placement_dtz_table(board, wdl)


class Tablebase:
    """Syzygy tables found in directories, probed for positions of up to 7 pieces.

    Probing is thread-safe; adding tables while other threads probe is not."""

    def __init__(self, *, max_fds: Optional[int] = 128, VariantBoard: Type[Board] = Board) -> None:
        self.max_fds = max_fds
        self.variant = VariantBoard
        self._tables = _tables_for(VariantBoard)
        self._standard = _variant_name(VariantBoard) == "chess"
        self._family = _variant_name(VariantBoard) in _FAMILIES
        if self._standard:
            # The prober's own methods, called without a Python frame in between (it refuses
            # variant boards itself).
            tables = self._tables
            self.probe_wdl_table = tables.probe_wdl_table
            self.probe_wdl = tables.probe_wdl
            self.probe_dtz_table = tables.probe_dtz_table
            self.probe_dtz_no_ep = tables.probe_dtz_no_ep
            self.probe_dtz = tables.probe_dtz

    def add_file(self, path: str, *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds one table file; returns 1 if its name is a table's of this tablebase's
        variant, else 0."""
        if not self._family:
            return 0
        return self._tables.add_file(os.fspath(path), load_wdl, load_dtz)

    def add_directory(self, directory: str, *, load_wdl: bool = True, load_dtz: bool = True) -> int:
        """Adds every table file in ``directory``; returns how many."""
        # As python-chess: the directory made absolute ("" is the working directory), and
        # listed by Python, whose own OSError (FileNotFoundError, NotADirectoryError, with
        # errno and filename) a path that is no directory raises.
        directory = os.path.abspath(directory)
        names = sorted(os.listdir(directory))
        if not self._family:
            return sum(self.add_file(os.path.join(directory, name), load_wdl=load_wdl, load_dtz=load_dtz)
                       for name in names)
        return self._tables.add_directory(os.fsdecode(directory), load_wdl, load_dtz)

    def _searchable(self, board) -> None:
        """Raises as python-chess does, before a variant tablebase's search, for another
        variant, castling rights or too many pieces."""
        self._same_variant(board)
        if board.castling_rights:
            raise KeyError(f"syzygy tables do not contain positions with castling rights: {board.fen()}")
        pieces = bin(board.occupied).count("1")
        if pieces > TBPIECES:
            raise KeyError(f"syzygy tables support up to {TBPIECES} pieces, not {pieces}: {board.fen()}")

    def _same_variant(self, board) -> None:
        if _variant_name(type(board)) != _variant_name(self.variant):
            raise KeyError(f"tablebase has been opened for {_variant_name(self.variant)}, "
                           f"probed with: {_variant_name(type(board))}")

    def probe_wdl_table(self, board) -> int:
        """The WDL table's value alone (no search over captures or en passant). As in
        python-chess, a position the variant's rules decide is answered by them (win 2,
        loss -2, draw 0), and bare kings of a one-king variant are a draw."""
        self._same_variant(board)
        return self._tables.probe_variant(board, "wdl_table")

    def probe_ab(self, board, alpha: int, beta: int, threats: bool = False) -> Tuple[int, int]:
        """``(value, 2 if a capture is the reason for it else 1)`` of the search over
        captures."""
        if self._standard:
            return self._tables.probe_ab(board, alpha, beta)
        self._searchable(board)
        return self._tables.probe_variant_ab(board, alpha, beta)

    def probe_wdl(self, board) -> int:
        """Win (2), cursed win (1), draw (0), blessed loss (-1) or loss (-2) for the side
        to move, under the 50-move rule, as if the last move zeroed the counter.

        Raises ``KeyError`` for castling rights or too many pieces, and
        ``MissingTableError`` (a ``KeyError``) when a needed table is missing."""
        self._searchable(board)
        return self._tables.probe_variant(board, "wdl")

    def get_wdl(self, board, default: Optional[int] = None) -> Optional[int]:
        """``probe_wdl``, or ``default`` where it would raise ``KeyError``."""
        try:
            return self.probe_wdl(board)
        except KeyError:
            return default

    def probe_dtz_table(self, board, wdl: int) -> Tuple[int, int]:
        """The DTZ table's value alone: ``(distance, 1)``, or ``(0, -1)`` where the table
        stores the other side to move."""
        self._same_variant(board)
        return self._tables.probe_placement_dtz_table(board, wdl)

    def probe_dtz_no_ep(self, board) -> int:
        """``probe_dtz`` without looking at en passant captures (what ``probe_dtz`` builds on)."""
        self._searchable(board)
        return self._tables.probe_variant(board, "dtz_no_ep")

    def probe_dtz(self, board) -> int:
        """Distance to zeroing the 50-move counter, in plies, with best play: positive
        when the side to move wins, negative when it loses, 0 for a draw; beyond 100 in
        size for wins and losses the 50-move rule spoils (python-chess's values, which
        can be one ply off where the table rounds, as syzygy-tables.info describes).

        Raises as ``probe_wdl`` does."""
        self._searchable(board)
        return self._tables.probe_variant(board, "dtz")

    def get_dtz(self, board, default: Optional[int] = None) -> Optional[int]:
        """``probe_dtz``, or ``default`` where it would raise ``KeyError``."""
        try:
            return self.probe_dtz(board)
        except KeyError:
            return default

    def probe_wdl_fens(self, fens: Iterable[str], *, threads: int = 1) -> List[Optional[int]]:
        """lerf's: ``probe_wdl`` of every FEN, ``None`` where ``get_wdl`` would give it,
        on ``threads`` threads without the GIL (for adjudicating positions in bulk). A FEN
        that is not a position raises ``ValueError`` naming it.

        >>> import lerf.syzygy
        >>> lerf.syzygy.Tablebase().probe_wdl_fens(["4k3/8/8/8/8/8/8/R3K3 w - - 0 1"])
        [None]
        """
        self._bulk_check()
        return self._tables.probe_fens(list(fens), False, threads)

    def probe_dtz_fens(self, fens: Iterable[str], *, threads: int = 1) -> List[Optional[int]]:
        """lerf's: ``probe_dtz`` of every FEN, as ``probe_wdl_fens``."""
        self._bulk_check()
        return self._tables.probe_fens(list(fens), True, threads)

    def _bulk_check(self) -> None:
        if not self._standard:
            raise NotImplementedError("FENs are probed in bulk on standard chess tablebases")

    def close(self) -> None:
        """Unmaps the open tables (probing opens them again)."""
        self._tables.close()

    def __enter__(self: TablebaseT) -> TablebaseT:
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()


def open_tablebase(directory: str, *, load_wdl: bool = True, load_dtz: bool = True,
                   max_fds: Optional[int] = 128, VariantBoard: Type[Board] = Board) -> Tablebase:
    """A ``Tablebase`` with the tables of ``directory`` (more may be added with
    ``add_directory``)."""
    tables = Tablebase(max_fds=max_fds, VariantBoard=VariantBoard)
    tables.add_directory(directory, load_wdl=load_wdl, load_dtz=load_dtz)
    return tables
