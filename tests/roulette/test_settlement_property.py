"""Settlement as a property over random bets and numbers (807 r14, r15, r19–r21; A53, A57,
A59): any slip the layout allows, against any number, returns exactly each winning component's
stake and win (half a cent rounded up), nothing for the others, and over the 37 numbers a fair
wheel's 36/37 of the stake, give or take the half cents. The ledger's side (every cent in a
wallet or the house after random spins) is tests/roulette/test_jogada_money.py."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.roulette import chances, rtp
from domain.games.roulette.bets import book, settle
from domain.games.roulette.call_bets import CALLS, NEIGHBOURS, SERIES
from domain.games.roulette.config import check_wheel_config

POSITIONS = rtp.all_positions()
CONFIG = {"plenos": check_wheel_config({"kind": "multi", "min_cents": 100}),
          "classic": check_wheel_config({"kind": "multi", "min_cents": 100,
                                         "call_bet_breakdown": "classic"})}


def chance_bet():
    return st.builds(lambda p, cents: {"chance": p.chance, "numbers": list(p.numbers),
                                       "amount_cents": cents},
                     st.sampled_from(POSITIONS), st.integers(100, 151))


def call_bet():
    def make(call, number, count, digit, unit):
        raw = {"call": call, "unit_cents": unit}
        if call == NEIGHBOURS:
            raw |= {"number": number, "neighbours": count}
        elif call not in SERIES:
            raw |= {"number": digit}
        return raw
    return st.builds(make, st.sampled_from(CALLS), st.integers(0, 36),
                     st.sampled_from((2, 4, 6)), st.integers(0, 9), st.integers(100, 111))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(chance_bet(), call_bet()), min_size=1, max_size=12),
       st.integers(0, 36), st.sampled_from(("plenos", "classic")))
def test_rf_14_15_19_21_a53_each_component_paid_by_rule_14_alone(raw, number, breakdown):
    booked = book(raw, CONFIG[breakdown])
    for bet in booked:
        result = settle(bet, number)
        assert result["returned_cents"] == sum(c["returned_cents"] for c in result["components"])
        for comp, paid in zip(bet["components"], result["components"]):
            pos = chances.position(comp["chance"], comp["numbers"])
            stake = comp["amount_cents"]
            if number in pos.covered:  # r20; r21: only positions holding 0 win on 0
                exact = stake * (1 + chances.ODDS[pos.limit_class])
                assert exact <= paid["returned_cents"] < exact + 1  # A53: rounded up
            else:
                assert paid["returned_cents"] == 0 and not paid["won"]


@settings(max_examples=100, deadline=None)
@given(st.lists(chance_bet(), min_size=1, max_size=6))
def test_903b_6_1_6_over_the_37_numbers_a_slip_returns_36_in_37(raw):
    booked = book(raw, CONFIG["plenos"])
    staked = sum(b["amount_cents"] for b in booked)
    back = sum(settle(b, n)["returned_cents"] for b in booked for n in range(37))
    # A53: an odd stake on a ½-to-1 chance wins half a cent more on each of its 24 numbers
    odd_halves = sum(1 for b in booked for c in b["components"]
                     if chances.ODDS[chances.limit_class(c["chance"])].denominator == 2
                     and c["amount_cents"] % 2)
    assert Fraction(back, 37 * staked) == Fraction(36 * staked + 12 * odd_halves, 37 * staked)
