"""python-chess's ``chess.svg``: boards, pieces and arrows drawn as SVG, as python-chess 1.11
draws them (the same picture, lerf's own markup: valid SVG 1.1, which its DTD accepts),
for notebooks (``_repr_svg_`` of boards,
pieces and square sets), reports and web pages.

>>> import lerf as chess
>>> import lerf.svg
>>> board = chess.Board("8/8/8/8/4N3/8/8/8 w - - 0 1")
>>> svg = lerf.svg.board(board, arrows=[lerf.svg.Arrow(chess.E4, chess.F6)], size=350)
>>> svg.startswith("<svg") and "white-knight" in svg
True

The pieces are Colin M. L. Burnett's drawings, under the BSD licence (``_svg_pieces.py``).
"""

from __future__ import annotations

import math
from typing import Dict, Iterable, Optional, Tuple, Union

from . import SQUARE_NAMES, parse_square
from ._svg_pieces import PIECES

__all__ = ["Arrow", "SvgWrapper", "board", "piece", "DEFAULT_COLORS", "PIECES", "SQUARE_SIZE"]

#: The side of a square, in the SVG's user units.
SQUARE_SIZE = 45

#: The colors ``board()`` uses where its ``colors`` argument names none. A value is
#: ``#rrggbb`` (opaque), or ``#rrggbbaa`` / ``#rgba`` (with an opacity).
DEFAULT_COLORS = {
    "square light": "#ffce9e",
    "square dark": "#d18b47",
    "square dark lastmove": "#aaa23b",
    "square light lastmove": "#cdd16a",
    "margin": "#212121",
    "inner border": "#111",
    "outer border": "#111",
    "coord": "#e5e5e5",
    "arrow green": "#15781B80",
    "arrow red": "#88202080",
    "arrow yellow": "#e68f00b3",
    "arrow blue": "#00308880",
}

_SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 {0} {0}"'
_NAMES = {
    "P": "white-pawn", "N": "white-knight", "B": "white-bishop", "R": "white-rook", "Q": "white-queen", "K": "white-king",
    "p": "black-pawn", "n": "black-knight", "b": "black-bishop", "r": "black-rook", "q": "black-queen", "k": "black-king",
}
# A cross on a marked square: a black stroke in a white one, corner to corner.
_CROSS = (
    '<g id="xx"><path d="M10.47 10.47 34.53 34.53M34.53 10.47 10.47 34.53" fill="none" stroke="#fff" '
    'stroke-width="5.468" stroke-linecap="round" /><path d="M10.47 10.47 34.53 34.53M34.53 10.47 10.47 34.53" '
    'fill="none" stroke="#000" stroke-width="2.092" stroke-linecap="round" /></g>'
)
# A red glow on a king in check, fading to transparent at the square's edge.
_GLOW = (
    '<radialGradient id="check_gradient" r="0.5"><stop offset="0%" stop-color="#ff0000" stop-opacity="1.0" />'
    '<stop offset="50%" stop-color="#e70000" stop-opacity="1.0" />'
    '<stop offset="100%" stop-color="#9e0000" stop-opacity="0.0" /></radialGradient>'
)
_FONT = 'font-family="DejaVu Sans, Bitstream Vera Sans, Verdana, sans-serif" font-size="12" text-anchor="middle"'
# Where a coordinate's text sits: files' baselines below the margin's top edge, ranks'
# below their square's top edge, ranks' centres right of the margin's left edge.
_FILE_BASELINE, _RANK_BASELINE, _RANK_CENTRE, _FILE_CENTRE = 10.8, 26.24, 7.5, 22.0


class SvgWrapper(str):
    """An SVG image as a ``str`` that notebooks (Jupyter, VS Code, anything that renders
    IPython's rich output) draw instead of printing."""

    def _repr_svg_(self) -> "SvgWrapper":
        return self

    def _repr_html_(self) -> "SvgWrapper":
        return self


