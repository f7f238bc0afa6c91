"""Models of the listings (api/routes/listings.py): the jogadas', built for the installation's
games (``jogadas_page_model``), not for a fixed list; and how a game's venues are listed
(``VenueListing``: each game's API package holds its venues' models)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    create_model,
)

from api.schemas import _in_utc, _iso_text
from domain.kernel.game import Game, Games

# A query's date-time for a listing: ISO 8601 WITH an offset (a naive time is refused, 422
# naming the parameter: A65, the service keeps instants in UTC and will not guess a zone).
AwareQueryInstant = Annotated[AwareDatetime, BeforeValidator(_iso_text), AfterValidator(_in_utc)]
JogadaStatus = Literal["in_play", "settled", "void", "cancelled"]


@dataclass(frozen=True)
class VenueListing:
    """How the API lists one game's venues (api/routes/listings.py ``venues_router``): the
    route ``GET /<game name>/<Game.venue_plural>``, from the projection "jogadas_listing".
    A game's API package declares it as ``venue_listing`` (api/game_parts.py); no declaration:
    its venues are not listed."""

    page: type[BaseModel]  # the answer's model (its name is the OpenAPI document's)
    kind_filter: str  # the query parameter filtering on the venue's kind ("kind", "variant")
    kinds: tuple[str, ...]  # its values
    statuses: tuple[str, ...]  # the phases of the open jogada (the ``status`` filter)
    item: Callable[[Game, dict[str, Any], bool], dict[str, Any]]  # (game, row, staff) -> item
    doc: str  # the route's description
    operation: str  # the route's name ("list_tables"): its operationId's start


def table_row(row: dict[str, Any], staff: bool, seats: int) -> dict[str, Any]:
    """A listed table's fields every card game's listing shares."""
    taken = row["occupants"]
    return {"table_id": row["target_id"], "name": row["name"], "venue_id": row["venue_id"],
            "config": row["config"], "seats": seats, "seats_taken": row["occupied"],
            "free_seats": [s for s in range(1, seats + 1) if str(s) not in taken],
            "status": row["status"], "open_jogada_id": row["open_jogada_id"],
            "jogadas": row["jogadas"], "opened_at": row["opened_at"],
            "occupants": dict(taken) if staff else None, "cursor": row["position"]}


def game_name_type(games: Games) -> Any:
    """The installation's game names (``Games.names()``) as a type: the OpenAPI enum of the
    listings' ``game`` query and answers; anything else is 422 naming the field."""
    return Literal[games.names()]  # type: ignore[valid-type]


JOGADA_DOC = """One jogada of one player. Amounts as on the session statement (each game's rule
on it): ``won_cents`` is everything paid at the settlement, stakes returned
included; ``refunded_cents`` what a void or a cancellation gave back; ``net_cents`` = won +
refunded − wagered. ``result``: in the game's own words (e.g. ``folded``, ``bank_won``,
``push``; where a prize may be worth less than the stake, ``won`` only when the prizes are worth
more, else ``prize_net_even``, ``prize_net_loss`` or ``lost``; with ``prizes`` by category where
the game has them; docs/api.md lists each game's), ``void`` / ``cancelled``; null in play. ``venue``: its id and name,
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
