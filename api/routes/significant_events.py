"""Significant events for staff (GLI-19 §2.8; 903-B 6.3.3(3)(4): every system error logged with
its cause and reportable; 6.3.6(6)(7); 7.7.6(1)): GET /significant-events lists the read model
"significant_events" (projections/significant_events.py), newest first, filtered and paged as
GET /jogadas is; each entry links to the events it was recorded as, and GET
/events/{notification_id} shows one of them as stored. Operators, auditors and complaint
handlers; a player gets 403.
"""

# No ``from __future__ import annotations``: the listing's route is built for the kinds and
# games of the app (``significant_events_router``) and FastAPI reads its parameters' types
# from the closure.

import re
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Path, Query

from api.deps import LedgerDep, Reviewer
from api.ledger_access import fresh_engine
from api.listing_schemas import AwareQueryInstant, game_name_type
from api.routes.listings import Cursor, VenueFilter, check_texts, replay_url
from api.routes.responses import errors
from api.schemas import TEXT_SCHEMA
from api.significant_schemas import Severity, SignificantEventsPage, StoredEventPublic
from domain.audit.core_significant import kinds as significant_kinds
from domain.kernel.game import Games
from domain.kernel.significant import parse_kinds
from domain.kernel.text import MAX_ID_LENGTH
from infra.store.event_views import stored_event
from projections import significant_events as queries

router = APIRouter(tags=["significant events"])

NotificationId = Annotated[int, Path(ge=1, le=2**63 - 1, description="A notification id")]
Limit = Annotated[int, Query(ge=1, le=queries.MAX_ENTRIES, description="At most 500")]
JogadaFilter = Annotated[str | None, Query(min_length=1, max_length=MAX_ID_LENGTH,
                                           json_schema_extra=TEXT_SCHEMA,
                                           description="Entries of this jogada")]
Since = Annotated[AwareQueryInstant | None, Query(
    description="Recorded at or after this time (ISO 8601 with an offset)")]
Until = Annotated[AwareQueryInstant | None, Query(
    description="Recorded before this time (ISO 8601 with an offset)")]


@router.get("/events/{notification_id}", response_model=StoredEventPublic,
            responses=errors(401, 403, 404, 422, 503))
def read_event(notification_id: NotificationId, ledger: LedgerDep,
               caller: Reviewer) -> dict[str, Any]:
    """One stored event, decoded by the application's mapper: ``notification_id``,
    ``originator_id``, ``originator_version``, ``topic``, ``recorded_at`` (its ``at``),
    ``certification_mode`` (recorded while it was on) and its ``state``."""
    return stored_event(ledger, notification_id)


def kinds_schema(kinds: list[str]) -> Any:
    """The query's ``json_schema_extra``: each value of ``kind`` is a known kind or a comma
    list of them (declared as the pattern of the array's items; the route's own check gives
    the 422 that lists them)."""
    one = "|".join(re.escape(kind) for kind in sorted(kinds))
    items = {"type": "string", "pattern": f"^({one})(,({one}))*$"}

    def extra(schema: dict[str, Any]) -> None:
        for branch in schema.get("anyOf", [schema]):
            if branch.get("type") == "array":
                branch["items"] = items
    return extra


def _item(games: Games, row: dict[str, Any]) -> dict[str, Any]:
    jogada_id, game = row["jogada_id"], games.get(row["game"] or "")
    return {**{k: v for k, v in row.items() if k != "events"},
            "events": [link | {"url": f"/events/{link['notification_id']}"}
                       for link in row["events"]],
            "jogada_url": None if jogada_id is None else f"/jogadas/{quote(jogada_id, safe=':')}",
            "replay_url": None if jogada_id is None or game is None
            else replay_url(game, jogada_id),
            "cursor": row["entry_id"]}


def significant_events_router(games: Games) -> APIRouter:
    """GET /significant-events for the app's games (api/routes/__init__.py): ``kind`` one or
    more of the installation's kinds (the core's and the games', domain/audit/core_significant.py),
    ``game`` one of its games."""
    known = significant_kinds(games)
    listing = APIRouter(tags=["significant events"])
    kind_filter = Annotated[list[str] | None, Query(
        description="Kinds, repeated (kind=a&kind=b) or as a comma list (kind=a,b): "
                    + ", ".join(sorted(known)),
        json_schema_extra=kinds_schema(list(known)))]
    game_filter = Annotated[game_name_type(games) | None, Query()]  # type: ignore[misc]

    @listing.get("/significant-events", response_model=SignificantEventsPage,
                 responses=errors(401, 403, 422, 503))
    def list_significant_events(
        ledger: LedgerDep, caller: Reviewer, kind: kind_filter = None,  # type: ignore
        severity: Annotated[Severity | None, Query()] = None,  # type: ignore
        game: game_filter = None, venue: VenueFilter = None,  # type: ignore
        jogada_id: JogadaFilter = None, since: Since = None, until: Until = None,
        limit: Limit = 50, cursor: Cursor = None,
    ) -> dict[str, Any]:
        """Configuration and rule-set changes, voids and interruptions, start-up recoveries,
        integrity and RNG failures, API key changes, corrections, certification mode changes
        (the ``kind`` vocabulary), newest first; filter by ``kind``, ``severity``, ``game``,
        ``venue`` (a venue id), ``jogada_id`` and the time it was recorded (``since``
        inclusive, ``until`` exclusive). Each entry links to its ``events``."""
        kinds = parse_kinds(kind, known)
        check_texts(venue=venue, jogada_id=jogada_id)
        rows, next_cursor = queries.entries(
            fresh_engine(ledger), kinds=kinds, severity=severity, game=game, venue_id=venue,
            jogada_id=jogada_id, since=since, until=until, limit=limit, before=cursor)
        data = [_item(games, row) for row in rows]
        return {"data": data, "count": len(data), "next_cursor": next_cursor}

    return listing
