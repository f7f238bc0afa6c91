"""domain/cards/poker_hands.py against the regulation: póquer sem descarte rules 7, 8, 9, 13 (the
same ranking as hold'em and Omaha rules 29-32) and the digest's reading A5 (all five cards
count); ``best_of`` and ``best_omaha``'s input checks. Hold'em's best five of seven (A30) and
Omaha rule 26 (exactly two hole cards) are in tests/community_poker/test_evaluator.py."""

from __future__ import annotations

import pytest

from domain.kernel.errors import InvalidInputError
from domain.cards.poker_hands import (
    CATEGORIES, HandValue, best_of, best_omaha, compare, evaluate, max_suit_count, rank_value)


def hand(text: str) -> HandValue:
    return evaluate(text.split())


# One hand of each category, lowest first: rule 7 (j) up to (a).
LADDER = [
    ("Ad Jc 9s 6h 3d", "high_card", "cartas maiores, ás"),
    ("Ah As Kd 9c 4s", "one_pair", "par de ases"),
    ("Qh Qs 8d 8c As", "two_pair", "dois pares, damas e oitos"),
    ("Jh Js Jd 9c 2s", "three_of_a_kind", "trio de valetes"),
    ("5d 4c 3s 2h Ad", "straight", "sequência até ao 5"),
    ("Kh Th 8h 5h 2h", "flush", "cor, até ao rei"),
    ("Kh Ks Kd 3c 3s", "full_house", "fullen, reis e três"),
    ("7h 7s 7d 7c Ks", "four_of_a_kind", "póquer de setes"),
    ("9c 8c 7c 6c 5c", "straight_flush", "sequência de cor até ao 9"),
    ("As Ks Qs Js Ts", "royal_flush", "sequência real de cor"),
]


def test_categories_are_listed_lowest_first_index_is_strength():
    assert CATEGORIES == tuple(category for _, category, _ in LADDER)


@pytest.mark.parametrize(("cards", "category", "words"), LADDER)
def test_sd_7_each_combination_is_recognised_and_explained_in_portuguese(cards, category, words):
    """Rule 7 (a)-(j): the category, and its Portuguese name in the words."""
    value = hand(cards)
    assert value.category == category
    assert value.key[0] == CATEGORIES.index(category)
    assert value.words == words


def test_sd_7_combinations_rank_from_royal_flush_down_to_high_card():
    """Rule 7: sequência real de cor > sequência de cor > póquer > fullen > cor > sequência >
    trio > dois pares > um par > cartas maiores. Each hand beats every lower one."""
    values = [hand(cards) for cards, _, _ in LADDER]
    for low, high in zip(values, values[1:]):
        assert low < high and high > low and compare(high, low) == 1 and compare(low, high) == -1
    assert values == sorted(values)


def test_sd_7_worst_hand_of_a_category_beats_best_of_the_one_below():
    """Rule 7: category first: the lowest pair beats the best high card, and so on up."""
    pairs = [
        ("Ad Kc Qs Jh 9d", "2h 2s 3d 4c 5s"),     # best high card < lowest pair
        ("Ah As Kd Qc Js", "3h 3s 2d 2c 4s"),     # best pair < lowest two pairs
        ("Ah As Kd Kc Qs", "2h 2s 2d 3c 4s"),     # best two pairs < lowest trips
        ("Ah As Ad Kc Qs", "5d 4c 3s 2h Ad"),     # best trips < the wheel
        ("Ah Ks Qd Jc Ts", "7h 5h 4h 3h 2h"),     # best straight < lowest flush
        ("Ah Kh Qh Jh 9h", "2h 2s 2d 3c 3s"),     # best flush < lowest full house
        ("Ah As Ad Kc Ks", "2h 2s 2d 2c 3s"),     # best full house < lowest four of a kind
        ("Ah As Ad Ac Ks", "5c 4c 3c 2c Ac"),     # best four < the lowest straight flush
        ("Kd Qd Jd Td 9d", "Ad Kd Qd Jd Td"),     # best straight flush < royal flush
    ]
    for lower, higher in pairs:
        assert hand(lower) < hand(higher), (lower, higher)


