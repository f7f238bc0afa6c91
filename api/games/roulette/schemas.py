"""Request models of French roulette (pydantic v2, the conventions of api/schemas.py: unknown
fields refused, strict types). Ranges and the kind's conditions are declared for the OpenAPI
document and checked by the domain, so that the error names the regulation's rule
(domain/games/roulette/config.py, bets.py).

A bet command's ``bets`` are documented as chance bets (``RfChanceBet``) and call bets
(``RfCallBet``) but handed to the domain as sent (whole numbers read as integers): bets.py
checks each one, refusing the whole command with an error naming ``bets[i]...`` and the rule
(a cavalo of numbers not side by side is rules 6d, 7 and 10, not a type error)."""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import ConfigDict, Field, SkipValidation, StrictBool

from api.schemas import (
    NULL_SCHEMA,
    ActingForPlayer,
    Bounded,
    IdempotencyKey,
    Name,
    Reason,
    RequestModel,
    required_when,
)
from domain.games.roulette.bets import MAX_BETS
from domain.games.roulette.call_bets import BREAKDOWNS, CALLS, NEIGHBOUR_COUNTS
from domain.games.roulette.chances import CHANCES
from domain.games.roulette.config import (
    DEFAULT_BETTING_SECONDS,
    DEFAULT_RESULTS_SHOWN,
    MAX_AMOUNT_CENTS,
    MAX_RESULTS_SHOWN,
    MAX_TIMER_SECONDS,
    MIN_SECONDS,
)

Cents = Bounded(1, MAX_AMOUNT_CENTS)
Number = Bounded(0, 36)  # r6a: the wheel's 37 numbers
_LIMIT = "integer cents per chance (pleno … cavalo_de_coluna; ``simples`` for the six simple chances)"


class RfLimitsIn(RequestModel):
    """One amount per limit class (r11, r12): any of them may be left out."""
    pleno: Cents | None = None
    cavalo: Cents | None = None
    rua: Cents | None = None
    quadro: Cents | None = None
    linha: Cents | None = None
    duzia: Cents | None = None
    coluna: Cents | None = None
    cavalo_de_duzia: Cents | None = None
    cavalo_de_coluna: Cents | None = None
    simples: Cents | None = None


class RfWheelConfigIn(RequestModel):
    """r4, r5 (individual or multi-player), r11 (each chance's minimum: ``min_cents``, and
    ``minimums`` where one differs), r12, A57 (each chance's maximum at most 30 × the numbers it
    covers × its minimum: the default), r13 (the two-dozen and two-column bets, a cap on a
    player's stakes in a jogada), r8, A59 (the call bets offered, their breakdown), r16 and
    903-B 6.1.4 (the betting window, multi-player only, ≥ 3 s), r6e and A56 (the last winning
    numbers shown). No demo mode (r32, r33)."""
    model_config = ConfigDict(extra="forbid", json_schema_extra=required_when(
        "kind", "individual",
        then={"properties": {"betting_seconds": NULL_SCHEMA}}))

    kind: Literal["individual", "multi"]
    min_cents: Cents = Field(description="r11: every chance's minimum unless ``minimums`` says")
    minimums: RfLimitsIn | None = Field(None, description=f"r11: {_LIMIT}")
    maximums: RfLimitsIn | None = Field(
        None, description=f"r12, A57: {_LIMIT}; each at least that chance's minimum and at most"
                          " its multiple of it (pleno 30, cavalo 60 … simples 540; else 409)")
    two_dozen_column: StrictBool | None = Field(
        None, description="r13: cavalo de dúzia and cavalo de coluna offered (default true)")
    player_total_max_cents: Cents | None = Field(
        None, description="r13: a cap on a player's stakes in one jogada (default none)")
    call_bets: list[Literal[CALLS]] | None = Field(  # type: ignore[valid-type]
        None, json_schema_extra={"uniqueItems": True},
        description="r8: the call bets offered (default all five)")
    call_bet_breakdown: Literal[BREAKDOWNS] | None = Field(  # type: ignore[valid-type]
        None, description="A59: one pleno per number (``plenos``, the default) or the classic"
                          " chips (``classic``)")
    betting_seconds: Bounded(MIN_SECONDS, MAX_TIMER_SECONDS) | None = Field(
        None, description="r16, 903-B 6.1.4: multi-player only, the window opened by the first"
                          f" bet (default {DEFAULT_BETTING_SECONDS})")
    results_shown: Bounded(2, MAX_RESULTS_SHOWN) | None = Field(
        None, description=f"r6e, A56: the last winning numbers shown (default"
                          f" {DEFAULT_RESULTS_SHOWN})")


