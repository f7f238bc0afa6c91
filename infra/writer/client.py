"""The HTTP process's side of the writer process's socket (infra/writer/server.py):
``RemoteWriter`` has the same ``submit``/``execute`` as the in-process GroupCommitWriter, plus
``run_async`` for the event loop (no thread hop on the way back). Commands travel as data
(infra/writer/wire.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from domain.kernel.command import Command
from infra.writer.wire import HEADER, Codec, WriterUnavailableError, portable

# When nothing of the HTTP process's is in the writer, a loop turn that parses many requests
# sends the first _FLUSH_AT commands at once, so the writer runs them while the turn goes on;
# otherwise the turn's commands go together at its end. Sending a whole turn at once (often
# all 32 requests in flight) left the two processes waiting for each other in turn: 2,200
# against 3,600 deposits/s in an in-process driver with 32 clients and the real writer
# process. Sending early even while the writer is busy only made its groups smaller: at 128
# connections its CPU per deposit rose 0.17-0.19 → 0.21-0.22 ms, for fewer deposits per second.
_FLUSH_AT = 8


class _ReplyProtocol(asyncio.Protocol):
    def __init__(self, client: "RemoteWriter") -> None:
        self.client = client
        self.buffer = bytearray()
        self.transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while len(self.buffer) >= HEADER.size:
            size = HEADER.unpack_from(self.buffer)[0]
            if len(self.buffer) < HEADER.size + size:
                return
            payload = bytes(self.buffer[HEADER.size:HEADER.size + size])
            del self.buffer[:HEADER.size + size]
            self.client._on_replies(self.client.codec.decode(payload))

    def connection_lost(self, exc: Exception | None) -> None:
        self.client._on_lost(self.transport, exc)


class RemoteWriter:
    """The HTTP process's handle on the writer process: same ``submit``/``execute`` as
    GroupCommitWriter, plus ``run_async`` for the event loop (no thread hop on the way back)."""

    def __init__(self, path: str, codec: Codec) -> None:
        self.path = path
        self.codec = codec
        self.last_position = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._transport: asyncio.Transport | None = None
        self._pending: dict[int, asyncio.Future[Any]] = {}
        self._outbox: list[Any] = []
        self._next_id = 0
        self._flush_scheduled = False
        self._connecting: asyncio.Task[None] | None = None
        self.stats = {"commands": 0}

    def _connected(self) -> bool:
        return self._transport is not None and not self._transport.is_closing()

    async def connect(self, attempts: int = 100) -> None:
        self._loop = asyncio.get_running_loop()
        for attempt in range(attempts):
            if self._connected():  # never a second connection beside a live one
                return
            try:
                self._transport, _ = await self._loop.create_unix_connection(
                    lambda: _ReplyProtocol(self), self.path)
                return
            except (FileNotFoundError, ConnectionRefusedError):
                await asyncio.sleep(0.1)
        raise WriterUnavailableError(f"no writer process listening on {self.path}")

    # In the event loop ---------------------------------------------------------------------------
    def _reconnect(self) -> asyncio.Task[None]:
        """One reconnection at a time, shared by every command that needs it (a burst of
        commands while the writer restarts used to open a connection each)."""
        if self._connecting is None or self._connecting.done():
            self._connecting = self._loop.create_task(self.connect(attempts=20))
            self._connecting.add_done_callback(
                lambda task: task.cancelled() or task.exception())  # retrieved, not logged
        return self._connecting

    async def run_async(self, handler: Callable[[Any], Any], name: str = "command") -> Any:
        if not self._connected():
            await asyncio.shield(self._reconnect())
        return await self.submit_async(handler, name)

    def submit_async(self, handler: Callable[[Any], Any], name: str = "command") -> asyncio.Future[Any]:
        """In the event loop: queue the command and return the future of its reply."""
        if not isinstance(handler, Command):  # the socket carries data only (infra/writer/wire.py)
            future = self._loop.create_future()
            future.set_exception(WriterUnavailableError(f"not a command (data only): {handler!r}"))
            return future
        if not self._connected():
            future = self._loop.create_future()
            future.set_exception(WriterUnavailableError("the writer process is not connected"))
            self._reconnect()  # for the next ones
            return future
        self._next_id += 1
        future = self._loop.create_future()
        self._pending[self._next_id] = future
        self._outbox.append((self._next_id, name, handler))
        if len(self._outbox) >= _FLUSH_AT and len(self._pending) == len(self._outbox):
            self._flush()  # nothing of ours is in the writer: give it these now
        elif not self._flush_scheduled:  # the rest of this loop turn goes in one frame
            self._flush_scheduled = True
            self._loop.call_soon(self._flush)
        return future

    def _flush(self) -> None:
        self._flush_scheduled = False
        outbox, self._outbox = self._outbox, []
        if not outbox:
            return
        payload, refused = self.codec.encode_apart(outbox)
        for message, error in refused:  # fails alone, not with its frame
            self._fail([message], error)
        try:
            if not self._connected():
                raise WriterUnavailableError("the writer process is not connected")
            if payload:
                self._transport.write(payload)
        except Exception as error:
            self._fail(outbox, error)

    def _fail(self, messages: list[Any], error: BaseException) -> None:
        for request_id, _, _ in messages:
            future = self._pending.pop(request_id, None)
            if future is not None and not future.done():
                future.set_exception(portable(error))

    def _on_replies(self, replies: list[Any]) -> None:
        for request_id, ok, value, position in replies:
            if position > self.last_position:
                self.last_position = position
            future = self._pending.pop(request_id, None)
            if future is None or future.done():
                continue
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)
        self.stats["commands"] += len(replies)

    def _on_lost(self, transport: asyncio.BaseTransport | None, exc: Exception | None) -> None:
        if transport is not self._transport and self._transport is not None:
            return  # an earlier connection's end says nothing about the current one
        self._transport = None
        pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(WriterUnavailableError(
                    "the writer process went away; the command may or may not have been "
                    "recorded: repeat it with the same idempotency key"))

    # From other threads ---------------------------------------------------------------------------
    def submit(self, handler: Callable[[Any], Any], name: str = "command") -> Future[Any]:
        if self._loop is None:
            raise WriterUnavailableError("the remote writer is not connected yet")
        return asyncio.run_coroutine_threadsafe(self.run_async(handler, name), self._loop)

    def submit_many(self, handlers: list[Callable[[Any], Any]], name: str = "command") -> list[Future[Any]]:
        return [self.submit(h, name) for h in handlers]

    def execute(self, handler: Callable[[Any], Any], name: str = "command") -> Any:
        return self.submit(handler, name).result()

    def on_commit(self, listener: Callable[[int], None]) -> None:  # projections: not here
        pass

    def start(self) -> None:
        pass

    def stop(self) -> None:
        if self._transport is not None:
            self._transport.close()
