"""The jackpot side bet of póquer sem descarte (Portaria 461/2001 rules 3, 4b, 8–10; rules-digest
§3, A11, A12).

- Optional, in a third box that exists only on tables with a jackpot (r3); offered online only
  through SRIJ-approved specific rules, off by default (A11).
- The stake is fixed and the house may keep a percentage of it (r8); the rest, the increment
  fixed under r3, is credited to the jackpot. Stakes are collected and the bettors identified
  before any card is dealt (r4b).
- Prizes, paid whether or not the bank qualifies (r9): royal flush 100 % of the jackpot, or of
  what is left after the smaller prizes; straight flush 10 % of the jackpot; four of a kind
  500 ×, full house 100 ×, flush 50 × the jackpot stake ("valor da aposta" in r9c–e is the
  jackpot stake, A12).
- Starting value at least 10 000 × the stake (r10); after a prize the house funds the pool back
  to the starting value (A12 reset).
- A12, with r11 cut off: only hands that were not folded win (the caller filters); several
  winners in one jogada: fixed multiples first, then 10 % for each straight flush, then the
  royal flushes share what is left equally; a pool too small pays what it holds and the
  shortfall is recorded; percentages round down to the cent and the odd cents stay in the pool.

Money is integer cents, the contribution integer basis points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain.cards.poker_hands import CATEGORIES
from domain.games.semdescarte.config import BASIS_POINTS, JackpotConfig, pt_rule
from domain.kernel.errors import InvalidInputError
from domain.ledger.accounts import check_amount

JACKPOT_MULTIPLES = {"four_of_a_kind": 500, "full_house": 100, "flush": 50}  # r9c–e, A12
STRAIGHT_FLUSH_BP = 1_000  # r9b: 10 % of the jackpot
PRIZE_RULES = {
    "royal_flush": pt_rule("9a (A12)"),
    "straight_flush": pt_rule("9b (A12)"),
    "four_of_a_kind": pt_rule("9c (A12)"),
    "full_house": pt_rule("9d (A12)"),
    "flush": pt_rule("9e (A12)"),
}


def contribution(config: JackpotConfig) -> int:
    """Cents of ONE side bet credited to the jackpot (r3), rounded down; the rest of the stake is
    the house's share (r8)."""
    return config.stake_cents * config.contribution_bp // BASIS_POINTS


def house_share(config: JackpotConfig) -> int:
    """Cents of one side bet the house keeps (r8): the stake less the contribution."""
    return config.stake_cents - contribution(config)


@dataclass(frozen=True)
class JackpotAward:
    seat_key: str
    category: str
    amount_cents: int  # paid from the pool
    shortfall_cents: int  # prize owed beyond what the pool held (A12, [CFG] who covers it)
    rule: str

    def to_dict(self) -> dict[str, Any]:
        return {"seat_key": self.seat_key, "category": self.category,
                "amount_cents": self.amount_cents, "shortfall_cents": self.shortfall_cents,
                "rule": self.rule}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "JackpotAward":
        return cls(seat_key=d["seat_key"], category=d["category"],
                   amount_cents=d["amount_cents"], shortfall_cents=d["shortfall_cents"],
                   rule=d["rule"])


def _check_pool(pool_cents: Any) -> int:
    if isinstance(pool_cents, bool) or not isinstance(pool_cents, int) or pool_cents < 0:
        raise InvalidInputError("pool_cents must be a whole number of cents, not negative",
                                field="pool_cents")
    return pool_cents


def _check_winners(winners: Any) -> list[tuple[str, str]]:
    if isinstance(winners, (str, bytes)) or not isinstance(winners, Sequence):
        raise InvalidInputError("winners must be a list of (seat_key, category) pairs",
                                field="winners")
    checked: list[tuple[str, str]] = []
    for entry in winners:
        if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or len(entry) != 2:
            raise InvalidInputError("each winner is a (seat_key, category) pair", field="winners")
        seat_key, category = entry
        if not isinstance(seat_key, str) or not seat_key:
            raise InvalidInputError("seat_key must be a non-empty string", field="winners")
        if category not in CATEGORIES:
            raise InvalidInputError(f"category must be one of {', '.join(CATEGORIES)}",
                                    field="winners")
        checked.append((seat_key, category))
    seats = [seat for seat, _ in checked]
    if len(set(seats)) != len(seats):
        # One box per player, no second box (r5): one side bet per seat and jogada.
        raise InvalidInputError("a seat appears twice among the jackpot bettors",
                                field="winners", rule=pt_rule(5))
    return checked


def awards(pool_cents: int, stake_cents: int,
           winners: Sequence[tuple[str, str]]) -> list[JackpotAward]:
    """The jackpot prizes of one jogada, in the order they are paid (A12): the fixed multiples
    (four of a kind, full house, flush) in the order given, then 10 % of the pool as it stands
    after them for each straight flush, then the royal flushes sharing what is left equally.

    ``winners`` holds (seat_key, hand category) for every side bettor whose hand did not fold;
    categories below a flush win nothing and are left out. The sum of the awards never exceeds
    ``pool_cents``; what a fixed prize could not be paid is its ``shortfall_cents``.
    """
    pool = _check_pool(pool_cents)
    stake = check_amount(stake_cents, "stake_cents")
    checked = _check_winners(winners)
    result: list[JackpotAward] = []

    for seat_key, category in checked:  # r9c–e: fixed multiples of the jackpot stake
        if category in JACKPOT_MULTIPLES:
            prize = JACKPOT_MULTIPLES[category] * stake
            paid = min(prize, pool)
            pool -= paid
            result.append(JackpotAward(seat_key, category, paid, prize - paid,
                                       PRIZE_RULES[category]))

    # r9b: 10 % of the jackpot, the same for every straight flush of the jogada (rounded down).
    straight_flushes = [seat for seat, category in checked if category == "straight_flush"]
    sf_prize = pool * STRAIGHT_FLUSH_BP // BASIS_POINTS
    for seat_key in straight_flushes:
        paid = min(sf_prize, pool)
        pool -= paid
        result.append(JackpotAward(seat_key, "straight_flush", paid, sf_prize - paid,
                                   PRIZE_RULES["straight_flush"]))

    # r9a: the royal flushes take what is left, in equal shares; odd cents stay in the pool.
    royals = [seat for seat, category in checked if category == "royal_flush"]
    if royals:
        share = pool // len(royals)
        for seat_key in royals:
            result.append(JackpotAward(seat_key, "royal_flush", share, 0,
                                       PRIZE_RULES["royal_flush"]))
        pool -= share * len(royals)
    return result


def refill(pool_cents: int, config: JackpotConfig) -> int:
    """A12 reset: the cents the house adds to bring the pool back to the starting value
    (≥ 10 000 × the stake, r10); 0 if the pool is already there."""
    return max(0, config.starting_value_cents - _check_pool(pool_cents))
