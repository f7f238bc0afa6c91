"""French roulette's wheels in the core's API: the listing ``GET /roulette/wheels``
(api/routes/listings.py builds the route from ``venue_listing``) and a wheel's rule-set
settings (api/session_schemas.py ``VenueSettings``, from ``ruleset_settings``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from api.games.roulette.schemas import RfWheelConfigIn
from api.listing_schemas import VenueListing
from domain.kernel.game import Game

# The phases of a wheel's open jogada (the listing's ``status``, domain/games/roulette/
# listing.py): bets being placed (r16, r17) and the spin from "jogo feito nada mais" on, which
# is one transaction with the payments (a row shows it only while the read model catches up).
STATUSES = ("idle", "betting", "spinning")


class RouletteWheelListed(BaseModel):
    """A roulette wheel. ``game`` is what POST /sessions takes to play at it
    (``roulette_individual`` or ``roulette_multi``). ``occupants`` (the players at the wheel)
    is shown to staff only; a player sees how many (``players``)."""

    wheel_id: str
    name: str
    venue_id: str
    game: Literal["roulette_individual", "roulette_multi"]
    kind: Literal["individual", "multi"]
    config: dict[str, Any] = Field(description="The wheel's rules, limits and call bets (r4,"
                                               " r8, r11–r13, r16, r27)")
    players: int
    status: Literal[STATUSES]  # type: ignore[valid-type]
    open_jogada_id: str | None = None
    jogadas: int = Field(description="Jogadas started at the wheel")
    opened_at: datetime
    occupants: dict[str, str] | None = None
    cursor: int


class RouletteWheelsPage(BaseModel):
    """To page on, pass ``next_cursor`` as ``cursor`` (null: the last page)."""

    data: list[RouletteWheelListed]
    count: int
    next_cursor: int | None = None


def _item(game: Game, row: dict[str, Any], staff: bool) -> dict[str, Any]:
    return {"wheel_id": row["target_id"], "name": row["name"], "venue_id": row["venue_id"],
            "game": f"roulette_{row['kind']}", "kind": row["kind"], "config": row["config"],
            "players": row["occupied"], "status": row["status"],
            "open_jogada_id": row["open_jogada_id"], "jogadas": row["jogadas"],
            "opened_at": row["opened_at"],
            "occupants": dict(row["occupants"]) if staff else None, "cursor": row["position"]}


venue_listing = VenueListing(
    page=RouletteWheelsPage, kind_filter="kind", kinds=("individual", "multi"),
    statuses=STATUSES, item=_item, operation="list_roulette_wheels",
    doc="""The roulette wheels in the order they were created, with their rules, limits and call
bets (r4, r8, r11–r13, r27), how many players are at each and the phase of the open jogada;
filter by ``venue_id``, ``kind``, ``status`` and ``name``. Staff also see who is at the wheel
(``occupants``).""")

# A new rule-set version of a wheel (903-B 6.1.5): its configuration, as wheel creation takes it.
ruleset_settings = (RfWheelConfigIn,
                    "for `roulette:<wheel_id>` a wheel's (POST /roulette/wheels: same kind)")
