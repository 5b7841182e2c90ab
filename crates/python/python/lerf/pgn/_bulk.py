"""lerf's bulk readers for ``lerf.pgn``: ``read_games`` over paths and ``.pgn.zst``,
``positions`` as Arrow record batches made in Rust, ``split`` into shards."""

from __future__ import annotations

import json
import os
from typing import IO, TYPE_CHECKING, Any, Dict, Iterable, Iterator, Optional, Union

from .._lerf import Game
from .._lerf import _RowStream
from .._lerf import read_games as _read_games
from .._lerf import split_shards as _split_shards

if TYPE_CHECKING:
    import pyarrow

    from ..nnue import Network

#: The columns of ``positions``, in order.
POSITION_COLUMNS = [
    "game", "ply", "fen", "san", "uci", "turn", "result", "variant", "white_elo", "black_elo",
    "clock", "eval_cp", "eval_mate", "nags",
]


def read_games(source: Union[str, "os.PathLike[str]", IO[bytes]]) -> Iterator[Game]:
    """The games of ``source``, one ``Game`` at a time: a path, or a file object opened in
    binary mode; plain PGN or Zstandard-compressed (told by its first bytes).

    Games are read as ``read_game`` reads a file opened with UTF-8 (bytes that are not
    UTF-8 replaced) and universal newlines, each with the GIL released. A missing file
    raises ``OSError``; a truncated or corrupt ``.zst`` raises ``OSError`` after every
    game before the damage.
    """
    if isinstance(source, (str, bytes, os.PathLike)):
        source = os.fspath(source)
    return _read_games(source)


class PositionStream:
    """The rows of ``positions``: an Arrow stream, read once.

    ``schema`` is known before the first row; iterating gives ``pyarrow.RecordBatch``es;
    ``read_all()`` gives a ``pyarrow.Table`` (with the schema and no rows for an input
    without a move). Through ``__arrow_c_stream__`` (the Arrow PyCapsule interface)
    ``pyarrow.RecordBatchReader.from_stream(rows)``, ``pyarrow.table(rows)``,
    ``polars.DataFrame(rows)`` and DuckDB read it directly, without a copy.
    """

    def __init__(self, native: Any) -> None:
        self._native = native
        self._reader: Any = None

    @property
    def schema(self) -> "pyarrow.Schema":
        """The columns, as a ``pyarrow.Schema``."""
        import pyarrow as pa

        return pa.schema(self._native)

    @property
    def games(self) -> int:
        """Games read so far."""
        return int(self._native.games)

    def __arrow_c_schema__(self) -> Any:
        return self._native.__arrow_c_schema__()

    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any:
        return self._native.__arrow_c_stream__(requested_schema)

    def _batches(self) -> Any:
        if self._reader is None:
            import pyarrow as pa

            self._reader = pa.RecordBatchReader.from_stream(self._native)
        return self._reader

    def __iter__(self) -> Iterator["pyarrow.RecordBatch"]:
        return iter(self._batches())

    def read_all(self) -> "pyarrow.Table":
        """Every remaining row, as a ``pyarrow.Table``."""
        return self._batches().read_all()

    def __repr__(self) -> str:
        return f"<PositionStream ({', '.join(self.schema.names)})>"


def positions(
    source: Union[str, "os.PathLike[str]", IO[bytes]],
    batch_size: int = 65536,
    threads: int = 1,
    tags: Iterable[str] = (),
    comments: bool = False,
    nnue: Optional["Network"] = None,
) -> PositionStream:
    """One row per mainline move of every game in ``source`` (a path or a binary file
    object, ``.pgn`` or ``.pgn.zst``), as an Arrow stream of record batches of whole games,
    at least ``batch_size`` rows each but the last (see ``PositionStream``).

    Columns: ``game`` (the game's index in the file, from 0), ``ply`` (the move's index in
    the game's mainline, from 0), ``fen`` (the position before the move, as
    ``Board.fen()``), ``san``, ``uci``, ``turn`` (``True`` when White moves), ``result``
    (as python-chess's ``game.headers["Result"]``: the tag, or the movetext's result where
    the tag is missing or ``*``), ``variant`` (the ``uci_variant`` of the board python-chess
    reads the game on: ``"chess"``, or ``"atomic"``, ``"crazyhouse"``, ``"3check"`` ... for
    a game whose ``Variant`` tag names one of ``chess.variant``'s boards), ``white_elo`` and
    ``black_elo`` (null where absent or not a number); then what python-chess reads from the node after the move: ``clock``
    (seconds, ``node.clock()``), ``eval_cp`` (centipawns from White's view,
    ``node.eval().white().score()``), ``eval_mate`` (``node.eval().white().mate()``),
    ``nags`` (sorted), ``comment`` (``node.comment``, with ``comments=True``), ``nnue``
    (with ``nnue=``, a ``lerf.nnue.Network``: Stockfish's NNUE evaluation of the position
    before the move, side to move's view, internal units, as ``Network.evaluate`` gives
    it; null in variant games), and one string column for each tag in ``tags``, named by
    the tag (null where a game lacks it).

    Rows are made in Rust (``lerf_pgn::rows``, arrow-rs): no Python object per row. With
    ``threads`` above 1, that many threads make rows from chunks of whole games while one
    more cuts the input into them; the rows are the same, in the same order. A game's
    mainline ends where python-chess's does (at an illegal move, say). A variant game
    (Antichess, Atomic, Crazyhouse, Horde, King of the Hill, Racing Kings, Three-check,
    Suicide, Giveaway) is played on that variant's board in Rust: its ``fen`` and ``san``
    are those of python-chess's board for it (pockets, check counters, drops as ``@e6``).

    A failing input (a truncated or corrupt ``.zst``, an I/O error) raises ``OSError``
    after the batches of every game read whole before it.
    """
    if isinstance(source, (str, bytes, os.PathLike)):
        source = os.fspath(source)
    native = _RowStream(
        source,
        batch_size=batch_size,
        threads=threads,
        tags=list(tags),
        comments=comments,
        nnue=None if nnue is None else nnue._inner,
    )
    return PositionStream(native)


def split(
    source: Union[str, "os.PathLike[str]", IO[bytes]],
    out_dir: Union[str, "os.PathLike[str]"],
    games_per_shard: int = 100_000,
    overwrite: bool = False,
    level: int = 3,
) -> Dict[str, Any]:
    """Cuts ``source`` (``.pgn`` or ``.pgn.zst``, a path or a binary file object) into
    ``out_dir/shard-00000.pgn.zst``, ``shard-00001.pgn.zst``, ... of ``games_per_shard``
    whole games each (names sort in input order) and writes ``out_dir/manifest.json``
    last; returns the manifest.

    The manifest holds, for each shard, its ``file``, ``games``, ``first_game`` (the index
    of its first game in the input), ``moves`` (mainline moves: the rows ``positions``
    gives), ``bytes``, ``pgn_bytes`` (uncompressed) and ``sha256``, and the totals. Games
    are cut where the reader sees them begin: the shards read in order give exactly the
    input's games. It streams in a few MB of memory, with the GIL released.

    Raises ``FileExistsError`` when ``out_dir`` holds an earlier split (unless
    ``overwrite``, which removes its shards first) and ``OSError`` when the input fails
    (the shards before the failure are written; the manifest is not).
    """
    if isinstance(source, (str, bytes, os.PathLike)):
        source = os.fspath(source)
    text = _split_shards(source, os.fspath(out_dir), games_per_shard, overwrite=overwrite, level=level)
    return json.loads(text)


for _function in (read_games, positions, split):
    _function.__module__ = "lerf.pgn"
del _function
