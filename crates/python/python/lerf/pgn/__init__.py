"""PGN for lerf: python-chess's ``chess.pgn`` (games as trees of nodes, visitors,
exporters, ``read_game`` over text handles) read and written by lerf's Rust reader, and
lerf's bulk readers (``read_games`` over paths and ``.pgn.zst``, Arrow ``positions``,
``split`` into shards).

Games, nodes and headers are Rust objects (``lerf_pgn::tree``): a game read by
``read_game`` stays in Rust until Python asks for a node, and ``str(game)`` is written in
Rust. Visitors and exporters are the Python classes below; a visitor of your own is called
from the Rust reader as python-chess calls it.
"""

from __future__ import annotations

import abc
import enum
import logging
import re
from typing import Any, Callable, Generic, List, Optional, TextIO, TypeVar

from .._lerf import Board as _Board
from .._lerf import Move as _Move
from .._lerf import read_game, read_headers, skip_game
from .._lerf import ChildNode, Game, GameNode, Headers, Mainline, NagSet, Variations, _Tree
from ._bulk import POSITION_COLUMNS, positions, read_games, split
from ._time import TimeControl, TimeControlPart, TimeControlType, parse_time_control
# Called from Rust by name on this module for games of variants lerf does not play.
from ._variant import _find_variant, _variant_board, _variant_node_board  # noqa: F401

__all__ = [
    "Game", "GameNode", "ChildNode", "Headers", "Mainline", "BaseVisitor", "GameBuilder",
    "HeadersBuilder", "BoardBuilder", "SkipVisitor", "StringExporterMixin", "StringExporter",
    "FileExporter", "read_game", "read_headers", "skip_game", "parse_time_control",
    "TimeControl", "TimeControlPart", "TimeControlType", "SkipType", "SKIP", "read_games",
    "positions", "split", "POSITION_COLUMNS",
]

#: Errors met while reading are logged here, under python-chess's logger name, so that
#: code that quiets ``logging.getLogger("chess.pgn")`` quiets lerf too.
LOGGER = logging.getLogger("chess.pgn")

# Numeric annotation glyphs (NAG_GOOD_MOVE ...), the PGN standard's numbering.
from ._nags import *  # noqa: E402,F401,F403

# The text patterns of PGN as the reader takes them (the reader itself is Rust; these are
# for scripts that use them directly).
TAG_REGEX = re.compile(r'^\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"([^\r]*)"\]\s*$')
TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")
MOVETEXT_REGEX = re.compile(
    r"([NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?|[PNBRQK]?@[a-h][1-8]|--|Z0|0000|@@@@"
    r"|O-O(?:-O)?|0-0(?:-0)?)|(\{.*)|(;.*)|(\$[0-9]+)|(\()|(\))|(\*|1-0|0-1|1/2-1/2)|([\?!]{1,2})",
    re.DOTALL,
)
SKIP_MOVETEXT_REGEX = re.compile(r";|\{|\}")
_TIME = r"(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)"
CLOCK_REGEX = re.compile(r"(?P<prefix>\s?)\[%clk\s" + _TIME + r"\](?P<suffix>\s?)")
EMT_REGEX = re.compile(r"(?P<prefix>\s?)\[%emt\s" + _TIME + r"\](?P<suffix>\s?)")
EVAL_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%eval\s(?:\#(?P<mate>[+-]?\d+)|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
    r"(?:,(?P<depth>\d+))?\](?P<suffix>\s?)"
)
ARROWS_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%(?:csl|cal)\s(?P<arrows>[RGYB][a-h][1-8](?:[a-h][1-8])?"
    r"(?:,[RGYB][a-h][1-8](?:[a-h][1-8])?)*)\](?P<suffix>\s?)"
)

#: The Seven Tag Roster, in the order it is written.
TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]

ResultT = TypeVar("ResultT", covariant=True)
GameT = TypeVar("GameT", bound=Game)
HeadersT = TypeVar("HeadersT", bound=Headers)


class SkipType(enum.Enum):
    """What a visitor returns to skip a game's movetext, a variation or a SAN."""

    SKIP = None


