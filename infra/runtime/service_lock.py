"""The service lock: ``ledger projections rebuild`` refuses while the service runs.

A rebuild empties the read models and replays the log into them; a service reading them
meanwhile answered from half-built tables (404 for a player not replayed yet, old balances,
``/audit/accounts`` totals of -440 cents). So every process that reads or applies the read
models holds this lock *shared* while it runs (``Ledger.start`` with projections: the HTTP
process, ``--single-process``, the tests' ledgers; and the projection worker), and the
rebuild takes it *exclusively*, without waiting: if it cannot, it refuses (exit 1) and
changes nothing. A service starting during a rebuild waits for it to end.

- PostgreSQL: a session-level advisory lock on a connection of its own, the key derived from
  the schema (the lock is per database already). It ends with the process or its connection.
- SQLite: ``flock`` on a file beside the database (``<file>.service.lock``). It ends with the
  process; the file stays, empty.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

import psycopg
import structlog

from infra.runtime.settings import DatabaseTarget

log = structlog.get_logger("ledger.service_lock")


class ServiceRunning(Exception):
    """The exclusive lock is taken: a service (or another rebuild) is running."""


def _pg_key(target: DatabaseTarget) -> int:
    digest = hashlib.sha256(f"ledger-service:{target.schema or 'public'}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class ServiceLock:
    def __init__(self, target: DatabaseTarget) -> None:
        self.target = target
        self._fd: int | None = None
        self._conn: Any = None

    @property
    def path(self) -> str:
        return f"{self.target.path}.service.lock"

    def hold_shared(self) -> None:
        """Held while this process serves or applies the read models; waits for a running
        rebuild to end first."""
        if self._fd is not None or self._conn is not None:
            return
        if not self._take(shared=True, wait=False):
            log.warning("waiting_for_projections_rebuild")
            self._take(shared=True, wait=True)

    def take_exclusive(self) -> None:
        """For the rebuild: raise ServiceRunning at once if any process holds the lock."""
        if not self._take(shared=False, wait=False):
            raise ServiceRunning()

    def _take(self, *, shared: bool, wait: bool) -> bool:
        if self.target.backend == "sqlite":
            import fcntl  # lazy: POSIX file locks, for SQLite's lock file only

            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
            mode = (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | (0 if wait else fcntl.LOCK_NB)
            try:
                fcntl.flock(fd, mode)
            except BlockingIOError:
                os.close(fd)
                return False
            self._fd = fd
            return True

        t = self.target
        conn = psycopg.connect(host=t.host, port=t.port, user=t.user,
                               password=t.password or None, dbname=t.dbname, autocommit=True,
                               connect_timeout=5)
        function = {(True, True): "pg_advisory_lock_shared",
                    (True, False): "pg_try_advisory_lock_shared",
                    (False, False): "pg_try_advisory_lock"}[(shared, wait)]
        got = conn.execute(f"SELECT {function}(%s)", (_pg_key(t),)).fetchone()[0]
        if got is False:
            conn.close()
            return False
        self._conn = conn
        return True

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor releases the flock
            self._fd = None
        if self._conn is not None:
            try:
                self._conn.close()  # the session's advisory locks end with it
            except Exception:  # noqa: BLE001 - a connection already gone released them too
                pass
            self._conn = None
