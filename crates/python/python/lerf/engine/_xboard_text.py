"""What XBoard engines write and what a GUI writes back about a game, as text: ``feature``
lines and their ``option`` values, thinking output, ``result`` lines."""

from __future__ import annotations

import logging
import re
import shlex
from typing import Any, List, Optional, Tuple

from .._scores import Cp, Mate, MateGiven, PovScore, Score
from ._values import INFO_ALL, INFO_PV, INFO_SCORE, ConfigValue, Info, InfoDict, Limit, Option

__all__ = ["XBOARD_ERROR_REGEX", "_parse_xboard_option", "_parse_xboard_post"]

LOGGER = logging.getLogger("chess.engine")

#: An engine's error line (``Error (...): ...``, ``Illegal move: ...``).
XBOARD_ERROR_REGEX = re.compile(r"^\s*(Error|Illegal move)(\s*\([^()]+\))?\s*:")

# A move number (``12.``, ``12...``) or a bare integer in a pv: passed over.
_MOVE_NUMBER = re.compile(r"^\d+\.*$")
_OPTION_TYPES = ("spin", "check", "combo", "button", "string", "file", "path", "reset", "save", "slider")
# An option's ``-TYPE``: a known one first (a name may hold a word that starts with ``-``),
# else any word that starts with ``-``.
_KNOWN_TYPE = re.compile(r"\s-(" + "|".join(_OPTION_TYPES) + r")(?=\s|$)")
_ANY_TYPE = re.compile(r"\s-(\S*)")


def _parse_xboard_option(feature: str) -> Optional[Option]:
    """An ``option="..."`` feature's value: ``NAME -TYPE [default [min max]]``; a combo's
    choices are separated by ``///``, the default marked with ``*``. ``None`` (and a
    warning) for one that names no type or whose numbers are not numbers: the engine's
    other features are read on. A type lerf does not know gives an option without a
    default, as python-chess gives it."""
    match = _KNOWN_TYPE.search(feature) or _ANY_TYPE.search(feature)
    name = feature[:match.start()].strip() if match is not None else ""
    if match is None or not name:
        LOGGER.warning("xboard option without a name and a -type: %r", feature)
        return None
    kind = match.group(1)
    rest = feature[match.end():].strip()
    default: ConfigValue = None
    low = high = None
    var: Optional[List[str]] = None
    try:
        if kind in ("spin", "slider"):
            numbers = rest.split()
            if len(numbers) < 3:
                raise ValueError(kind)
            default, low, high = int(numbers[0]), int(numbers[1]), int(numbers[2])
        elif kind == "check":
            words = rest.split()
            if not words:
                raise ValueError(kind)
            default = int(words[0]) != 0
    except ValueError:
        LOGGER.warning("xboard %s option without its numbers: %r", kind, feature)
        return None
    if kind == "combo":
        var = []
        for choice in rest.split("///"):
            choice = choice.strip()
            if choice.startswith("*"):
                choice = choice[1:].strip()
                default = choice
            var.append(choice)
    elif kind in ("string", "file", "path"):
        text = rest.strip()
        default = text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text
    return Option(name, kind, default, low, high, var)


def _features(line: str) -> List[Tuple[str, str]]:
    """The ``key=value`` words of a ``feature`` line's arguments, split as a POSIX shell
    splits words (quotes and backslashes, as python-chess reads them); a quote left open
    runs to the line's end. A word without ``=`` is passed over (with a warning)."""
    lexer = shlex.shlex(line, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    words = []
    try:
        words.extend(lexer)
    except ValueError:  # an open quote or a backslash at the end: the word read so far
        LOGGER.warning("feature line with an open quote or a lone backslash: %r", line)
        if lexer.token:
            words.append(lexer.token)
    pairs = []
    for word in words:
        key, sep, value = word.partition("=")
        if sep:
            pairs.append((key, value))
        else:
            LOGGER.warning("feature without a value passed over: %r", word)
    return pairs


def _feature_value(text: str) -> Any:
    """A feature's value: a number where Python's ``int`` reads one, else the text."""
    try:
        return int(text)
    except ValueError:
        return text


def _xboard_score(value: int) -> Score:
    if value >= 100000:
        return MateGiven if value == 100000 else Mate(value - 100000)
    if value <= -100000:
        return Mate(-(abs(value) - 100000))
    return Cp(value)


def _parse_xboard_post(line: str, root_board: Any, selector: Info = INFO_ALL) -> Optional[InfoDict]:
    """A thinking line (``ply score time nodes [seldepth [nps ...] [tbhits]] pv``) as an
    ``InfoDict``: time in seconds (the engine writes centiseconds), the score from the view
    of the side to move on ``root_board``, the optional integers after the nodes (the
    first is the selective depth, the second the speed, a third or later the last of them
    the tablebase hits), the pv (SAN or coordinates, move numbers passed over) as far as
    its moves are legal. ``None`` for a line that is no thinking line (its first word does
    not start with a digit, or it has fewer than four); an empty ``InfoDict`` for one
    whose first four words are not all integers, as python-chess reads it."""
    words = line.split()
    if len(words) < 4 or not words[0][:1].isdigit():
        return None
    info = InfoDict()
    try:
        depth, score, centis, nodes = (int(w) for w in words[:4])
    except ValueError:
        return info
    info["depth"] = depth
    info["time"] = centis / 100
    info["nodes"] = nodes
    if selector & INFO_SCORE:
        info["score"] = PovScore(_xboard_score(score), root_board.turn)
    extra: List[int] = []
    at = 4
    while at < len(words):
        try:
            extra.append(int(words[at]))
        except ValueError:
            break
        at += 1
    if extra:
        info["seldepth"] = extra[0]
    if len(extra) > 1:
        info["nps"] = extra[1]
    if len(extra) > 2:
        info["tbhits"] = extra[-1]
    if selector & INFO_PV:
        board = root_board.copy(stack=False)
        pv = []
        for word in words[at:]:
            if _MOVE_NUMBER.match(word):
                continue
            try:
                pv.append(board.push_xboard(word))
            except ValueError:
                break
        info["pv"] = pv
    return info


def _clock_text(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"




def _reached(limit: Limit, info: InfoDict) -> bool:
    if limit.depth is not None and info.get("depth", 0) >= limit.depth:
        return True
    if limit.nodes is not None and info.get("nodes", 0) >= limit.nodes:
        return True
    if limit.mate is not None:
        score = info.get("score")
        if score is not None:
            mate = score.relative.mate()
            if mate is not None and 0 < mate <= limit.mate:
                return True
    return False


def _result_line(board: Any, winner: Optional[bool], ending: Optional[str], complete: bool) -> str:
    if not complete:
        result = "*"
    elif winner is not None or ending:
        # Looked up as python-chess looks it up: 1 is True, 0 False, anything else a draw.
        result = {True: "1-0", False: "0-1"}.get(winner, "1/2-1/2")  # type: ignore[call-overload]
    else:
        outcome = board.outcome(claim_draw=True)
        if outcome is None:
            result = "*"
        else:
            result = outcome.result()
            name = outcome.termination.name
            if name == "CHECKMATE":
                ending = "White mates" if outcome.winner else "Black mates"
            else:  # "Stalemate", "Seventyfive moves", "Variant win" ...
                ending = name.replace("_", " ").capitalize()
    return f"result {result}" + (f" {{{ending}}}" if ending else "")
