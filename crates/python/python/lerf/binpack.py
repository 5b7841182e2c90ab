"""Stockfish's ``.binpack`` training data, read and written without Stockfish's C++: lerf's
own module (python-chess has none), over the Rust crate ``lerf_binpack``.

A binpack keeps positions as trainers use them: the board, the move played, a score and the
game's result, both from the side to move's view, and the ply. Positions that follow each
other are kept as a chain of packed moves, a few bytes each. The format does not say whether
a game was Chess960: a position whose king and rooks stand on the standard squares reads
back as standard chess (its castling written ``e1g1``, not ``e1h1``).

>>> import lerf, lerf.binpack
>>> entry = lerf.binpack.Entry(board=lerf.Board(), move=lerf.Move.from_uci("e2e4"), score=35, ply=0, result=0)
>>> entry.board.fen()
'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
"""

from __future__ import annotations

import operator
import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, Iterator, Optional, Sequence, Tuple, Union

from ._lerf import BinpackBatches as _Batches
from ._lerf import BinpackReader as _Reader
from ._lerf import BinpackRows as _Rows
from ._lerf import BinpackWriter as _Writer
from ._lerf import binpack_write_rows as _write_rows

if TYPE_CHECKING:
    import numpy
    import numpy.typing

    from ._lerf import Board, Move

PathLike = Union[str, "os.PathLike[str]"]

#: The most rows a batch may ask for, and the most threads.
_MOST = 1 << 24
_THREADS = 1024

#: Entries crossing between Rust and Python at a time.
_BATCH = 4096


def _whole(name: str, value: int, low: int, high: int) -> int:
    """``value`` as an ``int`` (anything with ``__index__``), checked to lie from ``low`` to
    ``high``: ``TypeError`` or ``ValueError`` naming the argument otherwise."""
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}") from None
    if not low <= number <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {number}")
    return number


class Entry:
    """One training position: ``board`` (its 50-move counter included), ``move`` (a
    ``lerf.Move`` in UCI's usual notation), ``score`` and ``result`` (1 win, 0 draw, -1
    loss) for the side to move, and ``ply``. The board is made from the stored FEN when
    first asked for."""

    __slots__ = {
        "_fen": "", "_board": "", "_uci": "", "_move": "", "_chess960": "",
        "score": "The evaluation, in centipawns, for the side to move.",
        "ply": "Half-moves played since the game's start.",
        "result": "The game's result for the side to move: 1 win, 0 draw, -1 loss.",
    }

    def __init__(self, board: "Board", move: "Move", score: int, ply: int, result: int) -> None:
        self._board: Optional["Board"] = board
        self._fen: Optional[str] = None
        self._move: Optional["Move"] = move
        self._uci: Optional[str] = None
        self._chess960 = False
        self.score = score
        self.ply = ply
        self.result = result

    @classmethod
    def _from_row(cls, fen: str, uci: str, score: int, ply: int, result: int, chess960: bool) -> "Entry":
        entry = cls.__new__(cls)
        entry._fen, entry._board, entry._uci, entry._move, entry._chess960 = fen, None, uci, None, chess960
        entry.score, entry.ply, entry.result = score, ply, result
        return entry

    @property
    def fen(self) -> str:
        """The board's FEN."""
        if self._fen is None:
            self._fen = self._board.fen()  # type: ignore[union-attr]
        return self._fen

    @property
    def board(self) -> "Board":
        """The position (a new ``lerf.Board`` the first time it is asked for)."""
        if self._board is None:
            from . import Board

            self._board = Board(self._fen or "", chess960=self._chess960)
        return self._board

    @property
    def move(self) -> "Move":
        """The move played from the position."""
        if self._move is None:
            from . import Move

            self._move = Move.from_uci(self._uci or "0000")
        return self._move

    def _raw(self) -> Tuple[object, object, int, int, int]:
        """The entry as ``write`` hands it to Rust: the board and move objects where the entry
        holds them (read there without a FEN made in Python), else their text."""
        board = self._board if self._board is not None else self._fen
        move = self._move if self._move is not None else self._uci
        return (board, move, self.score, self.ply, self.result)

    def _row(self) -> Tuple[str, str, int, int, int]:
        uci = self._uci if self._uci is not None else self.move.uci()
        return (self.fen, uci, self.score, self.ply, self.result)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Entry):
            return NotImplemented
        return self._row() == other._row()

    def __repr__(self) -> str:
        fen, uci, score, ply, result = self._row()
        return f"Entry(fen={fen!r}, move={uci!r}, score={score}, ply={ply}, result={result})"


