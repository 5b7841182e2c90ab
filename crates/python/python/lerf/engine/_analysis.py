"""``AnalysisResult``: what a running analysis reports, as it comes."""

from __future__ import annotations

import asyncio
import collections
from types import TracebackType
from typing import Callable, Deque, List, Optional, Type

from ._values import AnalysisComplete, BestMove, InfoDict

__all__ = ["AnalysisResult"]

# Queued after the last report: the analysis has ended.
_END = InfoDict()


class AnalysisResult:
    """A running analysis: iterate it (``async for info in analysis``) or ``await
    analysis.get()`` for each report as the engine sends it; ``info`` holds everything
    reported so far about the principal line and ``multipv`` about each line; ``stop()``
    asks the engine to finish and ``await analysis.wait()`` gives its best move.

    The reports wait in a deque that only the event loop's thread appends to, so that
    ``SimpleEngine``'s analysis can take ready reports from another thread without a round
    trip through the loop."""

    def __init__(self, stop: Optional[Callable[[], None]] = None) -> None:
        self._stop = stop
        self._queue: Deque[InfoDict] = collections.deque()
        self._waiter: Optional[asyncio.Future[None]] = None
        self._posted_end = False
        self._seen_end = False
        self._finished: asyncio.Future[BestMove] = asyncio.get_running_loop().create_future()
        self.multipv: List[InfoDict] = [InfoDict()]
        # `analyse()` wants only the last word of each line: it stops queueing the reports
        # no one will take (a long analysis would otherwise hold every one of them).
        self._keep_reports = True

    def post(self, info: InfoDict) -> None:
        """Adds a report (from the engine's side)."""
        multipv = info.get("multipv", 1)
        while len(self.multipv) < multipv:
            self.multipv.append(InfoDict())
        self.multipv[multipv - 1].update(info)
        if self._keep_reports:
            self._queue.append(info)
            self._wake()

    def _wake(self) -> None:
        waiter = self._waiter
        if waiter is not None:
            self._waiter = None
            if not waiter.done():
                waiter.set_result(None)

    def _end(self) -> None:
        if not self._posted_end:
            self._posted_end = True
            self._queue.append(_END)
            self._wake()

    def set_finished(self, best: BestMove) -> None:
        """Ends the analysis with the engine's best move (from the engine's side)."""
        if not self._finished.done():
            self._finished.set_result(best)
        self._end()

    def set_exception(self, exc: BaseException) -> None:
        """Ends the analysis with an error (from the engine's side)."""
        if not self._finished.done():
            self._finished.set_exception(exc)
        self._end()

    @property
    def info(self) -> InfoDict:
        """Everything reported so far about the principal line (``multipv[0]``)."""
        return self.multipv[0]

    def stop(self) -> None:
        """Asks the engine to end the analysis (once; nothing if it has ended)."""
        if self._stop is not None and not self._finished.done():
            stop, self._stop = self._stop, None
            stop()

    async def wait(self) -> BestMove:
        """Waits for the analysis to end and gives the best move."""
        return await asyncio.shield(self._finished)

    def would_block(self) -> bool:
        """Whether ``get()`` would have to wait for the engine."""
        return not self._seen_end and not self._queue

    def empty(self) -> bool:
        """Whether every report has been taken (the analysis may not have ended)."""
        return self._seen_end or len(self._queue) <= self._posted_end

    def _take(self) -> Optional[InfoDict]:
        """The next report if one is ready (the end included), else ``None``."""
        if self._queue:
            return self._queue.popleft()
        return None

    async def get(self) -> InfoDict:
        """The next report, waiting for it; ``AnalysisComplete`` once the analysis has ended
        and every report was taken (or the analysis's error, the first time)."""
        if self._seen_end:
            raise AnalysisComplete()
        info = self._take()
        while info is None:
            waiter = self._waiter = asyncio.get_running_loop().create_future()
            await waiter
            info = self._take()
        if info is _END:
            self._seen_end = True
            await self._finished
            raise AnalysisComplete()
        return info

    async def next(self) -> Optional[InfoDict]:
        """The next report, or ``None`` once there are none."""
        try:
            return await self.get()
        except AnalysisComplete:
            return None

    def __aiter__(self) -> "AnalysisResult":
        return self

    async def __anext__(self) -> InfoDict:
        try:
            return await self.get()
        except AnalysisComplete:
            raise StopAsyncIteration from None

    def __enter__(self) -> "AnalysisResult":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc_value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.stop()
