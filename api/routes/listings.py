"""Listings read from the projection "jogadas_listing" (projections/listings.py): the tables and
rooms a player can join, and every jogada of a player with its amounts and result.

Who sees what: anyone lists the tables and rooms (a player needs one to sit at), but only
staff see who sits or plays there; a player lists its own jogadas, staff anyone's. The replay
link is for staff (the replay shows every hand of the jogada: 903-B 6.3.4(2)); a player's items
carry none.
"""

# No ``from __future__ import annotations``: the routes are built for the games of the app
# (``venues_router``, ``jogadas_router``) and FastAPI reads their parameters' types from the
# closure.

from inspect import Parameter, Signature
from typing import Annotated, Any, Literal
from urllib.parse import quote
from uuid import UUID

from fastapi import APIRouter, Query
from sqlalchemy import Engine

from api.auth import Caller
from api.deps import AccountReader, Anyone, LedgerDep, Reviewer
from api.game_parts import game_part
from api.ledger_access import fresh_engine
from api.listing_schemas import (
    AwareQueryInstant,
    VenueListing,
    game_name_type,
    jogadas_page_model,
)
from api.routes.players import existing_balance
from api.routes.responses import errors
from api.schemas import LogPosition
from domain.kernel.game import Game, Games
from domain.kernel.text import TEXT_PATTERN, check_text
from projections import listing_queries as queries

Limit = Annotated[int, Query(ge=1, le=queries.MAX_VENUES, description="At most 500")]
Cursor = Annotated[LogPosition | None, Query(description="The previous page's next_cursor")]
# 903-B 7.9.1: the text rule (no control or bidirectional characters) declared as the pattern.
NameFilter = Annotated[str | None, Query(min_length=1, max_length=200, pattern=TEXT_PATTERN,
                                         description="Part of the name, any case")]
VenueFilter = Annotated[str | None, Query(min_length=1, max_length=100, pattern=TEXT_PATTERN,
                                          description="Exactly this venue")]
JogadasLimit = Annotated[int, Query(ge=1, le=queries.MAX_JOGADAS, description=(
    "At most this many items a page (up to 500): one per jogada for a player, one per player "
    "and jogada across players (GET /jogadas), where a page never splits the items one event "
    "made (a deal that stakes every seated player at once): it ends before them, or holds "
    "them all if they alone are more than the limit"))]
Since = Annotated[AwareQueryInstant | None, Query(
    description="Jogadas started at or after this time (ISO 8601 with an offset)")]
Until = Annotated[AwareQueryInstant | None, Query(
    description="Jogadas started before this time (ISO 8601 with an offset)")]


def _staff(caller: Caller) -> bool:
    return caller.role != "player"


def check_texts(**values: str | None) -> None:
    """903-B 7.9.1: free text filters are checked like any other text input."""
    for field, value in values.items():
        if value is not None:
            check_text(value, field, 200)


def venues_router(games: Games) -> APIRouter:
    """The venues of every game of the installation that lists them: ``GET /<game
    name>/<Game.venue_plural>``, in the registry's order, each as its API package declares it
    (``venue_listing``, api/listing_schemas.py ``VenueListing``)."""
    venues = APIRouter(tags=["listings"])
    for game in games:
        listing = game_part(game, "venue_listing")
        if listing is not None and game.listing is not None:
            _venue_route(venues, game, listing)
    return venues


def _venue_route(venues: APIRouter, game: Game, listing: VenueListing) -> None:
    def list_venues(**query: Any) -> dict[str, Any]:
        venue_id, name = query["venue_id"], query["name"]
        check_texts(venue_id=venue_id, name=name)
        rows, next_cursor = queries.venues(
            fresh_engine(query["ledger"]), game.name, venue_id=venue_id,
            kind=query[listing.kind_filter], name=name, status=query["status"],
            limit=query["limit"], after=query["cursor"])
        staff = _staff(query["caller"])
        data = [listing.item(game, row, staff) for row in rows]
        return {"data": data, "count": len(data), "next_cursor": next_cursor}

    def param(name: str, annotation: Any, default: Any = Parameter.empty) -> Parameter:
        return Parameter(name, Parameter.KEYWORD_ONLY, annotation=annotation, default=default)

    # FastAPI reads the parameters from the signature: the kind filter's name is the game's.
    list_venues.__signature__ = Signature([  # type: ignore[attr-defined]
        param("ledger", LedgerDep), param("caller", Anyone),
        param("venue_id", VenueFilter, None),
        param(listing.kind_filter, Annotated[Literal[listing.kinds] | None,  # type: ignore
                                             Query()], None),
        param("name", NameFilter, None),
        param("status", Annotated[Literal[listing.statuses] | None, Query()], None),  # type: ignore
        param("limit", Limit, 100), param("cursor", Cursor, None)],
        return_annotation=dict[str, Any])
    list_venues.__doc__ = listing.doc
    plural = game.venue_plural or f"{game.venue_noun}s"
    venues.get(f"/{game.name}/{plural}", response_model=listing.page,
               responses=errors(401, 403, 422, 503), name=listing.operation)(list_venues)


