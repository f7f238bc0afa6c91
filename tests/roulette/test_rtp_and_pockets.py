"""The return to player published and checked (903-B 6.1.6(9), 6.7.1, 6.7.2; 807 r14, r21):
each bet's return by exact enumeration of the 37 pockets, and a chi-squared test of the RNG's
mapping to pockets over a seeded sample (threshold: the 0.1 % level of χ²(36), 67.985;
``bench/roulette_pockets.py`` runs a larger sample)."""

from __future__ import annotations

import hashlib
from fractions import Fraction

from domain.games.roulette import pockets, rtp
from domain.kernel.rng import derive_number

SAMPLE = 37 * 1_000  # in the suite; the command runs 37 × 100 000


def seeds(n: int, label: bytes = b"roulette-pockets"):
    return (hashlib.sha256(label + i.to_bytes(8, "big")).digest() for i in range(n))


def test_903b_6_1_6_each_chance_and_call_bet_returns_36_in_37():
    """r14 with r21 (no la partage, no en prison): every chance, every call bet and breakdown
    returns 36/37 of the stake: a house edge of 1/37."""
    rows = rtp.table()
    assert {row["return"] for row in rows} == {"36/37"}
    assert {row["house_edge_pct"] for row in rows} == {round(100 / 37, 2)}
    assert len(rows) == 10 + 2 * 5


def test_903b_6_1_6_enumeration_counts_a_simple_chance_losing_on_zero():
    """The enumeration itself: red wins 18 of 37 pockets, 2 units each (r14b), 0 loses (r21)."""
    red = next(p for p in rtp.all_positions() if p.key == "encarnado")
    assert rtp.expected_return([(red, 1)]) == Fraction(2 * 18, 37)


def test_903b_6_7_1_6_7_2_rng_maps_to_pockets_uniformly_chi_squared():
    statistic, n, observed = pockets.chi_squared(derive_number(s) for s in seeds(SAMPLE))
    assert n == SAMPLE and min(observed) > 0
    assert statistic < pockets.CRITICAL_0_1_PERCENT, (statistic, observed)


def test_903b_6_7_2_the_test_refuses_a_biased_mapping():
    """The same test on the same sample size refuses a modulo-biased mapping (a byte % 37:
    0–33 come 7 times in 256, 34–36 six), so it has the power to catch one."""
    statistic, _, _ = pockets.chi_squared(s[0] % 37 for s in seeds(SAMPLE))
    assert statistic > pockets.CRITICAL_0_1_PERCENT
