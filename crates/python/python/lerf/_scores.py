"""The evaluation scores of python-chess's ``chess.engine`` and their win/draw/loss models:
what an engine's ``info`` reports, what ``node.eval()`` of a PGN game returns and
``node.set_eval()`` takes.

``Cp`` (centipawns), ``Mate`` (mate in n; negative when being mated), ``MateGiven`` (the
side has mated) and ``PovScore`` (a score with the side whose view it is). Scores are
totally ordered (being mated soonest < being mated later < any centipawn score < mating
later < mating sooner < ``MateGiven``) and negate to the other side's view.

``Wdl`` (wins, draws and losses per mille) and ``PovWdl`` are what Stockfish reports with
``UCI_ShowWDL`` and what ``score.wdl(model=..., ply=...)`` estimates: Stockfish's fitted
win-rate models of versions 12 to 16.1 (``"sf"`` is the newest) and Lichess's curve.

This module is light on purpose (PGN evaluations need it, and nothing of the engine
protocol): ``lerf.engine`` re-exports it.
"""

from __future__ import annotations

import math
from typing import Iterator, Literal, Optional, Tuple, Union, overload

__all__ = ["Score", "Cp", "Mate", "MateGivenType", "MateGiven", "PovScore", "Wdl", "PovWdl", "WdlModel"]

#: The win/draw/loss models ``wdl()`` knows.
WdlModel = Literal["sf", "sf16.1", "sf16", "sf15.1", "sf15", "sf14", "sf12", "lichess"]


class Score:
    """An evaluation from one side's view (abstract: ``Cp``, ``Mate`` or ``MateGiven``)."""

    __slots__ = ()

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """Centipawns; for a mate, ``None`` unless ``mate_score`` says what a mate is worth
        (then a mate in n is worth ``mate_score - n``)."""
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        """Moves to mate (negative when being mated; 0 for both ``Mate(0)`` and
        ``MateGiven``), or ``None`` for a centipawn score."""
        raise NotImplementedError

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.mate() is not None

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "Wdl":
        """The expected wins, draws and losses per mille for this score at move ``ply``
        (half-moves played), by ``model``: ``"sf"`` (Stockfish 16.1, its newest),
        ``"sf16.1"``, ``"sf16"``, ``"sf15.1"``, ``"sf15"``, ``"sf14"``, ``"sf12"`` or
        ``"lichess"`` (Lichess's winning-chances curve, which has no draws)."""
        mate = self.mate()
        if mate is None:
            return _cp_wdl(self.score(), model, ply)
        if model == "lichess" and mate != 0:
            pawns = 21 - min(10, abs(mate))
            return _lichess_wdl(pawns * 100 if mate > 0 else -pawns * 100)
        if mate > 0 or (mate == 0 and isinstance(self, MateGivenType)):
            return Wdl(1000, 0, 0)
        return Wdl(0, 0, 1000)

    def __neg__(self) -> "Score":
        raise NotImplementedError

    def __pos__(self) -> "Score":
        raise NotImplementedError

    def __abs__(self) -> "Score":
        raise NotImplementedError

    def _order(self) -> Tuple[bool, bool, bool, int, Optional[int]]:
        # Sorting key: MateGiven above all; then mating (sooner is better); then
        # centipawns; then being mated (later is better).
        mate = self.mate()
        return (isinstance(self, MateGivenType), mate is not None and mate > 0, mate is None, -(mate or 0), self.score())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._order() == other._order()

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._order() < other._order()

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._order() <= other._order()

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._order() > other._order()

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._order() >= other._order()

    # Unhashable, as python-chess's scores are (equality without a hash).
    __hash__ = None  # type: ignore[assignment]


