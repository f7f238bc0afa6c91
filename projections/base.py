"""What a projection is: a name, the tables it owns, the event types it reads, and ``apply``."""

from __future__ import annotations

from typing import Any, Protocol

from sqlalchemy import Connection, Table


class Projection(Protocol):
    name: str
    tables: tuple[Table, ...]  # emptied on rebuild
    event_types: tuple[type, ...] | None  # None: every event

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        """Apply ``(notification_id, domain_event)`` pairs, in order, inside ``conn``'s
        transaction. Must be deterministic: the same events always give the same rows."""
