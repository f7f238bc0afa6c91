"""Request models of Texas hold'em and Omaha (pydantic v2, the conventions of api/schemas.py:
unknown fields refused, strict types). The same bodies serve both games. Ranges and the bands
of the regulation are declared here and checked by the domain, so that the error names the
rule (domain/games/community_poker/config.py: 409 for a value outside a band, e.g. 11 seats, 6 %
commission, a small blind above the big blind)."""

from __future__ import annotations

from typing import Any, Literal
from uuid import UUID

from pydantic import ConfigDict, Field, StrictBool, StrictStr

from api.schemas import (
    NULL_SCHEMA,
    ActingForPlayer,
    Bounded,
    IdempotencyKey,
    Instant,
    JogadaId,
    Name,
    Reason,
    RequestModel,
    Text,
    required_when,
)
from domain.games.community_poker.betting import (
    ACTIONS,
    LIMIT,
    LIMIT_READINGS,
    STRUCTURES,
)
from domain.games.community_poker.config import (
    BUY_IN,
    BUY_IN_FEE_BP,
    DEFAULTS,
    MAX_PAUSE_SECONDS,
    MAX_POKER_IDLE_JOGADAS,
    MAX_SEATS,
    MAX_TIMER_SECONDS,
    MIN_DECISION_SECONDS,
    MIN_SEATS,
    MODES,
    POT,
    POT_RAKE_BP,
    SESSION,
)
from domain.ledger.wallets import MAX_MOVEMENT_CENTS

Cents = Bounded(1, MAX_MOVEMENT_CENTS)
Seconds3 = Bounded(MIN_DECISION_SECONDS, MAX_TIMER_SECONDS)  # 903-B 6.1.4
DeviceId = Text(200)
# Rule 28: a pot may not be split by agreement nor given up. "chop" and "waive" are accepted
# by the schema so that the refusal names the rule (409), not a bare enum error.
REFUSED_ACTIONS = ("chop", "waive")


def _all(*conditions: Any) -> Any:
    """Several ``required_when`` conditions on one model (each appends to ``allOf``)."""
    def extra(schema: dict[str, Any]) -> None:
        for condition in conditions:
            condition(schema)
    return extra


class PokerCommissionIn(RequestModel):
    """Rule 17: one mode per table. ``pot`` (17a): 1 %–5 % of each pot (100–500 basis
    points), with an optional cap (A24); ``buy_in`` (17b): 5 %–20 % (500–2000) of the initial
    cave and of each rebuy (A28), no cap. Outside the mode's band: 409 naming the rule."""
    model_config = ConfigDict(extra="forbid", json_schema_extra=required_when(
        "mode", BUY_IN, then={"properties": {"cap_cents": NULL_SCHEMA}}))

    mode: Literal[POT, BUY_IN]  # type: ignore[valid-type]
    percent_bp: Bounded(POT_RAKE_BP[0], BUY_IN_FEE_BP[1])
    cap_cents: Cents | None = Field(None, description="pot mode only (A24)")


