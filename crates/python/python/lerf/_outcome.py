"""How a game ends, with python-chess's names (``Termination``, ``Outcome``)."""

from __future__ import annotations

import dataclasses
import enum
from typing import Optional


class Termination(enum.Enum):
    """Why a game ended, as ``chess.Termination`` names it."""

    CHECKMATE = enum.auto()
    STALEMATE = enum.auto()
    INSUFFICIENT_MATERIAL = enum.auto()
    SEVENTYFIVE_MOVES = enum.auto()
    FIVEFOLD_REPETITION = enum.auto()
    FIFTY_MOVES = enum.auto()
    THREEFOLD_REPETITION = enum.auto()
    VARIANT_WIN = enum.auto()
    VARIANT_LOSS = enum.auto()
    VARIANT_DRAW = enum.auto()


@dataclasses.dataclass(eq=True, frozen=True)
class Outcome:
    """The end of a game: its termination and winner (``True`` White, ``None`` a draw)."""

    termination: Termination
    winner: Optional[bool]

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")