def test_sd_7a_royal_flush_is_only_a_k_q_j_t_of_one_suit():
    """Rule 7a/7b: A-K-Q-J-10 of one suit is the royal flush; any other straight flush is not,
    and A-K-Q-J-10 of mixed suits is a plain straight (rule 7f)."""
    assert hand("Th Jh Qh Kh Ah").category == "royal_flush"
    assert hand("Th Jh Qh Kh 9h").category == "straight_flush"
    assert hand("Th Jh Qh Kh As").category == "straight"
    assert hand("Th Jh Qh Kh As").words == "sequência até ao ás"


def test_sd_8_ace_counts_as_one_in_a_2_3_4_5():
    """Rule 8: A-2-3-4-5 is a straight whose top card is the 5; the ace is shown last."""
    wheel = hand("Ad 2c 3s 4h 5d")
    assert wheel.category == "straight"
    assert wheel.key == (CATEGORIES.index("straight"), 5)
    assert wheel.cards == ("5d", "4h", "3s", "2c", "Ad")
    assert wheel.words == "sequência até ao 5"


def test_sd_8_the_wheel_is_the_lowest_straight_a_6_high_straight_beats_it():
    """Rule 8 (digest §2 test): a player's 6-high straight beats the banca's 5-4-3-2-A, and
    the ace-high straight is the highest."""
    wheel, six_high = hand("5s 4d 3c 2h Ah"), hand("6d 5c 4h 3s 2d")
    broadway = hand("As Kd Qc Jh Td")
    assert wheel < six_high < broadway
    assert compare(six_high, wheel) == 1
    assert hand("5s 4d 3c 2h Ah") > hand("As Ad Ac Kh Qd")  # still a straight: beats trips


def test_sd_8_steel_wheel_is_the_lowest_straight_flush():
    """Rule 8: the ace counts as 1 in a straight flush too: 5-4-3-2-A of one suit."""
    steel = hand("Ac 2c 3c 4c 5c")
    assert steel.category == "straight_flush"
    assert steel.words == "sequência de cor até ao 5"
    assert steel.cards == ("5c", "4c", "3c", "2c", "Ac")
    assert steel < hand("6c 5c 4c 3c 2c") < hand("Kc Qc Jc Tc 9c") < hand("Ac Kc Qc Jc Tc")


@pytest.mark.parametrize("cards", ["Qs Kd Ah 2c 3s", "Jd Qs Kd Ah 2c", "Kd Ah 2c 3s 4d",
                                   "Qh Kh Ah 2h 3h"])
def test_sd_8_no_wrap_around_through_the_ace(cards):
    """Rule 8: the ace is either high (with K-Q-J-10) or 1 (with 2-3-4-5), never both:
    Q-K-A-2-3 is not a straight (and of one suit is only a flush)."""
    assert hand(cards).category in {"high_card", "flush"}


def test_sd_9_high_card_compares_highest_then_next_down_to_the_fifth():
    """Rule 9: the highest card first, if equal the next, and so on down to the fifth."""
    assert hand("Ad Jc 9s 6h 3d") > hand("Kd Qc Js 9h 7d")
    assert hand("Ad Jc 9s 6h 3d") > hand("Ac Td 9h 6s 3c")
    assert hand("Ad Jc 9s 6h 3d") > hand("Ac Jd 8h 6s 3c")
    assert hand("Ad Jc 9s 6h 3d") > hand("Ac Jd 9h 5s 3c")
    assert hand("Ad Jc 9s 6h 4d") > hand("Ac Jd 9h 6s 3c")
    assert hand("9d 7c 5s 4h 2d").words == "cartas maiores, 9"