class Cp(Score):
    """A score in centipawns."""

    __slots__ = {"cp": "The score in centipawns (positive: the side it is seen from is better)."}

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def mate(self) -> None:
        return None

    def score(self, *, mate_score: Optional[int] = None) -> int:
        return self.cp

    def __str__(self) -> str:
        return f"+{self.cp:d}" if self.cp > 0 else str(self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __pos__(self) -> "Cp":
        return Cp(self.cp)

    def __abs__(self) -> "Cp":
        return Cp(abs(self.cp))


class Mate(Score):
    """Mate in ``moves`` (negative: mated in that many)."""

    __slots__ = {"moves": "Moves to mate: positive when mating, negative when being mated."}

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def mate(self) -> int:
        return self.moves

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return (mate_score if self.moves > 0 else -mate_score) - self.moves

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return f"Mate({str(self)[1:]})"

    def __neg__(self) -> Union["MateGivenType", "Mate"]:
        return Mate(-self.moves) if self.moves else MateGiven

    def __pos__(self) -> "Mate":
        return Mate(self.moves)

    def __abs__(self) -> Union["MateGivenType", "Mate"]:
        return Mate(abs(self.moves)) if self.moves else MateGiven


class MateGivenType(Score):
    """The side has given mate (``-Mate(0)``); ``MateGiven`` is its one value."""

    __slots__ = ()

    def mate(self) -> int:
        return 0

    @overload
    def score(self, *, mate_score: int) -> int: ...
    @overload
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def __neg__(self) -> Mate:
        return Mate(0)

    def __pos__(self) -> "MateGivenType":
        return self

    def __abs__(self) -> "MateGivenType":
        return self

    def __repr__(self) -> str:
        return "MateGiven"

    def __str__(self) -> str:
        return "#+0"


MateGiven = MateGivenType()


class PovScore:
    """A score (``relative``) from the view of the side ``turn`` (``True`` for White)."""

    __slots__ = {
        "relative": "The score from the view of the side ``turn``.",
        "turn": "The side the relative score is seen from.",
    }

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        """The score from White's view."""
        return self.pov(True)

    def black(self) -> Score:
        """The score from Black's view."""
        return self.pov(False)

    def pov(self, color: bool) -> Score:
        """The score from ``color``'s view."""
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.relative.is_mate()

    def wdl(self, *, model: WdlModel = "sf", ply: int = 30) -> "PovWdl":
        """The win/draw/loss estimate of the score (see ``Score.wdl``), from the same
        side's view."""
        return PovWdl(self.relative.wdl(model=model, ply=ply), self.turn)

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PovScore):
            return NotImplemented
        return self.white() == other.white()

    # Unhashable, as python-chess's scores are (equality without a hash).
    __hash__ = None  # type: ignore[assignment]


class Wdl:
    """Wins, draws and losses (counts or per mille) from one side's view."""

    __slots__ = {
        "wins": "Expected wins, per mille (or a count).",
        "draws": "Expected draws, per mille (or a count).",
        "losses": "Expected losses, per mille (or a count).",
    }

    def __init__(self, wins: int, draws: int, losses: int) -> None:
        self.wins = wins
        self.draws = draws
        self.losses = losses

    def total(self) -> int:
        """Wins, draws and losses together."""
        return self.wins + self.draws + self.losses

    def winning_chance(self) -> float:
        """The share of wins."""
        return self.wins / self.total()

    def drawing_chance(self) -> float:
        """The share of draws."""
        return self.draws / self.total()

    def losing_chance(self) -> float:
        """The share of losses."""
        return self.losses / self.total()

    def expectation(self) -> float:
        """The expected points: a win is one, a draw a half."""
        return (self.wins + 0.5 * self.draws) / self.total()

    def __bool__(self) -> bool:
        return bool(self.total())

    def __iter__(self) -> Iterator[int]:
        return iter((self.wins, self.draws, self.losses))

    def __neg__(self) -> "Wdl":
        return Wdl(self.losses, self.draws, self.wins)

    def __pos__(self) -> "Wdl":
        return self

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.wins, self.draws, self.losses) == (other.wins, other.draws, other.losses)  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Wdl(wins={self.wins!r}, draws={self.draws!r}, losses={self.losses!r})"


