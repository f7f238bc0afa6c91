"""What a projection is: a name, the tables it owns, the event types it reads, and ``apply``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from sqlalchemy import Connection, Table

V = TypeVar("V")


class Projection(Protocol):
    name: str
    tables: tuple[Table, ...]  # emptied on rebuild
    event_types: tuple[type, ...] | None  # None: every event
    # Optional ``state_marker: bytes``: only events whose stored state contains these bytes
    # are decoded and passed (infra/projecting/pages.py; the jogada index's b'"jogada_id"');
    # ``state_markers: {event class: bytes}``: the same, class by class.
    # Optional ``follows_certification_mode = True``: also passed, of any type, the first event
    # of each page and every event recorded in another certification mode than the event
    # before it (projections/significant_events.py).

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        """Apply ``(notification_id, domain_event)`` pairs, in order, inside ``conn``'s
        transaction. Must be deterministic: the same events always give the same rows."""


def for_class(by_type: Mapping[type, V], cls: type) -> V | None:
    """``by_type``'s value for ``cls``, or for its nearest base in it (the runner passes the
    subclasses of a projection's event types too)."""
    found = by_type.get(cls)
    if found is None:
        found = next((by_type[c] for c in cls.__mro__ if c in by_type), None)
    return found
