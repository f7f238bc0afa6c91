"""The writer in a process of its own, reached over a Unix socket.

Why: Python runs one thread at a time per process. In one process the HTTP event loop and the
group-commit writer take turns on one core and money commands reached a fraction of what the
framework alone serves. ``ledger serve`` therefore starts ``ledger writer run`` as a child
process (the only writer), and the HTTP process sends it commands.

Protocol: frames of ``4-byte big-endian length + pickle(list of messages)`` both ways.
A request is ``(request_id, name, handler)`` where ``handler`` is a picklable command
(``functools.partial`` of a module-level handler function, or a small command class such as
``infra.container.CashCommand`` for the money commands); a reply is
``(request_id, ok, result_or_exception, last_position)``. Requests that arrive together are
run together, so they share one transaction, and answered in one frame. The socket is created
with mode 0600 in a private directory: only this user can talk to the writer (pickle must never
cross a trust boundary).
"""

from __future__ import annotations

import asyncio
import os
import pickle
import socket
import struct
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import structlog

from domain.errors import DomainError
from infra.writer import Command

log = structlog.get_logger("ledger.writer_process")
_HEADER = struct.Struct(">I")
# When nothing of the HTTP process's is in the writer, a loop turn that parses many requests
# sends the first _FLUSH_AT commands at once, so the writer runs them while the turn goes on;
# otherwise the turn's commands go together at its end. Sending a whole turn at once (often
# all 32 requests in flight) left the two processes waiting for each other in turn: 2,200
# against 3,600 deposits/s in an in-process driver with 32 clients and the real writer
# process. Sending early even while the writer is busy only made its groups smaller: at 128
# connections its CPU per deposit rose 0.17-0.19 → 0.21-0.22 ms, for fewer deposits per second.
_FLUSH_AT = 8


class WriterUnavailableError(RuntimeError):
    """Raised when the writer process cannot be reached or failed on a command."""


def _encode(messages: list[Any]) -> bytes:
    payload = pickle.dumps(messages, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(payload)) + payload


def _encode_apart(messages: list[Any]) -> tuple[bytes, list[tuple[Any, Exception]]]:
    """``messages`` in one frame; if one of them does not pickle, the others each in a frame
    of its own, and the ones that do not pickle with their error: one bad message must not
    take its neighbours with it (a reply's neighbours are committed commands)."""
    try:
        return _encode(messages), []
    except Exception:
        payload, refused = b"", []
        for message in messages:
            try:
                payload += _encode([message])
            except Exception as error:
                refused.append((message, error))
        return payload, refused


def _portable(error: BaseException) -> BaseException:
    """Domain errors travel as they are; anything else as a WriterUnavailableError."""
    if isinstance(error, DomainError):
        return error
    return WriterUnavailableError(f"{type(error).__name__}: {error}")


# Server side (the writer process) ----------------------------------------------------------------
def serve_writer(ledger: Any, path: str, stop: threading.Event) -> None:
    """Accept connections on ``path`` and feed their commands to ``ledger.writer``."""
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old_umask = os.umask(0o177)
    try:
        server.bind(path)
    finally:
        os.umask(old_umask)
    inode = os.stat(path).st_ino  # ours; a newer writer may bind the same path later
    server.listen(16)
    server.settimeout(0.5)
    log.info("writer_listening", path=path)
    connections: list[socket.socket] = []
    try:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except socket.timeout:
                continue
            connections.append(conn)
            threading.Thread(target=_serve_connection, args=(ledger, conn), daemon=True,
                             name="writer-connection").start()
    finally:
        server.close()
        for conn in connections:  # clients learn at once that their writer is gone
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        try:
            if os.stat(path).st_ino == inode:  # never remove a successor's socket
                os.unlink(path)
        except FileNotFoundError:
            pass


class _Outcome:
    """Stands for the Future of one command (infra/writer.py Command): settled once, by the
    connection's thread while it runs the command's group."""

    __slots__ = ("request_id", "ok", "value")

    def __init__(self, request_id: int) -> None:
        self.request_id = request_id
        self.ok: bool | None = None
        self.value: Any = None

    def done(self) -> bool:
        return self.ok is not None

    def set_result(self, result: Any) -> None:
        self.ok, self.value = True, result

    def set_exception(self, error: BaseException) -> None:
        self.ok, self.value = False, error


_RECEIVE = 1 << 20  # bytes per read: whatever the HTTP process has sent meanwhile, at once


def _serve_connection(ledger: Any, conn: socket.socket) -> None:
    """One thread per connection, and no other: read every frame that has arrived, run their
    commands (in groups of at most ``max_batch``, one transaction each) right here, answer them
    in one frame, read again. While a group runs, the next frames wait in the socket and form
    the next group. (Three threads — reader, writer, replies — handed the GIL and a queue to
    each other at every frame: about a fifth of the writer process's CPU per deposit.)"""
    writer = ledger.writer
    buffer = bytearray()
    try:
        while True:
            chunk = conn.recv(_RECEIVE)
            if not chunk:
                return
            buffer += chunk
            commands, outcomes = [], []
            offset, end = 0, len(buffer)
            with memoryview(buffer) as view:
                while end - offset >= _HEADER.size:
                    size = _HEADER.unpack_from(view, offset)[0]
                    if end - offset - _HEADER.size < size:
                        break  # the rest of this frame is still on its way
                    offset += _HEADER.size
                    for request_id, name, handler in pickle.loads(view[offset:offset + size]):
                        outcome = _Outcome(request_id)
                        outcomes.append(outcome)
                        commands.append(Command(handler, name, outcome))
                    offset += size
            del buffer[:offset]
            if not commands:
                continue
            writer.run_here(commands)
            position = writer.last_position
            replies = [(o.request_id, True, o.value, position) if o.ok
                       else (o.request_id, False, _portable(o.value), position) for o in outcomes]
            payload, refused = _encode_apart(replies)
            if refused:  # a result that does not pickle must not kill the connection
                payload += _encode([(reply[0], False, WriterUnavailableError(
                    f"unsendable reply: {error}"), position) for reply, error in refused])
            conn.sendall(payload)
    except (OSError, EOFError, pickle.UnpicklingError) as error:
        log.warning("writer_connection_closed", error=str(error))
    finally:
        conn.close()


# Client side (the HTTP process) ------------------------------------------------------------------
class _ReplyProtocol(asyncio.Protocol):
    def __init__(self, client: "RemoteWriter") -> None:
        self.client = client
        self.buffer = bytearray()
        self.transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while len(self.buffer) >= _HEADER.size:
            size = _HEADER.unpack_from(self.buffer)[0]
            if len(self.buffer) < _HEADER.size + size:
                return
            payload = bytes(self.buffer[_HEADER.size:_HEADER.size + size])
            del self.buffer[:_HEADER.size + size]
            self.client._on_replies(pickle.loads(payload))

    def connection_lost(self, exc: Exception | None) -> None:
        self.client._on_lost(self.transport, exc)


class RemoteWriter:
    """The HTTP process's handle on the writer process: same ``submit``/``execute`` as
    GroupCommitWriter, plus ``run_async`` for the event loop (no thread hop on the way back)."""

    def __init__(self, path: str) -> None:
        self.path = path
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
        payload, refused = _encode_apart(outbox)
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
                future.set_exception(_portable(error))

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
