"""The plain values of ``chess.engine``: limits, what a search returns, the engine's
options and the errors."""

from __future__ import annotations

import enum
from typing import Any, Dict, Iterable, Iterator, List, Mapping, MutableMapping, Optional, Tuple, TypedDict, TypeVar, Union

from .._lerf import Move
from .._scores import PovScore, PovWdl

__all__ = [
    "EngineError", "EngineTerminatedError", "AnalysisComplete", "Limit", "Info", "INFO_NONE",
    "INFO_BASIC", "INFO_SCORE", "INFO_PV", "INFO_REFUTATION", "INFO_CURRLINE", "INFO_ALL",
    "InfoDict", "PlayResult", "BestMove", "Opponent", "Option", "UciOptionMap",
    "MANAGED_OPTIONS", "ConfigValue", "ConfigMapping",
]

T = TypeVar("T")

#: A value an option takes: a number, a flag, a text, or nothing (a button).
ConfigValue = Union[str, int, bool, None]
#: Options by name.
ConfigMapping = Mapping[str, ConfigValue]

#: The options lerf sets itself from a call's arguments (lower case); configuring them
#: directly is an error.
MANAGED_OPTIONS = ["uci_chess960", "uci_variant", "multipv", "ponder"]


class EngineError(RuntimeError):
    """The engine did something unexpected, or was asked something it cannot do."""


class EngineTerminatedError(EngineError):
    """The engine's process has exited."""


class AnalysisComplete(Exception):
    """An analysis has ended and everything it reported has been taken, yet more was asked
    for."""


class _Compared:
    """Equal when of the same class with the same ``_values()``."""

    __slots__ = ()

    def _values(self) -> Tuple[Any, ...]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]


class Limit(_Compared):
    """When a search is to end: after ``time`` seconds, at ``depth`` plies, after ``nodes``
    nodes, on finding a mate in ``mate`` moves; or as a game's clock would have it
    (``white_clock``/``black_clock`` and increments in seconds, ``remaining_moves`` to the
    next time control). ``clock_id`` names the time control (XBoard sends ``level`` again
    when it changes)."""

    _FIELDS = ("time", "depth", "nodes", "mate", "white_clock", "black_clock", "white_inc",
               "black_inc", "remaining_moves", "clock_id")

    def __init__(self, time: Optional[float] = None, depth: Optional[int] = None,
                 nodes: Optional[int] = None, mate: Optional[int] = None,
                 white_clock: Optional[float] = None, black_clock: Optional[float] = None,
                 white_inc: Optional[float] = None, black_inc: Optional[float] = None,
                 remaining_moves: Optional[int] = None, clock_id: object = None) -> None:
        self.time = time
        self.depth = depth
        self.nodes = nodes
        self.mate = mate
        self.white_clock = white_clock
        self.black_clock = black_clock
        self.white_inc = white_inc
        self.black_inc = black_inc
        self.remaining_moves = remaining_moves
        self.clock_id = clock_id

    def _values(self) -> Tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._FIELDS)

    def __repr__(self) -> str:
        # The fields set, clock_id aside (python-chess's repr leaves it out; == compares it).
        fields = ", ".join(f"{name}={value!r}" for name, value in zip(self._FIELDS, self._values())
                           if value is not None and name != "clock_id")
        return f"{type(self).__name__}({fields})"


class Info(enum.IntFlag):
    """Which of an engine's reports to read (reading pvs costs the most)."""

    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE = Info.NONE
INFO_BASIC = Info.BASIC
INFO_SCORE = Info.SCORE
INFO_PV = Info.PV
INFO_REFUTATION = Info.REFUTATION
INFO_CURRLINE = Info.CURRLINE
INFO_ALL = Info.ALL


class InfoDict(TypedDict, total=False):
    """What an engine reported about a search: ``score`` (a ``PovScore``), ``pv`` (moves),
    ``depth``, ``seldepth``, ``time`` (seconds), ``nodes``, ``nps``, ``tbhits``,
    ``multipv``, ``currmove``, ``currmovenumber``, ``hashfull``, ``cpuload``, ``refutation``
    and ``currline`` (dicts of lines), ``wdl`` (a ``PovWdl``), ``ebf``, ``string``, and
    the bounds ``lowerbound``/``upperbound``. A plain ``dict``, each key typed for type
    checkers (every key optional) as python-chess types it: the bounds are not declared."""

    score: PovScore
    pv: List[Move]
    depth: int
    seldepth: int
    time: float
    nodes: int
    nps: int
    tbhits: int
    multipv: int
    currmove: Move
    currmovenumber: int
    hashfull: int
    cpuload: int
    refutation: Dict[Move, List[Move]]
    currline: Dict[int, List[Move]]
    ebf: float
    wdl: PovWdl
    string: str


class BestMove:
    """The move an engine settled on and the reply it expects (``ponder``); either may be
    ``None``."""

    def __init__(self, move: Optional[Move], ponder: Optional[Move]) -> None:
        self.move = move
        self.ponder = ponder

    def __repr__(self) -> str:
        return f"<{type(self).__name__} at {id(self):#x} (move={self.move}, ponder={self.ponder}>"


