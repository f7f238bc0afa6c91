"""The writer process's side of its private socket: ``ledger writer run`` (infra/runtime/processes.py)
listens on a Unix socket (mode 0600, in a private directory: only this user can talk to the
writer) and feeds the commands that arrive to its group-commit writer (infra/writer/group_commit.py).

Why a process of its own: Python runs one thread at a time per process. In one process the
HTTP event loop and the group-commit writer take turns on one core and money commands reached a
fraction of what the framework alone serves. ``ledger serve`` therefore starts the writer as a
child process (the only writer), and the HTTP process sends it commands (infra/writer/client.py)
as data (infra/writer/wire.py). Requests that arrive together are run together, so they share one
transaction, and answered in one frame.
"""

from __future__ import annotations

import os
import socket
import threading
from typing import Any

import structlog

from infra.writer.group_commit import QueuedCommand
from infra.writer.wire import (
    HEADER,
    Codec,
    RefusedFrameError,
    WriterUnavailableError,
    portable,
)

log = structlog.get_logger("ledger.writer_process")


def serve_writer(ledger: Any, path: str, stop: threading.Event) -> None:
    """Accept connections on ``path`` and feed their commands to ``ledger.writer``."""
    codec = ledger.codec
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
            threading.Thread(target=_serve_connection, args=(ledger, conn, codec), daemon=True,
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
    """Stands for the Future of one command (infra/writer/group_commit.py QueuedCommand): settled once, by the
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


def _serve_connection(ledger: Any, conn: socket.socket, codec: Codec) -> None:
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
                while end - offset >= HEADER.size:
                    size = HEADER.unpack_from(view, offset)[0]
                    if end - offset - HEADER.size < size:
                        break  # the rest of this frame is still on its way
                    offset += HEADER.size
                    for request_id, name, handler in codec.decode(view[offset:offset + size]):
                        outcome = _Outcome(request_id)
                        outcomes.append(outcome)
                        commands.append(QueuedCommand(handler, name, outcome))
                    offset += size
            del buffer[:offset]
            if not commands:
                continue
            writer.run_here(commands)
            position = writer.last_position
            replies = [(o.request_id, True, o.value, position) if o.ok
                       else (o.request_id, False, portable(o.value), position) for o in outcomes]
            payload, refused = codec.encode_apart(replies)
            if refused:  # a result that does not pickle must not kill the connection
                payload += codec.encode([(reply[0], False, WriterUnavailableError(
                    f"unsendable reply: {error}"), position) for reply, error in refused])
            conn.sendall(payload)
    except (OSError, EOFError, RefusedFrameError) as error:
        log.warning("writer_connection_closed", error=str(error))
    finally:
        conn.close()
