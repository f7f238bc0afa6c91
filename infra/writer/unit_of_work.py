"""What the group-commit writer (infra/writer/group_commit.py) runs each command against: the
aggregates it holds in memory (``AggregateCache``) and one command's unit of work over the
group's working set (``CommandUnitOfWork``, domain/kernel/uow.py's ``UnitOfWork``).

Correctness does not depend on the held aggregates being fresh: the event store's primary key
refuses a stale write, and the writer then forgets them and runs the commands again in
"verify" mode, loading everything from the store.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from datetime import datetime
from typing import Any, TypeVar
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application

from domain.kernel.errors import NotFoundError
from domain.ledger.receipts import CommandReceipt
from infra.writer.metrics import WriterMetrics

T = TypeVar("T")
ABSENT_SECONDS = 1.0  # how long a writer trusts that an aggregate it did not find is absent


class PoisonedBatch(Exception):
    """A handler left the in-memory aggregates in a state that cannot be trusted."""


class AggregateCache:
    """The aggregates the writer holds in memory, least recently used first, at most
    ``size``; and for a moment, those it did not find."""

    def __init__(self, app: Application[UUID], size: int) -> None:
        self.app = app
        self.size = size
        self.held: OrderedDict[UUID, Any] = OrderedDict()
        self.absent: dict[UUID, float] = {}  # aggregate id -> until when it is known absent

    def load(self, aggregate_id: UUID, *, use_cache: bool) -> Any | None:
        if use_cache:
            aggregate = self.held.get(aggregate_id)
            if aggregate is not None:
                self.held.move_to_end(aggregate_id)
                return aggregate
            absent_until = self.absent.get(aggregate_id)
            if absent_until is not None and absent_until > time.monotonic():
                return None
        try:
            return self.app.repository.get(aggregate_id)
        except AggregateNotFoundError:
            # Remembered for a moment: an ante looks up its venue's rule set, a clock a
            # registry, that may not exist; each miss was a read of the store (a quarter of
            # the writer's time per ante on PostgreSQL). Only for ABSENT_SECONDS, since
            # another process may create it; what this writer creates is cached at once.
            if len(self.absent) > self.size:
                self.absent.clear()
            self.absent[aggregate_id] = time.monotonic() + ABSENT_SECONDS
            return None

    def keep(self, working: dict[UUID, Any]) -> None:
        """Hold a committed group's aggregates (the most recently used)."""
        cache, absent = self.held, self.absent
        for aggregate_id, aggregate in working.items():
            if absent:
                absent.pop(aggregate_id, None)
            cache[aggregate_id] = aggregate
            cache.move_to_end(aggregate_id)
        while len(cache) > self.size:
            cache.popitem(last=False)

    def forget(self, working: dict[UUID, Any]) -> None:
        for aggregate_id in working:
            self.held.pop(aggregate_id, None)

    def clear(self) -> None:
        self.held.clear()
        self.absent.clear()


class CommandUnitOfWork:
    """One command's view of the aggregates; shares the group's working set. ``writer``: the
    group-commit writer (its ``aggregates``, ``games``, ``metrics`` and ``dispatch``)."""

    def __init__(self, writer: Any, working: dict[UUID, Any], at: datetime,
                 verify: bool) -> None:
        self._writer = writer
        self._working = working
        self.at = at
        self._verify = verify
        self.touched: dict[UUID, int] = {}  # aggregate id -> pending events before this command

    @property
    def games(self) -> Any:
        """The registry of games (domain/kernel/game.py): what the core's commands ask of a venue's
        game (end_session: a bet in play; a session ended)."""
        return self._writer.games

    def run(self, command: Any) -> Any:
        """Another command, in this one's unit of work (a wrapper such as infra/writer/rendered.py)."""
        return self._writer.dispatch(command, self)

    @property
    def metrics(self) -> WriterMetrics:
        """The writer's metrics: what the scrape command reads (infra/writer/metrics.py)."""
        return self._writer.metrics

    def _touch(self, aggregate: Any) -> Any:
        if aggregate.id not in self.touched:
            self.touched[aggregate.id] = len(aggregate.pending_events)
        return aggregate

    def _load(self, aggregate_id: UUID) -> Any | None:
        aggregate = self._working.get(aggregate_id)
        if aggregate is None:
            aggregate = self._writer.aggregates.load(aggregate_id, use_cache=not self._verify)
            if aggregate is None:
                return None
            self._working[aggregate_id] = aggregate
        return self._touch(aggregate)

    def get(self, aggregate_id: UUID, cls: type[T], *, what: str = "aggregate",
            field: str | None = None) -> T:
        aggregate = self._load(aggregate_id)
        if aggregate is None or not isinstance(aggregate, cls):
            raise NotFoundError(f"{what} not found", field=field or what.split(" ")[0])
        return aggregate

    def find(self, aggregate_id: UUID, cls: type[T]) -> T | None:
        aggregate = self._load(aggregate_id)
        return aggregate if isinstance(aggregate, cls) else None

    def find_receipt(self, aggregate_id: UUID) -> CommandReceipt | None:
        """Receipts are looked up in memory only, unless verifying: a key nobody used before
        costs no read; a key used by another process makes the save fail, and the verify
        re-run finds the receipt in the store."""
        aggregate = self._working.get(aggregate_id)
        if aggregate is None:
            if self._verify:
                return self.find(aggregate_id, CommandReceipt)
            aggregate = self._writer.aggregates.held.get(aggregate_id)
            if aggregate is None:
                return None
            self._working[aggregate_id] = aggregate
        return self._touch(aggregate)

    def add(self, aggregate: Any) -> None:
        self._working[aggregate.id] = aggregate
        self.touched.setdefault(aggregate.id, 0)

    def check_clean_after_error(self) -> None:
        for aggregate_id, before in self.touched.items():
            if len(self._working[aggregate_id].pending_events) != before:
                raise PoisonedBatch(aggregate_id)