class RfWheelCreate(RequestModel):
    name: Name
    config: RfWheelConfigIn


class RfJoin(ActingForPlayer):
    """r5: at the wheel (a bet joins too); needs an open game session at its venue."""


class RfLeave(ActingForPlayer):
    pass


class RfChanceBet(RequestModel):
    """r7, r10, A40, A58: a chance at one position of the layout. ``numbers``: pleno the number;
    cavalo two side by side (0-1, 0-2, 0-3 too); rua a row of three (0-1-2, 0-2-3 too); quadro a
    corner (0-1-2-3 too); linha two adjacent rows; duzia and coluna [1], [2] or [3];
    cavalo_de_duzia and cavalo_de_coluna [1, 2] or [2, 3]; the simple chances none."""
    chance: Literal[CHANCES]  # type: ignore[valid-type]
    numbers: list[Number] | None = Field(None, max_length=6)
    amount_cents: Cents = Field(description="r11, r12, A57: within the chance's limits, the "
                                            "stakes on one position in the jogada added up")


class RfCallBet(RequestModel):
    """r8, r15, A59: a call bet the wheel offers, booked as its components (one pleno per
    number, or the classic chips), each ``unit_cents`` per chip. ``neighbours``: ``number``
    (0–36) and 2, 4 or 6 neighbours; ``finales``: ``number`` the last digit (0–9); the three
    series take neither."""
    call: Literal[CALLS]  # type: ignore[valid-type]
    number: Number | None = None
    neighbours: Literal[NEIGHBOUR_COUNTS] | None = None  # type: ignore[valid-type]
    unit_cents: Cents = Field(description="r11: one chip, at least the components' minimum")


def _bets_one_of(schema: dict[str, Any]) -> None:
    """A chance bet and a call bet exclude each other (each refuses the other's fields); 1 to
    ``MAX_BETS`` of them (bets.py checks it: the list is not validated here)."""
    schema.update(minItems=1, maxItems=MAX_BETS)
    items = schema.get("items", {})
    if "anyOf" in items:
        items["oneOf"] = items.pop("anyOf")


# Documented as the two kinds of bet, handed to bets.py as sent: its errors cite the rules.
Bets = Annotated[list[RfChanceBet | RfCallBet], SkipValidation, Field(
    json_schema_extra=_bets_one_of,
    description="r7–r15, A57–A59: the bets of one slip, all or none booked; an error names "
                "``bets[i]…`` and the rule")]
_FORCED = "certification mode only (else 409 certification_mode_off): the winning number"


class RfBetsCreate(ActingForPlayer):
    """A slip of bets (r7–r13, A57), held from the wallet; at a multi-player wheel the first
    one opens the betting window for everyone (r16) and a bet after it is refused. Idempotent
    by key."""
    bets: Bets
    idempotency_key: IdempotencyKey
    forced_number: Number | None = Field(None, description=_FORCED + " of this jogada")


class RfWithdraw(RequestModel):
    """A60: at an individual wheel, before the launch; no fee."""
    slip: Bounded(1) | None = Field(None, description="None: every slip of the open jogada")
    idempotency_key: IdempotencyKey


class RfLaunch(RequestModel):
    forced_number: Number | None = Field(None, description=_FORCED)


class RfForcedNumber(RequestModel):
    forced_number: Number = Field(description=_FORCED + ", set in the betting window")


class RfInterruptionCreate(RequestModel):
    """r22, r23, A62: a fault of the system with no valid number voids the open jogada and
    returns every bet."""
    reason: Reason = "system_fault"


class RfConnectionLostCreate(RequestModel):
    """r24, r25: the player's own connection or equipment failed: recorded, never a void."""
    player_id: UUID
