"""Póquer sem descarte's offline rules (domain/games/semdescarte/offline.py, shipped in
bundle_check.pyz) are a second writing of the game's rules, apart from its code: on many random
deals they value every hand as the game's evaluator does (rules 7, 8, 9, 13; A4, A5), qualify
the bank the same way (rules 7k, 25), settle every seat to the same outcome (rules 22, 26, 28,
29; A1, A2, A3) and deal the shoe in the order of rule 19."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.cards.codes import CARDS
from domain.cards.poker_hands import CATEGORIES, compare, evaluate
from domain.games.semdescarte import dealing, offline
from domain.games.semdescarte.settlement import (
    bank_qualifies,
    compare_with_bank,
    settle,
)

deals = st.permutations(CARDS).map(lambda deck: (list(deck[:5]), list(deck[5:10])))


@settings(max_examples=400, deadline=None)
@given(hands=deals)
def test_sd_7_8_9_13_the_offline_evaluator_ranks_as_the_games(hands):
    player, bank = hands
    assert offline.category(player) == evaluate(player).category
    assert (offline.hand_value(player) > offline.hand_value(bank)) == (
        compare(evaluate(player), evaluate(bank)) > 0)
    assert offline.compare(player, bank) == compare_with_bank(player, bank)
    assert offline.qualifies(bank) == bank_qualifies(evaluate(bank))


@settings(max_examples=300, deadline=None)
@given(hands=deals, ante=st.integers(1, 2_500), continued=st.booleans())
def test_sd_22_26_28_29_the_offline_settlement_is_the_games(hands, ante, continued):
    player, bank = hands
    ours = offline.settle(ante, continued, player, bank)
    theirs = settle(ante_cents=ante, continued=continued, player_cards=player,
                    bank_cards=bank).to_dict()
    assert {k: ours[k] for k in offline.OUTCOME_FIELDS} == {
        k: theirs[k] for k in offline.OUTCOME_FIELDS}
    assert ours["rule"] == theirs["rule"]


def test_sd_7_every_category_and_the_wheel_are_valued():
    """One hand of each category, the wheel (rule 8: A-2-3-4-5, top card 5) below a six-high
    straight, and the suit tie-break (rule 9, A4) on identical high cards."""
    hands = [["2c", "4d", "6h", "8s", "Tc"], ["2c", "2d", "6h", "8s", "Tc"],
             ["2c", "2d", "6h", "6s", "Tc"], ["2c", "2d", "2h", "8s", "Tc"],
             ["Ac", "2d", "3h", "4s", "5c"], ["2c", "4c", "6c", "8c", "Tc"],
             ["2c", "2d", "2h", "Ts", "Tc"], ["2c", "2d", "2h", "2s", "Tc"],
             ["5c", "6c", "7c", "8c", "9c"], ["Tc", "Jc", "Qc", "Kc", "Ac"]]
    assert [offline.category(h) for h in hands] == list(CATEGORIES)
    assert offline.hand_value(["Ac", "2d", "3h", "4s", "5c"]) < offline.hand_value(
        ["2c", "3d", "4h", "5s", "6c"])
    assert offline.compare(["Ah", "Kh", "9h", "7c", "4d"], ["As", "Kd", "9c", "7d", "4c"]) == 1


@settings(max_examples=100, deadline=None)
@given(deck=st.permutations(CARDS), players=st.integers(1, 7))
def test_sd_19_the_offline_deal_is_rule_19s(deck, players):
    seats = [str(s) for s in range(1, players + 1)]
    ours = offline.deal(list(deck), seats)
    theirs = dealing.deal(list(deck), players)
    assert ours["burned"] == theirs.burned and ours["bank_cards"] == list(theirs.bank)
    assert [ours["hands"][s] for s in seats] == [list(h) for h in theirs.hands]
    assert ours["bank_open_card"] == theirs.bank_open_card
