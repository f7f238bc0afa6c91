"""The event store: an ``eventsourcing`` Application on SQLite (default) or PostgreSQL."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.application import Application

from domain.accounts import Account
from infra.settings import DatabaseTarget

# Snapshot every N events, so that loading a stream costs at most N events plus one snapshot,
# however long its history (hot accounts such as the house and the cashier).
SNAPSHOT_INTERVAL = 100


class LedgerApplication(Application[UUID]):
    name = "ledger"
    snapshotting_intervals = {Account: SNAPSHOT_INTERVAL}


def build_event_store(target: DatabaseTarget, *, pool_size: int = 10, max_overflow: int = 20,
                      extra: dict[str, Any] | None = None) -> LedgerApplication:
    env = target.eventsourcing_env()
    if target.backend == "postgresql":
        env.update(POSTGRES_POOL_SIZE=str(pool_size), POSTGRES_MAX_OVERFLOW=str(max_overflow))
    env.update({k: str(v) for k, v in (extra or {}).items()})
    return LedgerApplication(env=env)


def register_snapshotting(cls: type, interval: int = SNAPSHOT_INTERVAL) -> None:
    """Game modules call this for their long-lived aggregates (tables, rooms, sessions)."""
    LedgerApplication.snapshotting_intervals[cls] = interval
