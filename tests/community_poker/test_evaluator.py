"""The hand evaluator for Texas hold'em and Omaha (issue 17): domain/cards/poker_hands.py's
``best_of`` (hold'em, the best five of seven, A30) and ``best_omaha`` (exactly two hole cards and
three board cards, Omaha rule 26), against hold'em rules 29-32, Omaha rule 26's traps, every
5-card and every 7-card hand's category count, the best of ``evaluate`` over every five (what the
fast path must equal) and an independent engine, pokerkit (a test dependency).

The five-card ranking itself (póquer sem descarte rules 7-13, the same as hold'em's) is checked in
tests/cards/. Pure: run once, on the sqlite run."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb, prod

import pytest

from domain.cards.codes import CARDS, RANKS
from domain.cards.poker_hands import (
    _CARD_WEIGHT, _RANK_FIELDS, CATEGORIES, HandValue, _best_key, best_of, best_omaha, compare,
    evaluate)
from tests.cards.test_hand_categories_exhaustive import DISTINCT_VALUES, PUBLISHED_COUNTS

# The 133,784,560 seven-card hands by the category of their best five (the published counts).
SEVEN_CARD_COUNTS = {
    "royal_flush": 4_324, "straight_flush": 37_260, "four_of_a_kind": 224_848,
    "full_house": 3_473_184, "flush": 4_047_644, "straight": 6_180_020,
    "three_of_a_kind": 6_461_620, "two_pair": 31_433_400, "one_pair": 58_627_800,
    "high_card": 23_294_460,
}


def he(text: str) -> HandValue:
    return best_of(text.split())


def om(hole: str, board: str) -> HandValue:
    return best_omaha(hole.split(), board.split())


def best_of_every_five(cards) -> HandValue:
    """The reference: ``evaluate`` on each five; the first met wins a tie (what best_of gives)."""
    best = None
    for five in cards:
        value = evaluate(list(five))
        if best is None or value > best:
            best = value
    return best


# Hold'em rules 29-32 on seven cards ------------------------------------------------------------
SEVEN_CARD_LADDER = [  # rule 29 (j) up to (a): two hole cards, then the board
    ("Ad 9c  Jc 6s 3h 2d 8s", "high_card"),
    ("Ad 9c  As 6s 3h 2d 8s", "one_pair"),
    ("Ad 9c  As 9s 3h 2d 8s", "two_pair"),
    ("Ad 9c  As Ah 3h 2d 8s", "three_of_a_kind"),
    ("Ad 9c  Th Jh Qs Kd 2c", "straight"),
    ("Ad 9d  Td Jh Qd Kd 2d", "flush"),
    ("Ad 9c  As Ah 9s 2d 8s", "full_house"),
    ("Ad 9c  As Ah Ac 2d 8s", "four_of_a_kind"),
    ("9d 8d  Td Jd Qd Kc 2c", "straight_flush"),
    ("Ad 9c  Td Jd Qd Kd 2c", "royal_flush"),
]


def test_he_29_seven_cards_rank_from_royal_flush_down_to_high_card():
    """Rule 29: each category, met in seven cards, beats every one below it."""
    values = [he(cards) for cards, _ in SEVEN_CARD_LADDER]
    assert [value.category for value in values] == list(CATEGORIES)
    for low, high in zip(values, values[1:]):
        assert compare(high, low) == 1 and compare(low, high) == -1


def test_he_29_the_best_category_of_the_seven_plays_not_the_first_found():
    """Rule 29: seven cards holding a straight and a flush make the flush; trips and a straight,
    the straight; two trips, the full house of the higher three."""
    assert he("Ah 2h  3h 4d 5h 9h Kc").words == "cor, até ao ás"
    assert he("9c 9d  9h Td Jc Qs 8h").words == "sequência até à dama"
    assert he("4c 4d  4h Kd Kc Ks 2h").words == "fullen, reis e quatros"


def test_he_30_suits_do_not_rank_the_same_ranks_tie():
    """Rule 30: card ranks run from A down to 2 regardless of suit."""
    board = "Kd 9s 7c 4h 2d"
    assert compare(he("As Qs " + board), he("Ac Qh " + board)) == 0
    assert he("As Qs " + board).key == he("Ac Qh " + board).key


def test_he_31_ace_low_straight_is_the_lowest_straight():
    """Rule 31: the ace counts as 1 with 2-3-4-5 (top card 5), and a six on top makes the
    six-high straight instead; a seven-card wheel loses to any other straight."""
    wheel = he("Ac 2d  3h 4s 5c Kd Kh")
    assert wheel.words == "sequência até ao 5" and wheel.cards == ("5c", "4s", "3h", "2d", "Ac")
    assert he("Ac 2d  3h 4s 5c 6d Kh").words == "sequência até ao 6"
    assert wheel < he("2d 6h  3h 4s 5c Kd Kh")


def test_he_31_ace_low_straight_flush_and_no_wrap_around():
    """Rule 31: A-2-3-4-5 of one suit is the lowest straight flush; K-A-2-3-4 is no straight."""
    assert he("Ah 2h  3h 4h 5h Kd Ks").words == "sequência de cor até ao 5"
    assert he("Ah 2h  3h 4h 5h 6h Ks").words == "sequência de cor até ao 6"
    assert he("Kd Ac  2h 3s 4c 9d 7h").category == "high_card"


def test_he_32_the_kicker_is_the_best_of_the_other_cards_and_a_sixth_card_never_counts():
    """Rule 32: four of a kind, then the highest other card; two pairs of three, the best two
    then the best fifth card (the third pair's rank may be it); cards beyond five never count,
    so those hands split (rule 33)."""
    board = "9c 9d 9h 9s 2c"
    assert he("Kd 3c " + board).key == he("Kh Qh " + board).key  # the king plays, not 3 or Q
    assert he("Kd 3c " + board) > he("Qd Jc " + board)
    assert he("7c 7d  Qs Qh 5c 5d 6s").words == "dois pares, damas e setes"
    assert he("7c 7d  Qs Qh 5c 5d 6s").key[3] == 6  # the six, not a five, is the fifth card
    assert he("7c 7d  Qs Qh 6c 6d 5s").key[3] == 6  # the third pair's six is the fifth card
    board = "As Ah Kd Qc 9s"
    assert compare(he("8d 2c " + board), he("3d 2h " + board)) == 0


def test_he_32_full_house_of_two_trips_takes_the_higher_three_then_the_best_pair():
    """Rule 32: a full house compares the three, then the pair; from two trips and a pair the
    higher trips is the three and the best of the rest is the pair."""
    assert he("5c 5d  5h Ts Td Th 2s").words == "fullen, dez e cincos"
    assert he("5c 5d  5h Ts Td 2h 2s").words == "fullen, cincos e dez"
    assert he("5c 5d  5h Ts Td Th 2s") > he("5c 5d  5h Ts Td 2h 2s")


def test_he_a30_board_plays():
    """A30 (hold'em rules 1, 26): the best five of the seven may be the board's five; then
    every player still in shares it, whatever the hole cards (rule 33: split)."""
    board = "Ts Js Qs Ks As"
    value = he("2d 3c " + board)
    assert value.category == "royal_flush" and set(value.cards) == set(board.split())
    assert compare(value, he("Ah Ad " + board)) == 0
    board = "9d 8c 7h 6s 5d"
    assert he("2d 2c " + board).words == "sequência até ao 9"
    assert compare(he("2d 2c " + board), he("Ah Kh " + board)) == 0
    assert he("Td 2c " + board) > he("2d 2c " + board)  # one hole card may play too


# Omaha rule 26: exactly two of the four hole cards, exactly three of the board -----------------
def test_om_26_four_suited_hole_cards_two_on_board_is_no_flush():
    """Four spades in hand and two on the board: a flush needs three of the board's."""
    value = om("As Ks Qs 2s", "Js 9s 4d 7c 8h")
    assert value.category == "high_card"
    assert om("As Ks Qs 2s", "Js 9s 3s 7c 8h").words == "cor, até ao ás"
    assert om("As Ks Qs Js", "Ts 2d 3c 8h 9d").category == "straight"  # A-K-Q-J-T needs 3 hole
    assert om("As Ks Qs Js", "2s 4d 6c 8h 9d").category == "high_card"  # one on the board


def test_om_26_one_heart_in_hand_four_on_board_is_no_flush():
    """The digest's case: four hearts on the board and a player holding exactly one heart."""
    board = "2h 7h 9h Jh Kc"
    assert om("Ah As Qd 3c", board).category == "one_pair"
    assert best_of(board.split() + ["Ah", "As"]).category == "flush"  # hold'em would make it
    assert om("Ah 4h Qd 3c", board).words == "cor, até ao ás"


def test_om_26_board_straight_needs_two_hole_cards():
    board = "5d 6c 7h 8s 9d"
    assert om("Ah Ad Kc Ks", board).words == "par de ases"
    assert om("Th 2d Kc Qs", board).category == "high_card"  # one fitting hole card: none
    assert om("Th Jd Kc Qs", board).words == "sequência até ao valete"
    assert om("4h 3d Kc Qs", board).words == "sequência até ao 7"  # 3-4 + 5-6-7


def test_om_26_board_full_house_needs_two_hole_cards():
    """A full house on the board does not play: three board cards and two hole cards."""
    board = "Kc Kd Kh 7s 7d"
    assert best_of(board.split() + ["As", "Qd"]).words == "fullen, reis e setes"  # hold'em
    assert om("As Qd 8c 2h", board).words == "trio de reis"
    assert om("As Ad 8c 2h", board).words == "fullen, reis e ases"  # K-K-K + A-A
    assert om("Ks Qd 8c 2h", board).words == "póquer de reis"  # Ks Qd + Kc Kd Kh


def test_om_26_royal_flush_on_board_does_not_play():
    board = "Ts Js Qs Ks As"
    assert om("2d 3c 4h 6d", board).category == "high_card"
    assert om("2d 3c 4h 6s", board).category == "high_card"  # one spade is not enough
    # 9-T-J-Q-K would use one hole card and four board cards: only 8-9 + T-J-Q plays.
    assert om("9s 8s 4h 6d", board).words == "sequência de cor até à dama"


def test_om_26_four_of_a_kind_in_the_hole_is_a_pair():
    assert om("Ac Ad Ah As", "Kd 9c 7h 4s 2d").words == "par de ases"


def test_om_26_omaha_on_the_flop_and_the_turn():
    hole = "Ah Ad Kc Ks"
    assert om(hole, "Ac 7h 2d").words == "trio de ases"
    assert om(hole, "Ac 7h 2d 7d").words == "fullen, ases e setes"


# The fast path equals the best of every five -------------------------------------------------
def random_hands(rng: random.Random, count: int, size: int, suited: bool):
    """Seeded random hands; ``suited``: 3 to ``size`` of them of one suit (flushes, straight
    flushes and near misses, rare in uniform deals)."""
    for _ in range(count):
        if not suited:
            yield rng.sample(CARDS, size)
            continue
        suit = rng.choice("cdhs")
        cards = rng.sample([code for code in CARDS if code[1] == suit], rng.randint(3, size))
        cards += rng.sample([code for code in CARDS if code not in cards], size - len(cards))
        rng.shuffle(cards)
        yield cards


@pytest.mark.parametrize(("size", "suited"), [(7, False), (7, True), (6, False), (5, True)])
def test_he_a30_best_of_equals_the_best_of_every_five(size, suited):
    """A30: best_of (rank and suit counts, no five evaluated) gives the key and the five cards
    that ``evaluate`` gives for the best of the 21 (6, 1) fives, the first met on a tie."""
    rng = random.Random(806_2015 + size + suited)
    categories = Counter()
    for cards in random_hands(rng, 10_000, size, suited):
        value = best_of(cards)
        expected = best_of_every_five(combinations(cards, 5))
        assert (value.key, value.cards) == (expected.key, expected.cards), cards
        categories[value.category] += 1
    assert len(categories) >= (8 if size == 7 else 6)  # the sample reached most categories


def test_om_26_best_omaha_equals_the_best_of_every_two_plus_three():
    """Omaha rule 26: best_omaha's key and cards are those of the best of the 60 (or 18, 36)
    fives of two hole cards and three board cards, the first met on a tie."""
    rng = random.Random(4_2015)
    for n in range(6_000):
        suited = n % 2 == 1
        board_size = 3 + n % 3
        dealt = next(random_hands(rng, 1, 4 + board_size, suited))
        hole, board = dealt[:4], dealt[4:]
        value = best_omaha(hole, board)
        expected = best_of_every_five(
            two + three for two in combinations(hole, 2) for three in combinations(board, 3))
        assert (value.key, value.cards) == (expected.key, expected.cards), dealt


# Every hand, counted -----------------------------------------------------------------------------
def test_he_29_every_five_card_hand_through_the_fast_path_has_the_published_counts():
    """All 2,598,960 five-card hands through best_of's fast path (weights summed, rank counts'
    key, flush looked for): the published counts and the 7,462 distinct values
    (tests/cards/test_hand_categories_exhaustive.py checks ``evaluate``'s own path)."""
    weights = [_CARD_WEIGHT[code] for code in CARDS]
    per_key: Counter = Counter()
    for i0, i1, i2, i3 in combinations(range(51), 4):
        w4 = weights[i0] + weights[i1] + weights[i2] + weights[i3]
        for i4 in range(i3 + 1, 52):
            five = (CARDS[i0], CARDS[i1], CARDS[i2], CARDS[i3], CARDS[i4])
            per_key[_best_key(five, w4 + weights[i4])[0]] += 1
    assert sum(per_key.values()) == comb(52, 5)
    per_category = Counter()
    distinct = Counter()
    for key, count in per_key.items():
        per_category[CATEGORIES[key[0]]] += count
        distinct[CATEGORIES[key[0]]] += 1
    assert per_category == PUBLISHED_COUNTS
    assert distinct == DISTINCT_VALUES


def test_he_29_every_seven_card_hand_counted_by_structure_has_the_published_counts():
    """The 133,784,560 seven-card hands, by the category of best_of's fast path, without dealing
    each: a hand with five or more cards of one suit is dealt for real (every one with five to
    seven spades, 1,022,307 hands, times four suits); any other hand is worth what its ranks
    are worth (rule 30), so one hand per multiset of seven ranks (49,205 of them, suits dealt in
    turn: no five of a suit) goes through best_of and stands for all the ways to give those
    ranks suits, less the ways counted above with a flush."""
    counts = Counter()
    flush_ways: Counter = Counter()  # by the multiset of ranks (the weights' rank counts)
    spades = [rank + "s" for rank in RANKS]
    others = [code for code in CARDS if code[1] != "s"]
    for suited in (5, 6, 7):
        for flush in combinations(spades, suited):
            flush_weight = sum(_CARD_WEIGHT[code] for code in flush)
            for rest in combinations(others, 7 - suited):
                cards = flush + rest
                weights = flush_weight + sum(_CARD_WEIGHT[code] for code in rest)
                counts[CATEGORIES[_best_key(cards, weights)[0][0]]] += 4
                flush_ways[weights & _RANK_FIELDS] += 4
    assert sum(flush_ways.values()) == 4 * 1_022_307
    for ranks in combinations_with_repeats(RANKS, 7):
        cards, turn = [], 0
        for rank in ranks:
            cards.append(rank + "cdhs"[turn % 4])
            turn += 1
        ways = prod(comb(4, ranks.count(rank)) for rank in set(ranks))
        fields = sum(_CARD_WEIGHT[code] for code in cards) & _RANK_FIELDS
        counts[best_of(cards).category] += ways - flush_ways[fields]
    assert sum(counts.values()) == comb(52, 7)
    assert counts == SEVEN_CARD_COUNTS


def combinations_with_repeats(ranks: str, size: int):
    """Each multiset of ``size`` ranks, no rank more than four times (one deck), sorted."""
    if size == 0:
        yield ""
        return
    for i, rank in enumerate(ranks):
        for rest in combinations_with_repeats(ranks[i:], size - 1):
            if rest.count(rank) < 4:
                yield rank + rest


# pokerkit (PyPI, a test dependency): the same winner on large seeded random samples ----------
def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def pokerkit_label(category: str) -> str:
    return "STRAIGHT_FLUSH" if category == "royal_flush" else category.upper()


def test_he_29_32_a30_two_hands_on_a_shared_board_compare_as_pokerkit_says_15000_deals():
    """Rules 29-33, A30: for 15,000 seeded hold'em deals of two players on one board, >, = or <
    agree with pokerkit's StandardHighHand.from_game, and so do the categories."""
    pokerkit = pytest.importorskip("pokerkit")
    parse = {code: next(iter(pokerkit.Card.parse(code))) for code in CARDS}
    rng = random.Random(806)
    outcomes = Counter()
    for _ in range(15_000):
        dealt = rng.sample(CARDS, 9)
        board, first, second = dealt[:5], dealt[5:7], dealt[7:]
        ours = [best_of(first + board), best_of(second + board)]
        theirs = [pokerkit.StandardHighHand.from_game([parse[c] for c in hole],
                                                      [parse[c] for c in board])
                  for hole in (first, second)]
        outcome = compare(*ours)
        assert outcome == sign((theirs[0] > theirs[1]) - (theirs[0] < theirs[1])), dealt
        for value, hand in zip(ours, theirs):
            assert hand.entry.label.name == pokerkit_label(value.category), dealt
        outcomes[outcome] += 1
    assert min(outcomes.values()) > 100  # wins, losses and splits (the board plays) all met


def test_om_26_29_30_31_32_two_omaha_hands_compare_as_pokerkit_says_4000_deals():
    """Omaha rule 26 (and rules 29-33): for 4,000 seeded Omaha deals of two players on one
    board, >, = or < agree with pokerkit's OmahaHoldemHand.from_game, and so do the categories;
    half of the deals have a board of three to five cards of one suit (rule 26's flush traps)."""
    pokerkit = pytest.importorskip("pokerkit")
    parse = {code: next(iter(pokerkit.Card.parse(code))) for code in CARDS}
    rng = random.Random(804)
    outcomes = Counter()
    for n in range(4_000):
        board = next(random_hands(rng, 1, 5, suited=n % 2 == 1))
        holes = rng.sample([c for c in CARDS if c not in board], 8)
        first, second = holes[:4], holes[4:]
        ours = [best_omaha(first, board), best_omaha(second, board)]
        theirs = [pokerkit.OmahaHoldemHand.from_game([parse[c] for c in hole],
                                                     [parse[c] for c in board])
                  for hole in (first, second)]
        outcome = compare(*ours)
        assert outcome == sign((theirs[0] > theirs[1]) - (theirs[0] < theirs[1])), (board, holes)
        for value, hand in zip(ours, theirs):
            assert hand.entry.label.name == pokerkit_label(value.category), (board, holes)
        outcomes[outcome] += 1
    assert min(outcomes.values()) > 10
