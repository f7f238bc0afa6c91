"""The money of a bingo jogada, in integer cents (rules 19, 30, 31, 40; A13, A14, A31).

At the close of sales (rule 19): sales S = cards × price; the gross prize pool P is
``pool_bp`` of S, rounded so that P/S stays inside 70–90 % (A31); the jackpot deduction
J = ``deduction_bp`` of P, rounded down (rule 40: at most 5 %); the house keeps S − P; the
prizes share P − J by their basis points, rounded down, the leftover cents going to the bingo
prize (the hardest, so the order of rules 37–38 holds). Hence, to the cent:
prizes paid + house share + jackpot deduction = sales.

A prize won by several players at once is split equally among the players (rule 30, A13: per
player, not per card); the leftover cents go one at a time in card-purchase order (A31).
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.games.bingo.config import BASIS_POINTS, BINGO, MIN_POOL_BP, RoomConfig


@dataclass(frozen=True)
class Pool:
    sales_cents: int
    pool_cents: int  # gross, rule 31
    jackpot_cents: int  # deduction, rule 40
    house_cents: int
    prizes: dict[str, int]  # prize -> value announced at the close of sales (rule 19)

    def as_dict(self) -> dict[str, object]:
        return {"sales_cents": self.sales_cents, "pool_cents": self.pool_cents,
                "jackpot_deduction_cents": self.jackpot_cents, "house_cents": self.house_cents,
                "prizes": dict(self.prizes)}


def gross_pool(sales_cents: int, pool_bp: int) -> int:
    """``pool_bp`` of the sales rounded down, unless that falls below 70 % (A31)."""
    floor = sales_cents * pool_bp // BASIS_POINTS
    least = -(-sales_cents * MIN_POOL_BP // BASIS_POINTS)  # ceil(70 % of the sales)
    return max(floor, least)


def close_of_sales(config: RoomConfig, cards_sold: int) -> Pool:
    sales = cards_sold * config.card_price_cents
    pool = gross_pool(sales, config.pool_bp)
    jackpot = 0 if config.jackpot is None else pool * config.jackpot.deduction_bp // BASIS_POINTS
    net = pool - jackpot
    prizes = {prize: net * share // BASIS_POINTS for prize, share in config.prizes.items()}
    prizes[BINGO] += net - sum(prizes.values())
    return Pool(sales_cents=sales, pool_cents=pool, jackpot_cents=jackpot,
                house_cents=sales - pool, prizes=prizes)


def split(amount_cents: int, players_in_purchase_order: list[str]) -> dict[str, int]:
    """Rule 30, A13, A31: equal shares; the leftover cents one each, in purchase order."""
    n = len(players_in_purchase_order)
    share, left = divmod(amount_cents, n)
    return {player: share + (1 if i < left else 0)
            for i, player in enumerate(players_in_purchase_order)}