def _paint(color: str) -> str:
    """``fill``-ready attributes of a color: ``#rrggbbaa`` and ``#rgba`` become a color and
    an opacity; anything else is used as it is (escaped for an attribute)."""
    if color.startswith("#"):
        try:
            if len(color) == 9:
                return f'"{_attribute(color[:7])}" opacity="{int(color[7:], 16) / 255!r}"'
            if len(color) == 5:
                return f'"{_attribute(color[:4])}" opacity="{int(color[4] * 2, 16) / 255!r}"'
        except ValueError:
            pass  # not hexadecimal: used as it is, as python-chess does
    return f'"{_attribute(color)}"'


def _attribute(text: str) -> str:
    """Text made safe inside a double-quoted attribute."""
    if not any(c in text for c in '&<>"'):
        return text
    return _escape(text).replace('"', "&quot;")


def piece(piece, size: Optional[int] = None) -> SvgWrapper:
    """A piece (``lerf.Piece``) alone, drawn on a 45 by 45 square; ``size`` sets the width
    and height in pixels."""
    parts = [_SVG_OPEN.format(SQUARE_SIZE)]
    if size is not None:
        parts.append(f' width="{size}" height="{size}"')
    parts.append(">")
    parts.append(PIECES[piece.symbol()])
    parts.append("</svg>")
    return SvgWrapper("".join(parts))


def board(
    board=None,
    *,
    orientation: bool = True,
    lastmove=None,
    check: Optional[int] = None,
    arrows: Iterable[Union["Arrow", Tuple[int, int]]] = [],
    fill: Dict[int, str] = {},
    squares=None,
    size: Optional[int] = None,
    coordinates: bool = True,
    colors: Dict[str, str] = {},
    flipped: bool = False,
    borders: bool = False,
    style: Optional[str] = None,
) -> SvgWrapper:
    """A board as SVG, as python-chess's ``chess.svg.board`` draws it.

    ``board`` (a ``BaseBoard`` or ``Board``; ``None`` for an empty board), seen from
    ``orientation`` (``True`` for White; ``flipped=True`` turns it round, as python-chess's
    older argument did); ``lastmove`` colors its two squares; ``check`` a square to glow
    red; ``arrows`` are ``Arrow`` objects or ``(tail, head)`` pairs (a pair of one square is
    a circle); ``fill`` maps squares to colors laid over them; ``squares`` are marked with a
    cross; ``size`` is the width and height in pixels (none by default: the image scales);
    ``coordinates`` the margin with the files and ranks; ``colors`` replaces entries of
    ``DEFAULT_COLORS``; ``borders`` draws a line round the board (and round the margin);
    ``style`` is CSS put into the image."""
    palette = DEFAULT_COLORS if not colors else {**DEFAULT_COLORS, **colors}
    white_up = bool(orientation) ^ bool(flipped)
    layout = _layout(white_up, coordinates, borders, palette)

    placement = None
    if board is not None:
        placement = _placement(board.board_fen())
    marked = _square_list(squares)
    lastmove_squares = () if lastmove is None else (lastmove.from_square, lastmove.to_square)

    parts = [_SVG_OPEN.format(layout.size)]
    if size is not None:
        parts.append(f' width="{size}" height="{size}"')
    parts.append(">")
    if style:
        parts.append(f'<style type="text/css">{_escape(style)}</style>')
    if board is not None:
        parts.append(f"<desc>{_escape(str(board))}</desc>")

    defs = []
    if placement:
        seen = set()
        for _, symbol in placement:
            if symbol not in seen:
                seen.add(symbol)
                defs.append(PIECES[symbol])
    if marked:
        defs.append(_CROSS)
    if check is not None:
        defs.append(_GLOW)
    parts.append(f"<defs>{''.join(defs)}</defs>" if defs else "<defs />")

    corners = layout.corners
    parts.append(layout.frame)
    if not fill and not lastmove_squares:
        parts.append(layout.all_squares)
    else:
        for square in range(64):
            if square in lastmove_squares:
                parts.append(layout.last_squares[square])
            else:
                parts.append(layout.squares[square])
            over = fill.get(square) if fill else None
            if over is not None:
                x, y = corners[square]
                parts.append(f'<rect x="{x}" y="{y}" width="45" height="45" stroke="none" fill={_paint(over)} />')
    if check is not None:
        x, y = layout.corner(check)
        parts.append(f'<rect x="{x}" y="{y}" width="45" height="45" class="check" fill="url(#check_gradient)" />')

    marked_set = set(marked)
    pieces = dict(placement) if placement else {}
    for square in sorted(set(pieces) | marked_set):
        x, y = corners[square]
        symbol = pieces.get(square)
        if symbol is not None:
            name = _NAMES[symbol]
            parts.append(f'<use xlink:href="#{name}" transform="translate({x}, {y})" />')
        if square in marked_set:
            parts.append(f'<use xlink:href="#xx" x="{x}" y="{y}" />')

    for arrow in arrows:
        parts.append(_arrow(arrow, layout, palette))
    parts.append("</svg>")
    return SvgWrapper("".join(parts))


