"""The event store: an ``eventsourcing`` Application on SQLite (default) or PostgreSQL."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.application import Application, ProcessingEvent

from domain.ledger.accounts import Account
from infra.runtime.settings import DatabaseTarget
from infra.store.serialization import certification_env

# Snapshot every N events, so that loading a stream costs at most N events plus one snapshot,
# however long its history (hot accounts such as the house and the cashier).
SNAPSHOT_INTERVAL = 100


class LedgerApplication(Application[UUID]):
    name = "ledger"
    snapshotting_intervals = {Account: SNAPSHOT_INTERVAL}

    def record_events(self, processing_event: ProcessingEvent[UUID]) -> list[int]:
        """What ``_record`` does (the events stored in one transaction), answering only their
        notification ids: the writer needs no ``Recording`` and ``Notification`` per event,
        which cost the library two frozen dataclasses per event on the hot path."""
        events = self.events
        stored_events = list(map(events.mapper.to_stored_event, processing_event.events))
        notification_ids = events.recorder.insert_events(
            stored_events, tracking=processing_event.tracking, **processing_event.saved_kwargs)
        if self.repository.cache and not self.repository.fastforward:
            for aggregate_id, aggregate in processing_event.aggregates.items():
                self.repository.cache.put(aggregate_id, aggregate)
        return list(notification_ids or ())

    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        """Snapshot from the aggregate just saved, which the writer holds in memory, instead of
        the library's way (reloading it from the store: a read of up to N events per snapshot,
        on the hot path). One snapshot per aggregate per group, when it crossed an interval."""
        if self.snapshots is None:
            return
        due: dict[UUID, Any] = {}
        for domain_event in processing_event.events:
            aggregate = processing_event.aggregates.get(domain_event.originator_id)
            own_rule = getattr(aggregate, "snapshot_after", None)
            if own_rule is not None:  # an aggregate that says when (a room: between jogadas)
                if own_rule(domain_event):
                    due[aggregate.id] = aggregate
                continue
            interval = self.snapshotting_intervals.get(type(aggregate))
            if interval and domain_event.originator_version % interval == 0:
                due[aggregate.id] = aggregate
        if due:
            self.snapshots.put([
                getattr(type(a), "Snapshot", type(self).snapshot_class).take(a)
                for a in due.values()])


def build_event_store(target: DatabaseTarget, *, pool_size: int = 10, max_overflow: int = 20,
                      extra: dict[str, Any] | None = None,
                      certification_mode: bool = False) -> LedgerApplication:
    env = target.eventsourcing_env()
    env.update(certification_env(certification_mode, LedgerApplication.name))  # marks events
    if target.backend == "postgresql":
        # Our factory: the columnar save, and every object the store creates (its events and
        # snapshots tables, type, functions, indexes) created under one advisory lock.
        env.update(POSTGRES_POOL_SIZE=str(pool_size), POSTGRES_MAX_OVERFLOW=str(max_overflow),
                   PERSISTENCE_MODULE="infra.store.pg_recorder:LedgerPostgresFactory")
    env.update({k: str(v) for k, v in (extra or {}).items()})
    return LedgerApplication(env=env)


def register_snapshotting(cls: type, interval: int = SNAPSHOT_INTERVAL) -> None:
    """Game modules call this for their long-lived aggregates (tables, rooms, sessions)."""
    LedgerApplication.snapshotting_intervals[cls] = interval
