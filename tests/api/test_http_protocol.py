"""The HTTP protocol ``ledger serve`` runs (api/http_protocol.py): a response's status line,
headers and body leave in one socket write, and every byte still arrives, in order, on
keep-alive connections and for bodies larger than what it holds back."""

from __future__ import annotations

import asyncio
import socket
import threading
import time

import uvicorn
from starlette.applications import Starlette
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from api.http_protocol import GatheringH11Protocol, _GatheringTransport

BIG = "x" * 200_000


async def small(request):
    return PlainTextResponse("hello")


async def big(request):
    return PlainTextResponse(BIG)


def serve():
    app = Starlette(routes=[Route("/small", small), Route("/big", big)])
    config = uvicorn.Config(app, host="127.0.0.1", port=0, http=GatheringH11Protocol,
                            log_config=None, access_log=False, lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    return server, thread, port


def read_response(conn: socket.socket, buffer: bytearray) -> tuple[bytes, bytes]:
    while b"\r\n\r\n" not in buffer:
        buffer += conn.recv(65536)
    head, _, rest = bytes(buffer).partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length")))
    while len(rest) < length:
        rest += conn.recv(65536)
    buffer[:] = rest[length:]
    return head, rest[:length]


def test_responses_arrive_whole_and_in_order_on_one_connection():
    server, thread, port = serve()
    try:
        with socket.create_connection(("127.0.0.1", port)) as conn:
            buffer = bytearray()
            for path, body in (("/small", b"hello"), ("/big", BIG.encode()),
                               ("/small", b"hello")):
                conn.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                head, received = read_response(conn, buffer)
                assert head.startswith(b"HTTP/1.1 200")
                assert received == body
            conn.sendall(b"GET /small HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            head, received = read_response(conn, buffer)
            assert received == b"hello"
            assert conn.recv(1) == b""  # closed after the answer, which came first
    finally:
        server.should_exit = True
        thread.join(timeout=10)


class RecordingTransport:
    """Stands in for the socket transport: records each write."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(data)

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_write_buffer_size(self) -> int:
        return 0


def test_status_line_headers_and_body_leave_in_one_write():
    loop = asyncio.new_event_loop()
    try:
        real = RecordingTransport()
        gathering = _GatheringTransport(real, loop)  # type: ignore[arg-type]
        gathering.write(b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n")
        gathering.write(b"hello")
        gathering.write(b"")  # h11's end of message for a sized body
        assert real.writes == [] and gathering.get_write_buffer_size() == 43
        loop.run_until_complete(asyncio.sleep(0))  # the loop turns once
        assert real.writes == [b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello"]
        gathering.write(b"bye")
        gathering.close()  # what was written goes before the close
        assert real.writes[-1] == b"bye" and real.closed
        gathering.write(b"too late")
        loop.run_until_complete(asyncio.sleep(0))
        assert real.writes[-1] == b"bye"  # nothing is written to a closed transport
    finally:
        loop.close()
