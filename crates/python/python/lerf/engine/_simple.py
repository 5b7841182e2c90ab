"""``SimpleEngine``: the protocols without asyncio in sight. An event loop runs in a
thread of its own for each engine; each call is handed to it and waited for."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import copy
import threading
import typing
from types import TracebackType
from typing import Any, Awaitable, Callable, Coroutine, Dict, Generator, Iterable, Iterator, List, Optional, Type, TypeVar, Union

from .._lerf import Board, Move
from ._analysis import _END, AnalysisResult
from ._protocol import Protocol
from ._uci import UciProtocol
from ._values import (INFO_ALL, INFO_NONE, AnalysisComplete, BestMove, ConfigMapping, EngineTerminatedError,
                      Info, InfoDict, Limit, Opponent, PlayResult)
from ._xboard import XBoardProtocol

__all__ = ["SimpleEngine", "SimpleAnalysisResult", "run_in_background"]

T = TypeVar("T")


def run_in_background(coroutine: Callable[["concurrent.futures.Future[T]"], Coroutine[Any, Any, None]], *,
                      name: Optional[str] = None, debug: Optional[bool] = None) -> T:
    """Runs ``coroutine(future)`` in a new event loop in a new thread, and waits for it to
    set the future's result (the coroutine may go on running after that). An exception
    the coroutine raises first is raised here."""
    future: concurrent.futures.Future[T] = concurrent.futures.Future()

    def background() -> None:
        try:
            asyncio.run(coroutine(future), debug=debug)
            future.cancel()
        except Exception as exc:
            if not future.done():
                future.set_exception(exc)

    threading.Thread(target=background, name=name).start()
    return future.result()


def _result(future: "concurrent.futures.Future[T]") -> T:
    """A call's result from the engine's event loop. The loop ends when the engine does, and
    cancels the calls still waiting in it: a call that raced the engine's death that way is
    told the engine terminated, as the calls that saw it first are."""
    try:
        return future.result()
    except concurrent.futures.CancelledError:
        raise EngineTerminatedError("engine event loop dead") from None


class SimpleEngine:
    """An engine behind blocking calls (``SimpleEngine.popen_uci("stockfish")``): each
    method runs the protocol's coroutine on the engine's own event loop and waits, at most
    ``timeout`` seconds beyond the search's own time. Close it (``close()``, or use it as a
    context manager) to end the engine's process and thread."""

    def __init__(self, transport: asyncio.SubprocessTransport, protocol: Protocol, *,
                 timeout: Optional[float] = 10.0) -> None:
        self.transport = transport
        self.protocol = protocol
        self.timeout = timeout
        self._shutdown_lock = threading.Lock()
        self._shutdown = False
        self.shutdown_event = asyncio.Event()

    def _timeout_for(self, limit: Optional[Limit]) -> Optional[float]:
        if self.timeout is None or limit is None or limit.time is None:
            return None
        return self.timeout + limit.time

    @contextlib.contextmanager
    def _not_shut_down(self) -> Generator[None, None, None]:
        with self._shutdown_lock:
            if self._shutdown:
                raise EngineTerminatedError("engine event loop dead")
            yield

    def _run(self, make: Callable[[], Awaitable[T]], timeout: Optional[float]) -> T:
        async def call() -> T:
            return await asyncio.wait_for(make(), timeout)

        with self._not_shut_down():
            future = asyncio.run_coroutine_threadsafe(call(), self.protocol.loop)
        return _result(future)

    def _read(self, read: Callable[[], T]) -> T:
        async def call() -> T:
            return read()

        with self._not_shut_down():
            future = asyncio.run_coroutine_threadsafe(call(), self.protocol.loop)
        return _result(future)

    @property
    def options(self) -> Any:
        """The options the engine declared (a copy)."""
        return self._read(lambda: copy.copy(self.protocol.options))

    @property
    def id(self) -> Dict[str, str]:
        """The engine's name and author (a copy)."""
        return self._read(lambda: self.protocol.id.copy())

    def communicate(self, command_factory: Callable[[Protocol], Any]) -> Any:
        """Runs a command of your own (see ``Protocol.communicate``)."""
        return self._run(lambda: self.protocol.communicate(command_factory), self.timeout)

    def configure(self, options: ConfigMapping) -> None:
        """Sets options for every later search."""
        return self._run(lambda: self.protocol.configure(options), self.timeout)

    def send_opponent_information(self, *, opponent: Optional[Opponent] = None,
                                  engine_rating: Optional[int] = None) -> None:
        """Tells the engine who it plays, from the next new game on."""
        return self._run(lambda: self.protocol.send_opponent_information(opponent=opponent, engine_rating=engine_rating),
                         self.timeout)

    def ping(self) -> None:
        """Waits until the engine answers."""
        return self._run(self.protocol.ping, self.timeout)

    def play(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE,
             ponder: bool = False, draw_offered: bool = False, root_moves: Optional[Iterable[Move]] = None,
             options: ConfigMapping = {}, opponent: Optional[Opponent] = None) -> PlayResult:
        """The engine's move in ``board`` within ``limit`` (see ``Protocol.play``)."""
        return self._run(lambda: self.protocol.play(board, limit, game=game, info=info, ponder=ponder,
                                                    draw_offered=draw_offered, root_moves=root_moves,
                                                    options=options, opponent=opponent),
                         self._timeout_for(limit))

    @typing.overload
    def analyse(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_ALL,
                root_moves: Optional[Iterable[Move]] = None, options: ConfigMapping = {}) -> InfoDict: ...
    @typing.overload
    def analyse(self, board: Board, limit: Limit, *, multipv: int, game: object = None,
                info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None,
                options: ConfigMapping = {}) -> List[InfoDict]: ...
    @typing.overload
    def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None, game: object = None,
                info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None,
                options: ConfigMapping = {}) -> Union[List[InfoDict], InfoDict]: ...
    def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None, game: object = None,
                info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None,
                options: ConfigMapping = {}) -> Union[List[InfoDict], InfoDict]:
        """Analyses ``board`` until ``limit`` (see ``Protocol.analyse``)."""
        return self._run(lambda: self.protocol.analyse(board, limit, multipv=multipv, game=game, info=info,
                                                       root_moves=root_moves, options=options),
                         self._timeout_for(limit))

    def analysis(self, board: Board, limit: Optional[Limit] = None, *, multipv: Optional[int] = None,
                 game: object = None, info: Info = INFO_ALL, root_moves: Optional[Iterable[Move]] = None,
                 options: ConfigMapping = {}) -> "SimpleAnalysisResult":
        """Starts analysing ``board``; iterate the result for the engine's reports."""
        inner = self._run(lambda: self.protocol.analysis(board, limit, multipv=multipv, game=game, info=info,
                                                         root_moves=root_moves, options=options),
                          self.timeout)
        return SimpleAnalysisResult(self, inner)

    def send_game_result(self, board: Board, winner: Optional[bool] = None, game_ending: Optional[str] = None,
                         game_complete: bool = True) -> None:
        """Tells the engine how the game ended."""
        return self._run(lambda: self.protocol.send_game_result(board, winner, game_ending, game_complete),
                         self.timeout)

    def quit(self) -> None:
        """Asks the engine to exit and waits (``TimeoutError`` after ``timeout``)."""
        return self._run(self.protocol.quit, self.timeout)

    def close(self) -> None:
        """Ends the engine's process (at once) and its event loop; safe to call twice."""
        if self.transport is None:
            return
        with self._shutdown_lock:
            if not self._shutdown:
                self._shutdown = True
                self.protocol.loop.call_soon_threadsafe(self._close_in_loop)

    def _close_in_loop(self) -> None:
        self.transport.close()
        self.shutdown_event.set()

    @classmethod
    def popen(cls, Protocol: Type[Protocol], command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
              debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Starts the engine ``command`` speaking ``Protocol``."""
        async def background(future: "concurrent.futures.Future[SimpleEngine]") -> None:
            transport, protocol = await asyncio.wait_for(Protocol.popen(command, setpgrp=setpgrp, **popen_args), timeout)
            threading.current_thread().name = f"{cls.__name__} (pid={transport.get_pid()})"
            engine = cls(transport, protocol, timeout=timeout)
            try:
                future.set_result(engine)
                await asyncio.wait([asyncio.ensure_future(protocol.returncode),
                                    asyncio.ensure_future(engine.shutdown_event.wait())],
                                   return_when=asyncio.FIRST_COMPLETED)
                if not protocol.returncode.done():
                    transport.close()
                    await protocol.returncode
            finally:
                with engine._shutdown_lock:
                    engine._shutdown = True
                transport.close()

        return run_in_background(background, name=f"{cls.__name__} (command={command!r})", debug=debug)

    @classmethod
    def popen_uci(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                  debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Starts a UCI engine."""
        return cls.popen(UciProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    @classmethod
    def popen_xboard(cls, command: Union[str, List[str]], *, timeout: Optional[float] = 10.0,
                     debug: Optional[bool] = None, setpgrp: bool = False, **popen_args: Any) -> "SimpleEngine":
        """Starts an XBoard engine."""
        return cls.popen(XBoardProtocol, command, timeout=timeout, debug=debug, setpgrp=setpgrp, **popen_args)

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()

    def __repr__(self) -> str:
        pid = self.transport.get_pid() if self.transport is not None else None
        return f"<{type(self).__name__} (pid={pid})>"


class SimpleAnalysisResult:
    """A running analysis behind blocking calls (what ``SimpleEngine.analysis`` gives):
    iterate it for the engine's reports. A report already received is taken without a
    trip through the engine's event loop."""

    def __init__(self, simple_engine: SimpleEngine, inner: AnalysisResult) -> None:
        self.simple_engine = simple_engine
        self.inner = inner

    def _run(self, make: Callable[[], Awaitable[T]]) -> T:
        return self.simple_engine._run(make, None)

    def _read(self, read: Callable[[], T]) -> T:
        return self.simple_engine._read(read)

    @property
    def info(self) -> InfoDict:
        """Everything reported so far about the principal line (a copy)."""
        return self._read(lambda: copy.copy(self.inner.info))

    @property
    def multipv(self) -> List[InfoDict]:
        """Everything reported so far about each line (copies)."""
        return self._read(lambda: [copy.copy(info) for info in self.inner.multipv])

    def stop(self) -> None:
        """Asks the engine to end the analysis."""
        with self.simple_engine._not_shut_down():
            self.simple_engine.protocol.loop.call_soon_threadsafe(self.inner.stop)

    def wait(self) -> BestMove:
        """Waits for the analysis to end; its best move."""
        return self._run(self.inner.wait)

    def would_block(self) -> bool:
        """Whether ``get()`` would wait for the engine."""
        return self._read(self.inner.would_block)

    def empty(self) -> bool:
        """Whether every report has been taken."""
        return self._read(self.inner.empty)

    def _ready(self) -> Optional[InfoDict]:
        # The deque is appended to only by the loop's thread; taking from its left here
        # is safe as long as this is the only consumer (the end marker stays for the loop).
        queue = self.inner._queue
        if queue and queue[0] is not _END:
            try:
                return queue.popleft()
            except IndexError:
                return None
        return None

    def get(self) -> InfoDict:
        """The next report (waiting for it); ``AnalysisComplete`` at the end."""
        info = self._ready()
        if info is not None:
            return info
        return self._run(self.inner.get)

    def next(self) -> Optional[InfoDict]:
        """The next report, or ``None`` at the end."""
        info = self._ready()
        if info is not None:
            return info
        return self._run(self.inner.next)

    def __iter__(self) -> Iterator[InfoDict]:
        return self

    def __next__(self) -> InfoDict:
        info = self._ready()
        if info is not None:
            return info
        try:
            return self._run(self.inner.get)
        except AnalysisComplete:
            raise StopIteration from None

    def __enter__(self) -> "SimpleAnalysisResult":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.stop()