def test_sd_9_a4_identical_high_cards_tie_here_suits_are_the_games_business():
    """Rule 9's last sentence ("três delas da mesma cor", A4) belongs to póquer sem descarte:
    the evaluator calls the hands equal and gives the game max_suit_count."""
    three_hearts, mixed = hand("Ah Kh 7h 5s 2c"), hand("As Kd 7c 5h 2d")
    assert three_hearts == mixed and compare(three_hearts, mixed) == 0
    assert hash(three_hearts) == hash(mixed)
    assert max_suit_count(three_hearts.cards) == 3
    assert max_suit_count(mixed.cards) == 2


def test_sd_13a_straights_compare_by_the_top_card_suits_do_not_matter():
    """Rule 13a (hold'em r32): straight or straight flush: the highest card wins."""
    assert hand("9s 8d 7c 6h 5d") > hand("8s 7d 6c 5h 4d")
    assert hand("9s 8d 7c 6h 5d") == hand("9h 8c 7d 6s 5s")
    assert hand("9s 8s 7s 6s 5s") > hand("8d 7d 6d 5d 4d")


def test_sd_13b_four_of_a_kind_compares_the_four_then_the_kicker():
    """Rule 13b: the higher four wins; hold'em r32 adds the kicker (a four on the board)."""
    assert hand("8h 8s 8d 8c 2s") > hand("7h 7s 7d 7c As")
    board_quads = ["9h", "9s", "9d", "9c", "2s"]
    assert best_of(board_quads + ["Ah", "3c"]) > best_of(board_quads + ["Kh", "Qc"])
    assert best_of(board_quads + ["Ah", "3c"]).key == (CATEGORIES.index("four_of_a_kind"), 9, 14)


def test_sd_13c_full_house_compares_the_three_then_the_pair():
    """Rule 13c: the higher three wins; hold'em r32: then the higher pair (three on the board)."""
    assert hand("3h 3s 3d 2c 2s") > hand("2h 2d 2c Ah As")
    board = ["Kh", "Ks", "Kd", "7c", "2s"]
    with_aces, with_queens = best_of(board + ["Ah", "Ac"]), best_of(board + ["Qh", "Qc"])
    assert with_aces > with_queens
    assert with_aces.words == "fullen, reis e ases" and with_aces.cards[:3] == ("Ks", "Kh", "Kd")


def test_sd_13d_a5_flushes_compare_all_five_cards():
    """Rule 13d names only "the highest card"; A5: compare all five, high to low."""
    assert hand("Ah Kh Qh Jh 9h") > hand("As Ks Qs Js 8s")
    assert hand("Ah Kh Qh Jh 4h") > hand("As Ks Qs Js 3s")
    assert hand("Ah Kh Qh Jh 4h") == hand("Ad Kd Qd Jd 4d")
    assert hand("Qh Th 8h 5h 2h").words == "cor, até à dama"


def test_sd_13e_three_of_a_kind_compares_the_three_then_the_kickers():
    """Rule 13e: the higher three; hold'em r32: then the 4th and the 5th card."""
    assert hand("5h 5s 5d 3c 2s") > hand("4h 4s 4d Ac Ks")
    board = ["Jh", "Js", "Jd", "8c", "2s"]
    assert best_of(board + ["Ah", "3c"]) > best_of(board + ["Kh", "Qc"])
    assert best_of(board + ["Ah", "9c"]) > best_of(board + ["Ad", "3d"])


def test_sd_13_two_pairs_compare_high_pair_then_low_pair_then_kicker():
    """Rule 13f: the higher pair, then the other pair, then the fifth card."""
    assert hand("Kh Ks 3d 3c 2s") > hand("Qh Qs Jd Jc As")
    assert hand("Kh Ks 4d 4c 2s") > hand("Kd Kc 3h 3s As")
    assert hand("Kh Ks 4d 4c 6s") > hand("Kd Kc 4h 4s 5s")
    assert hand("Kh Ks 4d 4c 6s") == hand("Kd Kc 4h 4s 6d")
    value = hand("8d Qh 2c Qs 8c")
    assert value.cards == ("Qs", "Qh", "8d", "8c", "2c")
    assert value.words == "dois pares, damas e oitos"


