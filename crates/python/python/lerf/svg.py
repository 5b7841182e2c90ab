"""``Arrow``, python-chess's ``chess.svg.Arrow``: the marked squares and arrows of PGN
comments (``[%csl Ga1]``, ``[%cal Ra1h8]``) that ``node.arrows()`` returns and
``node.set_arrows()`` takes. lerf draws no boards: the rest of ``chess.svg`` is not here."""

from __future__ import annotations

from . import SQUARE_NAMES, parse_square

__all__ = ["Arrow"]

_COLORS = {"R": "red", "G": "green", "Y": "yellow", "B": "blue"}
_LETTERS = {"red": "R", "yellow": "Y", "blue": "B"}


class Arrow:
    """An arrow from ``tail`` to ``head`` (a marked square when they are the same), in a
    color (``"green"`` by default; PGN knows red, green, yellow and blue)."""

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        self.tail = tail
        self.head = head
        self.color = color

    def pgn(self) -> str:
        """As a PGN comment writes it: ``Ga1`` or ``Ra1h8`` (colors other than red,
        yellow and blue are written as green)."""
        letter = _LETTERS.get(self.color, "G")
        if self.tail == self.head:
            return letter + SQUARE_NAMES[self.tail]
        return letter + SQUARE_NAMES[self.tail] + SQUARE_NAMES[self.head]

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        return f"Arrow({SQUARE_NAMES[self.tail].upper()}, {SQUARE_NAMES[self.head].upper()}, color={self.color!r})"

    @classmethod
    def from_pgn(cls, pgn: str) -> "Arrow":
        """The arrow of ``Ga1`` or ``Ra1h8``: a color letter (R, G, Y, B; green when there
        is none), then one square or two (``ValueError`` for anything else)."""
        color = _COLORS.get(pgn[:1])
        if color is None:
            color = "green"
        else:
            pgn = pgn[1:]
        tail = parse_square(pgn[:2])
        head = parse_square(pgn[2:]) if len(pgn) > 2 else tail
        return cls(tail, head, color=color)
