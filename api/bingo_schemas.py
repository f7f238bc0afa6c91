"""Request models of bingo online (pydantic v2, the conventions of api/schemas.py: unknown
fields refused, strict types). Ranges and combinations are checked by the domain, so that the
error names the regulation's rule (domain/bingo/config.py); no defaults here."""

from __future__ import annotations

from typing import Literal
from uuid import UUID

from pydantic import Field, StrictInt, StrictStr

from api.schemas import Instant, RequestModel


class JackpotConfigIn(RequestModel):
    """Rules 39–42: the deduction (≤ 500 bp of the pool), the base value, the number of balls
    within which a bingo wins it."""
    deduction_bp: StrictInt
    base_cents: StrictInt | None = None
    max_balls: StrictInt


class RoomConfigIn(RequestModel):
    """Rules 2a–d (variant), 10 (price), 13 (cards per player per jogada), 31 (pool 7000–9000
    bp), 32–38, 63, 67–68, 73–76, 82–83 (prizes, shares in bp of the pool, line directions,
    pattern), 5–7 (mode and session window), 6 (minimum players), 16 (sale), 22 (draw
    interval ≥ 1000 ms), 24 (pause at a prize), 39–42 (jackpot)."""
    variant: Literal["90", "80", "75", "30"]
    card_price_cents: StrictInt
    max_cards: StrictInt
    pool_bp: StrictInt
    prizes: dict[Literal["line", "two_lines", "four_corners", "column", "bingo"], StrictInt]
    line_directions: list[Literal["horizontal", "vertical", "diagonal"]] | None = None
    bingo_pattern: list[list[StrictInt]] | None = None
    mode: Literal["continuous", "session"] | None = None
    session_opens_at: Instant | None = None
    session_closes_at: Instant | None = None
    min_players: StrictInt | None = None
    sale_seconds: StrictInt
    draw_interval_ms: StrictInt
    prize_pause_ms: StrictInt | None = None
    jackpot: JackpotConfigIn | None = None


class RoomCreate(RequestModel):
    name: StrictStr = Field(min_length=1, max_length=200)
    config: RoomConfigIn


class RoomJoin(RequestModel):
    player_id: UUID | None = Field(None, description="operators act on behalf of a player")


class JogadaOpen(RequestModel):
    forced_balls: list[StrictInt] | None = Field(
        None, description="certification mode only: the draw order")


class CardsBuy(RequestModel):
    count: StrictInt
    idempotency_key: StrictStr = Field(min_length=1, max_length=200)


class InterruptionCreate(RequestModel):
    """``system_fault``: rules 45–47, the jogada is void (prizes already won are paid, the
    other cards refunded). ``player_connection``: rules 48–49, recorded; the cards play on."""
    kind: Literal["system_fault", "player_connection"]
    player_id: UUID | None = None
    reason: StrictStr = Field("system_fault", min_length=1, max_length=200)