def test_sd_13g_a5_one_pair_compares_the_pair_then_three_kickers_high_to_low():
    """Rule 13g names the pair then "the highest card"; A5 (and hold'em r32): the three
    kickers, high to low."""
    assert hand("3h 3s 4d 5c 6s") > hand("2h 2s Ad Kc Qs")
    assert hand("Th Ts Ad 5c 4s") > hand("Td Tc Kh Qc Js")
    assert hand("Th Ts Ad 9c 4s") > hand("Td Tc Ah 8c 7s")
    assert hand("Th Ts Ad 9c 4s") > hand("Td Tc Ah 9d 3s")
    assert hand("Th Ts Ad 9c 4s") == hand("Td Tc Ah 9d 4c")
    assert hand("Th Ts Ad 9c 4s").words == "par de dez"
    assert hand("6h 6s Ad 9c 4s").words == "par de seis"
    assert hand("9h 2s 2d Kc 4s").cards == ("2s", "2d", "Kc", "9h", "4s")


def test_words_name_every_rank_consistently():
    """The module's word list: singular faces after "até", plural nouns for groups."""
    expected = {"2": "dois", "3": "três", "4": "quatros", "5": "cincos", "6": "seis",
                "7": "setes", "8": "oitos", "9": "noves", "T": "dez", "J": "valetes",
                "Q": "damas", "K": "reis", "A": "ases"}
    for rank, plural in expected.items():
        kicker = "2" if rank != "2" else "3"
        assert hand(f"{rank}h {rank}s {rank}d {rank}c {kicker}s").words == f"póquer de {plural}"
    assert hand("Kc Qc Jc Tc 9c").words == "sequência de cor até ao rei"
    assert hand("Ac Kd Qc Jc 9c").words == "cartas maiores, ás"
    assert hand("Tc 9d 8c 7c 6c").words == "sequência até ao 10"


def test_hand_value_compares_by_key_only():
    a, b = hand("Ah Kh 7h 5s 2c"), hand("As Kd 7c 5h 2d")
    assert a == b and a <= b and a >= b and not a < b and a.cards != b.cards
    assert len({a, b}) == 1


def test_rank_value_maps_2_to_a_onto_2_to_14():
    assert [rank_value(r) for r in "23456789TJQKA"] == list(range(2, 15))
    assert rank_value("As") == 14 and rank_value("Td") == 10
    for bad in ("1", "X", "", "10", None, "as"):
        with pytest.raises(InvalidInputError) as info:
            rank_value(bad)
        assert info.value.field == "code"


@pytest.mark.parametrize("cards", [
    ["As", "Kd", "7c", "5h"],                     # 4 cards
    ["As", "Kd", "7c", "5h", "2d", "3d"],         # 6 cards
])
def test_evaluate_needs_exactly_five_cards(cards):
    with pytest.raises(InvalidInputError) as info:
        evaluate(cards)
    assert info.value.field == "cards" and info.value.rule == "póquer sem descarte rule 7"


@pytest.mark.parametrize("cards", [
    ["As", "Kd", "7c", "5h", "As"],               # the same card twice
    ["As", "Kd", "7c", "5h", "1d"],               # no such rank
    ["As", "Kd", "7c", "5h", "Tx"],               # no such suit
    ["As", "Kd", "7c", "5h", "10d"],              # ten is 'T'
    ["as", "Kd", "7c", "5h", "2d"],               # ranks are upper case
    ["As", "Kd", "7c", "5h", None],
    "AsKd7c5h2d",                                 # a string is not a list of cards
    None,
])
def test_evaluate_rejects_bad_cards_naming_the_field(cards):
    with pytest.raises(InvalidInputError) as info:
        evaluate(cards)
    assert info.value.field == "cards"


