"""Stockfish's NNUE evaluation without an engine process: lerf's own module (python-chess has
none), over the Rust crate ``lerf_nnue``.

A network is read once (``load``) and evaluates boards and FENs to the integer Stockfish
computes, in its internal units, from the side to move's view: the ``NNUE evaluation`` of
Stockfish's ``eval`` command, before the engine's own scaling. HalfKAv2_hm networks are read:
Stockfish 15.1's (the one Debian's ``stockfish`` writes with ``export_net``) and the
compressed ones of Stockfish 16 and later (Stockfish 18's small network, for one); HalfKP
networks and the threat-input networks of Stockfish 18 (big) and 19 raise ``ValueError``.

>>> import lerf.nnue
>>> lerf.nnue.load("/nonexistent.nnue")
Traceback (most recent call last):
    ...
FileNotFoundError: [Errno 2] No such file or directory (os error 2): '/nonexistent.nnue'
"""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING, Callable, Iterable, List, NamedTuple, Optional, Tuple, Union

from ._lerf import NnueNetwork as _NnueNetwork

if TYPE_CHECKING:
    import numpy
    import numpy.typing

    from ._lerf import BaseBoard

BoardOrFen = Union["BaseBoard", str]


class Buckets(NamedTuple):
    """Every layer stack's evaluation of one position, as Stockfish's ``eval`` tabulates it
    (side to move's view, internal units)."""

    #: The bucket the piece count chooses: ``(pieces - 1) // 4``.
    used: int
    #: Each bucket's material part (the feature transformer's PSQT sums).
    material: List[int]
    #: Each bucket's positional part (its layer stack's output).
    positional: List[int]
    #: Each bucket's output as the engine uses it.
    value: List[int]


class Network:
    """A network read once; ``evaluate_many`` shares it between threads. A network read
    from a file pickles as its path (Dask's workers read it once per process); one made
    from bytes does not pickle."""

    def __init__(self, inner: _NnueNetwork, path: Optional[str] = None) -> None:
        self._inner = inner
        #: The file the network was read from (``None`` for ``from_bytes``).
        self.path = path
        self.width, self.generation, self.description, self.hash, self.kernels = inner.info()

    def __reduce__(self) -> Tuple[Callable[[str], "Network"], Tuple[str]]:
        if self.path is None:
            raise TypeError("a network made from bytes cannot be pickled: load it from a file")
        return (_load_once, (self.path,))

    def __repr__(self) -> str:
        return f"<lerf.nnue.Network width={self.width} generation={self.generation!r} hash={self.hash:#010x}>"

    def evaluate(self, board: BoardOrFen) -> int:
        """Stockfish's NNUE evaluation of a board (a ``BaseBoard`` is taken as White to
        move) or a FEN, side to move's view, internal units. ``ValueError`` for a position
        without one king a side or with more than 32 pieces."""
        return self._inner.evaluate(board)

    def buckets(self, board: BoardOrFen) -> Buckets:
        """The evaluation through each of the eight layer stacks, and the one used."""
        used, parts = self._inner.buckets(board)
        return Buckets(used, [p[0] for p in parts], [p[1] for p in parts], [p[2] for p in parts])

    def evaluate_many(self, boards: Iterable[BoardOrFen], *, threads: int = 0) -> "numpy.typing.NDArray[numpy.int32]":
        """The evaluations of many boards or FENs as a numpy ``int32`` array, computed on
        ``threads`` threads (all the CPUs by default) with the GIL released."""
        import numpy

        items = boards if isinstance(boards, list) else list(boards)
        threads = threads or os.cpu_count() or 1
        data = self._inner.evaluate_many_bytes(items, threads)
        return numpy.frombuffer(data, dtype="<i4")


def load(path: Union[str, "os.PathLike[str]"]) -> Network:
    """Reads a network file: ``OSError`` when it cannot be read, ``ValueError`` naming the
    byte when it is not a network lerf reads (a network inside a larger file is refused
    with the offset where it ended)."""
    path = os.fspath(path)
    return Network(_NnueNetwork.load(path), os.path.abspath(path))


@functools.lru_cache(maxsize=4)
def _load_once(path: str) -> Network:
    """``load``, once a process for each path (what unpickling a network does)."""
    return load(path)


def from_bytes(data: bytes) -> Network:
    """Reads a network from its bytes."""
    return Network(_NnueNetwork.from_bytes(data))


__all__ = ["Buckets", "Network", "from_bytes", "load"]
