import os
from typing import Any, Dict, Optional, Sequence, Tuple, Union

PARTITION_ROWS: int

class ShardError(RuntimeError):
    shard: str
    why: str
    def __init__(self, shard: str, why: str) -> None: ...

def read_manifest(shards: Union[str, "os.PathLike[str]"]) -> Tuple[str, Dict[str, Any]]: ...
def positions(
    shards: Union[str, "os.PathLike[str]"],
    verify: bool = ...,
    batch_size: int = ...,
    tags: Sequence[str] = ...,
    comments: bool = ...,
    partition_rows: Optional[int] = ...,
    nnue: Any = ...,
) -> Any: ...
def perft(
    fen: str,
    depth: int,
    split_depth: int = ...,
    client: Optional[Any] = ...,
    hash_mb: int = ...,
    retries: int = ...,
) -> int: ...
