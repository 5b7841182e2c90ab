"""lerf on Dask: the PGN and perft jobs that outgrow one machine, run by the Dask engine a
cluster already has (``dask.distributed``, dask-jobqueue on Slurm, dask-kubernetes, a
cloud service). lerf brings no scheduler of its own.

- ``positions(shards)``: the rows of ``lerf.pgn.positions`` as a ``dask.dataframe``, a
  partition per shard made by ``lerf.pgn.split`` (or ``cargo xtask pgn split``; small
  shards are read a few to a partition), ``game`` numbered as in the original file.
  ``.to_parquet(...)`` on it builds a training set. Dask fuses each partition's steps
  into one task only in ``optimize()``, so compute
  ``frame.to_parquet(path, compute=False).optimize()`` (or any chain of per-partition
  steps, optimised) for a task a partition instead of one a step (docs/scale.md).
- ``perft(fen, depth, split_depth=...)``: one task per distinct position at
  ``split_depth``, each a hashed perft, summed.

Failures are loud: a shard that is missing, does not match its checksum, fails to read,
or gives other game or move counts than its manifest raises ``ShardError`` naming it, and
the computation fails (or retries, with ``client.compute(..., retries=n)``).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import posixpath
from typing import IO, TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple, Union

import dask
import dask.dataframe as dd
import pandas as pd
import pyarrow as pa

if TYPE_CHECKING:
    from .nnue import Network

from ._lerf import _RowStream
from ._lerf import perft as _perft
from ._lerf import perft_split as _perft_split

__all__ = ["ShardError", "positions", "perft", "read_manifest"]

_FORMAT = "lerf-shards/1"

#: A shard to read: its path (or URL) and its manifest entry.
_Part = Tuple[str, Dict[str, Any]]

#: ``positions``' default partition size in rows: about a quarter of a second of one
#: core's reading, so that Dask's few milliseconds a task weigh about 1%, and 60 MB in
#: memory (124 bytes a row on the Lichess sample).
PARTITION_ROWS = 500_000

#: The bytes a shard's checksum reads at a time.
_HASH_BLOCK = 1 << 16


class ShardError(RuntimeError):
    """A shard that cannot be trusted: missing, corrupt (its SHA-256 differs from the
    manifest's), unreadable, or short of the games and moves its manifest counts."""

    def __init__(self, shard: str, why: str):
        super().__init__(shard, why)
        self.shard = shard
        self.why = why

    def __str__(self) -> str:
        return f"shard {self.shard}: {self.why}"


def read_manifest(shards: Union[str, "os.PathLike[str]"]) -> Tuple[str, Dict[str, Any]]:
    """The directory and the manifest of a split, from the directory or its
    ``manifest.json``: a local path, or a URL fsspec opens (``s3://bucket/shards/``,
    ``gs://…``, ``file://…``; the protocol's package, such as s3fs, installed)."""
    path = os.fspath(shards)
    if _is_url(path):
        import fsspec

        fs, root = fsspec.core.url_to_fs(path)
        if fs.isdir(root):
            root = root.rstrip("/") + "/manifest.json"
        with fs.open(root, "rb") as handle:
            manifest = _checked(json.load(handle), path)
        return fs.unstrip_protocol(posixpath.dirname(root)), manifest
    if os.path.isdir(path):
        path = os.path.join(path, "manifest.json")
    with open(path, encoding="utf-8") as handle:
        manifest = _checked(json.load(handle), path)
    return os.path.dirname(os.path.abspath(path)), manifest


def _checked(manifest: Any, path: str) -> Dict[str, Any]:
    if not isinstance(manifest, dict) or manifest.get("format") != _FORMAT:
        raise ValueError(f"{path}: not a lerf shard manifest (format {_FORMAT})")
    return manifest


def _is_url(path: str) -> bool:
    return "://" in path


def _join(directory: str, name: str) -> str:
    return f"{directory.rstrip('/')}/{name}" if _is_url(directory) else os.path.join(directory, name)


def _open(path: str) -> IO[bytes]:
    if _is_url(path):
        import fsspec

        return fsspec.open(path, "rb").open()
    return open(path, "rb")


def positions(
    shards: Union[str, "os.PathLike[str]"],
    verify: bool = True,
    batch_size: int = 65536,
    tags: Sequence[str] = (),
    comments: bool = False,
    partition_rows: Optional[int] = PARTITION_ROWS,
    nnue: Optional["Network"] = None,
) -> dd.DataFrame:
    """The rows of ``lerf.pgn.positions`` for every game of a split, as a
    ``dask.dataframe.DataFrame`` in input order: a partition per shard, or per run of
    consecutive small shards.

    ``shards`` is the split's directory or its ``manifest.json``, a local path or a URL
    fsspec opens (``s3://bucket/shards/``). The shards are read where the tasks run, so
    the directory must be reachable from every worker (a shared file system, a copy on
    each, or an object store). ``game`` is the game's index in the file that was split,
    so the dataset equals ``lerf.pgn.positions`` on that file, row for row. Columns are
    pyarrow-backed (``pd.ArrowDtype``): strings, nullable Elo, clock and evaluations, the
    NAG lists, no conversion on the way to Parquet. (Read such Parquet back into pandas
    with ``pd.read_parquet(path, dtype_backend="pyarrow")``: pandas cannot rebuild the
    list column's type from its own metadata otherwise.)

    Shards of fewer rows than ``partition_rows`` (the manifest's move counts) are read
    together, consecutive ones in a partition of about that many rows, the partitions as
    even as the shards allow; larger shards are a partition each. Dask's cost a task
    (scheduling, a few milliseconds) then stays small beside the task's reading, as its own
    readers size partitions. ``partition_rows=None`` gives a partition per shard.

    ``nnue`` (a ``lerf.nnue.Network`` loaded from a file) adds the ``nnue`` column of
    ``lerf.pgn.positions``: the tasks get the network's path and each worker process reads
    it once, so the file must be reachable from every worker, as the shards are.

    With ``verify``, each task checks its shards' SHA-256 before reading them. Each task
    also checks that each shard gave the manifest's number of games and rows; anything
    else raises ``ShardError`` naming the shard.
    """
    if partition_rows is not None and partition_rows < 1:
        raise ValueError("partition_rows must be at least 1 (or None: a partition per shard)")
    directory, manifest = read_manifest(shards)
    parts = _partitions([(_join(directory, shard["file"]), shard) for shard in manifest["shards"]], partition_rows)
    tags = list(tags)
    if nnue is not None and nnue.path is None:
        raise ValueError("the network must be loaded from a file (lerf.nnue.load) for the workers to read it")
    nnue_path = None if nnue is None else nnue.path
    empty = _empty_table(tags, comments, nnue_path)
    # The frames are pyarrow-backed already: Dask's conversion of string columns to
    # `string[pyarrow]` (on by default) would change nothing but still add a task a
    # partition, which the distributed scheduler runs apart from the read (measured: 7% of
    # a one-worker job; docs/scale.md).
    with dask.config.set({"dataframe.convert-string": False}):
        if not parts:
            return dd.from_pandas(_frame(empty), npartitions=1)
        return dd.from_map(
            _read_partition,
            parts,
            verify=verify,
            batch_size=batch_size,
            tags=tags,
            comments=comments,
            nnue_path=nnue_path,
            meta=_frame(empty),
            label="lerf-positions",
            enforce_metadata=False,
        )


def _partitions(parts: List[_Part], partition_rows: Optional[int]) -> List[List[_Part]]:
    """Consecutive shards grouped into partitions: the fewest whose average is at most
    ``partition_rows`` rows, each shard in the partition its middle row falls in. A shard
    of ``partition_rows`` rows or more is a partition of its own."""
    if partition_rows is None:
        return [[part] for part in parts]
    groups: List[List[_Part]] = []
    run: List[_Part] = []
    for part in parts:
        if _rows(part) >= partition_rows:
            groups += _even_groups(run, partition_rows) + [[part]]
            run = []
        else:
            run.append(part)
    return groups + _even_groups(run, partition_rows)


def _even_groups(run: List[_Part], partition_rows: int) -> List[List[_Part]]:
    """A run of small shards cut into ceil(rows / partition_rows) partitions of about
    equal rows (none empty)."""
    if not run:
        return []
    total = sum(_rows(part) for part in run)
    count = max(1, -(-total // partition_rows))
    groups: List[List[_Part]] = [[] for _ in range(count)]
    before = 0
    for part in run:
        middle = before + _rows(part) / 2
        groups[min(count - 1, int(middle * count / max(total, 1)))].append(part)
        before += _rows(part)
    return [group for group in groups if group]


def _rows(part: _Part) -> int:
    shard = part[1]
    # Manifests before move counts: a Lichess game's average length.
    return int(shard.get("moves", 70 * shard["games"]))


def _network(nnue_path: Optional[str]):
    """The native network at ``nnue_path``, read once a process; ``None`` for none."""
    if nnue_path is None:
        return None
    from .nnue import _load_once

    return _load_once(nnue_path)._inner


def _empty_table(tags: List[str], comments: bool, nnue_path: Optional[str] = None) -> pa.Table:
    """No rows, with the columns ``lerf.pgn.positions`` gives for these options."""
    stream = _RowStream(io.BytesIO(b""), tags=tags, comments=comments, nnue=_network(nnue_path))
    return pa.schema(stream).empty_table()


def _frame(table: pa.Table) -> pd.DataFrame:
    return table.to_pandas(types_mapper=pd.ArrowDtype)


def _read_partition(
    group: List[_Part],
    verify: bool,
    batch_size: int,
    tags: List[str],
    comments: bool,
    nnue_path: Optional[str] = None,
) -> pd.DataFrame:
    """One task: its shards read in order, as one frame."""
    tables = [_read_shard(part, verify, batch_size, tags, comments, nnue_path) for part in group]
    return _frame(tables[0] if len(tables) == 1 else pa.concat_tables(tables))


def _read_shard(
    part: _Part, verify: bool, batch_size: int, tags: List[str], comments: bool, nnue_path: Optional[str] = None
) -> pa.Table:
    path, shard = part
    name = shard["file"]
    try:
        if verify:
            _check_sha256(path, shard)
        source = _open(path) if _is_url(path) else path
        try:
            reader = _RowStream(
                source,
                batch_size=batch_size,
                tags=tags,
                comments=comments,
                first_game=shard["first_game"],
                nnue=_network(nnue_path),
            )
            table = pa.RecordBatchReader.from_stream(reader).read_all()
        finally:
            if source is not path:
                source.close()
    except ShardError:
        raise
    except Exception as error:
        raise ShardError(name, f"{type(error).__name__}: {error}") from error
    if reader.games != shard["games"]:
        raise ShardError(name, f"{reader.games} games read, the manifest counts {shard['games']}")
    if "moves" in shard and table.num_rows != shard["moves"]:
        raise ShardError(name, f"{table.num_rows} rows read, the manifest counts {shard['moves']} moves")
    return table


def _check_sha256(path: str, shard: Dict[str, Any]) -> None:
    digest = hashlib.sha256()
    # One small buffer, read into again and again: a `bytes` past 128 KiB a block would be
    # a fresh mapping each time in a Dask worker, whose nanny fixes glibc's mmap threshold
    # at 128 KiB.
    block = bytearray(_HASH_BLOCK)
    view = memoryview(block)
    with _open(path) as handle:
        while size := handle.readinto(block):
            digest.update(view[:size])
    if digest.hexdigest() != shard["sha256"]:
        raise ShardError(
            shard["file"], f"SHA-256 {digest.hexdigest()} differs from the manifest's {shard['sha256']}: corrupt or replaced"
        )


def perft(
    fen: str,
    depth: int,
    split_depth: int = 2,
    client: Optional[Any] = None,
    hash_mb: int = 64,
    retries: int = 1,
) -> int:
    """``lerf.perft(fen, depth)`` on a Dask cluster: the tree is divided at
    ``split_depth`` plies into its distinct positions (transpositions counted once, with
    their multiplicity), each a task running the hashed perft for the remaining depth, and
    the counts are summed.

    The tasks run on ``client`` (a ``distributed.Client``), else on the current default
    client, else on Dask's local scheduler. ``hash_mb`` is each worker process's perft
    table, kept between its tasks. A task that fails is retried ``retries`` times (on a
    client), then fails the call. Start position, depth 11 and split depth 4 make about
    72,000 tasks of depth 7.
    """
    if depth < 0 or split_depth < 0:
        raise ValueError("depth and split_depth cannot be negative")
    if depth <= split_depth:
        return _perft(fen, depth)
    parts = _perft_split(fen, split_depth)
    fens = [part for part, _ in parts]
    client = client if client is not None else _default_client()
    if client is not None:
        futures = client.map(_subtree, fens, depth=depth - split_depth, hash_mb=hash_mb, retries=retries, pure=True)
        counts = client.gather(futures)
    else:
        counts = dask.compute(*[dask.delayed(_subtree, pure=True)(part, depth - split_depth, hash_mb) for part in fens])
    return sum(count * times for count, (_, times) in zip(counts, parts))


def _subtree(fen: str, depth: int, hash_mb: int) -> int:
    return _perft(fen, depth, hash_mb=hash_mb)


def _default_client() -> Optional[Any]:
    try:
        from distributed import get_client
    except ImportError:
        return None
    try:
        return get_client()
    except ValueError:
        return None
