"""Bingo's rooms in the core's API: the listing ``GET /bingo/rooms`` (api/routes/listings.py
builds the route from ``venue_listing``) and a room's rule-set settings
(api/session_schemas.py ``VenueSettings``, from ``ruleset_settings``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from api.games.bingo.schemas import RoomConfigIn
from api.listing_schemas import VenueListing
from domain.games.bingo.cards import VARIANTS
from domain.kernel.game import Game


class RoomListed(BaseModel):
    """A bingo room. ``members`` (player ids) is shown to staff only; a player sees how many."""

    room_id: str
    name: str
    venue_id: str
    game: Literal["bingo"]
    variant: str
    mode: str
    card_price_cents: int
    config: dict[str, Any] = Field(description="The room's rules and prizes (rule 4)")
    players: int
    status: Literal["idle", "sale", "drawing"]
    open_jogada_id: str | None = None
    jogadas: int
    opened_at: datetime
    members: list[str] | None = None
    cursor: int


class RoomsPage(BaseModel):
    data: list[RoomListed]
    count: int
    next_cursor: int | None = None


def _item(game: Game, row: dict[str, Any], staff: bool) -> dict[str, Any]:
    return {
        "room_id": row["target_id"], "name": row["name"], "venue_id": row["venue_id"],
        "game": game.name, "variant": row["kind"], "mode": row["config"].get("mode"),
        "card_price_cents": row["config"]["card_price_cents"], "config": row["config"],
        "players": row["occupied"], "status": row["status"],
        "open_jogada_id": row["open_jogada_id"], "jogadas": row["jogadas"],
        "opened_at": row["opened_at"],
        "members": sorted(row["occupants"]) if staff else None, "cursor": row["position"]}


venue_listing = VenueListing(
    page=RoomsPage, kind_filter="variant", kinds=VARIANTS,
    statuses=("idle", "sale", "drawing"), item=_item, operation="list_rooms",
    doc="""The bingo rooms in the order they were created, with their rules and prizes (rule 4),
how many players are in each and the phase of the open jogada; filter by ``venue_id``,
``variant``, ``status`` and ``name``. Staff also see the members' ids (``members``).""")

# A new rule-set version of a room (903-B 6.1.5): its configuration, as room creation takes it.
ruleset_settings = (RoomConfigIn, "for `bingo:<room_id>` a room's (POST /bingo/rooms: same"
                                  " variant)")
