"""The projection runner: reads the notification log in pages and applies each page to each
projection in ONE transaction together with that projection's tracking row.

Exactly once: the tracking row is advanced with a compare-and-set (``WHERE position = old``)
in the same transaction as the rows the page produced. If the process dies mid-page nothing of
the page is kept; if two runners race (two processes), the loser's transaction is rolled back.
A runner that falls behind (it was stopped, the process restarted) simply continues from its
tracking position. On SQLite there is no LISTEN/NOTIFY: the runner is woken by the writer of
its own process and polls for the writes of other processes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import structlog
from eventsourcing.utils import resolve_topic
from sqlalchemy import Engine, bindparam, delete, insert, select, update

from projections.base import Projection
from projections.bulk import BulkStatement
from projections.db import build_engine
from projections.tables import projection_tracking

log = structlog.get_logger("ledger.projections")
PAGE_SIZE = 1000
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
        self.last_error: str | None = None
        self._tracking_ready = False
        self._by_topic: dict[str, tuple[tuple[Projection, bytes | None], ...]] = {}
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
    def catch_up(self, progress: Progress | None = None, only: Sequence[str] | None = None) -> int:
        """Apply every event recorded so far; returns the number of events applied."""
        self._ensure_tracking_rows()
        applied = 0
        chosen = [p for p in self.projections if only is None or p.name in only]
        positions = self._positions if self._positions is not None else self.positions()
        head = self.app.recorder.max_notification_id() or 0
        while True:
            start = min((positions[p.name] for p in chosen), default=head)
            if start >= head:
                head = self.app.recorder.max_notification_id() or 0
                if start >= head:
                    break
            notifications = self.app.recorder.select_notifications(
                start=start, limit=self.page_size, stop=head, inclusive_of_start=False)
            if not notifications:
                break
            last = notifications[-1].id
            due = [p for p in chosen if positions[p.name] < last]
            pages = self._pages(notifications, due, positions)
            try:
                # One transaction for the page and every projection: one commit instead of one
                # per projection. Claim every tracking row first, in a fixed order: the row
                # locks make a concurrent runner wait here (then find the positions moved and
                # give up) instead of writing the same rows and failing on them.
                with self.engine.begin() as conn:
                    moved = _ADVANCE.execute(conn, [(p.name, positions[p.name], last)
                                                    for p in due])
                    if moved != len(due):
                        raise _Overtaken()
                    for projection in due:
                        if pages[projection.name]:
                            projection.apply(conn, pages[projection.name])
            except _Overtaken:
                positions = self.positions()  # another runner got there first
                continue
            for projection in due:
                positions[projection.name] = last
                applied += len(pages[projection.name])
                if progress:
                    progress(projection.name, last, head)
        self._positions = positions
        self._publish(min(positions.values(), default=head))
        return applied

    def _pages(self, notifications: Sequence[Any], due: Sequence[Projection],
                positions: dict[str, int]) -> dict[str, list[tuple[int, Any]]]:
        """Each due projection's part of the page. An event is decoded only if a projection
        wants it (JSON decoding was ~13 % of the worker; a deposit's receipt concerns none)."""
        pages: dict[str, list[tuple[int, Any]]] = {p.name: [] for p in due}
        decode = self.app.mapper.to_domain_event
        for n in notifications:
            event = None
            for projection, marker in self._targets(n.topic):
                page = pages.get(projection.name)
                if page is None or n.id <= positions[projection.name]:
                    continue
                if marker is not None and marker not in bytes(n.state):
                    continue
                if event is None:
                    event = decode(n)
                page.append((n.id, event))
        return pages

    def _targets(self, topic: str) -> tuple[tuple[Projection, bytes | None], ...]:
        """The projections that may want events of ``topic``, each with the bytes its
        events' stored state must contain (``state_marker``), if any; cached per topic."""
        targets = self._by_topic.get(topic)
        if targets is None:
            cls = resolve_topic(topic)
            mapper = self.app.mapper
            plain = mapper.cipher is None and mapper.compressor is None  # markers readable
            targets = tuple(
                (p, getattr(p, "state_marker", None) if plain else None)
                for p in self.projections
                if p.event_types is None or issubclass(cls, p.event_types))
            self._by_topic[topic] = targets
        return targets

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


def all_projections() -> list[Projection]:
    """Every projection of the service, in a fixed order."""
    from projections.registry import PROJECTIONS

    return [factory() for factory in PROJECTIONS]


def build_projection_runner(ledger: Any, *, follower: bool = False) -> ProjectionRunner:
    """``follower=False``: a thread of this process applies the events (tests, CLI, small
    installs). ``follower=True``: ``ledger projections run`` does it in its own process, on the
    other core, and this process only reads the tracking rows (``ledger serve`` default)."""
    from projections.migrate import upgrade

    engine = build_engine(ledger.target)
    upgrade(ledger.target)
    runner = ProjectionRunner(ledger.app, engine, all_projections(),
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
    import os

    while not stop.is_set():
        applied = 0
        try:
            applied = runner.catch_up()
            runner.last_error = None
        except Exception as error:
            runner.last_error = f"{type(error).__name__}: {error}"
            log.exception("projection_catch_up_failed")
            stop.wait(1.0)
        if parent_pid is not None and os.getppid() != parent_pid:
            log.warning("projection_worker_parent_gone")
            return
        stop.wait(busy_interval if applied >= busy_events else poll_interval)
