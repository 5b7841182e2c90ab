"""Gaviota endgame tablebases, as python-chess's ``chess.gaviota``: distance to mate
(``probe_dtm``) and win/draw/loss (``probe_wdl``) for positions of up to 5 pieces.

``open_tablebase`` probes through the system's Gaviota library where it loads, as
python-chess does (python-chess looks for ``libgtb``; lerf also finds Debian's name for it,
``libgaviotatb``), and otherwise (or with ``LibraryLoader=None``) through lerf's own prober
in Rust (``lerf_gaviota``), under the name of python-chess's pure-Python one,
``PythonTablebase``. ``open_tablebase_native`` insists on the library.

>>> import lerf.gaviota
>>> issubclass(lerf.gaviota.MissingTableError, KeyError)
True
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from types import TracebackType
from typing import Dict, List, Optional, Tuple, Type, TypeVar, Union

from . import BLACK, KING, PAWN, WHITE, _lerf, popcount

#: The most pieces a Gaviota table holds.
TBPIECES = 5

TablebaseT = TypeVar("TablebaseT", bound="_Tablebase")

# libgtb's values (gtb-probe.h).
_TB_DRAW, _TB_WMATE, _TB_BMATE = 0, 1, 2
_TB_NOSQUARE = 64
_TB_CP4 = 4


class MissingTableError(KeyError):
    """No table for the probed position's material is available."""


def _checked(board) -> None:
    if board.castling_rights:
        raise KeyError(f"gaviota tables do not contain positions with castling rights: {board.fen()}")
    count = popcount(board.occupied)
    if count > TBPIECES:
        raise KeyError(f"gaviota tables support up to {TBPIECES} pieces, not {count}: {board.fen()}")


class _Tablebase:
    """What both probers share: python-chess's checks and the reading of the Gaviota
    code's answer."""

    def _codes(self, board) -> Optional[Tuple[int, int]]:
        """The Gaviota code's ``(result, plies)`` for ``board``, ``None`` where a table is
        missing."""
        raise NotImplementedError

    def probe_dtm(self, board) -> int:
        """Distance to mate in plies: positive when the side to move mates, negative when it
        is mated, 0 for a draw (and for a position where the side to move is mated).

        Raises ``KeyError`` for castling rights or more than 5 pieces, and
        ``MissingTableError`` where no table is available."""
        if board.is_insufficient_material():
            return 0
        _checked(board)
        codes = self._codes(board)
        if codes is None or codes[0] not in (_TB_DRAW, _TB_WMATE, _TB_BMATE):
            raise MissingTableError(self._missing(board))
        info, plies = codes
        if info == _TB_DRAW:
            return 0
        wins = (info == _TB_WMATE) == (board.turn == WHITE)
        return plies if wins else -plies

    def get_dtm(self, board, default: Optional[int] = None) -> Optional[int]:
        """``probe_dtm``, or ``default`` where it would raise ``KeyError`` (a missing table among
        them)."""
        try:
            return self.probe_dtm(board)
        except KeyError:
            return default

    def probe_wdl(self, board) -> int:
        """1 when the side to move wins, 0 for a draw, -1 when it loses."""
        dtm = self.probe_dtm(board)
        if dtm == 0:
            if board.is_checkmate():
                return -1
            return 0
        return 1 if dtm > 0 else -1

    def get_wdl(self, board, default: Optional[int] = None) -> Optional[int]:
        """``probe_wdl``, or ``default`` where it would raise ``KeyError``."""
        try:
            return self.probe_wdl(board)
        except KeyError:
            return default

    def _missing(self, board) -> str:
        """The message of the ``MissingTableError`` for ``board``."""
        return f"gaviota table for {board.fen()} not available"

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self: TablebaseT) -> TablebaseT:
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()


class PythonTablebase(_Tablebase):
    """Gaviota tables probed by lerf's prober in Rust (``lerf_gaviota``: the ``.gtb.cp4``
    files' LZMA blocks decoded and cached, the GIL released while they are read), under
    the name of python-chess's pure-Python prober. ``available_tables`` maps each table's
    name (``kqk``) to its file."""

    def __init__(self) -> None:
        self._tables = _lerf.GaviotaTables()
        self.available_tables: Dict[str, str] = {}

    def add_directory(self, directory: str) -> None:
        """Adds the ``.gtb.cp4`` files of ``directory`` (a table found earlier is kept)."""
        directory = os.path.abspath(directory)
        if not os.path.isdir(directory):
            raise OSError(f"not a directory: {directory!r}")
        self._tables.add_directory(directory)
        self.available_tables = {name: os.fspath(path) for name, path in self._tables.tables()}

    def _codes(self, board) -> Optional[Tuple[int, int]]:
        return self._tables.probe(board)

    def _missing(self, board) -> str:
        # As python-chess's pure-Python prober names the material: KQPvK.
        sides = []
        for color in (WHITE, BLACK):
            sides.append("".join(symbol * popcount(board.pieces_mask(piece_type, color))
                                 for piece_type, symbol in zip(range(KING, PAWN - 1, -1), "KQRBNP")))
        return f"no gaviota table available for: {sides[0]}v{sides[1]}"

    def close(self) -> None:
        """Forgets the tables (and their cached blocks)."""
        self._tables.close()
        self.available_tables = {}