def test_best_of_picks_the_highest_category_and_explains_its_five_cards():
    value = best_of(["Ah", "Kh", "Qd", "Jh", "Th", "2h", "9c"])  # straight and flush: flush
    assert value.category == "flush" and value.cards == ("Ah", "Kh", "Jh", "Th", "2h")
    value = best_of(["Kh", "Ks", "Kd", "3c", "3s", "3d"])       # two trips: kings full of 3s
    assert value.words == "fullen, reis e três" and len(value.cards) == 5
    assert best_of(["Ad", "2c", "3s", "4h", "5d", "Kc"]).key == hand("Ad 2c 3s 4h 5d").key
    assert best_of(["As", "Kd", "7c", "5h", "2d"]) == evaluate(["As", "Kd", "7c", "5h", "2d"])


@pytest.mark.parametrize("cards", [["As", "Kd", "7c", "5h"],
                                   ["As", "Kd", "7c", "5h", "2d", "3d", "4d", "6d"]])
def test_best_of_needs_five_to_seven_cards(cards):
    with pytest.raises(InvalidInputError) as info:
        best_of(cards)
    assert info.value.field == "cards" and info.value.rule == "hold'em rule 26"


def test_best_of_rejects_duplicates_and_bad_codes():
    for cards in (["As", "Kd", "7c", "5h", "2d", "As"], ["As", "Kd", "7c", "5h", "2d", "Zz"]):
        with pytest.raises(InvalidInputError) as info:
            best_of(cards)
        assert info.value.field == "cards"


@pytest.mark.parametrize(("hole", "board", "field", "rule"), [
    (["Ah", "Ad"], ["Ac", "7h", "2d"], "hole", "Omaha rule 25"),
    (["Ah", "Ad", "Kc", "Ks", "Qd"], ["Ac", "7h", "2d"], "hole", "Omaha rule 25"),
    (["Ah", "Ad", "Kc", "Ks"], ["Ac", "7h"], "board", "Omaha rule 26"),
    (["Ah", "Ad", "Kc", "Ks"], ["Ac", "7h", "2d", "3d", "4d", "5d"], "board", "Omaha rule 26"),
    (["Ah", "Ad", "Kc", "Ks"], ["Ah", "7h", "2d"], "board", None),
    (["Ah", "Ah", "Kc", "Ks"], ["Ac", "7h", "2d"], "hole", None),
    (["Ah", "Ad", "Kc", "K"], ["Ac", "7h", "2d"], "hole", None),
    (["Ah", "Ad", "Kc", "Ks"], ["Ac", "7h", "2D"], "board", None),
])
def test_best_omaha_rejects_bad_input_naming_field_and_rule(hole, board, field, rule):
    with pytest.raises(InvalidInputError) as info:
        best_omaha(hole, board)
    assert info.value.field == field and info.value.rule == rule


def test_compare_returns_1_0_minus_1_and_checks_its_arguments():
    high, low = hand("As Ad Kc 7h 2d"), hand("Ks Kd Ac 7h 2d")
    assert (compare(high, low), compare(low, high), compare(high, high)) == (1, -1, 0)
    with pytest.raises(InvalidInputError) as info:
        compare(high, "As Ad Kc 7h 2d")  # type: ignore[arg-type]
    assert info.value.field == "b"


def test_max_suit_count_counts_the_most_common_suit():
    assert max_suit_count(["Ah", "Kh", "7h", "5s", "2c"]) == 3
    assert max_suit_count(["Ah", "Kh", "7h", "5h", "2h"]) == 5
    assert max_suit_count(["Ah", "Kd", "7c", "5s"]) == 1
    assert max_suit_count([]) == 0
    with pytest.raises(InvalidInputError) as info:
        max_suit_count(["Ah", "Xx"])
    assert info.value.field == "cards"
