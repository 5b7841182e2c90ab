"""The evaluation scores of python-chess's ``chess.engine``: what ``node.eval()`` of a PGN
game returns and ``node.set_eval()`` takes.

``Cp`` (centipawns), ``Mate`` (mate in n; negative when being mated), ``MateGiven`` (the
side has mated) and ``PovScore`` (a score with the side whose view it is). Scores are
totally ordered (being mated soonest < being mated later < any centipawn score < mating
later < mating sooner < ``MateGiven``) and negate to the other side's view.

lerf does not talk to engines: the engine protocol and the win/draw/loss models of
``chess.engine`` are not here.
"""

from __future__ import annotations

from typing import Optional, Tuple, Union

__all__ = ["Score", "Cp", "Mate", "MateGivenType", "MateGiven", "PovScore"]


class Score:
    """An evaluation from one side's view (abstract: ``Cp``, ``Mate`` or ``MateGiven``)."""

    __slots__ = ()

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

    def __neg__(self) -> "Score":
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

    def __hash__(self) -> int:
        return hash(self._order())


class Cp(Score):
    """A score in centipawns."""

    __slots__ = ("cp",)

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

    __slots__ = ("moves",)

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def mate(self) -> int:
        return self.moves

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

    __slots__ = ("relative", "turn")

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

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PovScore):
            return NotImplemented
        return self.white() == other.white()

    def __hash__(self) -> int:
        return hash(self.white())
