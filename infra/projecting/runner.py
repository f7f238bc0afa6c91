"""The projection runner: reads the notification log in pages and applies each page to each
projection in ONE transaction together with that projection's tracking row. It joins the event
store (infra/store/notification_reader.py, infra/store/event_decoding.py) to the read models
(projections/), so it lives in infra/: the projections know nothing of the store. Each page
is split among the projections that want its events by infra/projecting/pages.py.

Exactly once: the tracking row is advanced with a compare-and-set (``WHERE position = old``)
in the same transaction as the rows the page produced. If the process dies mid-page nothing of
the page is kept; if two runners race (two processes), the loser's transaction is rolled back.
A runner that falls behind (it was stopped, the process restarted) simply continues from its
tracking position. On SQLite there is no LISTEN/NOTIFY: the runner is woken by the writer of
its own process and polls for the writes of other processes.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import structlog
from sqlalchemy import Connection, Engine, bindparam, delete, insert, select, update
from sqlalchemy.exc import DBAPIError

from domain.kernel.game import Games
from infra.projecting.pages import PageSplitter
from infra.store.notification_reader import notification_reader
from projections.base import Projection
from projections.bulk import BulkStatement
from projections.db import build_engine
from projections.migrate import upgrade
from projections.registry import PROJECTIONS
from projections.tables import projection_tracking

log = structlog.get_logger("ledger.projections")
PAGE_SIZE = 1000
# SQLite: the WAL is copied back into the database file (checkpointed) by the connection that
# commits, once it holds this many pages, instead of SQLite's 1,000 (4 MB). The worker's
# commits dirty the same index pages again and again (account activity by owner, by transfer
# id); a checkpoint copies each page once however often it was written meanwhile, so fewer,
# bigger checkpoints copy far fewer pages: ~13 % of the worker's CPU on SQLite, measured with
# bench/worker_cpu.py. The WAL file then grows to ~40 MB between checkpoints.
SQLITE_CHECKPOINT_PAGES = 10_000
# The compare-and-set of a tracking row, built once (not on every page of every projection),
# and run for every due projection in one executemany: one statement per projection per page
# through SQLAlchemy was ~10 % of the worker (projections/bulk.py).
_ADVANCE = BulkStatement(
    update(projection_tracking)
    .where(projection_tracking.c.name == bindparam("t_name"),
           projection_tracking.c.position == bindparam("t_old"))
    .values(position=bindparam("t_new")),
    ("t_name", "t_old", "t_new"))
Progress = Callable[[str, int, int], None]  # (projection name, position, head)


class _Overtaken(Exception):
    """Another runner applied this page first; this transaction is rolled back."""


def _advance(conn: Connection, names: Sequence[str], positions: dict[str, int],
             new: int) -> int:
    """Compare-and-set the tracking rows of ``names`` to ``new``; returns how many moved.
    The rows are claimed in one fixed order (by name), so that two runners wait for each
    other instead of deadlocking."""
    return _ADVANCE.execute(conn, [(name, positions[name], new) for name in sorted(names)])


class ProjectionRunner:
    def __init__(self, app: Any, engine: Engine, projections: Sequence[Projection], *,
                 poll_interval: float = 0.5, page_size: int = PAGE_SIZE) -> None:
        self.app = app
        self.engine = engine
        self.projections = list(projections)
        self.poll_interval = poll_interval
        self.page_size = page_size
        self._cond = threading.Condition()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.position = 0  # every projection has applied at least up to here
        self.follower = False  # True: a separate worker process applies the events
        # Run after each round of the background loop (the audit sealer, infra/audit/).
        # Each is given the head of the log this runner's last catch-up read (None: not known),
        # so that it need not read it again.
        self.followers: list[Callable[[int | None], None]] = []
        self.last_head: int | None = None
        self.last_error: str | None = None
        self._tracking_ready = False
        self._reader = notification_reader(app.recorder)
        self._split = PageSplitter(app.mapper, self._reader.originator_id, self.projections)
        # One connection kept for the pages (no pool checkout, pre-ping and reset for each);
        # a thread that finds it in use takes one from the pool.
        self._conn: Connection | None = None
        self._conn_lock = threading.Lock()
        # The tracking positions this runner last committed or read. Reused by the next
        # catch-up instead of reading them again: if another runner moved them meanwhile
        # (a rebuild, a second worker), the compare-and-set of the next page fails and they
        # are read again.
        self._positions: dict[str, int] | None = None

    def by_name(self, name: str) -> Projection:
        for projection in self.projections:
            if projection.name == name:
                return projection
        raise KeyError(name)

    # Tracking ---------------------------------------------------------------------------------
    def positions(self) -> dict[str, int]:
        with self.engine.connect() as conn:
            rows = dict(conn.execute(select(projection_tracking.c.name,
                                            projection_tracking.c.position)).all())
        return {p.name: int(rows.get(p.name, 0)) for p in self.projections}

    def _ensure_tracking_rows(self) -> None:
        """Once per runner: a tracking row is never deleted, so the worker's 20 ms polls need
        not ask again."""
        if self._tracking_ready:
            return
        with self.engine.begin() as conn:
            have = set(conn.execute(select(projection_tracking.c.name)).scalars())
            for projection in self.projections:
                if projection.name not in have:
                    conn.execute(insert(projection_tracking).values(name=projection.name,
                                                                    position=0))
        self._tracking_ready = True

    # Processing -------------------------------------------------------------------------------
    def catch_up(self, progress: Progress | None = None, only: Sequence[str] | None = None,
                 until: int | None = None) -> int:
        """Apply every event recorded so far (``until``: only up to that notification id, a
        projection already past it left as it is); returns the number of events applied."""
        self._ensure_tracking_rows()
        applied = 0
        chosen = [p for p in self.projections if only is None or p.name in only]
        positions = self._positions if self._positions is not None else self.positions()
        reader = self._reader
        head = reader.head() if until is None else until
        retried = False
        while True:
            start = min((positions[p.name] for p in chosen), default=head)
            if start >= head:
                head = reader.head() if until is None else until
                if start >= head:
                    break
            rows = reader.page(start, self.page_size, head)
            if not rows:
                break
            last = rows[-1][0]
            due = [p for p in chosen if positions[p.name] < last]
            pages = self._split(rows, due, positions)
            try:
                # One transaction for the page and every projection: one commit instead of one
                # per projection. Claim every tracking row first, in a fixed order (by name):
                # the row locks make a concurrent runner wait here (then find the positions
                # moved and give up) instead of writing the same rows and failing on them.
                with self._transaction() as conn:
                    moved = _advance(conn, [p.name for p in due], positions, last)
                    if moved != len(due):
                        raise _Overtaken()
                    for projection in due:
                        if pages[projection.name]:
                            projection.apply(conn, pages[projection.name])
            except _Overtaken:
                positions = self.positions()  # another runner got there first
                continue
            except DBAPIError as error:
                # The kept connection had gone (a database restart): once more on a new one.
                if retried or not error.connection_invalidated:
                    raise
                retried = True
                continue
            for projection in due:
                positions[projection.name] = last
                applied += len(pages[projection.name])
                if progress:
                    progress(projection.name, last, head)
        self._positions = positions
        self._publish(min(positions.values(), default=head))
        self.last_head = head
        return applied

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        """A transaction on the kept connection, or, if another thread is using it, on one
        from the pool. A connection whose transaction failed is not kept."""
        if not self._conn_lock.acquire(blocking=False):
            with self.engine.begin() as conn:
                yield conn
            return
        try:
            conn = self._conn
            if conn is None or conn.closed or conn.invalidated:
                conn = self._conn = self.engine.connect()
                if conn.dialect.name == "sqlite":
                    conn.connection.driver_connection.execute(
                        f"PRAGMA wal_autocheckpoint={SQLITE_CHECKPOINT_PAGES}")
            try:
                with conn.begin():
                    yield conn
            except BaseException:
                self._conn = None
                conn.close()
                raise
        finally:
            self._conn_lock.release()

    def _release_connection(self) -> None:
        with self._conn_lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def _publish(self, position: int) -> None:
        with self._cond:
            if position > self.position:
                self.position = position
            self._cond.notify_all()

    def wait(self, position: int, timeout: float = 5.0) -> bool:
        """Block until every projection has applied ``position`` (read-your-writes)."""
        deadline = time.monotonic() + timeout
        if self.follower:
            return self._wait_for_worker(position, deadline)
        if self._thread is None:
            self.catch_up()
        with self._cond:
            while self.position < position:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._wake.set()
                self._cond.wait(remaining)
        return True

    def _wait_for_worker(self, position: int, deadline: float) -> bool:
        """Follower mode: another process (``ledger projections run``) applies the events;
        watch its tracking rows."""
        pause = 0.002
        while True:
            if self.position >= position:
                return True
            current = self.positions()
            self._publish(min(current.values(), default=position))
            if self.position >= position:
                return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(pause)
            pause = min(pause * 2, 0.05)

    def rebuild(self, names: Sequence[str] | None = None, progress: Progress | None = None) -> int:
        """Empty the projections' tables and apply the whole log again."""
        chosen = [p for p in self.projections if names is None or p.name in names]
        self._ensure_tracking_rows()
        with self.engine.begin() as conn:
            for projection in chosen:  # tracking row first: the same lock order as catch_up
                conn.execute(update(projection_tracking)
                             .where(projection_tracking.c.name == projection.name)
                             .values(position=0))
                for table in reversed(projection.tables):
                    conn.execute(delete(table))
        self.position = 0
        self._positions = None
        return self.catch_up(progress=progress, only=[p.name for p in chosen])

    # Background thread ------------------------------------------------------------------------
    def notify(self, position: int) -> None:
        self._wake.set()

    def start(self) -> None:
        if self._thread is not None or self.follower:
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="ledger-projections", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._wake.set()
            self._thread.join(timeout=30)
            self._thread = None
        self._release_connection()
        self.engine.dispose()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.poll_interval)
            self._wake.clear()
            try:
                self.catch_up()
                self.last_error = None
            except Exception as error:  # keep running; /health reports it
                self.last_error = f"{type(error).__name__}: {error}"
                log.exception("projection_catch_up_failed")
                self._stop.wait(1.0)
            for follow in self.followers:  # each catches its own errors
                follow(self.last_head)