class PovWdl:
    """A ``Wdl`` (``relative``) from the view of the side ``turn``; iterates, indexes and
    compares with a tuple as its relative value does."""

    __slots__ = {
        "relative": "The score from the view of the side ``turn``.",
        "turn": "The side the relative score is seen from.",
    }

    def __init__(self, relative: Wdl, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Wdl:
        """The estimate from White's view."""
        return self.pov(True)

    def black(self) -> Wdl:
        """The estimate from Black's view."""
        return self.pov(False)

    def pov(self, color: bool) -> Wdl:
        """The estimate from ``color``'s view."""
        return self.relative if self.turn == color else -self.relative

    def __bool__(self) -> bool:
        return bool(self.relative)

    def __iter__(self) -> Iterator[int]:
        return iter(self.relative)

    def __len__(self) -> int:
        return 3

    def __getitem__(self, index: int) -> int:
        return (self.relative.wins, self.relative.draws, self.relative.losses)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PovWdl):
            return self.white() == other.white()
        if isinstance(other, tuple):
            return tuple(self.relative) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PovWdl({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"


# Stockfish's win-rate models: the win rate per mille is a logistic curve in the internal
# evaluation x, 1000 / (1 + exp((a - x) / b)), where a and b are cubic polynomials in a
# measure m of the game's progress. Each: (a's coefficients, b's, internal units per
# pawn, the bound on x, m of the ply).
def _m_ply(ply: int) -> float:
    return min(240, max(ply, 0)) / 64


def _m_move(ply: int) -> float:
    return min(max(ply / 2 + 1, 8), 120) / 32


_SF_MODELS = {
    "sf12": ((-8.24404295, 64.23892342, -95.73056462, 153.86478679),
             (-3.37154371, 28.44489198, -56.67657741, 72.05858751), 100, 1000, _m_ply),
    "sf14": ((-3.68389304, 30.07065921, -60.52878723, 149.53378557),
             (-2.01818570, 15.85685038, -29.83452023, 47.59078827), 100, 2000, _m_ply),
    "sf15": ((-0.117202460, 0.594729104, 11.2065546, 122.606222),
             (-1.79066759, 11.30759193, -17.43677612, 36.47147479), 100, 2000, _m_ply),
    "sf15.1": ((-0.58270499, 2.68512549, 15.24638015, 344.49745382),
               (-2.65734562, 15.96509799, -20.69040836, 73.61029937), 361, 4000, _m_ply),
    "sf16": ((0.38036525, -2.82015070, 23.17882135, 307.36768407),
             (-2.29434733, 13.27689788, -14.26828904, 63.45318330), 328, 4000, _m_ply),
    "sf16.1": ((-1.06249702, 7.42016937, 0.89425629, 348.60356174),
               (-5.33122190, 39.57831533, -90.84473771, 123.40620748), 356, 4000, _m_move),
}
_SF_MODELS["sf"] = _SF_MODELS["sf16.1"]


def _sf_wins(cp: int, ply: int, model: tuple) -> int:
    a_coeffs, b_coeffs, pawn, bound, progress = model
    m = progress(ply)
    a = ((a_coeffs[0] * m + a_coeffs[1]) * m + a_coeffs[2]) * m + a_coeffs[3]
    b = ((b_coeffs[0] * m + b_coeffs[1]) * m + b_coeffs[2]) * m + b_coeffs[3]
    x = min(max(cp * pawn / 100, -bound), bound)
    return int(0.5 + 1000 / (1 + math.exp((a - x) / b)))


def _lichess_wdl(cp: int) -> Wdl:
    wins = round(1000 / (1 + math.exp(-0.00368208 * cp)))
    return Wdl(wins, 0, 1000 - wins)


def _cp_wdl(cp: int, model: str, ply: int) -> Wdl:
    if model == "lichess":
        return _lichess_wdl(min(max(cp, -1000), 1000))
    try:
        sf = _SF_MODELS[model]
    except KeyError:
        raise ValueError(f"unknown wdl model: {model!r}") from None
    wins = _sf_wins(cp, ply, sf)
    losses = _sf_wins(-cp, ply, sf)
    return Wdl(wins, 1000 - wins - losses, losses)
