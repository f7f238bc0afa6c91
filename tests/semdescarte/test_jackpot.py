"""The jackpot side bet (Portaria 461/2001 rules 3, 8–10; rules-digest §3, A11, A12)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.kernel.errors import InvalidInputError
from domain.cards.poker_hands import CATEGORIES
from domain.games.semdescarte.config import JackpotConfig
from domain.games.semdescarte.jackpot import (
    JACKPOT_MULTIPLES,
    JackpotAward,
    awards,
    contribution,
    house_share,
    refill,
)

STAKE = 100  # 1 €


def test_pt_r3_contribution_is_the_configured_share_rounded_down():
    """r3, r8: the increment credited to the jackpot; the rest is the house's; round down."""
    config = JackpotConfig(stake_cents=100, contribution_bp=7_000, starting_value_cents=10**6)
    assert (contribution(config), house_share(config)) == (70, 30)
    odd = JackpotConfig(stake_cents=99, contribution_bp=3_333, starting_value_cents=10**6)
    assert contribution(odd) == 32 and house_share(odd) == 67  # 32.9967 → 32
    full = JackpotConfig(stake_cents=250, contribution_bp=10_000, starting_value_cents=10**7)
    assert contribution(full) == 250 and house_share(full) == 0


def test_pt_r9c_r9d_r9e_fixed_multiples_of_the_jackpot_stake():
    """r9c–e (A12: "valor da aposta" is the jackpot stake): 500 ×, 100 ×, 50 ×."""
    assert JACKPOT_MULTIPLES == {"four_of_a_kind": 500, "full_house": 100, "flush": 50}
    result = awards(1_000_000, STAKE, [("s1", "four_of_a_kind"), ("s2", "full_house"),
                                       ("s3", "flush")])
    assert result == [
        JackpotAward("s1", "four_of_a_kind", 50_000, 0, "Portaria 461/2001 rule 9c (A12)"),
        JackpotAward("s2", "full_house", 10_000, 0, "Portaria 461/2001 rule 9d (A12)"),
        JackpotAward("s3", "flush", 5_000, 0, "Portaria 461/2001 rule 9e (A12)"),
    ]


def test_pt_r9_hands_below_a_flush_win_nothing():
    assert awards(1_000_000, STAKE, [("s1", "straight"), ("s2", "three_of_a_kind"),
                                     ("s3", "one_pair"), ("s4", "high_card")]) == []


def test_pt_r9b_straight_flush_takes_10_percent_rounded_down():
    """r9b: 10 % of the jackpot, rounded down to the cent (A12)."""
    assert awards(1_000_009, STAKE, [("s1", "straight_flush")]) == [
        JackpotAward("s1", "straight_flush", 100_000, 0, "Portaria 461/2001 rule 9b (A12)")]


def test_pt_r9a_royal_flush_takes_the_whole_jackpot():
    """r9a: 100 % of the jackpot."""
    assert awards(1_234_567, STAKE, [("s1", "royal_flush")]) == [
        JackpotAward("s1", "royal_flush", 1_234_567, 0, "Portaria 461/2001 rule 9a (A12)")]


def test_pt_a12_several_winners_fixed_first_then_straight_flush_then_royal_remainder():
    """r9a "do respectivo remanescente, depois de pagos os prémios menores", A12 order: the
    fixed multiples, then 10 % of the pool as it then stands, then the royal the rest."""
    result = awards(1_000_000, STAKE, [("r", "royal_flush"), ("sf", "straight_flush"),
                                       ("f", "flush"), ("q", "four_of_a_kind")])
    assert [(a.seat_key, a.amount_cents) for a in result] == [
        ("f", 5_000), ("q", 50_000),          # fixed, in the order given: 945 000 left
        ("sf", 94_500),                       # 10 % of 945 000: 850 500 left
        ("r", 850_500),                       # the rest
    ]
    assert sum(a.amount_cents for a in result) == 1_000_000


