"""The processes of ``ledger serve``: the HTTP server (this process), the writer process
(``ledger writer run``: the only writer, infra/writer/server.py) and the projection worker
(``ledger projections run``), so that Python's one-thread-at-a-time rule costs nothing.

The server starts both children, restarts one that dies, and stops them on shutdown; a child
exits by itself if its parent disappears (SIGKILL). Reads in the server wait for the worker's
tracking rows (infra/projecting/runner.py follower mode).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import structlog

from infra.runtime.gc_tuning import tune_gc
from infra.runtime.settings import Settings

log = structlog.get_logger("ledger.worker")


def run_projection_worker(settings: Settings, *, parent_pid: int | None = None) -> int:
    # lazy: each child process imports only what it runs
    from infra.container import build_ledger

    # lazy: each child process imports only what it runs
    from infra.projecting.runner import run_worker

    ledger = build_ledger(settings, start=False)
    ledger.hold_service_lock()  # no rebuild under our feet (ledger.close() releases it)
    tune_gc()
    # Commands first: when the cores are busy the read models fall a little behind and catch
    # up in bigger pages, rather than slowing every deposit (reads still wait for them, or
    # answer 503 projection_lag).
    os.nice(settings.projection_worker_nice)
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
    # lazy: each child process imports only what it runs
    from infra.container import build_ledger

    # lazy: each child process imports only what it runs
    from infra.writer.server import serve_writer

    # The games' recovery and clocks run here, beside the aggregates (infra/services/game_services.py).
    ledger = build_ledger(settings, with_projections=False)
    tune_gc()
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
        argv = [sys.executable, "-m", "infra.cli.entry", *self.argv, "--parent-pid", str(os.getpid())]
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


def writer_socket_path(settings: Settings) -> str:
    """One private directory per database (one `ledger serve` per database): reused across
    restarts, so a killed server leaves nothing behind to pile up."""
    # lazy: each child process imports only what it runs
    import hashlib

    # lazy: each child process imports only what it runs
    import tempfile

    digest = hashlib.sha256(settings.database_url.encode()).hexdigest()[:16]
    directory = os.path.join(tempfile.gettempdir(), f"ledger-{digest}")
    os.makedirs(directory, mode=0o700, exist_ok=True)
    os.chmod(directory, 0o700)
    return os.path.join(directory, "writer.sock")


def serve(settings: Settings, *, single_process: bool, upgrade: Callable[[], object],
          http: Callable[[Settings], object]) -> int:
    """``ledger serve``: migrate, start the children, serve HTTP until stopped. ``http``
    serves the API with the settings it is given until the server stops (api/serve.py: the
    API is the layer above, so it is handed in)."""
    children: list[WorkerSupervisor] = []
    upgrade()  # before any child: they must not race to migrate
    if not single_process:
        socket_path = writer_socket_path(settings)
        children.append(WorkerSupervisor("writer", "run", "--socket", socket_path))
        children[-1].start()
        children.append(WorkerSupervisor("projections", "run"))
        children[-1].start()
        settings = settings.model_copy(update={"projection_worker": True,
                                               "writer_socket": socket_path})
    settings = settings.model_copy(update={"tune_gc": True})
    try:
        http(settings)
    finally:
        for child in reversed(children):
            child.stop()
    return 0
