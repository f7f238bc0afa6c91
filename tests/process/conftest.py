"""Fixtures of the process tests: the real ``ledger serve`` (uvicorn, its projection worker and
whatever other children it starts) as subprocesses on the test's database, driven over HTTP, and
the ``ledger`` console script run as a subprocess with the same environment.

Every process is started in a session of its own (``start_new_session=True``) so that it and its
children and grandchildren form one process group: killing that group with ``os.killpg`` is the
"power cut" of these tests, and the fixtures' teardown kills whatever is still running. Children
found in /proc are killed one by one as well, in case one of them left the group.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

OPERATOR_KEY = "process-test-operator-key"
LEDGER = str(Path(sys.executable).with_name("ledger"))  # the venv's console script
START_TIMEOUT = 60.0
CLI_TIMEOUT = 120.0


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


OPERATOR = bearer(OPERATOR_KEY)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# /proc ---------------------------------------------------------------------------------------
def proc_stat(pid: int) -> tuple[str, int, int] | None:
    """(state, ppid, process group) of a live process, or None if there is none."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as fh:
            raw = fh.read()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    fields = raw[raw.rindex(")") + 2:].split()  # the command name may hold spaces and ')'
    return fields[0], int(fields[1]), int(fields[2])


def is_alive(pid: int) -> bool:
    stat = proc_stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return ""


def _all_pids() -> list[int]:
    return [int(name) for name in os.listdir("/proc") if name.isdigit()]


def children(pid: int) -> list[int]:
    """Live direct children of ``pid``."""
    found = []
    for candidate in _all_pids():
        stat = proc_stat(candidate)
        if stat is not None and stat[1] == pid and stat[0] not in ("Z", "X"):
            found.append(candidate)
    return found


def descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        for child in children(todo.pop()):
            found.append(child)
            todo.append(child)
    return found


def group_members(pgid: int) -> list[int]:
    members = []
    for candidate in _all_pids():
        stat = proc_stat(candidate)
        if stat is not None and stat[2] == pgid and stat[0] not in ("Z", "X"):
            members.append(candidate)
    return members


def kill_tree(proc: subprocess.Popen, timeout: float = 15.0) -> None:
    """SIGKILL the process group of ``proc`` (a session leader) and every descendant, and wait
    until none of them runs any more."""
    pids = descendants(proc.pid) if proc.poll() is None else []
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for pid in pids:  # a child that moved to another group would escape killpg
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait(timeout=timeout)
    deadline = time.monotonic() + timeout
    while any(is_alive(pid) for pid in pids) or group_members(proc.pid):
        if time.monotonic() > deadline:
            raise AssertionError(f"processes survived SIGKILL: {group_members(proc.pid)}")
        time.sleep(0.02)


# The server ----------------------------------------------------------------------------------
class Server:
    """One ``ledger serve`` on one database; ``kill()`` then ``start()`` restarts it there."""

    def __init__(self, database_url: str, workdir: Path, env: dict[str, str],
                 tracked: list[subprocess.Popen]) -> None:
        self.database_url = database_url
        self.workdir = workdir
        self.extra_env = dict(env)
        self._tracked = tracked
        self.proc: subprocess.Popen | None = None
        self.port: int | None = None
        self.starts = 0
        self.log_path = workdir / "server.log"

    # Environment and console script -----------------------------------------------------------
    @property
    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGER_")}
        env.update(LEDGER_DATABASE_URL=self.database_url,
                   LEDGER_BOOTSTRAP_OPERATOR_KEY=OPERATOR_KEY,
                   LEDGER_LOG_LEVEL="WARNING")
        env.update(self.extra_env)
        return env

    def popen_cli(self, *args: str, **kwargs: Any) -> subprocess.Popen:
        """Start ``ledger ARGS`` in its own process group (killed at teardown)."""
        kwargs.setdefault("stdout", subprocess.PIPE)
        kwargs.setdefault("stderr", subprocess.PIPE)
        proc = subprocess.Popen([LEDGER, *args], cwd=self.workdir, env=self.env,
                                start_new_session=True, **kwargs)
        self._tracked.append(proc)
        return proc

    def cli(self, *args: str, timeout: float = CLI_TIMEOUT) -> subprocess.CompletedProcess:
        proc = self.popen_cli(*args, text=True)
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_tree(proc)
            raise
        return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)

    # Lifecycle ----------------------------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def start(self, **env: str) -> Server:
        assert self.proc is None or self.proc.poll() is not None, "already running"
        self.extra_env.update(env)
        self.port = free_port()
        self.starts += 1
        with open(self.log_path, "ab") as log:
            log.write(f"\n===== start {self.starts} on port {self.port} =====\n".encode())
            log.flush()
            self.proc = subprocess.Popen(
                [LEDGER, "serve", "--port", str(self.port)], cwd=self.workdir, env=self.env,
                stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)
        self._tracked.append(self.proc)
        self.wait_ready()
        return self

    def wait_ready(self, timeout: float = START_TIMEOUT) -> dict:
        deadline = time.monotonic() + timeout
        last: Any = None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"ledger serve exited with {self.proc.returncode}:\n"
                                     f"{self.log_tail()}")
            try:
                r = httpx.get(f"{self.url}/health", timeout=5.0)
                last = (r.status_code, r.text)
                if r.status_code == 200 and r.json().get("status") == "ok":
                    return r.json()
            except httpx.HTTPError as error:
                last = repr(error)
            time.sleep(0.05)
        raise AssertionError(f"ledger serve not ready after {timeout}s (last: {last}):\n"
                             f"{self.log_tail()}")

    def kill(self) -> None:
        """SIGKILL the server and all its children at once: a power cut."""
        if self.proc is not None:
            kill_tree(self.proc)

    def restart(self, **env: str) -> Server:
        self.kill()
        return self.start(**env)

    def log_tail(self, chars: int = 6000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except FileNotFoundError:
            return "(no log)"

    # Children -----------------------------------------------------------------------------------
    def children(self) -> dict[int, str]:
        """Every live process below the server: {pid: command line}."""
        return {pid: cmdline(pid) for pid in descendants(self.pid)}

    def projection_workers(self) -> list[int]:
        """Live ``ledger projections run`` processes below the server."""
        return [pid for pid in descendants(self.pid) if "projections run" in cmdline(pid)]

    # HTTP -------------------------------------------------------------------------------------
    def client(self, timeout: float = 30.0) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=timeout)

    def health(self) -> dict:
        r = httpx.get(f"{self.url}/health", timeout=10.0)
        assert r.status_code == 200, r.text
        return r.json()

    def wait_caught_up(self, timeout: float = 60.0) -> dict:
        """Poll /health until every projection has applied the whole log."""
        deadline = time.monotonic() + timeout
        body: dict = {}
        while time.monotonic() < deadline:
            body = self.health()
            if body.get("projection_lag") == 0 and "projection_error" not in body:
                return body
            time.sleep(0.05)
        raise AssertionError(f"projections still behind after {timeout}s: {body}\n"
                             f"{self.log_tail()}")


