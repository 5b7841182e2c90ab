"""What XBoard engines write and what a GUI writes back about a game, as text: ``feature``
lines and their ``option`` values, thinking output, ``result`` lines."""

from __future__ import annotations

import re
from typing import Any, List, Optional, Tuple

from .._scores import Cp, Mate, MateGiven, PovScore, Score
from ._values import INFO_ALL, INFO_PV, INFO_SCORE, ConfigValue, EngineError, Info, InfoDict, Limit, Option

__all__ = ["XBOARD_ERROR_REGEX", "_parse_xboard_option", "_parse_xboard_post"]

#: An engine's error line (``Error (...): ...``, ``Illegal move: ...``).
XBOARD_ERROR_REGEX = re.compile(r"^\s*(Error|Illegal move)(\s*\([^()]+\))?\s*:")

_MOVE_NUMBER = re.compile(r"^\d+\.+$")
_OPTION_TYPES = ("spin", "check", "combo", "button", "string", "file", "path", "reset", "save", "slider")

def _parse_xboard_option(feature: str) -> Option:
    """An ``option="..."`` feature's value: ``NAME -TYPE [default [min max]]``; a combo's
    choices are separated by ``///``, the default marked with ``*``."""
    match = re.search(r"\s-(" + "|".join(_OPTION_TYPES) + r")\b", feature)
    if match is None:
        raise EngineError(f"unknown xboard option: {feature!r}")
    name = feature[:match.start()].strip()
    kind = match.group(1)
    rest = feature[match.end():].strip()
    default: ConfigValue = None
    low = high = None
    var: Optional[List[str]] = None
    if kind in ("spin", "slider"):
        numbers = rest.split()
        try:
            default = int(numbers[0])
            low, high = int(numbers[1]), int(numbers[2])
        except (IndexError, ValueError):
            raise EngineError(f"bad xboard {kind} option: {feature!r}") from None
    elif kind == "check":
        default = rest.strip() == "1"
    elif kind == "combo":
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
    """The ``key=value`` pairs of a ``feature`` line's arguments; a quoted value runs to
    the quote that ends a word."""
    pairs = []
    i, n = 0, len(line)
    while i < n:
        while i < n and line[i].isspace():
            i += 1
        eq = line.find("=", i)
        if eq < 0:
            break
        key = line[i:eq].strip()
        j = eq + 1
        if j < n and line[j] == '"':
            end = j + 1
            while True:
                end = line.find('"', end)
                if end < 0:
                    end = n
                    break
                if end + 1 >= n or line[end + 1].isspace():
                    break
                end += 1
            pairs.append((key, line[j + 1:end]))
            i = end + 1
        else:
            end = j
            while end < n and not line[end].isspace():
                end += 1
            pairs.append((key, line[j:end]))
            i = end
    return pairs


def _xboard_score(value: int) -> Score:
    if value >= 100000:
        return MateGiven if value == 100000 else Mate(value - 100000)
    if value <= -100000:
        return Mate(-(abs(value) - 100000))
    return Cp(value)


def _parse_xboard_post(line: str, root_board: Any, selector: Info = INFO_ALL) -> InfoDict:
    """A thinking line (``ply score time nodes pv``) as an ``InfoDict``: time in seconds
    (the engine writes centiseconds), the score from the view of the side to move on
    ``root_board``, the pv (SAN or coordinates, move numbers passed over) as far as its
    moves are legal."""
    info = InfoDict()
    words = line.split()
    if len(words) < 4:
        return info
    try:
        depth, score, centis, nodes = (int(w) for w in words[:4])
    except ValueError:
        return info
    info["depth"] = depth
    info["time"] = centis / 100
    info["nodes"] = nodes
    if selector & INFO_SCORE:
        info["score"] = PovScore(_xboard_score(score), root_board.turn)
    if selector & INFO_PV:
        board = root_board.copy(stack=False)
        pv = []
        for word in words[4:]:
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


def _number_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


_ENDINGS = {
    "STALEMATE": "Stalemate",
    "INSUFFICIENT_MATERIAL": "Insufficient material",
    "SEVENTYFIVE_MOVES": "75-move rule",
    "FIVEFOLD_REPETITION": "Fivefold repetition",
    "FIFTY_MOVES": "50-move rule",
    "THREEFOLD_REPETITION": "Threefold repetition",
    "VARIANT_WIN": "Variant win",
    "VARIANT_LOSS": "Variant loss",
    "VARIANT_DRAW": "Variant draw",
}


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
        result = "1-0" if winner is True else "0-1" if winner is False else "1/2-1/2"
    else:
        outcome = board.outcome(claim_draw=True)
        if outcome is None:
            result = "*"
        else:
            result = outcome.result()
            name = outcome.termination.name
            if name == "CHECKMATE":
                ending = "White mates" if outcome.winner else "Black mates"
            else:
                ending = _ENDINGS.get(name)
    return f"result {result}" + (f" {{{ending}}}" if ending else "")