def all_projections(games: Games) -> list[Projection]:
    """Every projection of the service, in a fixed order, for these games (domain/kernel/game.py
    ``Games``: the listing reads each game's own events)."""
    return [factory(games) for factory in PROJECTIONS]


def build_projection_runner(ledger: Any, *, follower: bool = False) -> ProjectionRunner:
    """``follower=False``: a thread of this process applies the events (tests, CLI, small
    installs). ``follower=True``: ``ledger projections run`` does it in its own process, on the
    other core, and this process only reads the tracking rows (``ledger serve`` default).
    The projections are built for ``ledger.games``: the listing reads each game's events."""
    engine = build_engine(ledger.target)
    upgrade(ledger.target)
    runner = ProjectionRunner(ledger.app, engine, all_projections(ledger.games),
                              poll_interval=ledger.settings.projection_poll_interval)
    runner.follower = follower
    if not follower:
        ledger.writer.on_commit(runner.notify)
    return runner


def run_worker(runner: ProjectionRunner, stop: threading.Event, *,
               poll_interval: float = 0.02, busy_interval: float = 0.05, busy_events: int = 30,
               parent_pid: int | None = None) -> None:
    """The loop of ``ledger projections run``: catch up, sleep a little, again, until ``stop``
    is set or the parent process (``ledger serve``) is gone.

    Under load (a round applied ``busy_events`` or more) it sleeps ``busy_interval`` instead of
    ``poll_interval``: bigger pages, fewer transactions (the commit and tracking updates of a
    20 ms page were ~15 % of the worker under the money benchmark). Reads then wait for the
    read models up to ~30 ms longer, under load only; a few commands do not make a round
    busy."""
    while not stop.is_set():
        applied = 0
        try:
            applied = runner.catch_up()
            runner.last_error = None
        except Exception as error:
            runner.last_error = f"{type(error).__name__}: {error}"
            log.exception("projection_catch_up_failed")
            stop.wait(1.0)
        for follow in runner.followers:  # the audit sealer: each catches its own errors
            follow(runner.last_head)
        if parent_pid is not None and os.getppid() != parent_pid:
            log.warning("projection_worker_parent_gone")
            return
        stop.wait(busy_interval if applied >= busy_events else poll_interval)
