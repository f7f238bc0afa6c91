"""uvicorn's h11 protocol, answering each response with one socket write instead of two.

Why: uvicorn writes a response's status line and headers, then its body, each straight to the
socket (a ``send`` system call each); writing the socket was ~17 % of the HTTP process's time
under the money benchmark. Here the writes a request makes while it runs are gathered and
sent together when the event loop next turns: one system call per response, same bytes in the
same order. ``ledger serve`` passes the class to uvicorn (``http=``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

_MOST_HELD = 64 * 1024  # bytes: a long response (a stream) is not held in memory


class _GatheringTransport:
    """A transport whose ``write`` waits for the end of the loop turn; the rest is the real
    transport's (flow control, close, peer address...)."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []
        self._held = 0

    def write(self, data: bytes) -> None:
        if not data:
            return
        if not self._pending:
            self._loop.call_soon(self._flush)
        self._pending.append(data)
        self._held += len(data)
        if self._held > _MOST_HELD:
            self._flush()  # the real transport's flow control takes over

    def _flush(self) -> None:
        if self._pending:
            data = b"".join(self._pending)
            self._pending.clear()
            self._held = 0
            if not self._transport.is_closing():  # aborted meanwhile: nobody to send it to
                self._transport.write(data)

    def close(self) -> None:
        self._flush()  # what was written goes first, as on the real transport
        self._transport.close()

    def write_eof(self) -> None:
        self._flush()  # likewise: the end of what we send comes after all of it
        self._transport.write_eof()

    def get_write_buffer_size(self) -> int:
        return self._transport.get_write_buffer_size() + self._held

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class GatheringH11Protocol(H11Protocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(_GatheringTransport(transport, self.loop))  # type: ignore[arg-type]
