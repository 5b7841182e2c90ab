"""Whether horde's White (the horde, no king) has too little material to ever mate.

The answer python-chess 1.11.2 gives, by material alone. White's material is counted in
units: each pawn, knight, rook and queen, and its bishops up to two of each square colour
(a third same-coloured bishop covers nothing new). Four units always mate; a pawn or queen
with anything else, or a rook with anything but a lone bishop, mate too. Below that, the
answer depends on what Black owns: Black's own pieces are what box its king in for a mate.
"""

from __future__ import annotations

from typing import Any

from .. import BB_DARK_SQUARES, BB_LIGHT_SQUARES
from .. import popcount as _count


class _Material:
    """The counts the rules read, White's and Black's."""

    def __init__(self, board: Any) -> None:
        white, black = board.occupied_co[True], board.occupied_co[False]
        self.pawns, self.knights = _count(white & board.pawns), _count(white & board.knights)
        self.rooks, self.queens = _count(white & board.rooks), _count(white & board.queens)
        self.light = _count(white & board.bishops & BB_LIGHT_SQUARES)
        self.dark = _count(white & board.bishops & BB_DARK_SQUARES)
        self.bishops = self.light + self.dark
        self.units = (self.pawns + self.knights + self.rooks + self.queens
                      + min(self.light, 2) + min(self.dark, 2))
        # Black: everything it has (its king too), and each kind of piece.
        self.total = _count(black)
        self.b_pawns, self.b_knights = _count(black & board.pawns), _count(black & board.knights)
        self.b_rooks, self.b_queens = _count(black & board.rooks), _count(black & board.queens)
        self.b_light = _count(black & board.bishops & BB_LIGHT_SQUARES)
        self.b_dark = _count(black & board.bishops & BB_DARK_SQUARES)
        self.b_bishops = self.b_light + self.b_dark
        # Black's bishops on the squares White's bishops do not reach (White's bishops are
        # taken as light-squared when it has a light one) and on those they do.
        light_horde = self.light >= 1
        self.b_other = self.b_dark if light_horde else self.b_light
        self.b_same = self.b_light if light_horde else self.b_dark


def _at_least_two(*conditions: bool) -> bool:
    return sum(conditions) >= 2


def _lone_piece_cannot_mate(m: _Material, piece: str) -> bool:
    """White has one unit, `piece` ("q", "r", "b" or "n"), against Black's army."""
    if m.total == 1:
        return True
    if piece == "q":
        # A queen mates a cornered king walled in by a pawn or rook, or two same-coloured
        # bishops.
        return not (m.b_pawns or m.b_rooks or m.b_light >= 2 or m.b_dark >= 2)
    if piece == "r":
        # A rook needs two of Black's pawns, or two of pawn, rook and knight, one each.
        return not (m.b_pawns >= 2 or _at_least_two(m.b_rooks >= 1, m.b_pawns >= 1, m.b_knights >= 1))
    if piece == "b":
        return not (m.b_other >= 2 or (m.b_other >= 1 and m.b_pawns >= 1) or m.b_pawns >= 2)
    # A knight smothers a king only behind four or more of Black's pieces, two of them
    # blockers of the right kinds, and not most of them bishops of one colour.
    walls = (m.b_knights >= 2 or m.b_pawns >= 2
             or _at_least_two(m.b_rooks >= 1, m.b_knights >= 1, m.b_bishops >= 1, m.b_pawns >= 1))
    bishops_ok = all(m.total - same >= 3 for same in (m.b_dark, m.b_light) if same >= 2)
    return not (m.total >= 4 and walls and bishops_ok)


def _two_minors_cannot_mate(m: _Material) -> bool:
    """White has two units of minor pieces (or a rook and a bishop against a king with
    nothing but bishops on the bishop's colour besides)."""
    if m.total == 1:
        return True
    if m.knights == 2:
        return not (m.b_pawns + m.b_bishops + m.b_knights >= 1)
    if m.light >= 1 and m.dark >= 1:
        return not (m.b_pawns or m.b_bishops or (m.b_knights and m.b_rooks + m.b_queens))
    if m.bishops >= 1 and m.knights >= 1:
        return not (m.b_pawns or m.b_other or m.total - m.b_same >= 3)
    # Bishops of one colour: Black must block the other colour's squares round its king.
    return not (m.b_knights >= 2 or m.b_pawns >= 2 or m.b_other >= 2
                or _at_least_two(m.b_pawns >= 1, m.b_other >= 1, m.b_knights >= 1))


def horde_cannot_mate(board: Any) -> bool:
    """Whether White's material on ``board`` can never mate Black (``HordeBoard``'s
    ``has_insufficient_material(chess.WHITE)``)."""
    m = _Material(board)
    if m.units == 0:
        return True
    if m.units >= 4 or ((m.pawns or m.queens) and m.units >= 2):
        return False
    if m.rooks and m.units >= 2:
        rook_and_bishop = m.units == 2 and m.rooks == 1 and m.bishops == 1
        if not (rook_and_bishop and m.total - m.b_same == 1):
            return False
    if m.units == 1:
        if m.pawns:
            # The pawn promotes: White cannot mate if neither a queen nor a knight can.
            return _lone_piece_cannot_mate(m, "q") and _lone_piece_cannot_mate(m, "n")
        piece = "q" if m.queens else "r" if m.rooks else "b" if m.bishops else "n"
        return _lone_piece_cannot_mate(m, piece)
    if m.units == 2:
        return _two_minors_cannot_mate(m)
    # Three minor units: two knights and a bishop, three knights, or bishops of both colours
    # and one more piece mate a cornered king. Two same-coloured bishops and a knight mate
    # only when Black has a piece besides its king to move instead of it.
    if (m.knights == 2 and m.bishops == 1) or m.knights == 3 or (m.light >= 1 and m.dark >= 1):
        return False
    return m.total == 1