SKIP = SkipType.SKIP


class BaseVisitor(abc.ABC, Generic[ResultT]):
    """What ``read_game`` and ``accept`` call, in PGN order. Every method may return
    ``SKIP`` where python-chess lets it (``begin_game``, ``end_headers``,
    ``begin_parse_san``, ``begin_variation``); only ``result`` must be written."""

    def begin_game(self) -> Optional[SkipType]:
        """A game starts."""

    def begin_headers(self) -> Optional[Headers]:
        """Its headers start; return a ``Headers`` to have the reader set the board up
        from it."""

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """A tag pair."""

    def end_headers(self) -> Optional[SkipType]:
        """The headers end."""

    def begin_parse_san(self, board: _Board, san: str) -> Optional[SkipType]:
        """A SAN is about to be read (only when reading)."""

    def parse_san(self, board: _Board, san: str) -> _Move:
        """The move a SAN names (only when reading); a ``ValueError`` goes to
        ``handle_error``."""
        return board.parse_san(san)

    def visit_move(self, board: _Board, move: _Move) -> None:
        """A move, with the board before it (leave the board as it is)."""

    def visit_board(self, board: _Board) -> None:
        """The start position, and the position after each move (leave it as it is)."""

    def visit_comment(self, comment: str) -> None:
        """A comment."""

    def visit_nag(self, nag: int) -> None:
        """A NAG."""

    def begin_variation(self) -> Optional[SkipType]:
        """A variation starts (not the main line)."""

    def end_variation(self) -> None:
        """A variation ends."""

    def visit_result(self, result: str) -> None:
        """The result (the ``Result`` tag's, when visiting a game)."""

    def end_game(self) -> None:
        """The game ends."""

    @abc.abstractmethod
    def result(self) -> ResultT:
        """What the visitor made."""

    def handle_error(self, error: Exception) -> None:
        """An error met while reading; raises it by default."""
        raise error


class GameBuilder(BaseVisitor[GameT]):
    """Makes a ``Game`` (``read_game``'s default visitor). Run in Rust when it is this
    exact class making ``Game``s; a subclass is called method by method."""

    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game: GameT = self.Game()
        self.variation_stack: List[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        top = self.variation_stack[-1]
        if self.in_variation or (top.parent is None and top.is_end()):
            # After a move, or before the first one: the node's own comment.
            top.comment = " ".join(text for text in (top.comment, comment) if text)
        else:
            # At the start of a variation: it goes before the next move.
            self.starting_comment = " ".join(text for text in (self.starting_comment, comment) if text)

    def visit_move(self, board: _Board, move: _Move) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        """Logs the error (logger ``chess.pgn``) and keeps it in ``game.errors``."""
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self) -> GameT:
        return self.game


class HeadersBuilder(BaseVisitor[HeadersT]):
    """Collects a game's headers and skips its movetext (``read_headers``)."""

    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> HeadersT:
        self.headers: HeadersT = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> HeadersT:
        return self.headers


class BoardBuilder(BaseVisitor[_Board]):
    """The game's final position, with the main line on the move stack."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: _Board) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> _Board:
        return self.board


class SkipVisitor(BaseVisitor[bool]):
    """Skips a game (``skip_game``)."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> bool:
        return True


