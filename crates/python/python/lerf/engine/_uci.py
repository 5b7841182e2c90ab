"""``UciProtocol``: the Universal Chess Interface, from the GUI's side.

What goes on the wire follows python-chess 1.11 line for line (the managed options, new
games, the opponent, pondering and ``ponderhit``), so an engine behaves the same under
both. What the engine writes is read in Rust (``lerf-protocol``): an ``info`` line is one
call, its pv checked against the position searched."""

from __future__ import annotations

import logging
import re
from typing import Any, Callable, Iterable, List, Optional, Tuple, cast

from .. import _lerf
from .._lerf import Board, Move
from ._analysis import AnalysisResult
from ._command import Exchange
from ._protocol import Protocol, _first_word
from ._values import (INFO_ALL, INFO_NONE, MANAGED_OPTIONS, BestMove, ConfigMapping, ConfigValue,
                      EngineError, Info, InfoDict, Limit, Opponent, Option, PlayResult)

__all__ = ["UciProtocol", "_parse_uci_info", "_parse_uci_bestmove"]

LOGGER = logging.getLogger("chess.engine")

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def _parse_uci_info(arg: str, root_board: Any, selector: Info = INFO_ALL) -> InfoDict:
    """The fields of an ``info`` line (without ``info``) as an ``InfoDict``, from the view
    of the side to move on ``root_board``; what is wrong with the line is logged."""
    fields, problems = _lerf.parse_uci_info(arg, root_board, int(selector))
    if problems:
        for problem in problems:
            LOGGER.error("Exception parsing info: %s", problem)
    return cast(InfoDict, fields)


def _parse_uci_bestmove(board: Any, args: str) -> BestMove:
    """The moves of a ``bestmove`` line (without ``bestmove``) played in ``board``. As in
    python-chess, the moves are read in any case and ``NULL`` is no move (``(none)``);
    what else follows the best move than ``ponder`` and a move is an ``EngineError``."""
    words = args.split()
    if words:
        words[0] = "(none)" if words[0] == "NULL" else words[0].lower()
        if len(words) > 2 and words[1] == "ponder":
            words[2] = words[2].lower()
        args = " ".join(words)
    try:
        best, ponder, problem = _lerf.parse_uci_bestmove(args, board)
    except ValueError as err:
        raise EngineError(str(err)) from None
    if problem:
        LOGGER.error("%s", problem)
    return BestMove(best, ponder)


#: An option line's keywords, each a whole word, with the white space around it.
_OPTION_KEYWORD = re.compile(r"\s*\b(name|type|default|min|max|var)\b\s*")


def _option_bound(text: str, which: str) -> Optional[int]:
    """A spin's ``min`` or ``max``: ``None`` when absent or not a number (logged)."""
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        LOGGER.exception("Exception parsing option %s", which)
        return None


def _parse_option(text: str) -> Option:
    """An ``option`` line's arguments (``name ... type ... default ...``), read as
    python-chess reads them: the text is cut at each keyword; a keyword names the field
    the text after it goes to unless that field already holds something (then the keyword
    is text itself), ``var`` always starts another choice, and a field given twice keeps
    the last piece. The default is then read by the option's own rules (``Option.parse``),
    so an unknown type or a default the type refuses is an ``EngineError``."""
    fields = {"name": "", "type": "", "default": "", "min": "", "max": ""}
    var: List[str] = []
    current: Optional[str] = None
    pieces = _OPTION_KEYWORD.split(text.strip())
    for i, piece in enumerate(pieces):
        keyword = i % 2 == 1
        if keyword and (piece == "var" or not fields[piece]):
            current = piece
        elif current == "var":
            var.append(piece)
        elif current is not None:
            fields[current] = piece
    low, high = _option_bound(fields["min"], "min"), _option_bound(fields["max"], "max")
    bare = Option(fields["name"], fields["type"], None, low, high, var)
    return Option(bare.name, bare.type, bare.parse(fields["default"]), low, high, var)


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


