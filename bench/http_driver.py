"""What the HTTP benchmarks share: a lean keep-alive client that plays a scripted sequence of
requests per connection and times each one, and the CPU each process of a served tree spends.

The client is asyncio on raw sockets (HTTP/1.1, keep-alive, ``Content-Length`` bodies only):
tens of µs of CPU per request, where httpx in threads cost several hundred on this 2-core
machine and capped what a fast server could be seen to do. The same client drives the ledger
and the bare endpoint, so their ratio compares servers, not clients; its own CPU per request
is measured and printed beside theirs.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

# A step: (kind, path, body) -> the request; ``next_step`` gets the answer's status and JSON
# body and returns the next step, or None when the script's round (a jogada) is over.


class Connection:
    """One keep-alive HTTP/1.1 connection; ``request`` sends one and reads its answer."""

    def __init__(self, base: str, headers: dict[str, str]) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.head = "".join(f"{k}: {v}\r\n" for k, v in
                            {"Host": f"{self.host}:{self.port}",
                             "Content-Type": "application/json", **headers}.items())
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def request(self, method: str, path: str, body: Any = None,
                      headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        """``headers``: this request's own, beside the connection's (e.g. the key of the
        player a table client relays)."""
        data = b"" if body is None else json.dumps(body).encode()
        head = self.head + "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items())
        self.writer.write(f"{method} {path} HTTP/1.1\r\n{head}Content-Length: {len(data)}"
                          f"\r\n\r\n".encode() + data)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
                break
        return status, await self.reader.readexactly(length) if length else b""

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


@dataclass
class Run:
    """What one run of ``drive`` saw: requests and rounds completed, failures, wall time,
    the latencies (s) by kind, and the CPU (s) of the driving process."""

    seconds: float = 0.0
    requests: int = 0
    rounds: int = 0
    failed: int = 0
    cpu: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=dict)
    statuses: dict[int, int] = field(default_factory=dict)
    # (start, kind, seconds) of every request, start from the run's beginning: to line the
    # slow ones up with what else happened then (a clock's tick, a GC, a commit...)
    timeline: list[tuple[float, str, float]] = field(default_factory=list)

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


# A script: given a client's index and its round number, yields (kind, method, path, body[,
# headers]) one step at a time (headers: that request's own, e.g. a player's key); each step receives the previous answer (status, JSON or None) through ``send``.
Script = Callable[[int, int], Any]


def drive(base: str, clients: list[dict[str, str]], script: Script, seconds: float) -> Run:
    """``len(clients)`` connections (each with its headers), each playing ``script`` round
    after round for ``seconds``; a round stops at its first answer ≥ 300 (counted failed)."""
    run = Run()

    async def client(i: int, headers: dict[str, str], stop: float) -> None:
        conn = Connection(base, headers)
        await conn.open()
        n = 0
        try:
            while time.perf_counter() < stop:
                n += 1
                steps = script(i, n)
                answer = None
                ok = True
                try:
                    while True:
                        kind, method, path, body, *own = steps.send(answer)
                        t0 = time.perf_counter()
                        status, raw = await conn.request(method, path, body,
                                                         own[0] if own else None)
                        took = time.perf_counter() - t0
                        run.latencies.setdefault(kind, []).append(took)
                        run.timeline.append((t0 - began, kind, took))
                        run.requests += 1
                        run.statuses[status] = run.statuses.get(status, 0) + 1
                        if status >= 300:
                            ok = False
                            break
                        answer = json.loads(raw) if raw else None
                except StopIteration:
                    pass
                if ok:
                    run.rounds += 1
                else:
                    run.failed += 1
        finally:
            conn.close()

    began = time.perf_counter()

    async def main() -> None:
        stop = time.perf_counter() + seconds
        await asyncio.gather(*(client(i, h, stop) for i, h in enumerate(clients)))

    cpu0, t0 = time.process_time(), time.perf_counter()
    asyncio.run(main())
    run.seconds = time.perf_counter() - t0
    run.cpu = time.process_time() - cpu0
    return run


def pct(samples: list[float], q: float) -> float:
    """The q-quantile of ``samples`` (seconds) in ms."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


# CPU of the served processes --------------------------------------------------------------------
_TICK = os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int) -> float:
    """utime + stime of one process, all its threads (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK


def _switches(pid: int) -> int:
    """Voluntary context switches of one process, all its threads: each is a thread that
    went to sleep waiting (for a lock, a queue, a socket, the disk) and had to be woken."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                for line in f:
                    if line.startswith("voluntary_ctxt_switches"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def _processes() -> Iterator[tuple[int, int, str]]:
    """(pid, parent pid, command line) of every process."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue
        yield int(entry), ppid, cmdline


def served_roles(server_pid: int, database: str | None = None) -> dict[str, list[int]]:
    """The processes of a served tree by role: ``http`` (the server itself), ``writer`` and
    ``projections`` (``ledger serve``'s children) and, with ``database`` (a PostgreSQL
    database name), ``postgres``: the backends connected to it (the server's shared WAL writer
    and checkpointer are not counted)."""
    roles: dict[str, list[int]] = {"http": [server_pid]}
    for pid, ppid, cmdline in _processes():
        if ppid == server_pid and " writer run" in cmdline:
            roles.setdefault("writer", []).append(pid)
        elif ppid == server_pid and " projections run" in cmdline:
            roles.setdefault("projections", []).append(pid)
        elif database and cmdline.startswith("postgres: ") and f" {database} " in cmdline:
            roles.setdefault("postgres", []).append(pid)
    return roles


class CpuMeter:
    """CPU seconds spent by each role's processes between ``start()`` and ``stop()``, and
    (``switches``) the voluntary context switches of the HTTP process. PostgreSQL backends
    are looked up again at ``stop()`` (the pool may open new ones; one opened and closed
    within the run is missed)."""

    def __init__(self, server_pid: int, database: str | None = None) -> None:
        self.server_pid, self.database = server_pid, database
        self.before: dict[int, float] = {}
        self.spent: dict[str, float] = {}
        self.switches = 0
        self._switches_before = 0

    def start(self) -> None:
        roles = served_roles(self.server_pid, self.database)
        self.before = {pid: _cpu_seconds(pid) for pids in roles.values() for pid in pids}
        self._switches_before = _switches(self.server_pid)

    def stop(self) -> dict[str, float]:
        self.switches = _switches(self.server_pid) - self._switches_before
        roles = served_roles(self.server_pid, self.database)
        self.spent = {role: sum(_cpu_seconds(pid) - self.before.get(pid, 0.0) for pid in pids)
                      for role, pids in roles.items()}
        return self.spent


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())