def read(path: PathLike) -> Iterator[Entry]:
    """The entries of the binpack at ``path``, in order, read a chunk at a time. The file is
    opened at the call (``FileNotFoundError`` there for a missing one); a damaged file
    raises ``ValueError`` naming the chunk and byte, after the entries before it."""
    return _entries(_Reader(os.fspath(path)))


def _entries(reader: _Reader) -> Iterator[Entry]:
    while True:
        rows = reader.next_batch(_BATCH)
        if not rows:
            return
        for row in rows:
            yield Entry._from_row(*row)


def write(path: PathLike, entries: Iterable[Entry], *, append: bool = False) -> int:
    """Writes ``entries`` to ``path`` as a binpack (entries that continue each other become
    chains), replacing the file unless ``append``; returns how many were written. An entry
    whose move is not legal in its board, whose score is outside -32768..32767, whose ply is
    outside 0..16383 or whose result is not -1, 0 or 1 raises ``ValueError`` naming it
    (``TypeError`` for a number that is not an integer: numpy's integers are); the
    entries before it are written."""
    writer = _Writer(os.fspath(path), append)
    count = 0
    batch = []
    try:
        for entry in entries:
            batch.append(entry._raw())
            if len(batch) == _BATCH:
                writer.write_many(batch, count)
                count += len(batch)
                batch = []
        if batch:
            writer.write_many(batch, count)
            count += len(batch)
    finally:
        writer.close()
    return count


def write_rows(
    path: PathLike,
    rows: object,
    *,
    mate_score: int = 32000,
    unscored_as_zero: bool = False,
    skip_plies: int = 0,
    scores: str = "comments",
    append: bool = False,
) -> int:
    """Writes the positions of rows of games to ``path`` as a binpack (replacing the file
    unless ``append``), consecutive positions of a game chained; returns how many were
    written. ``rows`` is anything with an Arrow stream (``__arrow_c_stream__``):
    ``lerf.pgn.positions(...)`` (with ``comments=True`` for engines' words), a pyarrow
    ``Table`` or ``RecordBatchReader``, a polars ``DataFrame``, read without the GIL.

    The rows need ``game``, ``ply``, ``fen``, ``uci`` and ``result`` (``"1-0"``, ``"0-1"``,
    ``"1/2-1/2"``; other games are left out), and use ``variant`` (only ``"chess"`` games
    are kept), ``eval_cp``/``eval_mate`` and ``comment`` where present. Each position's
    score, from its side to move's view: with ``scores="comments"``, Lichess's ``[%eval]``
    of the comment after the move that led to it (White's view), else the engine's word
    that starts the comment after the move played from it (``+1.01/26 2.3s``, ``-M3/22``:
    the mover's view) or its TCEC ``wv=`` field (White's view); with ``scores="nnue"``, the ``nnue`` column (rows made with
    ``nnue=``). A mate in n moves scores ``mate_score - n``; positions without a score are
    left out, or scored 0 with ``unscored_as_zero``; positions before ``skip_plies`` (a
    book's) are left out.

    A missing column, a column of the wrong type or a row that is no position and move
    raises ``ValueError`` naming it (its game and ply); the entries before it are written."""
    if scores not in ("comments", "nnue"):
        raise ValueError(f"scores must be 'comments' or 'nnue', not {scores!r}")
    mate_score = _whole("mate_score", mate_score, 1, 32767)
    skip_plies = _whole("skip_plies", skip_plies, 0, 0xFFFF)
    written, _games = _write_rows(
        os.fspath(path), rows, mate_score, bool(unscored_as_zero), skip_plies, scores == "nnue", bool(append)
    )
    return int(written)


