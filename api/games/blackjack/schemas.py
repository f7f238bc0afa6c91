"""Request models of blackjack (pydantic v2, the conventions of api/schemas.py: unknown fields
refused, strict types). Ranges and the kind's conditions are declared for the OpenAPI document
and checked by the domain, so that the error names the regulation's rule
(domain/games/blackjack/config.py)."""

from __future__ import annotations

from typing import Any, Literal
from uuid import UUID

from pydantic import AliasChoices, ConfigDict, Field, StrictBool, StrictStr

from api.schemas import (
    NULL_SCHEMA,
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
from domain.games.blackjack.hands import DECISIONS
from domain.ledger.wallets import MAX_MOVEMENT_CENTS

MAX_SEATS = 7  # r4a
MAX_HANDS = 8  # r16c, A50
MAX_SECONDS = 3_600
Cents = Bounded(1, MAX_MOVEMENT_CENTS)
Seconds3 = Bounded(3, MAX_SECONDS)  # 903-B 6.1.4
Seat = Bounded(1, MAX_SEATS)

# Certification mode only (the API contract's ``forced_deck``; ``forced_shoe`` is read too):
# the top of the shoe, dealt in r14's order, then each hand's cards in play order (splits
# included), then the banca's draws; each card at most as many times as the shoe has decks.
_FORCED = ("certification mode only: the top of the shoe, dealt by rule 14 (a card to each seat,"
           " the banca's up card, a second card to each seat, the hole card), then each hand's"
           " cards in play order, splits included, then the banca's draws")


def forced_field(description: str = _FORCED) -> Any:
    return Field(None, validation_alias=AliasChoices("forced_deck", "forced_shoe"),
                 description=description)


class BjTableConfigIn(RequestModel):
    """r4a (1–7 seats), r4b (4, 6 or 8 decks), r5 (individual or multi-player), r7 (several
    seats per player), r9–r11 (limits: max ≤ 100 × min), r16a–e (the operator's options),
    r12 and 903-B 6.1.4 (the betting window, multi-player only, ≥ 3 s), the decision time
    (≥ 3 s) and A56 (the banca's recent results shown, ≥ 2)."""
    model_config = ConfigDict(extra="forbid", json_schema_extra=required_when(
        "kind", "individual",
        then={"properties": {"betting_seconds": NULL_SCHEMA}}))

    kind: Literal["individual", "multi"]
    decks: WholeInt = Field(json_schema_extra={"enum": [4, 6, 8]})
    seats: Seat | None = Field(None, description="r4a (default 1); several at an individual"
                                                 " table only with multi_seat (r5, r7)")
    min_bet_cents: Cents
    max_bet_cents: Cents = Field(description="at most 100 × min_bet_cents (r11)")
    multi_seat: StrictBool | None = Field(None, description="r7: a player may bet on several seats")
    double_any_total: StrictBool | None = Field(None, description="r16a (default false)")
    true_pairs_only: StrictBool | None = Field(None, description="r16b (default false)")
    max_hands: Bounded(1, MAX_HANDS) | None = Field(None, description="r16c, A50 (default 4)")
    insurance: StrictBool | None = Field(None, description="r16d (default true)")
    special_prize: StrictBool | None = Field(None, description="r16e, r25i (default true)")
    betting_seconds: Seconds3 | None = Field(
        None, description="multi-player only: the window opened by the first bet (r12; 15)")
    decision_seconds: Seconds3 | None = Field(None, description="903-B 6.1.4 (default 20)")
    results_shown: Bounded(2, 100) | None = Field(None, description="A56 (default 10)")


class BjTableCreate(RequestModel):
    name: Name
    config: BjTableConfigIn


class BjSeatTake(ActingForPlayer):
    seat: Seat | None = None  # None: the first free seat (seat 1 at an individual table)


class BjSeatLeave(ActingForPlayer):
    seat: Seat | None = None  # one seat of several (r7); None: every seat of the player


class BjBetCreate(RequestModel):
    """r9–r11, A49: the seat's initial bet within the table's limits; at a multi-player table
    within the betting window (r12). Idempotent by key."""
    seat: Seat | None = Field(None, description="None: the player's only seat")
    amount_cents: Bounded(1)
    idempotency_key: IdempotencyKey
    forced_deck: list[StrictStr] | None = forced_field(
        _FORCED + "; with the bet that opens the jogada")


class BjDealRequest(RequestModel):
    forced_deck: list[StrictStr] | None = forced_field()


class BjForcedDeckCreate(RequestModel):
    forced_deck: list[StrictStr] = Field(validation_alias=AliasChoices("forced_deck", "forced_shoe"),
                                         description=_FORCED)


class BjDecisionCreate(RequestModel):
    """r15, r16, r20b, r21–r24, A46–A51: one decision on one hand of one of the caller's seats.
    ``amount_cents``: insurance only, 1 cent to half the initial bet (r15f, A53)."""
    jogada_id: JogadaId
    seat: Seat
    hand: Bounded(0, MAX_HANDS - 1) = 0
    decision: Literal[DECISIONS]  # type: ignore[valid-type]
    amount_cents: Bounded(1) | None = None
    idempotency_key: IdempotencyKey


class BjInterruptionCreate(RequestModel):
    """r27, r28: a fault of the system that leaves the outcome undeterminable voids the open
    jogada and returns every bet."""
    reason: Reason = "system_fault"


class BjConnectionLostCreate(RequestModel):
    """r29, r30: the player's own connection or equipment failed: recorded, never a void."""
    player_id: UUID
