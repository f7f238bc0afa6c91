"""domain/cards/poker_hands.py agrees with an independent evaluator, treys (PyPI, a test dependency
only), on large seeded random samples: five-card hands (póquer sem descarte rules 7, 8, 13 and
A5), the best five of seven (hold'em, A30) and Omaha's two-plus-three (Omaha rule 26).

treys ranks a hand from 1 (royal flush) to 7462 (7-5-4-3-2): lower is better."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from domain.cards.codes import CARDS
from domain.cards.poker_hands import CATEGORIES, best_of, best_omaha, compare, evaluate

treys = pytest.importorskip("treys")

EVALUATOR = treys.Evaluator()
TREYS_CARD = {code: treys.Card.new(code) for code in CARDS}
# treys' classes: 1 straight flush (royal included) … 9 high card.
TREYS_CLASS = {"royal_flush": 1, "straight_flush": 1, "four_of_a_kind": 2, "full_house": 3,
               "flush": 4, "straight": 5, "three_of_a_kind": 6, "two_pair": 7, "one_pair": 8,
               "high_card": 9}


def treys_rank(cards) -> int:
    converted = [TREYS_CARD[code] for code in cards]
    return EVALUATOR.evaluate(converted[:2], converted[2:])


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


class OrderCheck:
    """Our keys and treys' ranks must be the same order: one treys rank per key, one key per
    treys rank (so equal keys are exactly treys' ties, and every comparison agrees)."""

    def __init__(self) -> None:
        self.rank_of_key: dict[tuple[int, ...], int] = {}
        self.key_of_rank: dict[int, tuple[int, ...]] = {}

    def add(self, key: tuple[int, ...], rank: int) -> None:
        assert self.rank_of_key.setdefault(key, rank) == rank, (key, rank)
        assert self.key_of_rank.setdefault(rank, key) == key, (key, rank)

    def assert_monotonic(self) -> None:
        ranks = [self.rank_of_key[key] for key in sorted(self.rank_of_key)]
        assert ranks == sorted(ranks, reverse=True)


def test_sd_13_random_pairs_of_five_card_hands_200000_of_them_compare_as_treys_does():
    """Rules 7, 8, 13, A5: for 200,000 seeded random pairs of hands, compare() agrees with
    treys, the categories agree, and our keys sort in treys' order."""
    rng = random.Random(20_151_126)  # Reg. 803/2015, de 26 de novembro
    order = OrderCheck()
    outcomes = {1: 0, 0: 0, -1: 0}
    for _ in range(200_000):
        dealt = rng.sample(CARDS, 10)
        mine, theirs = evaluate(dealt[:5]), evaluate(dealt[5:])
        rank_mine, rank_theirs = treys_rank(dealt[:5]), treys_rank(dealt[5:])
        outcome = compare(mine, theirs)
        assert outcome == sign(rank_theirs - rank_mine), dealt
        assert EVALUATOR.get_rank_class(rank_mine) == TREYS_CLASS[mine.category], dealt[:5]
        order.add(mine.key, rank_mine)
        order.add(theirs.key, rank_theirs)
        outcomes[outcome] += 1
    order.assert_monotonic()
    assert min(outcomes.values()) > 0  # ties happen too (rule 9 identical high cards, A5)
    assert len(order.rank_of_key) > 5_000  # most of the 7,462 values were met


def test_he_a30_best_of_seven_agrees_with_treys_on_20000_holdem_deals():
    """A30 (hold'em r1, r26): best of 2 hole + 5 board cards, for two players sharing a board
    in 20,000 seeded deals; the winner, ties and the five cards chosen agree with treys."""
    rng = random.Random(806_2015)  # Reg. 806/2015, hold'em
    order = OrderCheck()
    for _ in range(20_000):
        dealt = rng.sample(CARDS, 9)
        board, first, second = dealt[:5], dealt[5:7], dealt[7:]
        mine = [best_of(first + board), best_of(second + board)]
        theirs = [treys_rank(first + board), treys_rank(second + board)]
        assert compare(*mine) == sign(theirs[1] - theirs[0]), dealt
        for value, rank in zip(mine, theirs):
            assert treys_rank(value.cards) == rank, dealt  # the five chosen are worth as much
            order.add(value.key, rank)
    order.assert_monotonic()


def test_om_26_best_omaha_agrees_with_treys_over_every_two_plus_three():
    """Omaha rule 26: the best of the 60 ways to use 2 of 4 hole cards and 3 of 5 board cards,
    treys' best of the same 60, for 3,000 seeded deals."""
    rng = random.Random(26)
    order = OrderCheck()
    for _ in range(3_000):
        dealt = rng.sample(CARDS, 9)
        hole, board = dealt[:4], dealt[4:]
        value = best_omaha(hole, board)
        rank = min(treys_rank(two + three)
                   for two in combinations(hole, 2) for three in combinations(board, 3))
        assert treys_rank(value.cards) == rank, dealt
        assert len(set(value.cards) & set(hole)) == 2, dealt
        order.add(value.key, rank)
    order.assert_monotonic()


def test_treys_agrees_on_the_category_names():
    """A smoke check that the mapping above is treys' own (rank 1 is the royal flush)."""
    assert EVALUATOR.class_to_string(TREYS_CLASS["full_house"]) == "Full House"
    assert treys_rank(["As", "Ks", "Qs", "Js", "Ts"]) == 1
    assert CATEGORIES[evaluate(["7d", "5c", "4s", "3h", "2d"]).key[0]] == "high_card"
    assert treys_rank(["7d", "5c", "4s", "3h", "2d"]) == 7462