@pytest.fixture
def server(database_url: str, tmp_path: Path) -> Iterator[Any]:
    """A factory: ``server(**env)`` starts ``ledger serve`` on the test's database (pass
    ``start=False`` to only prepare it). ``.kill()`` / ``.start()`` / ``.restart()`` keep the
    database. Every process started through it is killed (whole group) at teardown."""
    with servers(database_url, tmp_path) as make:
        yield make


@contextmanager
def servers(database_url: str, tmp_path: Path) -> Iterator[Any]:
    """The ``server`` fixture's factory, for a fixture of a wider scope (tests/viewer/)."""
    tracked: list[subprocess.Popen] = []
    count = [0]
    # TMPDIR of the processes: the server puts its writer's Unix socket in a temporary directory
    # that a SIGKILL leaves behind; keep those here (short path: sockets' 108-byte limit)
    tmpdir = tempfile.mkdtemp(prefix="ledger-test-")

    def make(start: bool = True, **env: str) -> Server:
        count[0] += 1
        workdir = tmp_path / f"server{count[0]}"
        workdir.mkdir()
        srv = Server(database_url, workdir, {"TMPDIR": tmpdir, **env}, tracked)
        return srv.start() if start else srv

    try:
        yield make
    finally:
        for proc in reversed(tracked):
            kill_tree(proc)
        shutil.rmtree(tmpdir, ignore_errors=True)


# HTTP helpers --------------------------------------------------------------------------------
class Api:
    """Thin helpers over an httpx client; they return responses, the tests judge them."""

    def __init__(self, client: httpx.Client) -> None:
        self.client = client

    def player(self, name: str = "Ana") -> str:
        r = self.client.post("/players", json={"display_name": name}, headers=OPERATOR)
        assert r.status_code == 201, r.text
        return r.json()["player_id"]

    def move(self, operation: str, player_id: str, amount: int, key: str) -> httpx.Response:
        path = "deposits" if operation == "deposit" else "withdrawals"
        return self.client.post(f"/players/{player_id}/{path}",
                                json={"amount_cents": amount, "idempotency_key": key},
                                headers=OPERATOR)

    def balance(self, player_id: str) -> dict:
        r = self.client.get(f"/players/{player_id}/balance", headers=OPERATOR)
        assert r.status_code == 200, r.text
        return r.json()

    def audit(self) -> dict:
        r = self.client.get("/audit/accounts", headers=OPERATOR)
        assert r.status_code == 200, r.text
        return r.json()

    def cash_movements(self) -> list[dict]:
        """Every deposit and withdrawal on record, refused attempts included, oldest first."""
        items: list[dict] = []
        after: int | None = None
        while True:
            params: dict[str, Any] = {"limit": 10_000}
            if after is not None:
                params["after_id"] = after
            r = self.client.get("/cash-movements", headers=OPERATOR, params=params)
            assert r.status_code == 200, r.text
            body = r.json()
            items.extend(body["data"])
            after = body["next_after_id"]
            if after is None:
                return items