def test_pt_a12_two_straight_flushes_each_take_10_percent_of_the_same_pool():
    result = awards(1_000_000, STAKE, [("a", "straight_flush"), ("b", "straight_flush")])
    assert [a.amount_cents for a in result] == [100_000, 100_000]


def test_pt_a12_several_royal_flushes_share_equally_odd_cents_stay_in_the_pool():
    """A12: royals share what is left equally, rounded down; the odd cents stay."""
    result = awards(1_000_001, STAKE, [("a", "royal_flush"), ("b", "royal_flush"),
                                       ("c", "royal_flush")])
    assert [a.amount_cents for a in result] == [333_333] * 3
    assert 1_000_001 - sum(a.amount_cents for a in result) == 2


def test_pt_a12_pool_too_small_pays_what_it_holds_and_records_the_shortfall():
    """A12 [CFG]: a pool too small pays what it holds; the shortfall is recorded."""
    result = awards(60_000, STAKE, [("q1", "four_of_a_kind"), ("q2", "four_of_a_kind"),
                                    ("sf", "straight_flush"), ("r", "royal_flush")])
    assert [(a.seat_key, a.amount_cents, a.shortfall_cents) for a in result] == [
        ("q1", 50_000, 0), ("q2", 10_000, 40_000), ("sf", 0, 0), ("r", 0, 0)]


def test_pt_r10_refill_brings_the_pool_back_to_the_starting_value():
    """r10, A12 reset: after a prize the house funds the pool back to ≥ 10 000 × the stake."""
    config = JackpotConfig(stake_cents=STAKE, contribution_bp=5_000,
                           starting_value_cents=10_000 * STAKE)
    assert refill(0, config) == 1_000_000
    assert refill(150_000, config) == 850_000
    assert refill(1_000_000, config) == 0
    assert refill(1_500_000, config) == 0
    pool = 1_000_000 - awards(1_000_000, STAKE, [("r", "royal_flush")])[0].amount_cents
    assert pool + refill(pool, config) >= 10_000 * STAKE


@pytest.mark.parametrize("pool, stake, winners, field", [
    (-1, STAKE, [], "pool_cents"),
    (1.5, STAKE, [], "pool_cents"),
    (100, 0, [], "stake_cents"),
    (100, STAKE, [("s1", "quads")], "winners"),
    (100, STAKE, [("s1", "flush"), ("s1", "flush")], "winners"),
    (100, STAKE, [("", "flush")], "winners"),
    (100, STAKE, "s1", "winners"),
])
def test_awards_refuse_malformed_input(pool, stake, winners, field):
    with pytest.raises(InvalidInputError) as error:
        awards(pool, stake, winners)
    assert error.value.field == field


@settings(max_examples=300, deadline=None)
@given(pool=st.integers(min_value=0, max_value=10**10),
       stake=st.integers(min_value=1, max_value=10**5),
       categories=st.lists(st.sampled_from(CATEGORIES), max_size=7))
def test_pt_a12_awards_never_exceed_the_pool(pool, stake, categories):
    """Whatever the winners, the sum of the awards is at most the pool, every amount a
    non-negative int, and each fixed prize is either paid in full or paid short of it."""
    winners = [(f"seat{i}", category) for i, category in enumerate(categories)]
    result = awards(pool, stake, winners)
    assert sum(a.amount_cents for a in result) <= pool
    for award in result:
        assert type(award.amount_cents) is int and award.amount_cents >= 0
        assert type(award.shortfall_cents) is int and award.shortfall_cents >= 0
        if award.category in JACKPOT_MULTIPLES:
            assert award.amount_cents + award.shortfall_cents == \
                JACKPOT_MULTIPLES[award.category] * stake
    assert {a.seat_key for a in result} == {
        seat for seat, category in winners
        if category in ("flush", "full_house", "four_of_a_kind", "straight_flush",
                        "royal_flush")}


def test_award_round_trips_for_events():
    award = awards(1_000_000, STAKE, [("s1", "flush")])[0]
    assert JackpotAward.from_dict(award.to_dict()) == award