class _Layout:
    """What every board of one orientation, layout and palette draws the same way: the
    borders, margin and coordinates, each square's rectangle (plain and as part of the last
    move) and each square's top-left corner."""

    __slots__ = ("size", "frame", "squares", "last_squares", "all_squares", "corners", "white_up", "origin")

    def __init__(self, white_up: bool, coordinates: bool, borders: bool, palette: Dict[str, str]) -> None:
        margin = 15 if coordinates else 0
        outer = 1 if borders else 0
        inner = 1 if borders and coordinates else 0
        origin = self.origin = outer + margin + inner
        self.white_up = white_up
        full = self.size = 2 * origin + 8 * SQUARE_SIZE
        frame = []
        if outer:
            frame.append(
                f'<rect x="0.5" y="0.5" width="{full - 1}" height="{full - 1}" fill="none" '
                f'stroke={_paint(palette["outer border"])} stroke-width="1" />'
            )
        if coordinates:
            band = outer + margin / 2
            frame.append(
                f'<rect x="{band}" y="{band}" width="{full - 2 * outer - margin}" height="{full - 2 * outer - margin}" '
                f'fill="none" stroke={_paint(palette["margin"])} stroke-width="{margin}" />'
            )
        if inner:
            at = outer + margin + 0.5
            frame.append(
                f'<rect x="{at}" y="{at}" width="{8 * SQUARE_SIZE + 1}" height="{8 * SQUARE_SIZE + 1}" fill="none" '
                f'stroke={_paint(palette["inner border"])} stroke-width="1" />'
            )
        if coordinates:
            frame.append(_coordinates(white_up, origin, inner, palette["coord"]))
        self.frame = "".join(frame)
        self.corners = []
        self.squares = []
        self.last_squares = []
        for square in range(64):
            file, rank = square & 7, square >> 3
            column, row = (file, 7 - rank) if white_up else (7 - file, rank)
            x, y = origin + column * SQUARE_SIZE, origin + row * SQUARE_SIZE
            self.corners.append((x, y))
            shade = "light" if (file + rank) & 1 else "dark"
            for kind, out in ((shade, self.squares), (shade + " lastmove", self.last_squares)):
                out.append(
                    f'<rect x="{x}" y="{y}" width="45" height="45" class="square {kind} {SQUARE_NAMES[square]}" '
                    f'stroke="none" fill={_paint(palette["square " + kind])} />'
                )
        self.all_squares = "".join(self.squares)

    def corner(self, square: int) -> Tuple[int, int]:
        """The top-left corner of a square; of any other number too, by its file and rank
        as python-chess places it (off the board), with Python's errors for what is no
        integer."""
        file, rank = square & 7, square >> 3
        if 0 <= square < 64:
            return self.corners[square]
        column, row = (file, 7 - rank) if self.white_up else (7 - file, rank)
        return self.origin + column * SQUARE_SIZE, self.origin + row * SQUARE_SIZE


_LAYOUTS: Dict[tuple, _Layout] = {}


