"""PGN for lerf: games read as python-chess reads them, from ``.pgn`` or ``.pgn.zst``."""

from __future__ import annotations

import os
from typing import IO, Iterator, Union

from ._lerf import Game, read_games as _read_games

__all__ = ["Game", "read_games"]


def read_games(source: Union[str, "os.PathLike[str]", IO[bytes]]) -> Iterator[Game]:
    """The games of ``source``, one at a time: a path, or a file object opened in binary
    mode; plain PGN or Zstandard-compressed (told by its first bytes).

    Each ``Game`` has ``headers`` (a dict, as python-chess's), ``board()`` (the start),
    ``mainline_moves()`` and ``errors`` (what was recovered from, as python-chess records
    it). Reading happens with the GIL released. A missing file raises ``OSError``; a
    truncated or corrupt ``.zst`` raises ``OSError`` after every game before the damage.
    """
    if isinstance(source, (str, bytes, os.PathLike)):
        source = os.fspath(source)
    return _read_games(source)
