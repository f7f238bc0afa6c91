"""A background job run every ``interval`` seconds on a daemon thread: the inactivity sweeper
(infra/services/sessions.py) and the games' clocks (infra/services/game_services.py).
A failing run is logged and the next one tries again; ``last_error`` says what failed."""

from __future__ import annotations

import threading
from collections.abc import Callable

import structlog

log = structlog.get_logger("ledger.periodic")


class Periodic:
    def __init__(self, name: str, interval: float, job: Callable[[], object]) -> None:
        self.name = name
        self.interval = interval
        self.job = job
        self.runs = 0
        self.last_error: str | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None and self.interval > 0:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join(timeout=30)
            self._thread = None

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.job()
                self.runs += 1
                self.last_error = None
            except Exception as error:  # keep running; the next run tries again
                self.last_error = f"{type(error).__name__}: {error}"
                log.exception("periodic_job_failed", job=self.name)