def _layout(white_up: bool, coordinates: bool, borders: bool, palette: Dict[str, str]) -> _Layout:
    """The layout of these arguments, made once (a few palettes are kept)."""
    key = (white_up, bool(coordinates), bool(borders), None if palette is DEFAULT_COLORS else tuple(palette.items()))
    layout = _LAYOUTS.get(key)
    if layout is None:
        if len(_LAYOUTS) >= 64:
            _LAYOUTS.clear()
        layout = _LAYOUTS[key] = _Layout(white_up, coordinates, borders, palette)
    return layout


def _placement(board_fen: str):
    """(square, symbol) of every piece of a FEN's board part, a8 first."""
    out = []
    square = 56
    for char in board_fen:
        if char == "/":
            square -= 16
        elif char.isdigit():
            square += int(char)
        elif char in _NAMES:
            out.append((square, char))
            square += 1
    return out


def _square_list(squares) -> list:
    """The squares of a ``SquareSet``, a mask or any iterable of squares."""
    if squares is None:
        return []
    if isinstance(squares, int):
        return [s for s in range(64) if squares >> s & 1]
    return list(squares)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _coordinates(white_up: bool, origin: int, inner: int, color: str) -> str:
    """The files' letters above and below the board, the ranks' digits beside it."""
    paint = _paint(color)
    # One color for the letters' fill and outline, with its opacity once.
    if " " in paint:
        color, opacity = paint.split(" ", 1)
        paint = f'{color} stroke={color} {opacity}'
    else:
        paint = f"{paint} stroke={paint}"
    low = origin + 8 * SQUARE_SIZE + inner
    parts = []
    for file, letter in enumerate("abcdefgh"):
        column = file if white_up else 7 - file
        x = origin + column * SQUARE_SIZE + _FILE_CENTRE
        for top in (1, low):
            parts.append(f'<text x="{x}" y="{top + _FILE_BASELINE}" {_FONT} fill={paint} stroke-width="0.75">{letter}</text>')
    for rank in range(8):
        row = 7 - rank if white_up else rank
        y = origin + row * SQUARE_SIZE + _RANK_BASELINE
        for left in (0, low):
            parts.append(f'<text x="{left + _RANK_CENTRE}" y="{y}" {_FONT} fill={paint} stroke-width="0.75">{rank + 1}</text>')
    return "".join(parts)


def _arrow(arrow, layout: "_Layout", palette: Dict[str, str]) -> str:
    """An arrow from the middle of its tail square to near the middle of its head square, or
    a ring round one square."""
    if isinstance(arrow, Arrow):
        tail, head, color = arrow.tail, arrow.head, arrow.color
    else:
        tail, head = arrow
        color = "green"
    key = "arrow " + color
    paint = _paint(palette[key]) if key in palette else f'"{_attribute(color)}"'
    tx, ty = layout.corner(tail)
    hx, hy = layout.corner(head)
    half = SQUARE_SIZE / 2
    tx, ty, hx, hy = tx + half, ty + half, hx + half, hy + half
    if tail == head:
        return (
            f'<circle cx="{tx}" cy="{ty}" r="{SQUARE_SIZE * 0.45}" stroke-width="{SQUARE_SIZE * 0.1}" '
            f'stroke={paint} fill="none" class="circle" />'
        )
    length = math.hypot(hx - tx, hy - ty)
    ux, uy = (hx - tx) / length, (hy - ty) / length
    head_size, gap = SQUARE_SIZE * 0.75, SQUARE_SIZE * 0.1
    sx, sy = hx - ux * (head_size + gap), hy - uy * (head_size + gap)
    px, py = -uy * head_size / 2, ux * head_size / 2
    points = f"{hx - ux * gap},{hy - uy * gap} {sx + px},{sy + py} {sx - px},{sy - py}"
    return (
        f'<line x1="{tx}" y1="{ty}" x2="{sx}" y2="{sy}" stroke={paint} stroke-width="{SQUARE_SIZE * 0.2}" '
        f'stroke-linecap="butt" class="arrow" />'
        f'<polygon points="{points}" fill={paint} class="arrow" />'
    )


# The color letters of PGN's [%csl]/[%cal] marks, both ways.
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
