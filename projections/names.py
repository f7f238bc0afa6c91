"""Who is who, for people to read (issue 25): the display names of players and staff members,
from the ``principals`` read model (projections/principals.py), for the pages and documents
that would otherwise show a UUID (the complaint desk, its reads; the evidence pack may use the
same lookup).

- ``display_names(engine, ids)``: principal id → display name, for the ids that are
  registered (an unknown or malformed id is left out: the caller shows the id itself);
- ``actor_names(engine, actors)``: the same for actors as events record them (``staff:<id>``,
  ``player:<id>``; ``system`` and ``system:<component>`` are named "the service");
- ``short_id(value)``: the short form of an id a page shows when there is no name (its first
  eight characters), the full id beside it for whoever needs it.

Names are what the principal was registered with (``Principal.Registered``); they are shown,
never used to find anyone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from uuid import UUID

from sqlalchemy import Engine, select

from domain.kernel.actors import SYSTEM
from projections.principals import principals

SERVICE_NAME = "the service"
_CHUNK = 500  # ids per query (well under SQLite's and PostgreSQL's bound parameters)


def _uuid(value: Any) -> UUID | None:
    if isinstance(value, UUID):
        return value
    try:
        return UUID(str(value))
    except (ValueError, TypeError, AttributeError):
        return None


def display_names(engine: Engine, ids: Iterable[Any], *,
                  players: bool = True) -> dict[str, str]:
    """``{str(id): display name}`` for the given principal ids (players and staff) that are
    registered; every other id is left out, and players too when ``players`` is False (a
    page that may name the staff but not other players)."""
    wanted: dict[UUID, list[str]] = {}
    for value in ids:
        found = _uuid(value)
        if found is not None:
            wanted.setdefault(found, []).append(str(value))
    names: dict[str, str] = {}
    keys = list(wanted)
    with engine.connect() as conn:
        for start in range(0, len(keys), _CHUNK):
            chunk = keys[start:start + _CHUNK]
            query = (select(principals.c.principal_id, principals.c.display_name)
                     .where(principals.c.principal_id.in_(chunk)))
            if not players:
                query = query.where(principals.c.role != "player")
            for principal_id, name in conn.execute(query):
                for given in wanted[principal_id]:
                    names[given] = name
    return names


def actor_names(engine: Engine, actors: Iterable[str | None]) -> dict[str, str]:
    """``{actor: name}`` for actors as the events record them: ``staff:<id>`` and
    ``player:<id>`` by their display name (when registered), ``system[:component]`` as
    ``SERVICE_NAME``."""
    ids: dict[str, str] = {}
    names: dict[str, str] = {}
    for actor in actors:
        if not actor:
            continue
        kind, _, ident = actor.partition(":")
        if kind == SYSTEM:
            names[actor] = SERVICE_NAME
        elif kind in ("staff", "player") and ident:
            ids[actor] = ident
    found = display_names(engine, ids.values())
    names.update({actor: found[ident] for actor, ident in ids.items() if ident in found})
    return names


def short_id(value: Any) -> str:
    """The first eight characters of an id (a UUID's first group), for a page to show."""
    text = str(value)
    return text.partition(":")[2][:8] if ":" in text else text[:8]
