import os
from typing import IO, Any, Dict, Iterator, List, Union

from . import Board, Move

class Game:
    headers: Dict[str, str]
    errors: List[ValueError]
    def board(self) -> Board: ...
    def mainline_moves(self) -> List[Move]: ...

POSITION_COLUMNS: List[str]

def positions(
    source: Union[str, "os.PathLike[str]", IO[bytes]], batch_size: int = ..., threads: int = ...
) -> Iterator[Any]: ...
def split(
    source: Union[str, "os.PathLike[str]", IO[bytes]],
    out_dir: Union[str, "os.PathLike[str]"],
    games_per_shard: int = ...,
    overwrite: bool = ...,
    level: int = ...,
) -> Dict[str, Any]: ...
def read_games(source: Union[str, "os.PathLike[str]", IO[bytes]]) -> Iterator[Game]: ...
