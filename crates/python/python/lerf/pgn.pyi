import os
from typing import IO, Dict, Iterator, List, Union

from . import Board, Move

class Game:
    headers: Dict[str, str]
    errors: List[ValueError]
    def board(self) -> Board: ...
    def mainline_moves(self) -> List[Move]: ...

def read_games(source: Union[str, "os.PathLike[str]", IO[bytes]]) -> Iterator[Game]: ...