class PlayResult:
    """What ``play`` returns: the engine's ``move`` (``None`` if it has none, e.g. it
    resigned), the reply it expects (``ponder``), what it reported (``info``), and whether
    it offered a draw or resigned."""

    def __init__(self, move: Optional[Move], ponder: Optional[Move], info: Optional[InfoDict] = None, *,
                 draw_offered: bool = False, resigned: bool = False) -> None:
        self.move = move
        self.ponder = ponder
        self.info = InfoDict() if info is None else info
        self.draw_offered = draw_offered
        self.resigned = resigned

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} at {id(self):#x} (move={self.move}, ponder={self.ponder}, "
                f"info={self.info}, draw_offered={self.draw_offered}, resigned={self.resigned})>")


class Opponent(_Compared):
    """Who the engine plays: ``name``, ``title`` (e.g. ``"GM"``), ``rating``, and whether
    it is an engine. Any may be ``None``."""

    def __init__(self, name: Optional[str], title: Optional[str], rating: Optional[int],
                 is_engine: Optional[bool]) -> None:
        self.name = name
        self.title = title
        self.rating = rating
        self.is_engine = is_engine

    def _values(self) -> Tuple[Any, ...]:
        return (self.name, self.title, self.rating, self.is_engine)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(name={self.name!r}, title={self.title!r}, "
                f"rating={self.rating!r}, is_engine={self.is_engine!r})")


class Option(_Compared):
    """An option an engine declares: its ``name``, ``type`` (``"check"``, ``"spin"``,
    ``"combo"``, ``"button"``, ``"string"``, and XBoard's ``"file"``, ``"path"``,
    ``"reset"``, ``"save"``), ``default``, the bounds of a spin and the choices (``var``)
    of a combo."""

    __slots__ = {
        "name": "The option's name, as the engine wrote it.",
        "type": "Its kind (check, spin, combo, button, string; XBoard's file, path, reset, save).",
        "default": "The engine's default value (None if it has none).",
        "min": "The least value of a spin option (None otherwise).",
        "max": "The greatest value of a spin option (None otherwise).",
        "var": "The choices of a combo option.",
    }

    def __init__(self, name: str, type: str, default: ConfigValue, min: Optional[int],
                 max: Optional[int], var: Optional[List[str]]) -> None:
        self.name = name
        self.type = type
        self.default = default
        self.min = min
        self.max = max
        self.var = var

    def parse(self, value: ConfigValue) -> ConfigValue:
        """The value as this option takes it; ``EngineError`` when it cannot."""
        if self.type == "check":
            return value and value != "false"
        if self.type == "spin":
            try:
                number = int(value)  # type: ignore[arg-type]
            except ValueError:
                raise EngineError(f"expected integer for spin option {self.name!r}, got: {value!r}") from None
            if self.min is not None and number < self.min:
                raise EngineError(f"expected value for option {self.name!r} to be at least {self.min}, got: {number}")
            if self.max is not None and number > self.max:
                raise EngineError(f"expected value for option {self.name!r} to be at most {self.max}, got: {number}")
            return number
        if self.type == "combo":
            text = str(value)
            if text not in (self.var or []):
                raise EngineError(f"invalid value for combo option {self.name!r}, got: {text} "
                                  f"(available: {', '.join(self.var) if self.var else '-'})")
            return text
        if self.type in ("button", "reset", "save"):
            return None
        if self.type in ("string", "file", "path"):
            text = str(value)
            if "\n" in text or "\r" in text:
                raise EngineError(f"invalid line-break in string option {self.name!r}: {text!r}")
            return text
        raise EngineError(f"unknown option type: {self.type!r}")

    def is_managed(self) -> bool:
        """Whether lerf sets this option itself (``MANAGED_OPTIONS``)."""
        return self.name.lower() in MANAGED_OPTIONS

    def _values(self) -> Tuple[Any, ...]:
        return (self.name, self.type, self.default, self.min, self.max, self.var)

    def __hash__(self) -> int:  # type: ignore[override]
        # As python-chess's frozen dataclass: its fields', so an option with a list of
        # values (a combo's ``var``) cannot be hashed.
        return hash(self._values())

    def __repr__(self) -> str:
        return (f"Option(name={self.name!r}, type={self.type!r}, default={self.default!r}, "
                f"min={self.min!r}, max={self.max!r}, var={self.var!r})")


class UciOptionMap(MutableMapping[str, T]):
    """A dict whose keys are option names, looked up regardless of case (as UCI names
    are); it keeps each name as first set."""

    def __init__(self, data: Optional[Iterable[Tuple[str, T]]] = None, **kwargs: T) -> None:
        self._store: Dict[str, Tuple[str, T]] = {}
        if data is not None:
            self.update(data)
        self.update(kwargs)

    def __setitem__(self, key: str, value: T) -> None:
        self._store[key.lower()] = (key, value)

    def __getitem__(self, key: str) -> T:
        return self._store[key.lower()][1]

    def __delitem__(self, key: str) -> None:
        del self._store[key.lower()]

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self._store.values())

    def __len__(self) -> int:
        return len(self._store)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key.lower() in self._store

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        if len(self) != len(other):
            return False
        # Both ways: a plain dict on the other side looks names up as they are written.
        return (all(key in other and other[key] == value for key, value in self.items())
                and all(key in self and self[key] == value for key, value in other.items()))

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> "UciOptionMap[T]":
        """A shallow copy."""
        return type(self)(self._store.values())

    def __copy__(self) -> "UciOptionMap[T]":
        return self.copy()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({dict(self.items())!r})"
