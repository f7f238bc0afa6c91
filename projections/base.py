"""What a projection is: a name, the tables it owns, the event types it reads, and ``apply``."""

from __future__ import annotations

from typing import Any, Protocol

from sqlalchemy import Connection, Table


class Projection(Protocol):
    name: str
    tables: tuple[Table, ...]  # emptied on rebuild
    event_types: tuple[type, ...] | None  # None: every event
    # Optional ``state_marker: bytes``: only events whose stored state contains these bytes
    # are decoded and passed (infra/projection_runner.py; the jogada index's b'"jogada_id"').

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        """Apply ``(notification_id, domain_event)`` pairs, in order, inside ``conn``'s
        transaction. Must be deterministic: the same events always give the same rows."""
