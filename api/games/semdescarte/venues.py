"""Póquer sem descarte's tables in the core's API: the listing ``GET /semdescarte/tables``
(api/routes/listings.py builds the route from ``venue_listing``) and a table's rule-set
settings (api/session_schemas.py ``VenueSettings``, from ``ruleset_settings``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from api.games.semdescarte.schemas import TableConfigIn
from api.listing_schemas import VenueListing, table_row
from domain.games.semdescarte.seats import game_kind
from domain.kernel.game import Game


class TableListed(BaseModel):
    """A póquer sem descarte table. ``game`` is what POST /sessions takes to play at it.
    ``occupants`` (seat → player id) is shown to staff only; a player sees the free seats."""

    table_id: str
    name: str
    venue_id: str
    game: str
    kind: Literal["individual", "multi"]
    config: dict[str, Any] = Field(description="The table's rules and limits (rule 38)")
    seats: int
    seats_taken: int
    free_seats: list[int]
    status: Literal["idle", "betting", "deciding"]
    open_jogada_id: str | None = None
    jogadas: int = Field(description="Jogadas started at the table")
    opened_at: datetime
    occupants: dict[str, str] | None = None
    cursor: int


class TablesPage(BaseModel):
    """To page on, pass ``next_cursor`` as ``cursor`` (null: the last page)."""

    data: list[TableListed]
    count: int
    next_cursor: int | None = None


def _item(game: Game, row: dict[str, Any], staff: bool) -> dict[str, Any]:
    return {"game": game_kind(row["config"]), "kind": row["kind"],
            **table_row(row, staff, row["capacity"] or 1)}


venue_listing = VenueListing(
    page=TablesPage, kind_filter="kind", kinds=("individual", "multi"),
    statuses=("idle", "betting", "deciding"), item=_item, operation="list_tables",
    doc="""The póquer sem descarte tables in the order they were created, with their rules (rule
38), free seats and the phase of the open jogada; filter by ``venue_id``, ``kind``,
``status`` and ``name``. Staff also see who sits where (``occupants``).""")

# A new rule-set version of a table (903-B 6.1.5): its configuration, as table creation takes it.
ruleset_settings = (TableConfigIn, "for `semdescarte:<table_id>` a table's (POST"
                                   " /semdescarte/tables: same kind)")
