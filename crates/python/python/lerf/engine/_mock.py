"""``MockTransport``: a scripted engine for tests. Each line the protocol writes must be
the next one expected; the engine's scripted answers then arrive as if from its stdout."""

from __future__ import annotations

import asyncio
import collections
from typing import Deque, List, Optional, Tuple

from ._protocol import Protocol

__all__ = ["MockTransport"]

# Stands for a `ping N` line, answered with `pong N`.
_PING = object()


class MockTransport(asyncio.SubprocessTransport, asyncio.WriteTransport):
    """Connects itself to ``protocol``; ``expect(line, responses)`` scripts the exchange,
    ``assert_done()`` checks that everything expected was written."""

    def __init__(self, protocol: Protocol) -> None:
        super().__init__()
        self.protocol = protocol
        self.expectations: Deque[Tuple[object, List[str]]] = collections.deque()
        self.stdin_buffer = bytearray()
        self.protocol.connection_made(self)

    def expect(self, expectation: str, responses: List[str] = []) -> None:
        """The protocol is to write ``expectation`` next; the engine answers ``responses``."""
        self.expectations.append((expectation, list(responses)))

    def expect_ping(self) -> None:
        """The protocol is to write ``ping N`` next; the engine answers ``pong N``."""
        self.expectations.append((_PING, []))

    def assert_done(self) -> None:
        """Raises ``AssertionError`` unless every expected line was written."""
        assert not self.expectations, f"pending expectations: {[e for e, _ in self.expectations]}"

    def get_pipe_transport(self, fd: int) -> Optional[asyncio.BaseTransport]:
        assert fd == 0, f"expected 0 for stdin, got {fd}"
        return self

    def write(self, data: bytes) -> None:
        self.stdin_buffer.extend(data)
        while b"\n" in self.stdin_buffer:
            raw, _, rest = bytes(self.stdin_buffer).partition(b"\n")
            self.stdin_buffer[:] = rest
            line = raw.decode("utf-8")
            assert self.expectations, f"unexpected: {line!r}"
            expectation, responses = self.expectations.popleft()
            if expectation is _PING:
                assert line.startswith("ping "), f"expected ping, got: {line!r}"
                responses = ["pong " + line.split(" ", 1)[1]]
            else:
                assert line == expectation, f"expected {expectation!r}, got: {line!r}"
            if responses:
                data_out = "".join(response + "\n" for response in responses).encode("utf-8")
                self.protocol.loop.call_soon(self.protocol.pipe_data_received, 1, data_out)

    def get_pid(self) -> int:
        return id(self)

    def get_returncode(self) -> Optional[int]:
        return None if not self.protocol.returncode.done() else self.protocol.returncode.result()

    def close(self) -> None:
        self.protocol.loop.call_soon(self.protocol.process_exited)

    def is_closing(self) -> bool:
        return self.protocol.returncode.done()