def to_arrow(path: PathLike, batch_size: int = 65536, *, threads: int = 1) -> _Rows:
    """The entries of the binpack at ``path`` as an Arrow stream (``fen``, ``move`` in UCI,
    ``score``, ``ply``, ``result``, ``rule50``) that ``pyarrow.RecordBatchReader.from_stream``,
    polars and DuckDB read; read once. ``threads`` threads decode the file and make the
    rows (one more reads it), ahead of the reader, in the file's order. ``batch_size`` is
    from 1 to 16,777,216 and ``threads`` from 1 to 1024 (``ValueError`` otherwise)."""
    batch_size = _whole("batch_size", batch_size, 1, _MOST)
    threads = _whole("threads", threads, 1, _THREADS)
    return _Rows(os.fspath(path), batch_size, threads)


def batches(
    paths: Union[PathLike, Sequence[PathLike]],
    batch_size: int = 8192,
    *,
    cyclic: bool = False,
    skip_captures: bool = False,
    skip_in_check: bool = False,
    skip_early_plies: int = 0,
    random_skip: float = 0.0,
    score_result_filter: bool = False,
    seed: int = 0,
    threads: int = 1,
) -> Iterator[Dict[str, "numpy.typing.NDArray[Any]"]]:
    """Batches of ``batch_size`` entries of one binpack file or several (one after the
    other; again from the first with ``cyclic``) as numpy arrays that ``torch.from_numpy``
    takes without a copy:

    - ``us`` (float32): 1.0 when White is to move;
    - ``white``, ``black`` (int32, ``batch_size`` x 32): each side's HalfKAv2_hm feature
      indices (those of Stockfish 15.1's network, ``lerf.nnue``'s), -1 after the last;
    - ``score`` (float32), the side to move's; ``outcome`` (float32): 1 win, 0.5 draw, 0 loss
      for the side to move; ``pieces`` (int8): the layer stack is ``(pieces - 1) // 4``.

    Entries are left out when their move captures (``skip_captures``), their side to move
    is in check (``skip_in_check``), their ply is below ``skip_early_plies``, at random with
    probability ``random_skip``, or, with ``score_result_filter``, with the probability
    that their score does not predict their result. The same ``seed`` gives the same
    batches, whatever ``threads`` is. The last batch may be shorter. ``batch_size`` is from
    1 to 16,777,216, ``threads`` from 1 to 1024, ``seed`` from 0 to 2**64 - 1 and
    ``skip_early_plies`` from 0 to 65535, ``random_skip`` from 0 up to (not including) 1:
    other values raise ``ValueError`` (``TypeError`` when not integers) at the call, as a
    file that cannot be opened raises ``OSError`` (``FileNotFoundError``...) there.

    ``threads`` threads decode chunks and make rows (one more reads the files), in the
    background while the caller works on a batch, with the GIL released."""
    import numpy

    batch_size = _whole("batch_size", batch_size, 1, _MOST)
    skip_early_plies = _whole("skip_early_plies", skip_early_plies, 0, 0xFFFF)
    seed = _whole("seed", seed, 0, 2**64 - 1)
    threads = _whole("threads", threads, 1, _THREADS)
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    stream = _Batches(
        [os.fspath(p) for p in paths],
        batch_size,
        cyclic,
        skip_captures,
        skip_in_check,
        skip_early_plies,
        random_skip,
        score_result_filter,
        seed,
        threads,
    )
    return _batches(stream, numpy)


def _batches(stream: _Batches, numpy: Any) -> Iterator[Dict[str, "numpy.typing.NDArray[Any]"]]:
    while True:
        got = stream.next_batch()
        if got is None:
            return
        size, us, white, black, score, outcome, pieces = got
        yield {
            "us": numpy.frombuffer(us, dtype="<f4"),
            "white": numpy.frombuffer(white, dtype="<i4").reshape(size, 32),
            "black": numpy.frombuffer(black, dtype="<i4").reshape(size, 32),
            "score": numpy.frombuffer(score, dtype="<f4"),
            "outcome": numpy.frombuffer(outcome, dtype="<f4"),
            "pieces": numpy.frombuffer(pieces, dtype="i1"),
        }


__all__ = ["Entry", "batches", "read", "to_arrow", "write", "write_rows"]
