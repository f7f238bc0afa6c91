"""Models of the significant events and of one stored event (api/routes/significant_events.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from domain.kernel.significant import SEVERITIES

Severity = Literal[SEVERITIES]  # type: ignore[valid-type]


class EventLink(BaseModel):
    """One event an entry links to; ``url`` reads it (GET /events/{notification_id})."""

    notification_id: int
    originator_id: str
    originator_version: int
    topic: str
    url: str


class SignificantEvent(BaseModel):
    """A significant event (GLI-19 §2.8; 903-B 6.3.3, 6.3.6(6)(7)): its ``kind`` and
    ``severity``, when it was recorded, what it concerns (``game``, ``venue_id``, ``target_id``:
    the table or room, the principal, the corrected transfer; ``jogada_id``), who did it
    (``actor``, when the event says), one plain line (``summary``), a few facts (``detail``),
    and the ``events`` it was recorded as; ``jogada_url`` and ``replay_url`` when it concerns a
    jogada. ``kind`` and ``game`` are plain text here: the record outlives the installation's
    vocabulary (a game no longer installed keeps its entries)."""

    entry_id: int
    position: int = Field(description="The notification id of its first event")
    recorded_at: datetime
    kind: str = Field(description="One of the kinds the ``kind`` filter lists")
    severity: Severity
    game: str | None = None
    venue_id: str | None = None
    target_id: str | None = None
    jogada_id: str | None = None
    actor: str | None = None
    summary: str
    detail: dict[str, Any]
    events: list[EventLink]
    jogada_url: str | None = None
    replay_url: str | None = None
    cursor: int


class SignificantEventsPage(BaseModel):
    """Newest first. To page on, pass ``next_cursor`` as ``cursor`` (null: the last page)."""

    data: list[SignificantEvent]
    count: int
    next_cursor: int | None = None


class StoredEventPublic(BaseModel):
    """One stored event, decoded by the application's mapper: where it is in the log, its
    stream and version, its topic, when it was recorded (its ``at``), whether it was recorded
    in certification mode, and its state (every attribute but the stream's id and version)."""

    notification_id: int
    originator_id: str
    originator_version: int
    topic: str
    recorded_at: datetime | None = None
    certification_mode: bool
    state: dict[str, Any]
