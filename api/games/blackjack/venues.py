"""Blackjack's tables in the core's API: the listing ``GET /blackjack/tables``
(api/routes/listings.py builds the route from ``venue_listing``) and a table's rule-set
settings (api/session_schemas.py ``VenueSettings``, from ``ruleset_settings``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from api.games.blackjack.schemas import BjTableConfigIn
from api.listing_schemas import VenueListing, table_row
from domain.kernel.game import Game

# The phases of a table's open jogada (the listing's ``status``): the betting window (r12),
# the offers against an up ace (r15f, r20b, A51), the players' decisions (r15), the banca (r17).
STATUSES = ("idle", "betting", "offers", "play", "banca")


class BlackjackTableListed(BaseModel):
    """A blackjack table. ``game`` is what POST /sessions takes to play at it
    (``blackjack_individual`` or ``blackjack_multi``). ``occupants`` (seat → player id) is
    shown to staff only; a player sees the free seats."""

    table_id: str
    name: str
    venue_id: str
    game: Literal["blackjack_individual", "blackjack_multi"]
    kind: Literal["individual", "multi"]
    config: dict[str, Any] = Field(description="The table's rules, limits and options (r4, r9–r11,"
                                               " r16, r32)")
    seats: int
    seats_taken: int
    free_seats: list[int]
    status: Literal[STATUSES]  # type: ignore[valid-type]
    open_jogada_id: str | None = None
    jogadas: int = Field(description="Jogadas started at the table")
    opened_at: datetime
    occupants: dict[str, str] | None = None
    cursor: int


class BlackjackTablesPage(BaseModel):
    """To page on, pass ``next_cursor`` as ``cursor`` (null: the last page)."""

    data: list[BlackjackTableListed]
    count: int
    next_cursor: int | None = None


def _item(game: Game, row: dict[str, Any], staff: bool) -> dict[str, Any]:
    return {"game": f"blackjack_{row['kind']}", "kind": row["kind"],
            **table_row(row, staff, row["capacity"] or 1)}


venue_listing = VenueListing(
    page=BlackjackTablesPage, kind_filter="kind", kinds=("individual", "multi"),
    statuses=STATUSES, item=_item, operation="list_blackjack_tables",
    doc="""The blackjack tables in the order they were created, with their rules, limits and
options (r4, r9–r11, r16, r32), free seats and the phase of the open jogada; filter by
``venue_id``, ``kind``, ``status`` and ``name``. Staff also see who sits where
(``occupants``).""")

# A new rule-set version of a table (903-B 6.1.5): its configuration, as table creation takes it.
ruleset_settings = (BjTableConfigIn, "for `blackjack:<table_id>` a table's (POST"
                                   " /blackjack/tables: same kind)")
