"""Limits against hostile clients on the real ``ledger serve`` (api/http_limits.py), over real
sockets: oversized bodies (Content-Length and chunked) are refused 413 before they are read,
without the HTTP process's memory growing by the body; oversized header blocks get 431 instead
of a reset connection; connections that send half a request and stall (or trickle a byte at a
time) are answered 408 and closed after the read timeout, while normal requests go on."""

from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Iterator

import httpx

MiB = 1024 * 1024
OFFERED = 100 * MiB  # what the hostile client is ready to send


def rss_kib(pid: int, field: str = "VmRSS") -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


def reset_peak_rss(pid: int) -> None:
    with open(f"/proc/{pid}/clear_refs", "w", encoding="ascii") as fh:
        fh.write("5")  # VmHWM, the peak resident size, starts again from the current size


def parse(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


def read_until_closed(sock: socket.socket, timeout: float = 10.0) -> bytes:
    sock.settimeout(timeout)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    return data


def push(port: int, head: bytes, body: Iterator[bytes]) -> tuple[bytes, int, float]:
    """Send the head, then the body chunk by chunk until the server answers (or stops
    reading); return the answer, the body bytes sent and the seconds to the answer."""
    started = time.monotonic()
    sent = 0
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.sendall(head)
        for chunk in body:
            if select.select([sock], [], [], 0)[0]:
                break  # the answer (or the end of the connection) is there
            try:
                sock.sendall(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(chunk)
        raw = read_until_closed(sock)
    return raw, sent, time.monotonic() - started


def zeros(total: int, size: int = 64 * 1024) -> Iterator[bytes]:
    chunk = b"0" * size
    for _ in range(total // size):
        yield chunk


def chunked(total: int, size: int = 64 * 1024) -> Iterator[bytes]:
    for chunk in zeros(total, size):
        yield b"%x\r\n%s\r\n" % (len(chunk), chunk)


def assert_error(raw: bytes, status: int, code: str, field: str, rule: str) -> None:
    got, headers, body = parse(raw)
    assert got == status, raw[:300]
    assert headers["content-type"] == "application/json"
    assert headers["connection"] == "close"
    error = json.loads(body[:int(headers["content-length"])])["error"]
    assert error["code"] == code and error["field"] == field, error
    assert error["rule"].startswith(rule), error
    assert error["message"] and error["request_id"] == headers["x-request-id"]


def test_oversized_body_is_refused_413_before_it_is_read(server):
    srv = server()
    reset_peak_rss(srv.pid)
    before = rss_kib(srv.pid)

    # Content-Length over the limit: answered from the headers, no byte of the body needed.
    head = (b"POST /players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % OFFERED)
    raw, sent, seconds = push(srv.port, head, zeros(OFFERED))
    assert_error(raw, 413, "payload_too_large", "body", "LEDGER_MAX_BODY_BYTES=1048576")
    assert seconds < 5 and sent < OFFERED // 4, (seconds, sent)

    # Chunked: counted as it arrives, refused at the limit.
    head = (b"POST /players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
    raw, sent, seconds = push(srv.port, head, chunked(OFFERED))
    assert_error(raw, 413, "payload_too_large", "body", "LEDGER_MAX_BODY_BYTES=1048576")
    assert seconds < 5 and sent < OFFERED // 4, (seconds, sent)

    grown = rss_kib(srv.pid, "VmHWM") - before  # the peak while the bodies were offered
    assert grown < 20 * 1024, f"the HTTP process grew by {grown} KiB"

    # A body under the limit still goes through (to the authentication, here).
    r = httpx.post(f"{srv.url}/players", json={"display_name": "A" * 100}, timeout=10)
    assert r.status_code == 401, r.text


def test_configured_body_limit_applies_to_a_money_route(server):
    srv = server(LEDGER_MAX_BODY_BYTES="2000")
    with srv.client() as client:
        operator = {"Authorization": "Bearer process-test-operator-key"}
        player = client.post("/players", json={"display_name": "Ana"}, headers=operator)
        path = f"/players/{player.json()['player_id']}/deposits"
        body = {"amount_cents": 100, "idempotency_key": "k1", "payment_method": "x" * 1990}
        r = client.post(path, json=body, headers=operator)
        assert r.status_code == 413, r.text
        assert r.json()["error"]["rule"] == "LEDGER_MAX_BODY_BYTES=2000"
        body["payment_method"] = "card"
        assert client.post(path, json=body, headers=operator).status_code == 201
        balance = client.get(f"/players/{player.json()['player_id']}/balance", headers=operator)
        assert balance.json()["available_cents"] == 100  # the refused one moved nothing


def test_oversized_header_block_gets_431_not_a_reset(server):
    srv = server()
    for size, status in ((40_000, 200), (200_000, 431)):
        with socket.create_connection(("127.0.0.1", srv.port)) as sock:
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Padding: %s\r\n"
                         b"Connection: close\r\n\r\n" % (b"a" * size))
            raw = read_until_closed(sock)
        if status == 431:
            assert_error(raw, 431, "request_headers_too_large", "headers",
                         "LEDGER_MAX_HEADER_BYTES=65536")
        else:  # under the 64 KiB default (h11's own default refused 16 KiB)
            assert parse(raw)[0] == 200, raw[:300]
    srv.restart(LEDGER_MAX_HEADER_BYTES="4096")
    with socket.create_connection(("127.0.0.1", srv.port)) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Padding: %s\r\n\r\n" % (b"a" * 8000))
        assert_error(read_until_closed(sock), 431, "request_headers_too_large", "headers",
                     "LEDGER_MAX_HEADER_BYTES=4096")


def test_half_sent_requests_are_answered_408_and_closed_after_the_read_timeout(server):
    timeout = 2.0
    srv = server(LEDGER_REQUEST_READ_TIMEOUT=str(timeout))
    head = b"POST /players HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    kinds = {
        "silent": b"",  # connects and says nothing
        "mid_headers": b"GET /health HTTP/1.1\r\nHo",
        "mid_body": head + b"Content-Length: 100\r\n\r\n{\"display_",
        "mid_chunked": head + b"Transfer-Encoding: chunked\r\n\r\n5\r\n{\"dis\r\n",
        "trickle_headers": b"G",  # then a byte every 0.3 s, never done
        "trickle_body": head + b"Content-Length: 1000\r\n\r\n{",
    }
    keep_alive = socket.create_connection(("127.0.0.1", srv.port))
    keep_alive.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
    assert keep_alive.recv(65536).startswith(b"HTTP/1.1 200")

    opened = time.monotonic()
    socks: dict[str, socket.socket] = {}
    for n in range(3):
        for kind, first in kinds.items():
            sock = socket.create_connection(("127.0.0.1", srv.port))
            sock.setblocking(False)
            if first:
                sock.sendall(first)
            socks[f"{kind}-{n}"] = sock
    received = {name: b"" for name in socks}
    closed_after: dict[str, float] = {}
    normal_ok = 0
    last_trickle = time.monotonic()
    while len(closed_after) < len(socks) and time.monotonic() - opened < timeout + 6:
        readable = select.select([s for n, s in socks.items() if n not in closed_after],
                                 [], [], 0.1)[0]
        for name, sock in socks.items():
            if sock in readable:
                try:
                    chunk = sock.recv(65536)
                except ConnectionResetError:
                    chunk = b""
                received[name] += chunk
                if not chunk:
                    closed_after[name] = time.monotonic() - opened
        if time.monotonic() - last_trickle > 0.3:
            last_trickle = time.monotonic()
            for name, sock in socks.items():
                if name.startswith("trickle") and name not in closed_after:
                    try:
                        sock.send(b"E" if name.startswith("trickle_headers") else b" ")
                    except OSError:
                        pass
            # Meanwhile a normal request is served at once.
            r = httpx.get(f"{srv.url}/health", timeout=5)
            assert r.status_code == 200
            normal_ok += 1
    assert normal_ok >= 3
    still_open = sorted(set(socks) - set(closed_after))
    assert not still_open, f"still open {time.monotonic() - opened:.1f} s later: {still_open}"
    for name, seconds in closed_after.items():
        assert timeout - 0.5 <= seconds <= timeout + 3.5, (name, seconds)
        if name.startswith("silent"):
            assert received[name] == b""  # nothing to answer
        else:
            field = "headers" if "headers" in name else "body"
            assert_error(received[name], 408, "request_timeout", field,
                         "LEDGER_REQUEST_READ_TIMEOUT=2")
    for sock in socks.values():
        sock.close()

    # The keep-alive connection idled past the read timeout and still serves (its idle
    # timeout is uvicorn's 5 s, unchanged).
    keep_alive.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert read_until_closed(keep_alive).startswith(b"HTTP/1.1 200")
    keep_alive.close()
