"""Request models of bingo online (pydantic v2, the conventions of api/schemas.py: unknown
fields refused, strict types). Ranges and combinations are checked by the domain, so that the
error names the regulation's rule (domain/games/bingo/config.py); no defaults here."""

from __future__ import annotations

from typing import Annotated, Literal
from uuid import UUID

from pydantic import ConfigDict, Field

from api.schemas import (
    NULL_SCHEMA,
    UUID_SCHEMA,
    ActingForPlayer,
    Bounded,
    IdempotencyKey,
    Instant,
    Name,
    Reason,
    RequestModel,
    WholeInt,
    required_when,
)
from domain.games.bingo.config import (
    BASIS_POINTS,
    MAX_BALLS,
    MAX_CARDS_LIMIT,
    MAX_JACKPOT_BP,
    MAX_PAUSE_MS,
    MAX_POOL_BP,
    MAX_PRICE_CENTS,
    MAX_TIMER_SECONDS,
    MIN_DRAW_INTERVAL_MS,
    MIN_PLAYERS,
    MIN_POOL_BP,
)
from domain.ledger.wallets import MAX_MOVEMENT_CENTS

INSTANT_SCHEMA = {"type": "string", "format": "date-time"}
UNIQUE = {"uniqueItems": True}


class JackpotConfigIn(RequestModel):
    """Rules 39–42: the deduction (≤ 500 bp of the pool), the base value, the number of balls
    within which a bingo wins it (at most the variant's balls: else 409)."""
    deduction_bp: Bounded(1, MAX_JACKPOT_BP)
    base_cents: Bounded(0, MAX_MOVEMENT_CENTS) | None = None
    max_balls: Bounded(1, MAX_BALLS)


PrizeShare = Bounded(1, BASIS_POINTS)  # rule 31: bp of the pool; they add up to 10000
# Sizes declared only (json_schema_extra): the domain checks them, naming the rule.
Cell = Annotated[list[Bounded(0, 4)], Field(json_schema_extra={"minItems": 2, "maxItems": 2})]


class RoomConfigIn(RequestModel):
    """Rules 2a–d (variant), 10 (price), 13 (cards per player per jogada), 31 (pool 7000–9000
    bp), 32–38, 63, 67–68, 73–76, 82–83 (prizes, shares in bp of the pool, line directions,
    pattern), 5–7 (mode and session window: a session room announces it, a continuous one
    has none), 6 (minimum players), 16 (sale), 22 (draw interval ≥ 1000 ms), 24 (pause at a
    prize), 39–42 (jackpot). The domain checks them all (domain/games/bingo/config.py); each
    field's range is declared here. Rules between fields are not: the prizes and line
    directions of the variant, shares adding up to 10000 bp, harder prizes paying more, a
    pattern only in bingo 75, the window's order; those are refused with 409."""
    model_config = ConfigDict(extra="forbid", json_schema_extra=required_when(
        "mode", "session",
        then={"required": ["session_opens_at", "session_closes_at"],
              "properties": {"session_opens_at": INSTANT_SCHEMA,
                             "session_closes_at": INSTANT_SCHEMA}},
        otherwise={"properties": {"session_opens_at": NULL_SCHEMA,
                                  "session_closes_at": NULL_SCHEMA}}))

    variant: Literal["90", "80", "75", "30"]
    card_price_cents: Bounded(1, MAX_PRICE_CENTS)
    max_cards: Bounded(1, MAX_CARDS_LIMIT)
    pool_bp: Bounded(MIN_POOL_BP, MAX_POOL_BP)
    prizes: Annotated[dict[Literal["line", "two_lines", "four_corners", "column", "bingo"],
                           PrizeShare], Field(json_schema_extra={"minProperties": 1})]
    line_directions: Annotated[list[Literal["horizontal", "vertical", "diagonal"]],
                               Field(json_schema_extra={"minItems": 1, **UNIQUE})] | None = None
    bingo_pattern: Annotated[list[Cell], Field(json_schema_extra={"minItems": 2, **UNIQUE})] \
        | None = None
    mode: Literal["continuous", "session"] | None = None
    session_opens_at: Instant | None = None
    session_closes_at: Instant | None = None
    min_players: Bounded(MIN_PLAYERS, 10_000) | None = None
    sale_seconds: Bounded(1, MAX_TIMER_SECONDS)
    draw_interval_ms: Bounded(MIN_DRAW_INTERVAL_MS, MAX_TIMER_SECONDS * 1000)
    prize_pause_ms: Bounded(0, MAX_PAUSE_MS) | None = None
    jackpot: JackpotConfigIn | None = None


class RoomCreate(RequestModel):
    name: Name
    config: RoomConfigIn


class RoomJoin(ActingForPlayer):
    pass


class JogadaOpen(RequestModel):
    forced_balls: list[WholeInt] | None = Field(
        None, description="certification mode only: the draw order")


class CardsBuy(RequestModel):
    count: Bounded(1, MAX_CARDS_LIMIT)  # and within the room's max_cards (rule 13: else 409)
    idempotency_key: IdempotencyKey


class InterruptionCreate(RequestModel):
    """``system_fault``: rules 45–47, the jogada is void (prizes already won are paid, the
    other cards refunded). ``player_connection``: rules 48–49, recorded; the cards play on;
    ``player_id`` names the player (required)."""
    model_config = ConfigDict(extra="forbid", json_schema_extra=required_when(
        "kind", "player_connection",
        then={"required": ["player_id"], "properties": {"player_id": UUID_SCHEMA}}))

    kind: Literal["system_fault", "player_connection"]
    player_id: UUID | None = None
    reason: Reason = "system_fault"