def _after_move(limit: Limit, turn: bool, spent: float) -> Limit:
    """The clocks once the engine (``turn`` to move) has moved after ``spent`` seconds:
    its own less the time spent plus its increment, one move fewer to the time control."""
    ponder = Limit(time=limit.time, depth=limit.depth, nodes=limit.nodes, mate=limit.mate,
                   white_clock=limit.white_clock, black_clock=limit.black_clock,
                   white_inc=limit.white_inc, black_inc=limit.black_inc, clock_id=limit.clock_id)
    if turn and limit.white_clock is not None:
        ponder.white_clock = limit.white_clock - spent + (limit.white_inc or 0)
    if not turn and limit.black_clock is not None:
        ponder.black_clock = limit.black_clock - spent + (limit.black_inc or 0)
    if limit.remaining_moves is not None and limit.remaining_moves > 1:
        ponder.remaining_moves = limit.remaining_moves - 1
    return ponder


class _Ponder:
    """A ponder search running in the background: on what, and whether it has ended."""

    def __init__(self, board: Any, game: object) -> None:
        self.board = board
        self.game = game
        self.ended = False


class UciProtocol(Protocol):
    """The UCI protocol (``uci``, ``isready``, ``setoption``, ``position``, ``go``)."""

    def __init__(self) -> None:
        super().__init__()
        self.first_game = True
        self.game: object = None
        self._ponder: Optional[_Ponder] = None

    # Lines outside commands.

    def _idle_line(self, line: str) -> None:
        ponder = self._ponder
        token = _first_word(line)[0]
        if token == "bestmove" and ponder is not None and not ponder.ended:
            ponder.ended = True
        elif token == "info":
            LOGGER.debug("%s: info outside a search: %s", self, line)
        else:
            super()._idle_line(line)

    # Commands.

    async def initialize(self) -> None:
        async def body(ex: Exchange[None]) -> None:
            if self.initialized:
                raise EngineError("engine already initialized")
            self.send_line("uci")

            def on_line(line: str) -> Optional[bool]:
                # Words are cut at any white space, as python-chess cuts them; "uciok" ends
                # the list only alone on its line.
                token, rest = _first_word(line)
                if token == "uciok" and not rest:
                    return True
                if token == "id":
                    key, value = _first_word(rest)
                    self.id[key] = value
                elif token == "option":
                    option = _parse_option(rest)
                    self.options[option.name] = option
                    if option.default is not None:
                        self.config[option.name] = option.default
                elif line.strip():
                    LOGGER.debug("%s: passed over during uci: %r", self, line)
                return None

            await ex.expect(on_line)
            # What every search restores, unless a call or `configure` says otherwise: the
            # defaults (the managed options and UCI_AnalyseMode, which follows the kind of
            # search unless configured, aside).
            for name, option in self.options.items():
                if not option.is_managed() and name.lower() != "uci_analysemode" and option.type != "button":
                    self.target_config[name] = option.default
            self.initialized = True

        await self._exchange(body, needs_init=False)

    async def ping(self) -> None:
        async def body(ex: Exchange[None]) -> None:
            await self._leave_ponder(ex)
            await self._isready(ex)

        await self._exchange(body)

    async def _isready(self, ex: Exchange[Any]) -> None:
        self.send_line("isready")
        await ex.expect(lambda line: True if line.strip() == "readyok" else None)

    def debug(self, on: bool = True) -> None:
        """Switches the engine's debug output on or off (sent at once, no reply)."""
        self.send_line("debug on" if on else "debug off")

    # Options.

    def _setoption(self, name: str, value: ConfigValue) -> None:
        option = self.options[name]
        line = f"setoption name {name}"
        if option.type != "button":
            if value is True:
                line += " value true"
            elif value is False:
                line += " value false"
            else:
                line += f" value {value}"
        self.send_line(line)
        self.config[name] = value  # a button's is None, as python-chess keeps it

    def _checked(self, name: str, value: ConfigValue) -> Tuple[str, ConfigValue]:
        if name.lower() in MANAGED_OPTIONS:
            raise EngineError(f"cannot set {name} which is automatically managed")
        try:
            option = self.options[name]
        except KeyError:
            raise EngineError(f"engine does not support option {name} (available options: "
                              f"{', '.join(self.options)})") from None
        return name, option.parse(value)

    def _option_changes(self, options: ConfigMapping, managed: List[Tuple[str, ConfigValue]]) -> List[Tuple[str, ConfigValue]]:
        """The ``setoption``s a search (or ``configure``) sends: the managed options, then
        ``options``, then what ``configure`` asked for (every other option's default, unless
        configured); each only if the engine's value differs (buttons always)."""
        wanted: List[Tuple[str, ConfigValue]] = []
        seen = set()
        for name, value in managed:
            if name in self.options:
                wanted.append((name, value))
                seen.add(name.lower())
        for source in (options, self.target_config):
            for name, value in source.items():
                # Each of the call's own options is checked, even one that a managed option
                # or the same name in another case hides (the result is the same).
                checked = self._checked(name, value) if source is options else None
                if name.lower() in seen:
                    continue
                seen.add(name.lower())
                if name.lower() == "uci_opponent":
                    continue
                wanted.append(checked or self._checked(name, value))
        changes = []
        for name, value in wanted:
            option = self.options[name]
            if option.type == "button" or name not in self.config or self.config[name] != value:
                changes.append((name, value))
        return changes

    async def configure(self, options: ConfigMapping) -> None:
        async def body(ex: Exchange[None]) -> None:
            for name, value in options.items():
                self._checked(name, value)
            await self._leave_ponder(ex)
            for name, value in options.items():
                if value is not None:
                    self.target_config[name] = value
            # The opponent is not an option to send: configuring makes the wanted one the
            # engine's (it is sent with the next new game).
            if "UCI_Opponent" in self.target_config:
                self.config["UCI_Opponent"] = self.options["UCI_Opponent"].parse(self.target_config["UCI_Opponent"])
            for name, value in self._option_changes(options, []):
                self._setoption(name, value)

        await self._exchange(body)

    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                        engine_rating: Optional[int] = None) -> None:
        # The same as configuring UCI_Opponent (which is sent with the next new game): like
        # any configure, it ends a ponder search and restores the configured options.
        value = self._opponent_value(opponent)
        await self.configure({"UCI_Opponent": value} if value is not None and "UCI_Opponent" in self.options else {})

    @staticmethod
    def _opponent_value(opponent: Optional[Opponent]) -> Optional[str]:
        if opponent is None or opponent.name is None:
            return None
        if "\n" in opponent.name or "\r" in opponent.name:
            raise EngineError(f"invalid line-break in opponent name: {opponent.name!r}")
        title = opponent.title or "none"
        rating = opponent.rating if opponent.rating is not None else "none"
        kind = "computer" if opponent.is_engine else "human"
        return f"{title} {rating} {kind} {opponent.name}"

    # Searches.

    def _chess960(self, board: Any) -> bool:
        return bool(board.chess960)

    def _position_line(self, board: Any) -> str:
        chess960 = self._chess960(board)
        root = board.root()
        variant = getattr(type(board), "uci_variant", "chess")
        if variant == "chess" and not chess960 and root.fen() == STARTING_FEN:
            line = "position startpos"
        else:
            line = "position fen " + root.fen(shredder=chess960)
        stack = board.move_stack
        if stack:
            moves = []
            for move in stack:
                moves.append(root.uci(move, chess960=chess960))
                root.push(move)
            line += " moves " + " ".join(moves)
        return line

    def _go_line(self, board: Any, limit: Optional[Limit], *, root_moves: Optional[Iterable[Move]] = None,
                 ponder: bool = False, infinite: bool = False) -> str:
        words = ["go"]
        if ponder:
            words.append("ponder")
        if limit is not None:
            # A clock is at least a millisecond; an increment goes as given (negative too).
            for word, value, low in (("wtime", limit.white_clock, 1), ("btime", limit.black_clock, 1),
                                     ("winc", limit.white_inc, None), ("binc", limit.black_inc, None)):
                if value is not None:
                    words += [word, str(_ms(value) if low is None else max(low, _ms(value)))]
            if limit.remaining_moves is not None and int(limit.remaining_moves) > 0:
                words += ["movestogo", str(int(limit.remaining_moves))]
            for word, number in (("depth", limit.depth), ("nodes", limit.nodes), ("mate", limit.mate)):
                if number is not None:
                    words += [word, str(max(1, int(number)))]
            if limit.time is not None:
                words += ["movetime", str(max(1, _ms(limit.time)))]
        if infinite:
            words.append("infinite")
        if root_moves is not None:
            chess960 = self._chess960(board)
            words.append("searchmoves")
            # No root move at all is searched as the null move (python-chess's wire).
            words += [board.uci(move, chess960=chess960) for move in root_moves] or ["0000"]
        return " ".join(words)

    def _search_changes(self, board: Any, options: ConfigMapping, *, analysis: bool, ponder: bool,
                        multipv: Optional[int]) -> List[Tuple[str, ConfigValue]]:
        managed: List[Tuple[str, ConfigValue]] = []
        analyse_mode = ("UCI_AnalyseMode" in self.options and "UCI_AnalyseMode" not in self.target_config
                        and all(name.lower() != "uci_analysemode" for name in options))
        if analysis:
            managed.append(("Ponder", False))
            if analyse_mode:
                managed.append(("UCI_AnalyseMode", True))
        else:
            if analyse_mode:
                managed.append(("UCI_AnalyseMode", False))
            managed.append(("Ponder", ponder))
        if multipv is not None and "MultiPV" not in self.options:
            raise EngineError(f"engine does not support option MultiPV (available options: {', '.join(self.options)})")
        managed.append(("MultiPV", multipv or 1))
        return self._option_changes(options, managed)

    def _effective_opponent(self, opponent: Optional[Opponent]) -> Optional[str]:
        """The ``UCI_Opponent`` a search wants: its own opponent's, else the one
        ``send_opponent_information`` gave (possibly empty)."""
        value = self._opponent_value(opponent)
        if value is None:
            target = self.target_config.get("UCI_Opponent")
            value = None if target is None else str(target)
        return value

    def _new_game_needed(self, game: object, opponent: Optional[str]) -> bool:
        return (self.first_game or game != self.game
                or (opponent is not None and "UCI_Opponent" in self.options and opponent != self.config.get("UCI_Opponent")))

    async def _prepare(self, ex: Exchange[Any], board: Any, game: object, options: ConfigMapping, *,
                       analysis: bool, ponder: bool, multipv: Optional[int], opponent: Optional[Opponent]) -> None:
        """Everything before ``position``: options, a new game if this is one, the
        variant."""
        changes = self._search_changes(board, options, analysis=analysis, ponder=ponder, multipv=multipv)
        opponent_value = self._effective_opponent(opponent)
        own_opponent = opponent is not None
        if opponent is None:  # an opponent among the search's options is that search's
            for name, value in options.items():
                if name.lower() == "uci_opponent" and value is not None:
                    opponent_value, own_opponent = str(self.options[name].parse(value)), True
        variant = getattr(type(board), "uci_variant", "chess")
        if variant != "chess" and "UCI_Variant" not in self.options:
            raise EngineError("engine does not support UCI_Variant")
        chess960 = self._chess960(board)
        if chess960 and "UCI_Chess960" not in self.options:
            raise EngineError("engine does not support UCI_Chess960")
        for name, value in changes:
            self._setoption(name, value)
        # An analysis starts a new game for a new `game` only, not for another opponent
        # (python-chess's rule); it still names the opponent when it does.
        new_game = (self.first_game or game != self.game) if analysis else self._new_game_needed(game, opponent_value)
        if new_game:
            self.first_game = False
            self.game = game
            self.send_line("ucinewgame")
            if opponent_value is not None and "UCI_Opponent" in self.options:
                if opponent_value:
                    self._setoption("UCI_Opponent", opponent_value)
                else:
                    self.config["UCI_Opponent"] = opponent_value
            await self._isready(ex)
        if not own_opponent and "UCI_Opponent" in self.target_config:
            # Without an opponent of its own, a search takes the wanted one as the
            # engine's (silently: it is sent only with a new game), as python-chess does.
            self.config["UCI_Opponent"] = self.options["UCI_Opponent"].parse(self.target_config["UCI_Opponent"])
        if "UCI_Variant" in self.options and self.config.get("UCI_Variant") != variant:
            self._setoption("UCI_Variant", variant)
        if "UCI_Chess960" in self.options and self.config.get("UCI_Chess960") != chess960:
            self._setoption("UCI_Chess960", chess960)

    async def _leave_ponder(self, ex: Exchange[Any], hit: Optional[Any] = None) -> bool:
        """Ends a ponder search: ``ponderhit`` if ``hit(ponder)`` says the search is the one
        now wanted (then True), else ``stop`` and its ``bestmove`` passed over."""
        ponder = self._ponder
        if ponder is None:
            return False
        self._ponder = None
        if ponder.ended:
            return False
        if hit is not None and hit(ponder):
            self.send_line("ponderhit")
            return True
        self.send_line("stop")
        await ex.expect(lambda line: True if _first_word(line)[0] == "bestmove" else None)
        return False

    def _search_lines(self, board: Any, selector: int, report: Callable[[InfoDict], None]) -> Callable[[str], Optional[str]]:
        """The reader of a search's lines: each `info` (when `selector` asks for any) read on
        `board` and handed to `report`, until `bestmove`, whose arguments end the search."""
        parse = _lerf.parse_uci_info

        def on_line(line: str) -> Optional[str]:
            # The line's first word (white space around it of any kind) says what it is.
            token, rest = _first_word(line)
            if token == "info":
                if selector:
                    fields, problems = parse(rest, board, selector)
                    for problem in problems or ():
                        LOGGER.error("Exception parsing info: %s", problem)
                    if fields:  # a line that says nothing ("info", "info foo") is no report
                        report(cast(InfoDict, fields))
                return None
            if token == "bestmove":
                return rest
            if line.strip():
                LOGGER.warning("%s: Unexpected engine output: %r", self, line)
            return None

        return on_line

    async def play(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE,
                   ponder: bool = False, draw_offered: bool = False,
                   root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {},
                   opponent: Optional[Opponent] = None) -> PlayResult:
        board = board.copy()
        root_moves = None if root_moves is None else list(root_moves)
        selector = int(info)

        async def body(ex: Exchange[PlayResult]) -> PlayResult:
            def ponderhit(p: _Ponder) -> bool:
                if p.game != game or p.board.move_stack != board.move_stack or p.board.fen() != board.fen():
                    return False
                if self._search_changes(board, options, analysis=False, ponder=ponder, multipv=None):
                    return False
                return not self._new_game_needed(game, self._effective_opponent(opponent))

            if not await self._leave_ponder(ex, ponderhit):
                await self._prepare(ex, board, game, options, analysis=False, ponder=ponder, multipv=None,
                                    opponent=opponent)
                self.send_line(self._position_line(board))
                self.send_line(self._go_line(board, limit, root_moves=root_moves))
            ex.stop_with(lambda: self.send_line("stop"))
            found = InfoDict()

            def keep(fields: InfoDict) -> None:
                if fields.get("multipv", 1) == 1:
                    found.update(fields)

            started = self.loop.time()
            args = await ex.expect(self._search_lines(board, selector, keep))
            ex.stop_with(None)
            best = _parse_uci_bestmove(board, args)
            result = PlayResult(best.move, best.ponder, found)
            if ponder and best.move is not None and best.ponder is not None:
                after = board.copy()
                after.push(best.move)
                after.push(best.ponder)
                self.send_line(self._position_line(after))
                spent = self.loop.time() - started
                self.send_line(self._go_line(after, _after_move(limit, board.turn, spent), ponder=True))
                self._ponder = _Ponder(after, game)
            return result

        return await self._exchange(body)

    async def analysis(self, board: Board, limit: Optional[Limit] = None, *, multipv: Optional[int] = None,
                       game: object = None, info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None,
                       options: ConfigMapping = {}) -> AnalysisResult:
        board = board.copy()
        root_moves = None if root_moves is None else list(root_moves)
        selector = int(info)

        async def body(ex: Exchange[AnalysisResult]) -> AnalysisResult:
            await self._leave_ponder(ex)
            await self._prepare(ex, board, game, options, analysis=True, ponder=False, multipv=multipv,
                                opponent=None)
            self.send_line(self._position_line(board))
            self.send_line(self._go_line(board, limit, root_moves=root_moves, infinite=limit is None))
            analysis = AnalysisResult(stop=ex._cancel)
            ex.stop_with(lambda: self.send_line("stop"))
            ex.result.set_result(analysis)
            try:
                args = await ex.expect(self._search_lines(board, selector, analysis.post))
                ex.stop_with(None)
                analysis.set_finished(_parse_uci_bestmove(board, args))
            except BaseException as exc:
                analysis.set_exception(exc if isinstance(exc, Exception) else EngineError("analysis cancelled"))
                raise
            return analysis

        return await self._exchange(body)

    async def send_game_result(self, board: Board, winner: Optional[bool] = None,
                               game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        # UCI has no word for a game's end; a ponder search goes on (as with python-chess).
        async def body(ex: Exchange[None]) -> None:
            return None

        await self._exchange(body)

    def _quitting(self) -> None:
        self._ponder = None
