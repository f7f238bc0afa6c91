"""Models of the listings: tables, rooms, jogadas (api/routes/listings.py). The jogadas' models
are built for the installation's games (``jogadas_page_model``), not for a fixed list."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (AfterValidator, AwareDatetime, BaseModel, BeforeValidator, Field,
                      create_model)

from api.schemas import _in_utc, _iso_text
from domain.game import Games

# A query's date-time for a listing: ISO 8601 WITH an offset (a naive time is refused, 422
# naming the parameter: A65, the service keeps instants in UTC and will not guess a zone).
AwareQueryInstant = Annotated[AwareDatetime, BeforeValidator(_iso_text), AfterValidator(_in_utc)]
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


def game_name_type(games: Games) -> Any:
    """The installation's game names (``Games.names()``) as a type: the OpenAPI enum of the
    listings' ``game`` query and answers; anything else is 422 naming the field."""
    return Literal[games.names()]  # type: ignore[valid-type]


JOGADA_DOC = """One jogada of one player. Amounts as on the session statement (sem descarte rule
39, bingo rule 52): ``won_cents`` is everything paid at the settlement, stakes returned
included; ``refunded_cents`` what a void or a cancellation gave back; ``net_cents`` = won +
refunded − wagered. ``result``: in the game's own words (sem descarte ``folded``,
``bank_won``, ``push``, ``player_won``, ``bank_not_qualified``; bingo ``won`` (prizes worth
more than the cards cost), ``prize_net_even``, ``prize_net_loss`` (a prize worth less than the
cards) or ``lost`` (no prize), ``prizes`` by category), ``void`` / ``cancelled``; null in
play. ``venue``: its id and name,
and the table's or room's own id under ``<venue noun>_id`` of its game (``table_id``,
``room_id``). ``replay_url``: staff only, once the jogada has ended."""


def jogadas_page_model(games: Games) -> type[BaseModel]:
    """The page of GET /players/{id}/jogadas and GET /jogadas for these games: any registered
    game's items are valid (``game`` one of their names, the venue's own id under each game's
    ``venue_noun``)."""
    nouns = dict.fromkeys(f"{game.venue_noun}_id" for game in games)
    venue_ref = create_model("VenueRef", venue_id=(str, ...), name=(str, ...),
                             **{noun: (str | None, None) for noun in nouns})
    listed = create_model(
        "JogadaListed", __doc__=JOGADA_DOC,
        jogada_id=(str, ...), game=(game_name_type(games), ...), player_id=(str, ...),
        venue=(venue_ref, ...), seat=(int | None, None), started_at=(datetime, ...),
        ended_at=(datetime | None, None), status=(JogadaStatus, ...),
        result=(str | None, None), wagered_cents=(int, ...), won_cents=(int, ...),
        refunded_cents=(int, ...), net_cents=(int, ...), prizes=(dict[str, int], ...),
        detail=(dict[str, Any], ...), replay_url=(str | None, None), cursor=(int, ...))
    return create_model(
        "JogadasPage",
        __doc__="Newest first. To page on, pass ``next_cursor`` as ``cursor`` (null: the last"
                " page).",
        data=(list[listed], ...), count=(int, ...),  # type: ignore[valid-type]
        next_cursor=(int | None, None))