class StringExporterMixin:
    """Writes PGN text: tag lines, a blank line, movetext wrapped at ``columns``
    characters (``None``: one line), comments (``{ ... }``) and NAGs unless ``comments`` is
    false, variations unless ``variations`` is false, tags unless ``headers`` is false."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True):
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines: List[str] = []
        self.current_line = ""
        self.variation_depth = 0

    def flush_current_line(self) -> None:
        """Ends the line being written (if it holds anything), without its trailing spaces."""
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token: str) -> None:
        """Adds ``token`` to the line, starting a new line first where it would pass ``columns``."""
        if self.columns is not None and self.columns - len(self.current_line) < len(token):
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line: str = "") -> None:
        """Ends the line being written, then writes ``line`` as a line of its own."""
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self) -> None:
        """Ends the game's text with a blank line."""
        self.write_line()

    def begin_headers(self) -> None:
        """Starts the tag section (nothing written yet)."""
        self.found_headers = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """Writes a tag line (unless tags are left out)."""
        if self.headers:
            self.found_headers = True
            self.write_line(f'[{tagname} "{tagvalue}"]')

    def end_headers(self) -> None:
        """Writes the blank line after the tags, if any were written."""
        if self.found_headers:
            self.write_line()

    def begin_variation(self) -> Optional[SkipType]:
        """Opens a variation (``SKIP`` when variations are left out)."""
        self.variation_depth += 1
        if not self.variations:
            return SKIP
        self.write_token("( ")
        self.force_movenumber = True
        return None

    def end_variation(self) -> None:
        """Closes a variation."""
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def _writes_here(self) -> bool:
        return self.variations or not self.variation_depth

    def visit_comment(self, comment: str) -> None:
        """Writes a comment in braces (``}`` dropped from it), unless comments are left out."""
        if self.comments and self._writes_here():
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        """Writes a NAG (``$n``), unless comments are left out."""
        if self.comments and self._writes_here():
            self.write_token(f"${nag} ")

    def visit_move(self, board: _Board, move: _Move) -> None:
        """Writes the move's SAN, after its move number where one is due."""
        if self._writes_here():
            if board.turn:
                self.write_token(f"{board.fullmove_number}. ")
            elif self.force_movenumber:
                self.write_token(f"{board.fullmove_number}... ")
            self.write_token(board.san(move) + " ")
            self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        """Writes the game's result token."""
        self.write_token(result + " ")


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """Writes games as PGN text (no line end after the last line); ``str(exporter)`` is
    the text so far."""

    def result(self) -> str:
        """The text written so far, without a line end after its last line."""
        lines = self.lines + [self.current_line.rstrip()] if self.current_line else self.lines
        return "\n".join(lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """Writes games as PGN into a text file, each followed by a blank line; ``result()``
    is the number of characters written for the last game."""

    def __init__(self, handle: TextIO, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True):
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle

    def begin_game(self) -> None:
        self.written: int = 0
        super().begin_game()

    def flush_current_line(self) -> None:
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip())
            self.written += self.handle.write("\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip())
        self.written += self.handle.write("\n")

    def result(self) -> int:
        """The number of characters written for the last game."""
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


# ``read_game(handle, *, Visitor=GameBuilder)``, ``read_headers(handle)`` and
# ``skip_game(handle)`` are Rust functions (their docstrings say what they do).


# --- Visiting a game from Python (visitors other than lerf's exact exporters) ---


def _visit_node(node: ChildNode, board: _Board, visitor: BaseVisitor[Any]) -> None:
    """One node: its starting comment, move, the position after it, NAGs, comment."""
    if node.starting_comment:
        visitor.visit_comment(node.starting_comment)
    visitor.visit_move(board, node.move)
    board.push(node.move)
    visitor.visit_board(board)
    board.pop()
    for nag in sorted(node.nags):
        visitor.visit_nag(nag)
    if node.comment:
        visitor.visit_comment(node.comment)


def _visit_line(start: ChildNode, board: _Board, visitor: BaseVisitor[Any], sidelines: bool) -> None:
    """The line from ``start`` in PGN order: each move, then the alternatives to it (when
    ``sidelines``), then what follows it. Iterative, for games of any length."""
    # A frame: [node, stage, alternatives left, variation open]; stages: 0 the node, 1 its
    # alternatives, 2 after its continuation.
    def frame(node: ChildNode, with_sidelines: bool) -> list:
        alternatives = list(node.parent.variations)[1:] if with_sidelines else []
        return [node, 0, iter(alternatives), False]

    stack = [frame(start, sidelines)]
    while stack:
        top = stack[-1]
        if top[3]:
            top[3] = False
            visitor.end_variation()
        node, stage = top[0], top[1]
        if stage == 0:
            _visit_node(node, board, visitor)
            top[1] = 1
        elif stage == 1:
            alternative = next(top[2], None)
            if alternative is not None:
                if visitor.begin_variation() is not SKIP:
                    stack.append(frame(alternative, False))
                top[3] = True
            elif node.variations:
                board.push(node.move)
                top[1] = 2
                stack.append(frame(node.variations[0], True))
            else:
                stack.pop()
        else:
            board.pop()
            stack.pop()


def _accept_game(game: Game, visitor: BaseVisitor[ResultT]) -> ResultT:
    if visitor.begin_game() is not SKIP:
        for tagname, tagvalue in game.headers.items():
            visitor.visit_header(tagname, tagvalue)
        if visitor.end_headers() is not SKIP:
            board = game.board()
            visitor.visit_board(board)
            if game.comment:
                visitor.visit_comment(game.comment)
            if game.variations:
                _visit_line(game.variations[0], board, visitor, True)
            visitor.visit_result(game.headers.get("Result", "*"))
    visitor.end_game()
    return visitor.result()


def _accept_child(node: ChildNode, visitor: BaseVisitor[ResultT]) -> ResultT:
    _visit_line(node, node.parent.board(), visitor, False)
    return visitor.result()


def _accept_mainline(mainline: Mainline, visitor: BaseVisitor[ResultT]) -> ResultT:
    node = mainline.start
    board = node.board()
    while node.variations:
        node = node.variations[0]
        _visit_node(node, board, visitor)
        board.push(node.move)
    return visitor.result()


def _mainline_str(mainline: Mainline) -> str:
    return _accept_mainline(mainline, StringExporter(columns=None))


def _mainline_repr(mainline: Mainline) -> str:
    text = _accept_mainline(mainline, StringExporter(columns=None, comments=False))
    return f"<Mainline at {id(mainline):#x} ({text})>"


def _accept_subgame(node: GameNode, visitor: BaseVisitor[ResultT]) -> ResultT:
    if visitor.begin_game() is not SKIP:
        game = node.game()
        board = node.board()
        setup = Game.without_tag_roster()
        setup.setup(board)
        visitor.begin_headers()
        for tagname, tagvalue in game.headers.items():
            if tagname not in setup.headers:
                visitor.visit_header(tagname, tagvalue)
        for tagname, tagvalue in setup.headers.items():
            visitor.visit_header(tagname, tagvalue)
        if visitor.end_headers() is not SKIP:
            visitor.visit_board(board)
            if node.variations:
                _visit_line(node.variations[0], board, visitor, True)
            visitor.visit_result(game.headers.get("Result", "*"))
    visitor.end_game()
    return visitor.result()


def _setup(game: Game, board: Any) -> None:
    """``game.setup(board)``: the ``FEN``, ``SetUp`` and ``Variant`` tags of a start
    position (a board of any variant, or a FEN)."""
    try:
        fen = board.fen()
        position = board
    except AttributeError:
        position = _Board(board)
        position.chess960 = position.has_chess960_castling_rights()
        fen = position.fen()
    headers = game.headers
    if fen == type(position).starting_fen:
        headers.pop("FEN", None)
        headers.pop("SetUp", None)
    else:
        headers["FEN"] = fen
        headers["SetUp"] = "1"
    variant = getattr(type(position), "aliases", ["Standard"])[0]
    if variant == "Standard" and position.chess960:
        headers["Variant"] = "Chess960"
    elif variant != "Standard":
        headers["Variant"] = variant
        headers["FEN"] = fen
    else:
        headers.pop("Variant", None)


def _game_from_board(cls: Any, board: _Board) -> Game:
    game = cls()
    game.setup(board.root())
    node: GameNode = game
    for move in board.move_stack:
        node = node.add_variation(move)
    game.headers["Result"] = board.result()
    return game


def _identity(node: Any) -> Any:
    return node


def _node_move(node: Any) -> Any:
    return node.move


# Registered so that isinstance checks against the abstract collections hold.
import collections.abc as _abc  # noqa: E402

_abc.MutableMapping.register(Headers)
_abc.MutableSequence.register(Variations)
_abc.MutableSet.register(NagSet)
del _abc
