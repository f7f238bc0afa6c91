"""Request models of póquer sem descarte (pydantic v2, the conventions of api/schemas.py:
unknown fields refused, strict types). Ranges are checked by the domain, so that the error
names the regulation's rule (domain/games/semdescarte/config.py)."""

from __future__ import annotations

from typing import Literal
from uuid import UUID

from pydantic import ConfigDict, Field, StrictStr

from api.schemas import (
    NULL_SCHEMA,
    UUID_SCHEMA,
    ActingForPlayer,
    Bounded,
    IdempotencyKey,
    JogadaId,
    Name,
    Reason,
    RequestModel,
    WholeInt,
    required_when,
)
from domain.games.semdescarte.config import (
    BASIS_POINTS,
    MAX_AMOUNT_CENTS,
    MAX_SEATS,
    MAX_TIMER_SECONDS,
    MIN_DECISION_SECONDS,
    MIN_EXTRA_SECONDS,
    MULTI,
)

Cents = Bounded(1, MAX_AMOUNT_CENTS)
Seconds3 = Bounded(MIN_DECISION_SECONDS, MAX_TIMER_SECONDS)  # 903-B 6.1.4


class JackpotConfigIn(RequestModel):
    """Portaria 461/2001: the side bet (r8), the share that feeds the jackpot (r3, basis
    points) and the starting value (r10: at least 10,000 × the side bet, else 409)."""
    stake_cents: Cents
    contribution_bp: Bounded(1, BASIS_POINTS)
    starting_value_cents: Cents


class TableConfigIn(RequestModel):
    """Rules 4–6 (individual: one seat and no betting period; multi: 1 to 7 seats and a
    betting period, rule 14), 16–18 (ante limits, max ≤ 25 × min: else 409), 21 and 31
    (decision time and extra time; at least 3 s, 903-B 6.1.4); the optional jackpot (A11).
    The domain checks them all (domain/games/semdescarte/config.py); the ranges and the kind's
    conditions are declared here too."""
    model_config = ConfigDict(extra="forbid", json_schema_extra=required_when(
        "kind", MULTI,
        then={"required": ["seats", "betting_seconds"],
              "properties": {"seats": {"type": "integer"}, "betting_seconds": {"type": "integer"}}},
        otherwise={"properties": {"seats": {"enum": [1, None]},
                                  "betting_seconds": NULL_SCHEMA}}))

    kind: Literal["individual", "multi"]
    seats: Bounded(1, MAX_SEATS) | None = Field(None, description="required for a multi-seat table")
    min_ante_cents: Cents
    max_ante_cents: Cents
    decision_seconds: Seconds3
    extra_seconds: Bounded(MIN_EXTRA_SECONDS, MAX_TIMER_SECONDS)
    betting_seconds: Seconds3 | None = Field(None, description="required for a multi-seat table")
    jackpot: JackpotConfigIn | None = None


class TableCreate(RequestModel):
    name: Name
    config: TableConfigIn


class SeatTake(ActingForPlayer):
    seat: WholeInt | None = None


class SeatLeave(ActingForPlayer):
    pass


class AnteCreate(RequestModel):
    ante_cents: Bounded(1)  # and within the table's limits (rule 16: else 409)
    jackpot_bet_cents: Bounded(1) | None = None  # the table's stake (Portaria r8: else 409)
    idempotency_key: IdempotencyKey
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
    jogada_id: JogadaId
    decision: Literal["fold", "continue"]


class InterruptionCreate(RequestModel):
    """``system_fault``: rule 33, the jogada is void and every bet returned.
    ``player_equipment``: rules 34–36, the player's connection or device failed: ``player_id``
    names the player (required)."""
    model_config = ConfigDict(extra="forbid", json_schema_extra=required_when(
        "kind", "player_equipment",
        then={"required": ["player_id"], "properties": {"player_id": UUID_SCHEMA}}))

    kind: Literal["system_fault", "player_equipment"]
    player_id: UUID | None = None
    reason: Reason = "system_fault"
