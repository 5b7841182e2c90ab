"""Commands: one exchange with the engine at a time (``Protocol.communicate``).

``BaseCommand`` is python-chess's hook-based command, for scripts that write their own:
``start`` sends, ``line_received`` reads each line, ``cancel`` asks it to wrap up when the
next command is waiting, ``set_finished`` ends it. lerf's own commands are ``Exchange``s: a
coroutine that sends lines and awaits the engine's (``expect``), which keeps the order of
an exchange readable top to bottom."""

from __future__ import annotations

import asyncio
import enum
import logging
from typing import Any, Awaitable, Callable, Generic, List, Optional, TypeVar
from typing import Protocol as _Interface

from ._values import EngineError

__all__ = ["CommandEngine", "CommandState", "BaseCommand", "Exchange"]

LOGGER = logging.getLogger("chess.engine")

T = TypeVar("T")


class CommandEngine(_Interface):
    """What a command uses of the engine it runs on: its event loop and whether it was
    initialized. ``Protocol`` (``_protocol.py``) is one; a command needs nothing more of it,
    so this module stays below the protocol that runs its commands."""

    loop: asyncio.AbstractEventLoop
    initialized: bool


class CommandState(enum.Enum):
    """Where a command is: waiting, running, asked to wrap up, or done."""

    NEW = enum.auto()
    ACTIVE = enum.auto()
    CANCELLING = enum.auto()
    DONE = enum.auto()


class BaseCommand(Generic[T]):
    """One exchange with the engine. ``result`` is the future its caller awaits;
    ``finished`` is done once the engine is free for the next command."""

    def __init__(self, engine: CommandEngine) -> None:
        self.state = CommandState.NEW
        self.engine = engine
        loop = engine.loop
        self.result: asyncio.Future[T] = loop.create_future()
        self.finished: asyncio.Future[None] = loop.create_future()
        self._finished_callbacks: List[Callable[[], None]] = []

    def add_finished_callback(self, callback: Callable[[], None]) -> None:
        """Calls ``callback`` when the command is done."""
        self._finished_callbacks.append(callback)
        if self.state == CommandState.DONE:
            self._dispatch_finished()

    def _dispatch_finished(self) -> None:
        callbacks, self._finished_callbacks = self._finished_callbacks, []
        for callback in callbacks:
            callback()

    def _handle_exception(self, exc: BaseException) -> None:
        if not self.result.done():
            self.result.set_exception(exc)
        elif not isinstance(exc, (EngineError, asyncio.CancelledError)):
            LOGGER.error("%s: exception after the result was set", self.engine, exc_info=exc)
        if self.state != CommandState.DONE:
            self.set_finished()

    def set_finished(self) -> None:
        """Ends the command: the next one may start."""
        if self.state == CommandState.DONE:
            return
        self.state = CommandState.DONE
        if not self.result.done():
            self.result.set_exception(EngineError("command ended without a result"))
        if not self.finished.done():
            self.finished.set_result(None)
        self._dispatch_finished()

    def _cancel(self) -> None:
        if self.state == CommandState.ACTIVE:
            self.state = CommandState.CANCELLING
            self.cancel()

    def _start(self) -> None:
        self.state = CommandState.ACTIVE
        try:
            self.check_initialized()
            self.start()
        except Exception as exc:
            self._handle_exception(exc)

    def _line_received(self, line: str) -> None:
        try:
            self.line_received(line)
        except Exception as exc:
            self._handle_exception(exc)

    def _engine_terminated(self, exc: BaseException) -> None:
        self.engine_terminated(exc)
        self._handle_exception(exc)

    def check_initialized(self) -> None:
        """Raises ``EngineError`` unless the engine was initialized."""
        if not self.engine.initialized:
            raise EngineError("tried to run command, but engine is not initialized")

    def start(self) -> None:
        """Sends the command (override)."""
        raise NotImplementedError

    def line_received(self, line: str) -> None:
        """Reads one line the engine wrote (override)."""

    def cancel(self) -> None:
        """Asks the command to wrap up: another is waiting (override)."""

    def engine_terminated(self, exc: BaseException) -> None:
        """The engine's process ended (override to clean up)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} at {id(self):#x} (state={self.state}, result={self.result}, finished={self.finished}>"


class Exchange(BaseCommand[T]):
    """A command whose body is a coroutine ``body(exchange)``; its return value is the
    result (unless the body set one early, as an analysis does). ``stop_with`` says what to
    do when the next command is waiting (e.g. send ``stop``)."""

    def __init__(self, engine: CommandEngine, body: Callable[["Exchange[T]"], Awaitable[T]],
                 *, needs_init: bool = True) -> None:
        super().__init__(engine)
        self._body = body
        self._needs_init = needs_init
        self._on_line: Optional[Callable[[str], None]] = None
        self._waiter: Optional[asyncio.Future[Any]] = None
        self._task: Optional[asyncio.Task[None]] = None
        self._stopper: Optional[Callable[[], None]] = None

    def check_initialized(self) -> None:
        if self._needs_init:
            super().check_initialized()

    def start(self) -> None:
        self._task = self.engine.loop.create_task(self._run())

    async def _run(self) -> None:
        try:
            value = await self._body(self)
        except asyncio.CancelledError:
            if not self.result.done():
                self.result.cancel()
            self.set_finished()
        except BaseException as exc:  # the caller gets it
            self._handle_exception(exc)
        else:
            if not self.result.done():
                self.result.set_result(value)
            self.set_finished()

    def expect(self, handler: Callable[[str], Any]) -> "asyncio.Future[Any]":
        """A future for the engine's lines: each goes to ``handler`` until it returns
        something other than ``None`` (the future's value) or raises (its error)."""
        waiter = self.engine.loop.create_future()

        def on_line(line: str) -> None:
            try:
                value = handler(line)
            except Exception as exc:
                self._on_line = None
                if not waiter.done():
                    waiter.set_exception(exc)
                return
            if value is not None:
                self._on_line = None
                if not waiter.done():
                    waiter.set_result(value)

        self._on_line = on_line
        self._waiter = waiter
        return waiter

    def line_received(self, line: str) -> None:
        if self._on_line is not None:
            self._on_line(line)
        else:
            LOGGER.warning("%s: Unexpected engine output: %r (%s)", self.engine, line, self.state)

    def stop_with(self, stopper: Optional[Callable[[], None]]) -> None:
        """How to end the exchange early (e.g. send ``stop``) when the next command waits:
        called now if that was already asked, else once it is (``None``: nothing to do)."""
        self._stopper = stopper
        if self.state == CommandState.CANCELLING:
            self.cancel()

    def cancel(self) -> None:
        if self._stopper is not None:
            stopper, self._stopper = self._stopper, None
            stopper()

    def engine_terminated(self, exc: BaseException) -> None:
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_exception(exc)
