"""Projection "significant_events": what in the record staff must find at once (GLI-19 §2.8
significant events; 903-B 6.3.3(3)(4) every system error logged with its cause and
reportable; 6.3.6(6)(7); 7.7.6(1)), rebuilt from the events alone.

What is significant is declared, not known here: the core's events in
domain/audit/core_significant.py, each game's in its ``Game.significant`` (domain/kernel/significant.py).
This module applies the entries they make, and finds the changes of certification mode
itself: it follows the mode every event was recorded in (the runner passes it the first event
of each page and every event recorded in another mode than the one before:
``follows_certification_mode``), keeps the last mode in its own state row, and records
``certification_mode_changed`` at the first event of the other mode (a log that begins in
certification mode has one at its first event: the default is off). A rebuild and an
incremental catch-up therefore record the same entries.

- ``significant_events``: one row per entry: ``entry_id`` (its cursor: twice the notification
  id of its first event, plus one for the event's own entry, so that a change of mode and the
  entry of the same event are both kept, the mode change listed after it, newest first),
  ``position`` (that notification id), ``recorded_at`` (the event's ``at``), ``kind``,
  ``severity``, ``game``, ``venue_id``, ``target_id``, ``jogada_id``, ``actor``, ``summary``,
  ``detail`` and ``events``: the events it links to (notification id, originator id and
  version, topic), several when events share a ``group`` (a correction's two legs).
- ``significant_events_state``: ``certification_mode`` (the last event's mode, "0"/"1");
  for streams whose later events do not name their venue (a rule set's), ``stream:<id>``;
  for streams whose later entries name the stream by what an earlier event called it (a
  complaint case's reference: ``NameOfStream``, ``Named``), ``name:<id>``.

The Table definitions here are identical to migrations/versions/0009_significant_events.py.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from eventsourcing.utils import get_topic
from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    DateTime,
    Engine,
    Index,
    String,
    Table,
    Text,
    bindparam,
    insert,
    select,
    update,
)

from domain.audit.core_significant import CORE, STATE_MARKERS
from domain.kernel.certification import recorded_in_certification_mode
from domain.kernel.game import Game, Games
from domain.kernel.significant import (
    CERTIFICATION_MODE_CHANGED,
    WARNING,
    Classify,
    Named,
    NameOfStream,
    Significant,
    VenueOfStream,
)
from projections.base import for_class
from projections.listing_queries import paged
from projections.money import to_utc
from projections.tables import metadata

significant_events = Table(
    "significant_events", metadata,
    Column("entry_id", BigInteger, primary_key=True, autoincrement=False),
    Column("position", BigInteger, nullable=False),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
    Column("kind", String(40), nullable=False),
    Column("severity", String(8), nullable=False),
    Column("game", String(16)),
    Column("venue_id", String(100)),
    Column("target_id", String(200)),
    Column("jogada_id", String(200)),
    Column("actor", String(200)),
    Column("summary", Text, nullable=False),
    Column("detail", Text, nullable=False),
    Column("events", Text, nullable=False),
    Column("group_key", String(200)),
    Index("ix_significant_events_kind_entry", "kind", "entry_id"),
    Index("ix_significant_events_venue_entry", "venue_id", "entry_id"),
    Index("ix_significant_events_jogada", "jogada_id"),
    Index("ix_significant_events_group", "group_key", unique=True),
)

significant_events_state = Table(
    "significant_events_state", metadata,
    Column("key", String(100), primary_key=True),
    Column("value", String(200), nullable=False),
)

JSON_COLUMNS = ("detail", "events")
MODE = "certification_mode"
MAX_ENTRIES = 500


def _link(position: int, e: Any) -> dict[str, Any]:
    return {"notification_id": position, "originator_id": str(e.originator_id),
            "originator_version": e.originator_version, "topic": get_topic(type(e))}


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


class _Page:
    """The rows and state one page touches, read once and written once at the end."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.state: dict[str, str | None] = {}  # key -> value (None: no row)
        self.stored_state: set[str] = set()  # keys with a row in the database
        self.changed_state: set[str] = set()
        self.entries: dict[int, dict[str, Any]] = {}  # new entries by entry id
        self.groups: dict[str, dict[str, Any]] = {}  # group key -> its entry (new or stored)
        self.relinked: set[int] = set()  # stored entries given more events

    def get(self, key: str) -> str | None:
        if key not in self.state:
            value = self.conn.execute(select(significant_events_state.c.value).where(
                significant_events_state.c.key == key)).scalar()
            self.state[key] = value
            if value is not None:
                self.stored_state.add(key)
        return self.state[key]

    def set(self, key: str, value: str) -> None:
        if self.get(key) != value:
            self.state[key] = value
            self.changed_state.add(key)

    def group(self, key: str) -> dict[str, Any] | None:
        if key not in self.groups:
            row = self.conn.execute(select(significant_events).where(
                significant_events.c.group_key == key)).first()
            if row is None:
                return None
            self.groups[key] = dict(row._mapping) | {"events": json.loads(row.events)}
        return self.groups[key]

    def add(self, row: dict[str, Any]) -> None:
        self.entries[row["entry_id"]] = row
        if row["group_key"] is not None:
            self.groups[row["group_key"]] = row

    def link(self, entry: dict[str, Any], link: dict[str, Any]) -> None:
        entry["events"].append(link)
        if entry["entry_id"] not in self.entries:
            self.relinked.add(entry["entry_id"])

    def write(self) -> None:
        conn, t = self.conn, significant_events
        if self.entries:
            conn.execute(insert(t), [{**row, "detail": _dumps(row["detail"]),
                                      "events": _dumps(row["events"])}
                                     for _, row in sorted(self.entries.items())])
        stored = {row["entry_id"]: row for row in self.groups.values()}
        if self.relinked:
            conn.execute(update(t).where(t.c.entry_id == bindparam("k_entry")).values(
                events=bindparam("v_events")),
                [{"k_entry": entry_id, "v_events": _dumps(stored[entry_id]["events"])}
                 for entry_id in sorted(self.relinked)])
        s = significant_events_state
        new = sorted(self.changed_state - self.stored_state)
        old = sorted(self.changed_state & self.stored_state)
        if new:
            conn.execute(insert(s), [{"key": k, "value": self.state[k]} for k in new])
        if old:
            conn.execute(update(s).where(s.c.key == bindparam("k_key")).values(
                value=bindparam("v_value")), [{"k_key": k, "v_value": self.state[k]} for k in old])


