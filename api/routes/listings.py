"""Listings read from the projection "jogadas_listing" (projections/listings.py): the tables and
rooms a player can join, and every jogada of a player with its amounts and result.

Who sees what: anyone lists the tables and rooms (a player needs one to sit at), but only
staff see who sits or plays there; a player lists its own jogadas, staff anyone's. The replay
link is for staff (the replay shows every hand of the jogada: 903-B 6.3.4(2)); a player's items
carry none.
"""

# No ``from __future__ import annotations``: the jogadas' routes are built for the games of
# the app (``jogadas_router``) and FastAPI reads their parameters' types from the closure.

from typing import Annotated, Any, Literal
from urllib.parse import quote
from uuid import UUID

from fastapi import APIRouter, Query
from sqlalchemy import Engine

from api.auth import Caller
from api.deps import AccountReader, Anyone, LedgerDep, Reviewer
from api.listing_schemas import (AwareQueryInstant, PokerTablesPage, RoomsPage, TablesPage,
                                 game_name_type,
                                 jogadas_page_model)
from api.reads import fresh_engine
from api.routes.players import existing_balance
from api.routes.responses import errors
from api.schemas import LogPosition
from domain.bingo.cards import VARIANTS
from domain.game import Game, Games
from domain.semdescarte.seats import game_kind
from domain.text import TEXT_PATTERN, check_text
from projections import listing_queries as queries

router = APIRouter(tags=["listings"])

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


@router.get("/semdescarte/tables", response_model=TablesPage,
            responses=errors(401, 403, 422, 503))
def list_tables(
    ledger: LedgerDep, caller: Anyone, venue_id: VenueFilter = None,
    kind: Annotated[Literal["individual", "multi"] | None, Query()] = None,
    name: NameFilter = None,
    status: Annotated[Literal["idle", "betting", "deciding"] | None, Query()] = None,
    limit: Limit = 100, cursor: Cursor = None,
) -> dict[str, Any]:
    """The póquer sem descarte tables in the order they were created, with their rules (rule
    38), free seats and the phase of the open jogada; filter by ``venue_id``, ``kind``,
    ``status`` and ``name``. Staff also see who sits where (``occupants``)."""
    check_texts(venue_id=venue_id, name=name)
    rows, next_cursor = queries.venues(fresh_engine(ledger), "semdescarte", venue_id=venue_id,
                                       kind=kind, name=name, status=status, limit=limit,
                                       after=cursor)
    staff = _staff(caller)
    data = [{"game": game_kind(row["config"]), "kind": row["kind"],
             **_table_row(row, staff, row["capacity"] or 1)} for row in rows]
    return {"data": data, "count": len(data), "next_cursor": next_cursor}


def _table_row(row: dict[str, Any], staff: bool, seats: int) -> dict[str, Any]:
    """A listed table's fields every card game's listing shares."""
    taken = row["occupants"]
    return {"table_id": row["target_id"], "name": row["name"], "venue_id": row["venue_id"],
            "config": row["config"], "seats": seats, "seats_taken": row["occupied"],
            "free_seats": [s for s in range(1, seats + 1) if str(s) not in taken],
            "status": row["status"], "open_jogada_id": row["open_jogada_id"],
            "jogadas": row["jogadas"], "opened_at": row["opened_at"],
            "occupants": dict(taken) if staff else None, "cursor": row["position"]}


@router.get("/bingo/rooms", response_model=RoomsPage, responses=errors(401, 403, 422, 503))
def list_rooms(
    ledger: LedgerDep, caller: Anyone, venue_id: VenueFilter = None,
    variant: Annotated[Literal[VARIANTS] | None, Query()] = None,  # type: ignore[valid-type]
    name: NameFilter = None,
    status: Annotated[Literal["idle", "sale", "drawing"] | None, Query()] = None,
    limit: Limit = 100, cursor: Cursor = None,
) -> dict[str, Any]:
    """The bingo rooms in the order they were created, with their rules and prizes (rule 4),
    how many players are in each and the phase of the open jogada; filter by ``venue_id``,
    ``variant``, ``status`` and ``name``. Staff also see the members' ids (``members``)."""
    check_texts(venue_id=venue_id, name=name)
    rows, next_cursor = queries.venues(fresh_engine(ledger), "bingo", venue_id=venue_id,
                                       kind=variant, name=name, status=status, limit=limit,
                                       after=cursor)
    staff = _staff(caller)
    data = [{
        "room_id": row["target_id"], "name": row["name"], "venue_id": row["venue_id"],
        "game": "bingo", "variant": row["kind"], "mode": row["config"].get("mode"),
        "card_price_cents": row["config"]["card_price_cents"], "config": row["config"],
        "players": row["occupied"], "status": row["status"],
        "open_jogada_id": row["open_jogada_id"], "jogadas": row["jogadas"],
        "opened_at": row["opened_at"],
        "members": sorted(row["occupants"]) if staff else None, "cursor": row["position"]}
        for row in rows]
    return {"data": data, "count": len(data), "next_cursor": next_cursor}


def _poker_tables(game: str) -> None:
    @router.get(f"/{game}/tables", response_model=PokerTablesPage,
                responses=errors(401, 403, 422, 503), name=f"list_{game}_tables")
    def list_tables(
        ledger: LedgerDep, caller: Anyone, venue_id: VenueFilter = None,
        structure: Annotated[Literal["limit", "pot_limit", "no_limit"] | None, Query()] = None,
        name: NameFilter = None,
        status: Annotated[Literal["idle", "preflop", "flop", "turn", "river", "showdown"]
                          | None, Query()] = None,
        limit: Limit = 100, cursor: Cursor = None,
    ) -> dict[str, Any]:
        """The tables in the order they were created, with their rules (rule 66), free seats
        and the street of the open jogada; filter by ``venue_id``, ``structure``, ``status``
        and ``name``. Staff also see who sits where (``occupants``)."""
        check_texts(venue_id=venue_id, name=name)
        rows, next_cursor = queries.venues(fresh_engine(ledger), game, venue_id=venue_id,
                                           kind=structure, name=name, status=status,
                                           limit=limit, after=cursor)
        staff = _staff(caller)
        data = [{"game": game, "structure": row["kind"],
                 **_table_row(row, staff, row["capacity"] or 0)} for row in rows]
        return {"data": data, "count": len(data), "next_cursor": next_cursor}


for _game in ("holdem", "omaha"):  # the hold'em and Omaha tables (issue 17)
    _poker_tables(_game)


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
