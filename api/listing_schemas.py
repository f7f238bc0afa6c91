"""Models of the listings: tables, rooms, jogadas (api/routes/listings.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, AwareDatetime, BaseModel, BeforeValidator, Field

from api.schemas import _in_utc, _iso_text

# A query's date-time for a listing: ISO 8601 WITH an offset (a naive time is refused, 422
# naming the parameter: A65, the service keeps instants in UTC and will not guess a zone).
AwareQueryInstant = Annotated[AwareDatetime, BeforeValidator(_iso_text), AfterValidator(_in_utc)]
GameName = Literal["semdescarte", "bingo"]
JogadaStatus = Literal["in_play", "settled", "void", "cancelled"]


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


class VenueRef(BaseModel):
    venue_id: str
    name: str
    table_id: str | None = None
    room_id: str | None = None


class JogadaListed(BaseModel):
    """One jogada of one player. Amounts as on the session statement (sem descarte rule 39,
    bingo rule 52): ``won_cents`` is everything paid at the settlement, stakes returned
    included; ``refunded_cents`` what a void or a cancellation gave back; ``net_cents`` =
    won + refunded − wagered. ``result``: sem descarte ``folded``, ``bank_won``, ``push``,
    ``player_won``, ``bank_not_qualified``; bingo ``won`` or ``lost`` (``prizes`` by
    category); ``void`` / ``cancelled``; null in play. ``replay_url``: staff only, once the
    jogada has ended."""

    jogada_id: str
    game: GameName
    player_id: str
    venue: VenueRef
    seat: int | None = None
    started_at: datetime
    ended_at: datetime | None = None
    status: JogadaStatus
    result: str | None = None
    wagered_cents: int
    won_cents: int
    refunded_cents: int
    net_cents: int
    prizes: dict[str, int]
    detail: dict[str, Any]
    replay_url: str | None = None
    cursor: int


class JogadasPage(BaseModel):
    """Newest first. To page on, pass ``next_cursor`` as ``cursor`` (null: the last page)."""

    data: list[JogadaListed]
    count: int
    next_cursor: int | None = None