class SignificantEventsProjection:
    """Built with the installation's games: it reads the events the core and each game
    classify (and, for the certification mode, where the mode changes)."""

    name = "significant_events"
    tables = (significant_events, significant_events_state)
    state_markers = STATE_MARKERS  # of the money events, only a correction's legs
    follows_certification_mode = True

    def __init__(self, games: Games) -> None:
        self.games = games
        self._classify: dict[type, tuple[Game | None, Classify]] = {
            cls: (None, classify) for cls, classify in CORE.classify.items()}
        clash = set(self._classify) & set(games.significant)
        if clash:
            raise ValueError(f"core events classified by a game too: {sorted(map(str, clash))}")
        self._classify.update(games.significant)
        self.event_types: tuple[type, ...] = tuple(self._classify)

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        page = _Page(conn)
        for position, e in events:
            marked = recorded_in_certification_mode(e)
            if (page.get(MODE) == "1") != marked:
                page.set(MODE, "1" if marked else "0")
                page.add(self._mode_changed(position, e, marked))
            found = for_class(self._classify, type(e))
            fact = None if found is None else found[1](e)
            if isinstance(fact, Named):
                fact = fact.entry(page.get(f"name:{e.originator_id}"))
            if isinstance(fact, VenueOfStream):
                page.set(f"stream:{e.originator_id}", fact.venue_id)
            elif isinstance(fact, NameOfStream):
                page.set(f"name:{e.originator_id}", fact.name)
            elif isinstance(fact, Significant):
                grouped = None if fact.group is None else page.group(fact.group)
                if grouped is not None:
                    page.link(grouped, _link(position, e))
                else:
                    page.add(self._entry(page, position, e, found[0], fact))
        page.write()

    @staticmethod
    def _mode_changed(position: int, e: Any, marked: bool) -> dict[str, Any]:
        what = ("on: this and later events are marked, forced outcomes accepted" if marked
                else "off")
        return _row(position * 2, position, e, kind=CERTIFICATION_MODE_CHANGED,
                    severity=WARNING, summary=f"certification mode turned {what}",
                    detail={"certification_mode": marked}, actor=None)

    def _entry(self, page: _Page, position: int, e: Any, game: Game | None,
               fact: Significant) -> dict[str, Any]:
        venue_id, target_id = fact.venue_id, fact.target_id
        if game is not None:  # a game's event: of the venue of its stream
            venue_id = venue_id or game.venue_of(e.originator_id)
            target_id = target_id or str(e.originator_id)
        else:
            venue_id = venue_id or page.get(f"stream:{e.originator_id}")
            game = None if venue_id is None else self.games.for_venue(venue_id)
            if venue_id is not None and target_id is None:
                target_id = venue_id.partition(":")[2]
        return _row(position * 2 + 1, position, e, kind=fact.kind, severity=fact.severity,
                    summary=fact.summary, detail=dict(fact.detail),
                    actor=getattr(e, "actor", None), game=None if game is None else game.name,
                    venue_id=venue_id, target_id=target_id, jogada_id=fact.jogada_id,
                    group_key=fact.group)


def _row(entry_id: int, position: int, e: Any, **values: Any) -> dict[str, Any]:
    at = getattr(e, "at", None)
    row = {"entry_id": entry_id, "position": position,
           "recorded_at": to_utc(at if isinstance(at, datetime) else e.timestamp),
           "game": None, "venue_id": None, "target_id": None, "jogada_id": None,
           "group_key": None, "events": [_link(position, e)]}
    return row | values


# Reads (GET /significant-events) -----------------------------------------------------------------
def entries(engine: Engine, *, kinds: list[str] | None = None, severity: str | None = None,
            game: str | None = None, venue_id: str | None = None, jogada_id: str | None = None,
            since: datetime | None = None, until: datetime | None = None, limit: int = 50,
            before: int | None = None) -> tuple[list[dict[str, Any]], int | None]:
    """Entries newest first, filtered (``since`` inclusive, ``until`` exclusive, on
    ``recorded_at``); ``before``: the cursor (an ``entry_id``). Returns (page, next cursor)."""
    t = significant_events
    query = select(*(c for c in t.c if c.name != "group_key"))
    for column, value in ((t.c.severity, severity), (t.c.game, game),
                          (t.c.venue_id, venue_id), (t.c.jogada_id, jogada_id)):
        if value is not None:
            query = query.where(column == value)
    if kinds:
        query = query.where(t.c.kind.in_(kinds))
    if since is not None:
        query = query.where(t.c.recorded_at >= to_utc(since))
    if until is not None:
        query = query.where(t.c.recorded_at < to_utc(until))
    if before is not None:
        query = query.where(t.c.entry_id < before)
    return paged(engine, query.order_by(t.c.entry_id.desc()), limit, JSON_COLUMNS,
                 cursor="entry_id")
