"""The tables of Texas hold'em and Omaha in the core's API: the listings ``GET /holdem/tables``
and ``GET /omaha/tables`` (issue 17; api/routes/listings.py builds each route from the
``venue_listing`` of api/games/holdem.py and omaha.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from api.listing_schemas import VenueListing, table_row
from domain.kernel.game import Game


class PokerTableListed(BaseModel):
    """A hold'em or Omaha table. ``occupants`` (seat → player id) is shown to staff only."""

    table_id: str
    name: str
    venue_id: str
    game: Literal["holdem", "omaha"]
    structure: str = Field(description="limit, pot_limit or no_limit (rule 24)")
    config: dict[str, Any] = Field(description="The table's rules (rule 66)")
    seats: int
    seats_taken: int
    free_seats: list[int]
    status: Literal["idle", "preflop", "flop", "turn", "river", "showdown"]
    open_jogada_id: str | None = None
    jogadas: int
    opened_at: datetime
    occupants: dict[str, str] | None = None
    cursor: int


class PokerTablesPage(BaseModel):
    data: list[PokerTableListed]
    count: int
    next_cursor: int | None = None


def _item(game: Game, row: dict[str, Any], staff: bool) -> dict[str, Any]:
    return {"game": game.name, "structure": row["kind"],
            **table_row(row, staff, row["capacity"] or 0)}


def venue_listing(variant: str) -> VenueListing:
    return VenueListing(
        page=PokerTablesPage, kind_filter="structure", kinds=("limit", "pot_limit", "no_limit"),
        statuses=("idle", "preflop", "flop", "turn", "river", "showdown"), item=_item,
        operation=f"list_{variant}_tables",
        doc="""The tables in the order they were created, with their rules (rule 66), free seats
and the street of the open jogada; filter by ``venue_id``, ``structure``, ``status``
and ``name``. Staff also see who sits where (``occupants``).""")
