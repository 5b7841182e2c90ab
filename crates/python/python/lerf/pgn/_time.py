"""python-chess's ``TimeControl`` tag reading for ``lerf.pgn`` (``parse_time_control``,
``Game.time_control()``): periods of moves in seconds, with increments or delays, and
FIDE's classes."""

from __future__ import annotations

import dataclasses
import enum
from typing import List


class TimeControlType(enum.Enum):
    """A time control's class (FIDE's, with bullet below blitz)."""

    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period of a time control: ``moves`` in ``time`` seconds (0 moves: the rest of
    the game), with an ``increment`` or a ``delay`` a move."""

    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A game's ``TimeControl`` tag, read: its periods and its class."""

    parts: List[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def _time_control_part(text: str) -> TimeControlPart:
    # The bonus is what lies between the first "+" and the next (a further "+..." is
    # passed over, as python-chess passes over it); it is read before the period.
    period, *bonuses = text.split("+")
    part = TimeControlPart()
    if bonuses:
        bonus = bonuses[0]
        if bonus.lower().endswith("d"):
            part.delay = float(bonus[:-1])
        else:
            part.increment = float(bonus)
    moves, slash, seconds = period.partition("/")
    if slash:
        part.moves, part.time = int(moves), int(seconds.split("/")[0])
    else:
        part.time = int(moves)
    return part


def parse_time_control(time_control: str) -> TimeControl:
    """Reads a PGN ``TimeControl`` tag (``40/7200:3600``, ``300+3``, ``-``, ``?``):
    ``ValueError`` for text it cannot read, or when a period other than the last has no
    move count."""
    tc = TimeControl()
    if not time_control or time_control.startswith("?"):
        return tc
    if time_control.startswith("-"):
        tc.type = TimeControlType.UNLIMITED
        return tc
    tc.parts = [_time_control_part(part) for part in time_control.split(":")]
    if any(part.moves == 0 for part in tc.parts[:-1]):
        raise ValueError("Only last part can be 'sudden death'.")
    first = tc.parts[0]
    estimate = first.time + 60 * first.increment
    if estimate < 3 * 60:
        tc.type = TimeControlType.BULLET
    elif estimate < 15 * 60:
        tc.type = TimeControlType.BLITZ
    elif estimate < 60 * 60:
        tc.type = TimeControlType.RAPID
    else:
        tc.type = TimeControlType.STANDARD
    return tc


for _cls in (TimeControlType, TimeControlPart, TimeControl):
    _cls.__module__ = "lerf.pgn"
parse_time_control.__module__ = "lerf.pgn"
del _cls
