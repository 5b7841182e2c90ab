"""lerf's bulk readers for ``lerf.pgn``: ``read_games`` over paths and ``.pgn.zst``,
``positions`` as Arrow record batches made in Rust, ``split`` into shards."""

from __future__ import annotations

import json
import os
from typing import IO, TYPE_CHECKING, Any, Dict, Iterator, Union

from ._lerf import Game
from ._lerf import PositionReader as _PositionReader
from ._lerf import read_games as _read_games
from ._lerf import split_shards as _split_shards

if TYPE_CHECKING:
    import pyarrow

#: The columns of ``positions``, in order.
POSITION_COLUMNS = ["game", "ply", "fen", "san", "uci", "turn", "result", "white_elo", "black_elo"]


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


def positions(
    source: Union[str, "os.PathLike[str]", IO[bytes]],
    batch_size: int = 65536,
    threads: int = 1,
) -> Iterator["pyarrow.RecordBatch"]:  # noqa: F821
    """One row per mainline move of every game in ``source`` (a path or a binary file
    object, ``.pgn`` or ``.pgn.zst``), as ``pyarrow.RecordBatch``es of whole games, at
    least ``batch_size`` rows each but the last.

    Columns: ``game`` (the game's index in the file, from 0), ``ply`` (the move's index in
    the game's mainline, from 0), ``fen`` (the position before the move, as
    ``Board.fen()``), ``san``, ``uci``, ``turn`` (``True`` when White moves), ``result``
    (as python-chess's ``game.headers["Result"]``: the tag, or the movetext's
    result where the tag is missing or ``*``),
    ``white_elo`` and ``black_elo`` (null where absent or not a number). Rows are made in
    Rust straight into Arrow's buffers, with the GIL released: no Python object per row.
    With ``threads`` above 1, that many threads make rows from chunks of whole games while
    one more cuts the input into them; the rows are the same, in the same order. A
    game's mainline ends where python-chess's does (at an illegal move, say); a game in a
    variant lerf does not play (Atomic, Crazyhouse...) gives no rows.

    A failing input (a truncated or corrupt ``.zst``, an I/O error) raises ``OSError``
    after the batches of every game read whole before it.
    """
    import pyarrow as pa

    if isinstance(source, (str, bytes, os.PathLike)):
        source = os.fspath(source)
    reader = _PositionReader(source, threads=threads)
    while (columns := reader.next_batch(batch_size)) is not None:
        yield _record_batch(pa, columns)


def _record_batch(pa: Any, columns: Dict[str, Any]) -> Any:
    n = columns["rows"]

    def strings(name: str) -> Any:
        offsets, data = columns[name]
        return pa.Array.from_buffers(pa.string(), n, [None, pa.py_buffer(offsets), pa.py_buffer(data)])

    def elo(name: str) -> Any:
        values, valid = columns[name]
        return pa.Array.from_buffers(pa.int32(), n, [pa.py_buffer(valid), pa.py_buffer(values)])

    arrays = [
        pa.Array.from_buffers(pa.int64(), n, [None, pa.py_buffer(columns["game"])]),
        pa.Array.from_buffers(pa.int32(), n, [None, pa.py_buffer(columns["ply"])]),
        strings("fen"),
        strings("san"),
        strings("uci"),
        pa.Array.from_buffers(pa.bool_(), n, [None, pa.py_buffer(columns["turn"])]),
        strings("result"),
        elo("white_elo"),
        elo("black_elo"),
    ]
    return pa.RecordBatch.from_arrays(arrays, names=POSITION_COLUMNS)


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
