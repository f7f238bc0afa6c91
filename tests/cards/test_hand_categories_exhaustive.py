"""Every one of the C(52,5) = 2,598,960 five-card hands, through the evaluator's fast path:
the category counts are the published ones (póquer sem descarte rule 7, rule 8) and there are
exactly 7,462 distinct hand values (rule 13 read per A5: all five cards count)."""

from __future__ import annotations

from math import comb

import pytest

from domain.cards.codes import CARDS
from domain.cards.poker_hands import CATEGORIES, _evaluate_ints, rank_value

PUBLISHED_COUNTS = {
    "royal_flush": 4, "straight_flush": 36, "four_of_a_kind": 624, "full_house": 3_744,
    "flush": 5_108, "straight": 10_200, "three_of_a_kind": 54_912, "two_pair": 123_552,
    "one_pair": 1_098_240, "high_card": 1_302_540,
}
DISTINCT_VALUES = {
    "royal_flush": 1, "straight_flush": 9, "four_of_a_kind": 156, "full_house": 156,
    "flush": 1_277, "straight": 10, "three_of_a_kind": 858, "two_pair": 858,
    "one_pair": 2_860, "high_card": 1_277,
}


@pytest.fixture(scope="module")
def hands_per_key() -> dict[tuple[int, ...], int]:
    """How many of the 2,598,960 hands have each key. Nested loops rather than
    itertools.combinations so that each card's rank and suit is looked up once per level."""
    ranks = [rank_value(code) for code in CARDS]
    suits = [code[1] for code in CARDS]
    counts: dict[tuple[int, ...], int] = {}
    get = counts.get
    for i0 in range(48):
        r0, s0 = ranks[i0], suits[i0]
        for i1 in range(i0 + 1, 49):
            r1, s1 = ranks[i1], suits[i1]
            for i2 in range(i1 + 1, 50):
                r2, s2 = ranks[i2], suits[i2]
                for i3 in range(i2 + 1, 51):
                    r3, s3 = ranks[i3], suits[i3]
                    for i4 in range(i3 + 1, 52):
                        key = _evaluate_ints((r0, r1, r2, r3, ranks[i4]),
                                             (s0, s1, s2, s3, suits[i4]))
                        counts[key] = get(key, 0) + 1
    return counts


def test_all_2_598_960_hands_are_evaluated(hands_per_key):
    assert sum(hands_per_key.values()) == comb(52, 5) == 2_598_960


def test_sd_7_category_counts_equal_the_published_counts(hands_per_key):
    """Rule 7 (a)-(j), with rule 8's wheel: each category has its published number of hands,
    e.g. 10,200 straights (10 tops, including 5-4-3-2-A, x 4^5 - 4 flushes)."""
    per_category = dict.fromkeys(CATEGORIES, 0)
    for key, count in hands_per_key.items():
        per_category[CATEGORIES[key[0]]] += count
    assert per_category == PUBLISHED_COUNTS


def test_sd_13_a5_there_are_7462_distinct_hand_values(hands_per_key):
    """Rule 13 with A5 (all five cards count): 7,462 distinct values, split per category as
    known; e.g. 10 straights (no wrap-around, rule 8) and 1,277 flushes (all five ranks)."""
    distinct = dict.fromkeys(CATEGORIES, 0)
    for key in hands_per_key:
        distinct[CATEGORIES[key[0]]] += 1
    assert distinct == DISTINCT_VALUES
    assert len(hands_per_key) == 7_462