def replay_url(game: Game, jogada_id: str) -> str:
    """The game's own replay route if it has one (``Game.replay_alias``), else the
    game-independent one (api/routes/jogadas.py)."""
    path = game.replay_alias or "/jogadas/{jogada_id}/replay"
    return path.format(jogada_id=quote(jogada_id, safe=":"))


def _jogadas_page(games: Games, engine: Engine, caller: Caller, **filters: Any) -> dict[str, Any]:
    # ``until`` not after ``since`` is an empty range, not an error: every pair of well-formed
    # instants is a valid filter (Schemathesis: a schema-valid request is never refused).
    rows, next_cursor = queries.jogadas(engine, **filters)
    staff = _staff(caller)
    data = []
    for row in rows:
        game = games.get(row["game"])  # a game of the installation: the model's enum
        target = f"{game.venue_noun}_id"  # table_id, room_id
        ended = row["status"] != "in_play"
        data.append({
            "jogada_id": row["jogada_id"], "game": row["game"], "player_id": row["player_id"],
            "venue": {"venue_id": row["venue_id"], "name": row["venue_name"],
                      target: row["target_id"]},
            "seat": None if row["seat"] is None else int(row["seat"]),
            **{k: row[k] for k in ("started_at", "ended_at", "status", "result",
                                   "wagered_cents", "won_cents", "refunded_cents",
                                   "net_cents", "prizes", "detail")},
            "replay_url": replay_url(game, row["jogada_id"]) if staff and ended else None,
            "cursor": row["position"]})
    return {"data": data, "count": len(data), "next_cursor": next_cursor}


def jogadas_router(games: Games) -> APIRouter:
    """The jogadas of every game of the installation (api/routes/__init__.py builds it with
    the registry the app is created with): ``game`` is one of ``games.names()`` (an enum in the
    OpenAPI document; anything else is 422 naming the field), and the answers' model accepts
    any of their items (api/listing_schemas.py)."""
    jogadas = APIRouter(tags=["listings"])
    game_filter = Annotated[game_name_type(games) | None, Query()]  # type: ignore[misc]
    page = jogadas_page_model(games)

    @jogadas.get("/players/{player_id}/jogadas", response_model=page,
                 responses=errors(401, 403, 404, 422, 503))
    def player_jogadas(
        player_id: UUID, ledger: LedgerDep, caller: AccountReader,
        game: game_filter = None, since: Since = None, until: Until = None,  # type: ignore
        limit: JogadasLimit = 50, cursor: Cursor = None,
    ) -> dict[str, Any]:
        """Every jogada the player staked in, newest first, each with its venue, times,
        status, the player's amounts (wagered, won, refunded, net) and result; filter by
        ``game`` and by the time the jogada started (``since`` inclusive, ``until``
        exclusive)."""
        caller.require_player_access(player_id)
        engine = fresh_engine(ledger)
        existing_balance(engine, player_id)
        return _jogadas_page(games, engine, caller, player_id=str(player_id), game=game,
                             since=since, until=until, limit=limit, before=cursor)

    @jogadas.get("/jogadas", response_model=page, responses=errors(401, 403, 422, 503))
    def all_jogadas(
        ledger: LedgerDep, caller: Reviewer, player_id: Annotated[UUID | None, Query()] = None,
        game: game_filter = None, since: Since = None, until: Until = None,  # type: ignore
        limit: JogadasLimit = 50, cursor: Cursor = None,
    ) -> dict[str, Any]:
        """Staff: the jogadas of every player (one item per player and jogada), newest first;
        the same filters as GET /players/{id}/jogadas, and ``player_id``."""
        return _jogadas_page(games, fresh_engine(ledger), caller,
                             player_id=None if player_id is None else str(player_id),
                             game=game, since=since, until=until, limit=limit, before=cursor)

    return jogadas