class NativeTablebase(_Tablebase):
    """Gaviota tables probed through the Gaviota C library (``libgtb``)."""

    def __init__(self, libgtb: ctypes.CDLL) -> None:
        self.paths: List[str] = []
        self.libgtb = libgtb
        self._paths_handle = None
        paths = ctypes.POINTER(ctypes.c_char_p)
        lib = self.libgtb
        # Every pointer typed: ctypes' default is a C int, which would cut them.
        lib.tbpaths_init.restype = paths
        lib.tbpaths_init.argtypes = []
        lib.tbpaths_add.restype = paths
        lib.tbpaths_add.argtypes = [paths, ctypes.c_char_p]
        lib.tbpaths_done.restype = paths
        lib.tbpaths_done.argtypes = [paths]
        lib.tb_restart.restype = ctypes.c_char_p
        lib.tb_restart.argtypes = [ctypes.c_int, ctypes.c_int, paths]
        lib.tb_is_initialized.restype = ctypes.c_int
        lib.tb_is_initialized.argtypes = []
        lib.tbcache_is_on.restype = ctypes.c_int
        lib.tbcache_is_on.argtypes = []
        lib.tbcache_init.argtypes = [ctypes.c_size_t, ctypes.c_int]
        lib.tbcache_restart.argtypes = [ctypes.c_size_t, ctypes.c_int]
        lib.tbcache_done.argtypes = []
        lib.tb_done.argtypes = []
        lib.tb_probe_hard.restype = ctypes.c_int
        self.libgtb.tb_probe_hard.argtypes = [
            ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
            ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint),
            ctypes.POINTER(ctypes.c_ubyte), ctypes.POINTER(ctypes.c_ubyte),
            ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint),
        ]
        if self.libgtb.tb_is_initialized():
            raise RuntimeError("only one gaviota instance can be initialized at a time")
        self._restart()

    def add_directory(self, directory: str) -> None:
        """Adds a directory of ``.gtb.cp4`` files."""
        if not os.path.isdir(directory):
            raise OSError(f"not a directory: {directory!r}")
        self.paths.append(directory)
        self._restart()

    def _restart(self) -> None:
        self.c_paths = (ctypes.c_char_p * len(self.paths))()
        self.c_paths[:] = [os.fsencode(p) for p in self.paths]
        if getattr(self, "_paths_handle", None) is not None:
            self.libgtb.tbpaths_done(self._paths_handle)
        paths = self.libgtb.tbpaths_init()
        for path in self.c_paths:
            paths = self.libgtb.tbpaths_add(paths, path)
        self._paths_handle = paths
        message = self.libgtb.tb_restart(ctypes.c_int(1), ctypes.c_int(_TB_CP4), paths)
        self._info = message.decode(errors="replace") if message else ""
        # A cache of 64 MiB, an eighth of it for WDL probes.
        if self.libgtb.tbcache_is_on():
            self.libgtb.tbcache_restart(ctypes.c_size_t(64 * 1024 * 1024), ctypes.c_int(96))
        else:
            self.libgtb.tbcache_init(ctypes.c_size_t(64 * 1024 * 1024), ctypes.c_int(96))

    def _codes(self, board) -> Optional[Tuple[int, int]]:
        squares = {WHITE: [], BLACK: []}
        pieces = {WHITE: [], BLACK: []}
        # The kings first, as the library expects.
        for color in (WHITE, BLACK):
            for piece_type in range(KING, PAWN - 1, -1):
                for square in board.pieces(piece_type, color):
                    squares[color].append(square)
                    pieces[color].append(piece_type)
        c_squares = {}
        c_pieces = {}
        for color in (WHITE, BLACK):
            c_squares[color] = (ctypes.c_uint * 17)(*(squares[color] + [_TB_NOSQUARE]))
            c_pieces[color] = (ctypes.c_ubyte * 17)(*(pieces[color] + [0]))
        info = ctypes.c_uint()
        plies = ctypes.c_uint()
        ep = board.ep_square if board.ep_square is not None else _TB_NOSQUARE
        stm = 0 if board.turn == WHITE else 1
        found = self.libgtb.tb_probe_hard(stm, ep, 0, c_squares[WHITE], c_squares[BLACK],
                                          c_pieces[WHITE], c_pieces[BLACK],
                                          ctypes.byref(info), ctypes.byref(plies))
        return (info.value, plies.value) if found else None

    def close(self) -> None:
        """Releases the library's tables and cache."""
        if self.libgtb.tb_is_initialized():
            self.libgtb.tbcache_done()
            self.libgtb.tb_done()
            self.libgtb.tbpaths_done(self._paths_handle)
            self._paths_handle = None
        self.paths = []


def _find_libgtb() -> str:
    return ctypes.util.find_library("gtb") or ctypes.util.find_library("gaviotatb") or "libgtb.so.1.0.1"


def open_tablebase_native(directory: str, *, libgtb: Optional[str] = None,
                          LibraryLoader: "ctypes.LibraryLoader[ctypes.CDLL]" = ctypes.cdll) -> NativeTablebase:
    """Gaviota tables of ``directory`` through the Gaviota C library (``libgtb``, or
    Debian's ``libgaviotatb``). Raises ``OSError`` where the library cannot be loaded."""
    tables = NativeTablebase(LibraryLoader.LoadLibrary(libgtb or _find_libgtb()))
    tables.add_directory(directory)
    return tables


def open_tablebase(directory: str, *, libgtb: Optional[str] = None,
                   LibraryLoader: "Optional[ctypes.LibraryLoader[ctypes.CDLL]]" = ctypes.cdll) -> Union[NativeTablebase, PythonTablebase]:
    """Gaviota tables of ``directory``: through the C library where it loads, as
    python-chess prefers it, else (or with ``LibraryLoader=None``) through lerf's prober in
    Rust (``PythonTablebase``)."""
    if LibraryLoader is not None:
        try:
            return open_tablebase_native(directory, libgtb=libgtb, LibraryLoader=LibraryLoader)
        except (OSError, RuntimeError):
            pass
    tables = PythonTablebase()
    tables.add_directory(directory)
    return tables
