"""``XBoardProtocol``: the Chess Engine Communication Protocol (XBoard, CECP v2), from the
GUI's side, sending what python-chess 1.11 sends for the same calls."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple

from .._lerf import Board, Move
from ._analysis import AnalysisResult
from ._command import Exchange
from ._protocol import Protocol, _first_word
from ._values import (INFO_ALL, INFO_NONE, BestMove, ConfigMapping, ConfigValue, EngineError, Info, InfoDict,
                      Limit, Opponent, Option, PlayResult)
from ._xboard_text import (XBOARD_ERROR_REGEX, _clock_text, _feature_value, _features, _parse_xboard_option,
                           _parse_xboard_post, _reached, _result_line)

__all__ = ["XBoardProtocol"]

LOGGER = logging.getLogger("chess.engine")

_FORBIDDEN_IN_TEXT = "\n\r{}"

# Options every XBoard engine has through commands of their own (not `option`).
_BUILTIN_OPTIONS = [
    Option("random", "check", False, None, None, None),
    Option("computer", "check", False, None, None, None),
    Option("name", "string", "", None, None, None),
    Option("engine_rating", "spin", 0, None, None, None),
    Option("opponent_rating", "spin", 0, None, None, None),
]


_STANDARD_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# The settings of a game, sent with each new game rather than when configured.
_GAME_SETTINGS = ("random", "computer", "name", "engine_rating", "opponent_rating")


def _opponent_settings(opponent: Opponent) -> Dict[str, ConfigValue]:
    """The game settings an opponent gives: its name (with its title) when it has one, its
    rating (0 for none), whether it is an engine."""
    settings: Dict[str, ConfigValue] = {"opponent_rating": opponent.rating or 0, "computer": opponent.is_engine}
    if opponent.name is not None:
        settings["name"] = f"{opponent.title} {opponent.name}" if opponent.title else opponent.name
    return settings


def _opponent_lines(settings: Mapping[str, ConfigValue]) -> List[str]:
    """What a new game tells the engine of the game's settings: ``random``, the opponent's
    ``name``, the two ``rating``s, ``computer``."""
    lines = ["random"] if settings.get("random") else []
    name = settings.get("name")
    if name:
        if any(c in str(name) for c in "\n\r"):
            raise EngineError(f"invalid line-break in opponent name: {name!r}")
        lines.append(f"name {name}")
    engine_rating, opponent_rating = settings.get("engine_rating") or 0, settings.get("opponent_rating") or 0
    if engine_rating or opponent_rating:
        lines.append(f"rating {engine_rating} {opponent_rating}")
    if settings.get("computer"):
        lines.append("computer")
    return lines


# The time control the engine knows before any was sent.
_NO_CLOCK = object()


class XBoardProtocol(Protocol):
    """The XBoard protocol (``xboard``, ``protover 2``, ``new``, ``force``, ``go``,
    ``analyze``); engines must declare ``ping`` and ``setboard``."""

    def __init__(self) -> None:
        super().__init__()
        self.features: Dict[str, Any] = {}
        self.first_game = True
        self.game: object = None
        self.clock_id: object = _NO_CLOCK
        self._board: Any = None
        self._pondering = False
        self._ping = random.randrange(10000, 60000)
        # XBoard's option names are matched exactly (python-chess's plain dicts).
        self.options: Dict[str, Option] = {}
        self.config: Dict[str, ConfigValue] = {}
        self.target_config: Dict[str, ConfigValue] = {}
        for option in _BUILTIN_OPTIONS:
            self.options[option.name] = option
            self.config[option.name] = option.default
        # The game's settings as configured (and by send_opponent_information): each new game
        # starts from them; an opponent named by play() stands in for one game.
        self._settings: Dict[str, ConfigValue] = {name: self.config[name] for name in _GAME_SETTINGS}

    # Start.

    async def initialize(self) -> None:
        async def body(ex: Exchange[None]) -> None:
            if self.initialized:
                raise EngineError("engine already initialized")
            self.send_line("xboard")
            self.send_line("protover 2")
            timer: List[Optional[asyncio.TimerHandle]] = [None]
            done = ex.expect(lambda line: self._feature_line(line, timer))
            timer[0] = self.loop.call_later(2.0, lambda: done.done() or done.set_result(True))
            try:
                await done
            finally:
                if timer[0] is not None:
                    timer[0].cancel()
            for required in ("ping", "setboard"):
                if not self.features.get(required):
                    raise EngineError(f"xboard engine did not declare required feature: {required}")
            self._answer_features()
            self.initialized = True

        await self._exchange(body, needs_init=False)

    def _feature_line(self, line: str, timer: List[Optional[asyncio.TimerHandle]]) -> Optional[bool]:
        if XBOARD_ERROR_REGEX.match(line):
            raise EngineError(line)
        word, _, rest = line.strip().partition(" ")
        if word != "feature":
            if line.strip():
                LOGGER.debug("%s: passed over during protover: %r", self, line)
            return None
        finished = False
        for key, text in _features(rest):
            if key == "option":
                option = _parse_xboard_option(text)
                if option is not None:
                    self.options[option.name] = option
                    if option.default is not None:
                        self.config[option.name] = option.default
                continue
            value = _feature_value(text)
            self.features[key] = value
            if key == "myname":
                self.id["name"] = str(value)
            elif key == "done":
                if value:
                    finished = True
                elif timer[0] is not None:  # the engine needs longer: no time limit
                    timer[0].cancel()
                    timer[0] = None
        return True if finished else None

    def _answer_features(self) -> None:
        """Once the features are all declared: the ones lerf turns down or takes up, and the
        options they bring (in python-chess's order)."""
        features = self.features
        for key in ("reuse", "sigterm"):
            if not features.get(key, 1):
                LOGGER.warning("%s: Rejecting feature %s=%s", self, key, features[key])
                self.send_line(f"rejected {key}")
        if features.get("san"):
            LOGGER.warning("%s: Rejecting feature san=%s", self, features["san"])
            self.send_line("rejected san")
        if features.get("memory"):
            self.options["memory"] = Option("memory", "spin", 16, 1, None, None)
            self.config["memory"] = 16
            self.send_line("accepted memory")
        if features.get("smp"):
            self.options["cores"] = Option("cores", "spin", 1, 1, None, None)
            self.config["cores"] = 1
            self.send_line("accepted smp")
        if features.get("egt"):
            for kind in str(features["egt"]).split(","):
                name = f"egtpath {kind}"
                self.options[name] = Option(name, "path", None, None, None, None)
            self.send_line("accepted egt")

    # Small commands.

    async def _pong(self, ex: Exchange[Any]) -> None:
        self._ping += 1
        n = self._ping
        self.send_line(f"ping {n}")
        await ex.expect(lambda line: self._until_pong(line, n))

    def _until_pong(self, line: str, n: int) -> Optional[bool]:
        if line.strip() == f"pong {n}":
            return True
        if XBOARD_ERROR_REGEX.match(line):
            raise EngineError(line)
        return None

    async def _stop_pondering(self, ex: Exchange[Any]) -> None:
        if self._pondering:
            self._pondering = False
            self.send_line("easy")
            await self._pong(ex)

    async def ping(self) -> None:
        async def body(ex: Exchange[None]) -> None:
            await self._stop_pondering(ex)
            await self._pong(ex)

        await self._exchange(body)

    def _option_lines(self, name: str, value: ConfigValue) -> List[str]:
        option = self.options[name]
        value = option.parse(value)
        key = name  # exact: an engine's own option may be called "Name"
        if key in ("random", "computer"):
            return [key] if value else []
        if key == "name":
            return [f"name {value}"] if value else []
        if key in ("engine_rating", "opponent_rating"):
            return []
        if key in ("memory", "cores"):
            return [f"{key} {value}"]
        if key.startswith("egtpath "):
            return [f"{name} {value}"]
        if option.type in ("button", "reset", "save") or value is None:
            return [f"option {name}"]
        if value is True or value is False:
            return [f"option {name}={int(value)}"]
        return [f"option {name}={value}"]

    def _check_option(self, name: str, value: ConfigValue) -> None:
        if name not in self.options:
            raise EngineError(f"unsupported xboard option or command: {name}")
        self.options[name].parse(value)

    async def configure(self, options: ConfigMapping) -> None:
        async def body(ex: Exchange[None]) -> None:
            for name, value in options.items():
                self._check_option(name, value)
            await self._stop_pondering(ex)
            for name, value in options.items():
                # The game's settings (random, computer, name, ratings) go to the engine with
                # the next new game; the engine's options at once.
                option = self.options[name]
                self.target_config[name] = value
                # A value equal to the one kept (compared as given: "16" is no 16) changes
                # nothing and is not sent again; a button is pressed each time.
                if name in _GAME_SETTINGS:  # (compared with the setting, not a stand-in's)
                    if self._settings[name] != value:
                        self._settings[name] = option.parse(value)
                    continue
                changed = name not in self.config or self.config[name] != value
                if changed or option.type in ("button", "reset", "save"):
                    for line in self._option_lines(name, value):
                        self.send_line(line)
                if changed:
                    self.config[name] = option.parse(value)
            self.config.update(self._settings)  # an opponent named by play() is forgotten

        await self._exchange(body)

    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                        engine_rating: Optional[int] = None) -> None:
        """Keeps the opponent (and the engine's rating) for the next new game."""
        if opponent is None:  # (python-chess keeps no engine rating without an opponent)
            self.config.update(self._settings)
            return
        settings = dict(self._settings)
        settings.update(_opponent_settings(opponent))
        if engine_rating is not None:
            settings["engine_rating"] = engine_rating
        _opponent_lines(settings)  # checks the name
        self._settings = settings
        self.config.update(settings)

    # Keeping the engine's board in step.

    def _move_text(self, board: Any, move: Any) -> str:
        text = board.xboard(move)
        return f"usermove {text}" if self.features.get("usermove") else text

    def _variant(self, board: Any) -> Optional[str]:
        variant = getattr(type(board), "xboard_variant", "normal")
        if board.chess960:
            variant = "fischerandom" if variant == "normal" else variant
        if variant == "normal":
            return None
        available = str(self.features.get("variants", "")).split(",")
        if variant not in available:
            raise EngineError(f"unsupported xboard variant: {variant} (available: {', '.join(a for a in available if a)})")
        return variant

    def _sync(self, board: Any, game: object, opponent: Optional[Opponent], options: ConfigMapping) -> None:
        """Sends what brings the engine's game to ``board``: a new game when ``game``,
        the opponent or the starting position changed, else ``force`` and the moves that
        differ (``remove``/``undo`` to go back)."""
        root = board.root()
        explicit = opponent is not None
        settings = dict(self._settings)
        if explicit:
            settings.update(_opponent_settings(opponent))
        else:  # the opponent a call named stood in for its game only
            self.config.update(settings)
        opponent_lines = _opponent_lines(settings)
        known = self._board
        same_root = known is not None and known.root().fen() == root.fen() and type(known) is type(board)
        # A new game for a new `game` or an opponent named by the call (python-chess's
        # rule), or when the engine's game cannot become this one by taking moves back.
        new_game = self.first_game or game != self.game or not same_root or explicit
        stack = board.move_stack
        if not new_game:
            old = known.move_stack
            common = 0
            while common < len(old) and common < len(stack) and old[common] == stack[common]:
                common += 1
            self.send_line("force")
            back = len(old) - common
            for _ in range(back // 2):
                self.send_line("remove")
            if back % 2:
                self.send_line("undo")
            replay = root.copy()
            for move in stack[:common]:
                replay.push(move)
            for move in stack[common:]:
                self.send_line(self._move_text(replay, move))
                replay.push(move)
        else:
            variant = self._variant(board)
            self.send_line("new")
            self.first_game = False
            self.game = game
            if variant is not None:
                self.send_line(f"variant {variant}")
            for name, value in options.items():
                for line in self._option_lines(name, value):
                    self.send_line(line)
            for line in opponent_lines:
                self.send_line(line)
            self.config.update(settings)
            self.send_line("force")
            # Any variant (Chess960 too) is set up, even from its own start (python-chess's rule).
            if variant is not None or root.fen() != _STANDARD_START:  # Chess960 in Shredder-FEN
                self.send_line(f"setboard {root.fen(shredder=bool(getattr(board, 'chess960', False)))}")
            replay = root.copy()
            for move in stack:
                self.send_line(self._move_text(replay, move))
                replay.push(move)
        self._board = board.copy()

    def _time_lines(self, board: Any, limit: Limit) -> List[str]:
        lines = []
        white = board.turn
        mine_clock = limit.white_clock if white else limit.black_clock
        mine_inc = limit.white_inc if white else limit.black_inc
        # Checked before any line is sent (python-chess may send `level` first).
        timed = limit.time is not None or limit.white_clock is not None or limit.black_clock is not None
        if limit.nodes is not None and (timed or mine_inc is not None):
            raise EngineError("xboard does not support mixing node limits with time limits")
        # `level` when the side to move has a clock or an increment, or moves are counted; and
        # again only when the time control is not the one named (clock_id) before.
        if mine_clock is not None or mine_inc is not None or limit.remaining_moves:
            if limit.clock_id is None or limit.clock_id != self.clock_id:
                mps = limit.remaining_moves or 0
                inc = mine_inc if mine_inc is not None else 0
                lines.append(f"level {mps} {_clock_text(mine_clock or 0)} {inc}")
        self.clock_id = limit.clock_id
        if limit.nodes is not None:
            if not self.features.get("nps"):
                raise EngineError("xboard engine does not support node limits (feature nps)")
            lines.append("nps 1")
            lines.append(f"st {max(1, int(limit.nodes))}")
        if limit.time is not None:
            lines.append(f"st {max(0.01, limit.time)}")
        if limit.depth is not None:
            lines.append(f"sd {max(1, int(limit.depth))}")
        for color_is_white, clock in ((True, limit.white_clock), (False, limit.black_clock)):
            if clock is not None:
                word = "time" if color_is_white == white else "otim"
                lines.append(f"{word} {max(1, round(clock * 100))}")
        return lines

    async def play(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE,
                   ponder: bool = False, draw_offered: bool = False,
                   root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {},
                   opponent: Optional[Opponent] = None) -> PlayResult:
        if root_moves is not None:
            raise EngineError("play with root_moves, but xboard supports 'include' only in analysis mode")
        board = board.copy()
        selector = int(info)
        if opponent is not None:
            _opponent_lines(_opponent_settings(opponent))  # checks the name

        async def body(ex: Exchange[PlayResult]) -> PlayResult:
            await self._stop_pondering(ex)
            self._sync(board, game, opponent, options)
            for line in self._time_lines(board, limit):
                self.send_line(line)
            if draw_offered and self.features.get("draw", 1):
                self.send_line("draw")
            self.send_line("post" if selector else "nopost")
            self.send_line("hard" if ponder else "easy")
            self.send_line("go")
            ex.stop_with(lambda: self.send_line("?"))
            state: Dict[str, Any] = {"draw": False, "resigned": False, "info": InfoDict()}

            def on_line(line: str) -> Optional[Tuple[str, Any]]:
                text = line.strip()
                # Words are cut at any white space: "move\te2e4", "offer\tdraw", "1-0\t{...}".
                first, rest = _first_word(text)
                if first == "move":  # "move" alone: no move, an error below
                    return ("move", rest)
                if text == "resign":
                    state["resigned"] = True
                    return ("resign", None)
                if text.split() == ["offer", "draw"]:
                    state["draw"] = True
                    return None
                if XBOARD_ERROR_REGEX.match(text):
                    raise EngineError(text)
                if first in ("1-0", "0-1", "1/2-1/2"):
                    return ("result", text)
                if selector:
                    thought = _parse_xboard_post(text, board, Info(selector))
                    if thought is not None:  # the latest line is the search's info
                        state["info"] = thought
                        return None
                if text and not text.startswith("#"):
                    LOGGER.debug("%s: passed over during search: %r", self, line)
                return None

            kind, value = await ex.expect(on_line)
            ex.stop_with(None)
            move = None
            if kind == "move":
                try:
                    move = board.parse_xboard(value)
                except ValueError as err:
                    raise EngineError(f"{err} (engine's move {value!r})") from None
                self._board.push(move)
            self._pondering = ponder
            await self._pong(ex)
            return PlayResult(move, None, state["info"], draw_offered=state["draw"], resigned=state["resigned"])

        return await self._exchange(body)

    async def analysis(self, board: Board, limit: Optional[Limit] = None, *, multipv: Optional[int] = None,
                       game: object = None, info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None,
                       options: ConfigMapping = {}) -> AnalysisResult:
        if multipv is not None:
            raise EngineError("xboard engine does not support multipv")
        if limit is not None and (limit.white_clock is not None or limit.black_clock is not None):
            raise EngineError("xboard analysis does not support clock limits")
        board = board.copy()
        root_moves = None if root_moves is None else list(root_moves)
        selector = int(info)

        async def body(ex: Exchange[AnalysisResult]) -> AnalysisResult:
            await self._stop_pondering(ex)
            self._sync(board, game, None, options)
            if root_moves is not None:
                if not self.features.get("exclude"):
                    raise EngineError("xboard engine does not support root_moves (feature exclude=0)")
                self.send_line("exclude all")
                for move in root_moves:
                    self.send_line(f"include {board.xboard(move)}")
            self.send_line("post")
            self.send_line("analyze")
            analysis = AnalysisResult(stop=ex._cancel)
            ended = {"stop": False}
            # The best move: the first of the last pv that had one (XBoard names no ponder move).
            best: Optional[Move] = None

            def stop() -> None:
                if not ended["stop"]:
                    ended["stop"] = True
                    self.send_line(".")
                    self.send_line("exit")
                    if not waiter.done():
                        waiter.set_result(True)

            waiter = ex.expect(lambda line: on_line(line))
            ex.stop_with(stop)
            ex.result.set_result(analysis)
            timer = self.loop.call_later(limit.time, ex._cancel) if limit is not None and limit.time is not None else None

            def on_line(line: str) -> Optional[bool]:
                nonlocal best
                text = line.strip()
                if XBOARD_ERROR_REGEX.match(text):
                    raise EngineError(text)
                thought = _parse_xboard_post(text, board, Info(selector or INFO_ALL))
                if thought:
                    if thought.get("pv"):
                        best = thought["pv"][0]
                    if selector:
                        analysis.post(thought)
                    if limit is not None and _reached(limit, thought):
                        stop()
                elif text and not text.startswith("#"):
                    LOGGER.debug("%s: passed over during analysis: %r", self, line)
                return None

            try:
                await waiter
                if timer is not None:
                    timer.cancel()
                await self._pong(ex)
                analysis.set_finished(BestMove(best, None))
            except BaseException as exc:
                analysis.set_exception(exc if isinstance(exc, Exception) else EngineError("analysis cancelled"))
                raise
            return analysis

        return await self._exchange(body)

    async def send_game_result(self, board: Board, winner: Optional[bool] = None,
                               game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        if game_ending is not None and any(c in game_ending for c in _FORBIDDEN_IN_TEXT):
            raise EngineError(f"invalid line break or curly braces in game ending message: {game_ending!r}")
        board = board.copy()

        async def body(ex: Exchange[None]) -> None:
            await self._stop_pondering(ex)
            self._sync(board, self.game, None, {})
            self.send_line(_result_line(board, winner, game_ending, game_complete))

        await self._exchange(body)
