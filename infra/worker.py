"""The projection worker: a process of its own that applies events to the projections, so that
the serving process keeps its core (and its GIL) for HTTP and the writer.

``ledger serve`` starts it as a child (``ledger projections run``), restarts it if it dies, and
stops it on shutdown; the child exits by itself if its parent disappears (SIGKILL). Reads in the
serving process wait for the worker's tracking rows (projections/runner.py follower mode).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import structlog

from infra.settings import Settings

log = structlog.get_logger("ledger.worker")


def run_projection_worker(settings: Settings, *, parent_pid: int | None = None) -> int:
    from infra.container import build_ledger
    from projections.runner import run_worker

    ledger = build_ledger(settings, start=False)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    log.info("projection_worker_started", pid=os.getpid())
    try:
        run_worker(ledger.projections, stop, parent_pid=parent_pid)
    finally:
        ledger.close()
    return 0


def run_writer_process(settings: Settings, socket_path: str, *,
                       parent_pid: int | None = None) -> int:
    """``ledger writer run``: the only writer of the database, serving the HTTP process."""
    from infra.container import build_ledger
    from infra.writer_process import serve_writer

    ledger = build_ledger(settings, with_projections=False, services=False)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    if parent_pid is not None:
        def watch_parent() -> None:
            while not stop.wait(0.5):
                if os.getppid() != parent_pid:
                    log.warning("writer_parent_gone")
                    stop.set()
        threading.Thread(target=watch_parent, daemon=True).start()
    log.info("writer_process_started", pid=os.getpid(), socket=socket_path)
    try:
        serve_writer(ledger, socket_path, stop)
    finally:
        ledger.close()
    return 0


class WorkerSupervisor:
    """Keeps one child process (``ledger <argv...> --parent-pid <us>``) alive while the
    server runs: the projection worker, or the writer process."""

    def __init__(self, *argv: str) -> None:
        self.argv = list(argv) or ["projections", "run"]
        self._proc: subprocess.Popen[bytes] | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _spawn(self) -> subprocess.Popen[bytes]:
        argv = [sys.executable, "-m", "infra.cli", *self.argv, "--parent-pid", str(os.getpid())]
        return subprocess.Popen(argv, env=os.environ.copy())

    def start(self) -> None:
        self._proc = self._spawn()
        self._thread = threading.Thread(target=self._watch, name="projection-supervisor",
                                        daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stop.wait(1.0):
            if self._proc is not None and self._proc.poll() is not None:
                log.error("projection_worker_died", returncode=self._proc.returncode)
                time.sleep(1.0)
                if not self._stop.is_set():
                    self._proc = self._spawn()

    def stop(self) -> None:
        self._stop.set()
        if self._proc is not None and self._proc.poll() is None:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._proc.kill()
