"""Read side of the listings (projections/listings.py): the venues of a game, and jogadas by
player, newest first. Each page is at most ``limit`` rows; the caller passes back the
``next_cursor`` it got (a position in the event log: venues after it, jogadas before it)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Engine, Select, select

from projections.listings import JOGADA_JSON, VENUE_JSON, decode_row
from projections.listings import game_venues as venues_t
from projections.listings import player_jogadas as jogadas_t
from projections.money import to_utc

MAX_VENUES = 500
MAX_JOGADAS = 500


def paged(engine: Engine, query: Select, limit: int, json_columns: tuple[str, ...], *,
          cursor: str = "position") -> tuple[list[dict[str, Any]], int | None]:
    """At most ``limit`` rows of ``query`` (which asks for one more, to know whether another
    page follows) and the next page's cursor: the last row's ``cursor`` column, or None."""
    with engine.connect() as conn:
        rows = [decode_row(r, json_columns) for r in conn.execute(query.limit(limit + 1))]
    more = len(rows) > limit
    rows = rows[:limit]
    return rows, rows[-1][cursor] if more else None


def venues(engine: Engine, game: str, *, venue_id: str | None = None, kind: str | None = None,
           name: str | None = None, status: str | None = None, limit: int = 100,
           after: int | None = None) -> tuple[list[dict[str, Any]], int | None]:
    """The game's venues in the order they were opened (``after``: the cursor), filtered by
    exact ``venue_id``, ``kind``, ``status`` and a case-insensitive substring of ``name``.
    Returns (page, next cursor or None)."""
    t = venues_t
    query = select(t).where(t.c.game == game)
    if venue_id is not None:
        query = query.where(t.c.venue_id == venue_id)
    if kind is not None:
        query = query.where(t.c.kind == kind)
    if status is not None:
        query = query.where(t.c.status == status)
    if name:
        query = query.where(t.c.name_key.contains(name.casefold(), autoescape=True))
    if after is not None:
        query = query.where(t.c.position > after)
    return paged(engine, query.order_by(t.c.position), limit, VENUE_JSON)


def jogadas(engine: Engine, *, player_id: str | None = None, game: str | None = None,
            since: datetime | None = None, until: datetime | None = None, limit: int = 50,
            before: int | None = None) -> tuple[list[dict[str, Any]], int | None]:
    """Jogadas with a stake of ``player_id`` (of every player if None), newest first (by the
    player's first stake), of ``game``, started at or after ``since`` and before ``until``;
    ``before``: the cursor. Returns (page, next cursor or None)."""
    t = jogadas_t
    query = select(t)
    if player_id is not None:
        query = query.where(t.c.player_id == str(player_id))
    if game is not None:
        query = query.where(t.c.game == game)
    if since is not None:
        query = query.where(t.c.started_at >= to_utc(since))
    if until is not None:
        query = query.where(t.c.started_at < to_utc(until))
    if before is not None:
        query = query.where(t.c.position < before)
    return _whole_positions(engine, query, limit)


def _whole_positions(engine: Engine, query: Select, limit: int
                     ) -> tuple[list[dict[str, Any]], int | None]:
    """Newest first, at most ``limit`` rows, never a part of the rows one event made (the
    players one deal stakes at once: projections/listings.py), so that the cursor, a
    position, leaves none behind: a page whose last event's rows do not all fit ends before
    them (issue 24: ``limit`` is a maximum). Only when one event alone made more than
    ``limit`` rows does the page hold them all, more than ``limit``."""
    t = jogadas_t
    ordered = query.order_by(t.c.position.desc(), t.c.player_id)
    with engine.connect() as conn:
        rows = [decode_row(r, JOGADA_JSON) for r in conn.execute(ordered.limit(limit + 1))]
    if len(rows) <= limit:
        return rows, None
    following, rows = rows[limit], rows[:limit]
    if following["position"] != rows[-1]["position"]:
        return rows, rows[-1]["position"]  # the page ends with a whole event's rows
    whole = [r for r in rows if r["position"] != following["position"]]
    if whole:
        return whole, whole[-1]["position"]
    cursor = following["position"]  # one event's rows, more than ``limit``: all of them
    rows, _ = paged(engine, query.where(t.c.position == cursor).order_by(t.c.player_id),
                    MAX_JOGADAS, JOGADA_JSON)
    with engine.connect() as conn:
        older = conn.execute(query.with_only_columns(t.c.position)
                             .where(t.c.position < cursor).limit(1)).first()
    return rows, cursor if older is not None else None


def jogada_rows(engine: Engine, jogada_id: str) -> list[dict[str, Any]]:
    """Every player's row of one jogada (GET /jogadas/{id}), by their first stake."""
    t = jogadas_t
    rows, _ = paged(engine, select(t).where(t.c.jogada_id == str(jogada_id))
                    .order_by(t.c.position, t.c.player_id), MAX_JOGADAS, JOGADA_JSON)
    return rows
