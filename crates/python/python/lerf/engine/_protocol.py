"""``Protocol``: an engine process seen through asyncio: its output cut into lines, one
command at a time, and what both protocols (UCI, XBoard) offer."""

from __future__ import annotations

import abc
import asyncio
import collections
import logging
import subprocess
import sys
import typing
from typing import Any, Callable, Deque, Dict, Iterable, List, MutableMapping, Optional, Tuple, Type, TypeVar, Union

from .._lerf import Board, Move
from ._analysis import AnalysisResult
from ._command import BaseCommand, Exchange
from ._values import (INFO_ALL, INFO_NONE, ConfigMapping, ConfigValue, EngineError,
                      EngineTerminatedError, Info, InfoDict, Limit, Opponent, Option,
                      PlayResult, UciOptionMap)

__all__ = ["Protocol"]

LOGGER = logging.getLogger("chess.engine")

T = TypeVar("T")
ProtocolT = TypeVar("ProtocolT", bound="Protocol")


def _first_word(text: str) -> Tuple[str, str]:
    """The first word of an engine's line and the rest, each without the white space around
    it (words are cut at any white space, as python-chess cuts them)."""
    words = text.split(None, 1)
    return (words[0] if words else "", words[1].strip() if len(words) > 1 else "")


class Protocol(asyncio.SubprocessProtocol, metaclass=abc.ABCMeta):
    """The engine side of a process's pipes (make one with ``popen``, or hand one to
    ``loop.subprocess_exec``). Commands run one at a time in the order they were asked for;
    asking for one while a search runs asks that search to stop."""

    #: The engine's name and author (UCI) or its ``myname`` (XBoard).
    id: Dict[str, str]
    #: The options the engine declared.
    options: MutableMapping[str, Option]
    #: The values the engine's options have (as far as lerf set them).
    config: MutableMapping[str, ConfigValue]
    #: The values asked for with ``configure``, which each search restores.
    target_config: MutableMapping[str, ConfigValue]

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.transport: Optional[asyncio.SubprocessTransport] = None
        self.buffer = {1: bytearray(), 2: bytearray()}
        self.command: Optional[BaseCommand[Any]] = None
        self.next_command: Optional[BaseCommand[Any]] = None
        self._queue: Deque[BaseCommand[Any]] = collections.deque()
        self.initialized = False
        self.returncode: asyncio.Future[int] = self.loop.create_future()
        self.id = {}
        self.options = UciOptionMap()
        self.config = UciOptionMap()
        self.target_config = UciOptionMap()

    # The pipes.

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        LOGGER.debug("%s: Connection made", self)

    def connection_lost(self, exc: Optional[Exception]) -> None:
        assert self.transport is not None
        code = self.transport.get_returncode()
        code = -9 if code is None else code
        LOGGER.debug("%s: Connection lost (exit code: %d, error: %s)", self, code, exc)
        self._terminated(code)

    def process_exited(self) -> None:
        assert self.transport is not None
        code = self.transport.get_returncode()
        LOGGER.debug("%s: Process exited (exit code: %s)", self, code)
        self._terminated(-9 if code is None else code)

    def _terminated(self, code: int) -> None:
        if not self.returncode.done():
            self.returncode.set_result(code)
        exc = EngineTerminatedError(f"engine process died unexpectedly (exit code: {code})")
        waiting = list(self._queue)
        self._queue.clear()
        self.next_command = None
        for command in waiting:
            command._engine_terminated(exc)
        if self.command is not None:
            self.command._engine_terminated(exc)

    def send_line(self, line: str) -> None:
        """Writes a line to the engine."""
        LOGGER.debug("%s: << %s", self, line)
        assert self.transport is not None, "the engine has no transport yet"
        stdin = self.transport.get_pipe_transport(0)
        assert stdin is not None, "the engine's stdin is closed"
        stdin.write((line + "\n").encode("utf-8"))  # type: ignore[attr-defined]

    def pipe_data_received(self, fd: int, data: Union[bytes, str]) -> None:
        buffer = self.buffer[fd]
        buffer.extend(data.encode("utf-8") if isinstance(data, str) else data)
        end = buffer.rfind(b"\n")
        if end < 0:
            return
        chunk = bytes(buffer[:end])
        del buffer[:end + 1]
        text = chunk.decode("utf-8", errors="replace")
        if fd == 1:
            self._lines_received(text)
        else:
            for line in text.split("\n"):
                self.error_line_received(line.rstrip("\r"))

    def _lines_received(self, text: str) -> None:
        debug = LOGGER.isEnabledFor(logging.DEBUG)
        for line in text.split("\n"):
            if line.endswith("\r"):
                line = line.rstrip("\r")
            if debug:
                LOGGER.debug("%s: >> %s", self, line)
            self.line_received(line)
            command = self.command
            if command is not None:
                command._line_received(line)
            else:
                self._idle_line(line)

    def error_line_received(self, line: str) -> None:
        """A line the engine wrote to stderr: logged."""
        LOGGER.warning("%s: stderr >> %s", self, line)

    def line_received(self, line: str) -> None:
        """Every line the engine writes, before its command sees it (a hook)."""

    def _idle_line(self, line: str) -> None:
        """A line while no command runs."""
        if not self.initialized:
            LOGGER.debug("%s: before initialization: %r", self, line)  # e.g. a banner
        elif line.strip():
            LOGGER.warning("%s: Unexpected engine output: %r", self, line)

    # Commands.

    async def communicate(self, command_factory: Callable[["Protocol"], BaseCommand[T]]) -> T:
        """Runs the command ``command_factory(self)`` once the ones before it are done
        (asking a running search to stop) and gives its result."""
        command = command_factory(self)
        if self.returncode.done():
            raise EngineTerminatedError(f"engine process dead (exit code: {self.returncode.result()})")
        self._queue.append(command)
        self.next_command = command
        if self.command is not None:
            self.command._cancel()
        self._start_next()

        def caller_gone(result: "asyncio.Future[T]") -> None:
            if result.cancelled():
                command._cancel()

        command.result.add_done_callback(caller_gone)
        return await command.result

    def _start_next(self) -> None:
        if self.returncode.done():
            code = self.returncode.result()
            while self._queue:
                self._queue.popleft()._engine_terminated(EngineTerminatedError(f"engine process dead (exit code: {code})"))
            return
        while self.command is None and self._queue:
            command = self._queue.popleft()
            if self.next_command is command:
                self.next_command = None
            if command.result.done():
                continue  # its caller is gone
            self.command = command
            command.add_finished_callback(self._command_finished)
            command._start()
            if self._queue and self.command is command:
                command._cancel()

    def _command_finished(self) -> None:
        self.command = None
        self._start_next()

    def _exchange(self, body: Callable[[Exchange[T]], Any], *, needs_init: bool = True) -> "asyncio.Future[T]":
        return self.communicate(lambda engine: Exchange(engine, body, needs_init=needs_init))  # type: ignore[return-value]

    # The API both protocols implement.

    @abc.abstractmethod
    async def initialize(self) -> None:
        """Starts the protocol: reads what the engine is called and which options it has."""

    @abc.abstractmethod
    async def ping(self) -> None:
        """Waits until the engine answers: it has read everything sent before."""

    @abc.abstractmethod
    async def configure(self, options: ConfigMapping) -> None:
        """Sets options (by name, regardless of case) for this and every later search."""

    async def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                        engine_rating: Optional[int] = None) -> None:
        """Tells the engine who it plays (and its own rating, XBoard), from the next new
        game on."""
        raise NotImplementedError

    @abc.abstractmethod
    async def play(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE,
                   ponder: bool = False, draw_offered: bool = False,
                   root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {},
                   opponent: Optional[Opponent] = None) -> PlayResult:
        """Asks the engine for a move in ``board`` within ``limit``."""

    @typing.overload
    async def analyse(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_ALL,
                      root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {}) -> InfoDict: ...
    @typing.overload
    async def analyse(self, board: Board, limit: Limit, *, multipv: int, game: object = None,
                      info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None,
                      options: ConfigMapping = {}) -> List[InfoDict]: ...
    @typing.overload
    async def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None,
                      game: object = None, info: Info = INFO_ALL,
                      root_moves: Optional[Iterable[Move]] = None,
                      options: ConfigMapping = {}) -> Union[List[InfoDict], InfoDict]: ...
    async def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None,
                      game: object = None, info: Info = INFO_ALL,
                      root_moves: Optional[Iterable[Move]] = None,
                      options: ConfigMapping = {}) -> Union[List[InfoDict], InfoDict]:
        """Analyses ``board`` until ``limit`` and gives what the engine reported last: one
        ``InfoDict``, or a list of them (best first) when ``multipv`` is given."""
        analysis = await self.analysis(board, limit, multipv=multipv, game=game, info=info,
                                       root_moves=root_moves, options=options)
        analysis._keep_reports = False
        analysis._queue.clear()
        with analysis:
            await analysis.wait()
        return analysis.info if multipv is None else analysis.multipv

    @abc.abstractmethod
    async def analysis(self, board: Board, limit: Optional[Limit] = None, *,
                       multipv: Optional[int] = None, game: object = None, info: Info = INFO_ALL,
                       root_moves: Optional[Iterable[Move]] = None,
                       options: ConfigMapping = {}) -> AnalysisResult:
        """Starts analysing ``board`` (until ``limit``, or until stopped) and gives the
        running analysis."""

    @abc.abstractmethod
    async def send_game_result(self, board: Board, winner: Optional[bool] = None,
                               game_ending: Optional[str] = None, game_complete: bool = True) -> None:
        """Tells the engine how the game on ``board`` ended."""

    async def quit(self) -> None:
        """Asks the engine to exit (``quit``, in both protocols) and waits until it has."""
        async def body(ex: Exchange[None]) -> None:
            self._quitting()
            self.send_line("quit")
            await self.returncode

        try:
            await self._exchange(body, needs_init=False)
        except EngineError:
            if not self.returncode.done():
                raise

    def _quitting(self) -> None:
        """Forgets what the engine was doing before ``quit`` (a hook)."""

    @classmethod
    async def popen(cls: Type[ProtocolT], command: Union[str, List[str]], *, setpgrp: bool = False,
                    **popen_args: Any) -> Tuple[asyncio.SubprocessTransport, ProtocolT]:
        """Starts the engine ``command`` (a path or an argument list), initializes it and
        gives the transport and the protocol. ``setpgrp`` puts it in a process group of
        its own (so that a Ctrl-C meant for the script does not reach it)."""
        if not isinstance(command, list):
            command = [command]
        if setpgrp:
            if sys.platform == "win32":
                popen_args["creationflags"] = popen_args.get("creationflags", 0) | subprocess.CREATE_NEW_PROCESS_GROUP
            else:
                popen_args["start_new_session"] = True
        loop = asyncio.get_running_loop()
        transport, protocol = await loop.subprocess_exec(cls, *command, **popen_args)
        try:
            await protocol.initialize()
        except BaseException:
            transport.close()
            raise
        return transport, protocol

    def __repr__(self) -> str:
        pid = self.transport.get_pid() if self.transport is not None else "?"
        return f"<{type(self).__name__} (pid={pid})>"
