"""Request models of póquer sem descarte (pydantic v2, the conventions of api/schemas.py:
unknown fields refused, strict types). Ranges are checked by the domain, so that the error
names the regulation's rule (domain/semdescarte/config.py)."""

from __future__ import annotations

from typing import Literal
from uuid import UUID

from pydantic import Field, StrictInt, StrictStr

from api.schemas import RequestModel


class JackpotConfigIn(RequestModel):
    """Portaria 461/2001: the side bet (r8), the share that feeds the jackpot (r3, basis
    points) and the starting value (r10: at least 10,000 × the side bet)."""
    stake_cents: StrictInt
    contribution_bp: StrictInt
    starting_value_cents: StrictInt


class TableConfigIn(RequestModel):
    """Rules 4–6 (individual, or 1 to 7 seats), 16–18 (ante limits, max ≤ 25 × min), 14
    (betting period of a multi-seat table), 21 and 31 (decision time and extra time; at least
    3 s, 903-B 6.1.4); the optional jackpot (A11). What may be left out and what it then means
    is the domain's to say (domain/semdescarte/config.py): no defaults here."""
    kind: Literal["individual", "multi"]
    seats: StrictInt | None = Field(None, description="required for a multi-seat table")
    min_ante_cents: StrictInt
    max_ante_cents: StrictInt
    decision_seconds: StrictInt
    extra_seconds: StrictInt
    betting_seconds: StrictInt | None = None
    jackpot: JackpotConfigIn | None = None


class TableCreate(RequestModel):
    name: StrictStr = Field(min_length=1, max_length=200)
    config: TableConfigIn


class SeatTake(RequestModel):
    seat: StrictInt | None = None
    player_id: UUID | None = Field(None, description="operators act on behalf of a player")


class SeatLeave(RequestModel):
    player_id: UUID | None = None


class AnteCreate(RequestModel):
    ante_cents: StrictInt
    jackpot_bet_cents: StrictInt | None = None
    idempotency_key: StrictStr = Field(min_length=1, max_length=200)
    forced_deck: list[StrictStr] | None = Field(
        None, description="certification mode only, with the ante that opens the jogada: the"
                          " deck its deal uses (at least 1 + 5 × (seats + 1) cards)")


class DealRequest(RequestModel):
    forced_deck: list[StrictStr] | None = Field(
        None, description="certification mode only: the deck, top first, dealt per rule 19")


class ForcedDeckCreate(RequestModel):
    forced_deck: list[StrictStr] = Field(
        description="certification mode only: the deck, top first, dealt per rule 19 at the end"
                    " of the betting period; at least 1 + 5 × (seats + 1) cards")


class DecisionCreate(RequestModel):
    jogada_id: StrictStr = Field(min_length=1, max_length=200)
    decision: Literal["fold", "continue"]


class InterruptionCreate(RequestModel):
    """``system_fault``: rule 33, the jogada is void and every bet returned.
    ``player_equipment``: rules 34–36, the player's connection or device failed."""
    kind: Literal["system_fault", "player_equipment"]
    player_id: UUID | None = None
    reason: StrictStr = Field("system_fault", min_length=1, max_length=200)