class PokerTableConfigIn(RequestModel):
    """Rules 4–8, 14, 15, 17, 20–24, 38, 43, 44, 70b; A24, A25, A27–A29. A session-mode
    table (rule 6, A25) needs ``session_starts_at`` and ``session_ends_at`` (ISO 8601 with
    an offset); a continuous one has neither. ``small_bet_cents``/``big_bet_cents``: a limit
    table's fixed bets (rule 24a; default the big blind and twice it)."""
    model_config = ConfigDict(extra="forbid", json_schema_extra=_all(
        required_when("mode", SESSION,
                      then={"required": ["session_starts_at", "session_ends_at"],
                            "properties": {"session_starts_at": {"type": "string"},
                                           "session_ends_at": {"type": "string"}}},
                      otherwise={"properties": {"session_starts_at": NULL_SCHEMA,
                                                "session_ends_at": NULL_SCHEMA}}),
        required_when("structure", LIMIT, then={},
                      otherwise={"properties": {"small_bet_cents": NULL_SCHEMA,
                                                "big_bet_cents": NULL_SCHEMA}})))

    seats: Bounded(MIN_SEATS, MAX_SEATS)
    mode: Literal[MODES] = DEFAULTS["mode"]  # type: ignore[valid-type]
    session_starts_at: Instant | None = None
    session_ends_at: Instant | None = None
    structure: Literal[STRUCTURES]  # type: ignore[valid-type]
    small_blind_cents: Cents
    big_blind_cents: Cents
    small_bet_cents: Cents | None = None
    big_bet_cents: Cents | None = None
    limit_reading: Literal[LIMIT_READINGS] = DEFAULTS["limit_reading"]  # type: ignore[valid-type]
    raise_cap: Bounded(1, 100) | None = None
    heads_up_convention: StrictBool = DEFAULTS["heads_up_convention"]
    buy_in_cents: Cents
    rebuy_cents: Cents | None = Field(None, description="default: the buy-in")
    commission: PokerCommissionIn
    decision_seconds: Seconds3
    extra_seconds: Bounded(0, MAX_TIMER_SECONDS) = DEFAULTS["extra_seconds"]
    idle_jogadas: Bounded(1, MAX_POKER_IDLE_JOGADAS) = DEFAULTS["idle_jogadas"]
    pause_seconds: Bounded(0, MAX_PAUSE_SECONDS) = DEFAULTS["pause_seconds"]


class PokerTableCreate(RequestModel):
    name: Name
    config: PokerTableConfigIn


class PokerRegistration(ActingForPlayer):
    pass


class PokerSeatTake(ActingForPlayer):
    seat: Bounded(1, MAX_SEATS)
    idempotency_key: IdempotencyKey
    device_id: DeviceId | None = Field(
        None, description="the player's device (903-B 6.6.1); default: the X-Device-Id header")
    forced_cave_cents: Cents | None = Field(
        None, description="certification mode only: the seat's starting cave, moved from the"
                          " wallet instead of the table's buy-in (no rule 17b fee on it), so"
                          " that a laboratory sets up unequal stacks")


class PokerSeatLeave(ActingForPlayer):
    pass


class PokerRebuyCreate(ActingForPlayer):
    idempotency_key: IdempotencyKey


class PokerJogadaStart(RequestModel):
    forced_deck: list[StrictStr] | None = Field(
        None, description="certification mode only: the deck, top first, dealt by rules 49, 50,"
                          " 53, 55, 57 (no burned card)")
    button_seat: Bounded(1, MAX_SEATS) | None = Field(
        None, description="certification mode only: the button's seat (rules 46, 47)")


class PokerActionCreate(RequestModel):
    """Rule 34: fold, check, call, bet or raise (``all_in``: the whole cave, rules 37, 39).
    ``amount`` is the "to" amount of a bet or raise (the seat's total in this round), for those
    two only. ``chop`` and ``waive`` are always refused (rule 28)."""
    model_config = ConfigDict(extra="forbid", json_schema_extra=_all(
        required_when("action", "bet", then={"required": ["amount"]}),
        required_when("action", "raise", then={"required": ["amount"]})))

    jogada_id: JogadaId
    action: Literal[(*ACTIONS, *REFUSED_ACTIONS)]  # type: ignore[valid-type]
    amount: Cents | None = Field(None, description="bet and raise only: the amount to")
    device_id: DeviceId | None = Field(
        None, description="the player's device (903-B 6.6.1); default: the X-Device-Id header")


class PokerInterruptionCreate(RequestModel):
    """Rule 72, A26: a fault of the system voids the open jogada; every cave goes back to what
    it was when the jogada started. ``jogada_id``: void only that jogada (409 if another is
    open)."""
    reason: Reason = "system_fault"
    jogada_id: JogadaId | None = None


class PokerConnectionLostCreate(RequestModel):
    """Rule 73: the player's own connection loss is not a void: the clock acts for it."""
    player_id: UUID
