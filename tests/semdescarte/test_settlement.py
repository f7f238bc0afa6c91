"""Settlement of póquer sem descarte (Reg. 803/2015 rules 7–9, 12, 13, 20–29; A1–A5, A8)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.cards.codes import CARDS
from domain.kernel.errors import InvalidInputError
from domain.cards.poker_hands import evaluate
from domain.games.semdescarte.settlement import (
    PAYTABLE,
    Outcome,
    bank_qualifies,
    compare_with_bank,
    settle,
)

BANK_AK = ["Ah", "Kd", "7c", "5s", "2h"]      # qualifies: ace and king (digest §2 test)
BANK_AQ = ["Ah", "Qd", "Jc", "5s", "2h"]      # does not qualify (digest §2 test)
BANK_PAIR = ["3h", "3d", "Tc", "7s", "2h"]    # a pair of threes: qualifies


def test_sd_25_bank_with_ace_king_qualifies():
    """Rules 7k, 25 (digest test): A♥ K♦ 7♣ 5♠ 2♥ qualifies."""
    assert bank_qualifies(evaluate(BANK_AK))


def test_sd_25_bank_with_ace_queen_high_does_not_qualify():
    """Rules 7k, 25 (digest test): A♥ Q♦ J♣ 5♠ 2♥ does not."""
    assert not bank_qualifies(evaluate(BANK_AQ))


def test_sd_25_any_pair_qualifies_and_king_high_does_not():
    """Rule 25: "ou uma outra combinação superior referida na regra n.º 7"."""
    assert bank_qualifies(evaluate(BANK_PAIR))
    assert not bank_qualifies(evaluate(["Kh", "Qd", "Jc", "9s", "2h"]))
    assert bank_qualifies(evaluate(["5h", "4d", "3c", "2s", "Ah"]))  # wheel: a straight


def test_sd_8_six_high_straight_beats_the_wheel():
    """Rule 8 (digest test): the ace counts 1 in 5-4-3-2-A, the lowest straight."""
    assert compare_with_bank(["6c", "5d", "4h", "3s", "2c"], ["5h", "4d", "3c", "2s", "Ah"]) == 1
    assert compare_with_bank(["5h", "4d", "3c", "2s", "Ah"], ["6c", "5d", "4h", "3s", "2c"]) == -1


def test_sd_8_six_high_straight_against_wheel_bank_pays_4_to_1():
    outcome = settle(ante_cents=100, continued=True, player_cards=["6c", "5d", "4h", "3s", "2c"],
                     bank_cards=["5h", "4d", "3c", "2s", "Ah"])
    assert (outcome.result, outcome.multiplier, outcome.won_cents) == ("player_won", 4, 100 + 800)


def test_sd_9_high_cards_compared_from_the_top_down():
    """Rule 9: highest card first, then the next, and so on."""
    assert compare_with_bank(["Ac", "Kc", "9d", "4h", "3s"], ["Ah", "Kd", "8c", "7s", "6h"]) == 1


def test_sd_9_a4_identical_high_cards_three_of_one_suit_wins():
    """Rule 9, A4: identical high cards, card for card: the hand with 3 of one suit wins."""
    player = ["Ac", "Kc", "7c", "5h", "2d"]   # three clubs
    bank = ["Ah", "Kd", "7s", "5d", "2s"]      # two of each at most
    assert compare_with_bank(player, bank) == 1
    assert compare_with_bank(bank, player) == -1
    outcome = settle(ante_cents=100, continued=True, player_cards=player, bank_cards=bank)
    assert outcome.result == "player_won" and outcome.rule == "póquer sem descarte rule 28 (A4, A2)"
    outcome = settle(ante_cents=100, continued=True, player_cards=bank, bank_cards=player)
    assert outcome.result == "bank_won" and outcome.rule == "póquer sem descarte rule 29 (A4)"


def test_sd_9_a4_a1_identical_high_cards_both_or_neither_suited_is_a_push():
    """Rule 9, A4, A1: both hands with 3 of one suit, or neither: a push."""
    both = (["Ac", "Kc", "7c", "5h", "2d"], ["Ah", "Kh", "7h", "5d", "2s"])
    neither = (["Ac", "Kc", "7d", "5h", "2d"], ["Ah", "Kd", "7s", "5s", "2h"])
    for player, bank in (both, neither):
        assert compare_with_bank(player, bank) == 0
        outcome = settle(ante_cents=100, continued=True, player_cards=player, bank_cards=bank)
        assert outcome.result == "push"
        assert outcome.rule == "póquer sem descarte rule 9 (A4, A1)"


def test_sd_13f_two_pairs_higher_pair_then_other_pair_then_kicker():
    """Rule 13f."""
    assert compare_with_bank(["Kc", "Kd", "3h", "3s", "2c"], ["Qh", "Qs", "Jc", "Jd", "Ac"]) == 1
    assert compare_with_bank(["Kc", "Kd", "4h", "4s", "2c"], ["Kh", "Ks", "3c", "3d", "Ac"]) == 1
    assert compare_with_bank(["Kc", "Kd", "4h", "4s", "2c"], ["Kh", "Ks", "4c", "4d", "3c"]) == -1


def test_sd_13g_a5_pair_compares_all_kickers():
    """Rule 13g read per A5: same pair, same top kicker: the next kicker decides."""
    assert compare_with_bank(["9c", "9d", "Ah", "8s", "3c"], ["9h", "9s", "Ac", "7d", "6c"]) == 1


def test_sd_13d_a5_flush_compares_all_five_cards():
    """Rule 13d read per A5: equal top cards of a flush: the next cards decide."""
    assert compare_with_bank(["Ac", "Jc", "9c", "6c", "3c"], ["Ah", "Jh", "9h", "5h", "4h"]) == 1


def test_sd_13_a1_exactly_equal_hands_push():
    """Rule 13 exhausted, A1: a tie is a push."""
    assert compare_with_bank(["Tc", "9d", "8h", "7s", "6c"], ["Th", "9s", "8c", "7d", "6d"]) == 0
    outcome = settle(ante_cents=300, continued=True, player_cards=["Tc", "9d", "8h", "7s", "6c"],
                     bank_cards=["Th", "9s", "8c", "7d", "6d"])
    assert outcome == Outcome(result="push", ante_cents=300, bet_cents=600, returned_cents=900,
                              lost_cents=0, won_cents=0, multiplier=None,
                              rule="póquer sem descarte rule 13 (A1)",
                              player_hand="sequência até ao 10", bank_hand="sequência até ao 10")


def test_sd_22_fold_loses_the_ante():
    """Rule 22 (and rule 32 for a player silent after the extra time)."""
    outcome = settle(ante_cents=200, continued=False, player_cards=["2c", "3d", "5h", "8s", "Jc"],
                     bank_cards=BANK_AK)
    assert (outcome.result, outcome.bet_cents, outcome.lost_cents, outcome.returned_cents,
            outcome.won_cents, outcome.rule) == ("folded", 0, 200, 0, 0,
                                                 "póquer sem descarte rule 22")
    assert outcome.bank_hand is None and outcome.player_hand == "cartas maiores, valete"


def test_sd_26_a3_bank_not_qualified_pays_ante_and_returns_the_bet():
    """Rule 26, A3: the ante is paid 1 to 1, the second bet returned untouched, whatever the
    player holds."""
    outcome = settle(ante_cents=500, continued=True, player_cards=["Kc", "Kd", "Ks", "3h", "3s"],
                     bank_cards=BANK_AQ)
    assert outcome == Outcome(result="bank_not_qualified", ante_cents=500, bet_cents=1_000,
                              returned_cents=1_500, lost_cents=0, won_cents=500, multiplier=None,
                              rule="póquer sem descarte rule 26 (A3)",
                              player_hand="fullen, reis e três", bank_hand="cartas maiores, ás")


def test_sd_26_bank_not_qualified_pays_the_ante_even_to_a_lower_hand():
    outcome = settle(ante_cents=100, continued=True, player_cards=["Kc", "Qs", "9s", "3h", "2s"],
                     bank_cards=BANK_AQ)
    assert (outcome.result, outcome.won_cents, outcome.lost_cents) == ("bank_not_qualified",
                                                                       100, 0)


def test_sd_10_11_27_28_player_higher_ante_paid_1_to_1_bet_per_paytable():
    """Rules 10, 11, 27: a banked game, the hands compared when the bank qualifies; rule 28a,
    b, A2: the higher player hand is paid, the ante 1 to 1, the second bet N to 1, both stakes
    returned."""
    outcome = settle(ante_cents=100, continued=True, player_cards=["9c", "9d", "9h", "9s", "2c"],
                     bank_cards=BANK_PAIR)
    assert outcome == Outcome(result="player_won", ante_cents=100, bet_cents=200,
                              returned_cents=300, lost_cents=0, won_cents=100 + 20 * 200,
                              multiplier=20, rule="póquer sem descarte rule 28 (A2)",
                              player_hand="póquer de noves", bank_hand="par de três")


def test_sd_12_a2_one_pair_and_high_card_pay_once_the_second_bet():
    """Rule 12 i), j) read per A2: "uma vez o valor da aposta" is 1 × the second bet."""
    pair = settle(ante_cents=100, continued=True, player_cards=["4c", "4d", "Jh", "8s", "6c"],
                  bank_cards=BANK_PAIR)
    assert (pair.result, pair.multiplier, pair.won_cents) == ("player_won", 1, 100 + 200)
    high = settle(ante_cents=100, continued=True, player_cards=["Ac", "Ks", "Jh", "8s", "6c"],
                  bank_cards=BANK_AK)
    assert (high.result, high.multiplier, high.won_cents) == ("player_won", 1, 100 + 200)


@pytest.mark.parametrize("cards, category, multiplier", [
    (["Ac", "Kc", "Qc", "Jc", "Tc"], "royal_flush", 100),
    (["9c", "8c", "7c", "6c", "5c"], "straight_flush", 50),
    (["9c", "9d", "9h", "9s", "2c"], "four_of_a_kind", 20),
    (["9c", "9d", "9h", "4s", "4c"], "full_house", 7),
    (["Kc", "9c", "7c", "4c", "2c"], "flush", 5),
    (["9c", "8d", "7h", "6s", "5c"], "straight", 4),
    (["9c", "9d", "9h", "6s", "5c"], "three_of_a_kind", 3),
    (["9c", "9d", "6h", "6s", "5c"], "two_pair", 2),
    (["9c", "9d", "Kh", "6s", "5c"], "one_pair", 1),
])
def test_sd_12_paytable(cards, category, multiplier):
    """Rule 12 a)–j): the multiplier on the second bet, by the player's combination."""
    assert PAYTABLE[category] == multiplier
    outcome = settle(ante_cents=100, continued=True, player_cards=cards,
                     bank_cards=["3h", "3d", "Ad", "Qs", "2h"])
    assert (outcome.result, outcome.multiplier) == ("player_won", multiplier)
    assert outcome.won_cents == 100 + multiplier * 200 and outcome.returned_cents == 300


def test_sd_12_paytable_covers_every_category():
    assert PAYTABLE == {"royal_flush": 100, "straight_flush": 50, "four_of_a_kind": 20,
                        "full_house": 7, "flush": 5, "straight": 4, "three_of_a_kind": 3,
                        "two_pair": 2, "one_pair": 1, "high_card": 1}


def test_sd_10_11_27_29_bank_higher_takes_both_bets():
    """Rules 10, 11, 27: the qualified bank's hand is compared with the player's; rule 29: a
    lower hand loses the ante and the second bet."""
    outcome = settle(ante_cents=100, continued=True, player_cards=["2c", "2d", "Jh", "8s", "6c"],
                     bank_cards=BANK_PAIR)
    assert (outcome.result, outcome.lost_cents, outcome.returned_cents, outcome.won_cents,
            outcome.rule) == ("bank_won", 300, 0, 0, "póquer sem descarte rule 29")


def test_outcome_round_trips_for_events():
    outcome = settle(ante_cents=100, continued=True, player_cards=["2c", "2d", "Jh", "8s", "6c"],
                     bank_cards=BANK_PAIR)
    assert Outcome.from_dict(outcome.to_dict()) == outcome


@pytest.mark.parametrize("kwargs, field", [
    ({"ante_cents": 0}, "ante_cents"),
    ({"ante_cents": 1.5}, "ante_cents"),
    ({"ante_cents": True}, "ante_cents"),
    ({"continued": 1}, "continued"),
    ({"player_cards": ["2c", "3d", "5h", "8s"]}, "player_cards"),
    ({"player_cards": ["2c", "3d", "5h", "8s", "8s"]}, "player_cards"),
    ({"bank_cards": ["Ah", "Kd", "7c", "5s", "1h"]}, "bank_cards"),
    ({"bank_cards": ["2c", "Kd", "7c", "5s", "2h"]}, "bank_cards"),  # 2c also the player's
])
def test_settle_refuses_malformed_input(kwargs, field):
    args = {"ante_cents": 100, "continued": True, "player_cards": ["2c", "3d", "5h", "8s", "Jc"],
            "bank_cards": BANK_AK, **kwargs}
    with pytest.raises(InvalidInputError) as error:
        settle(**args)
    assert error.value.field == field


@settings(max_examples=400, deadline=None)
@given(cards=st.permutations(CARDS).map(lambda deck: deck[:10]),
       ante=st.integers(min_value=1, max_value=10**9), continued=st.booleans())
def test_sd_22_26_28_29_money_is_conserved(cards, ante, continued):
    """Every stake is either returned or lost; winnings are never negative; all ints."""
    outcome = settle(ante_cents=ante, continued=continued, player_cards=cards[:5],
                     bank_cards=cards[5:])
    values = (outcome.returned_cents, outcome.lost_cents, outcome.won_cents,
              outcome.ante_cents, outcome.bet_cents)
    assert all(type(v) is int and v >= 0 for v in values)
    assert outcome.returned_cents + outcome.lost_cents == outcome.ante_cents + outcome.bet_cents
    assert outcome.bet_cents == (2 * ante if continued else 0)
    assert (outcome.won_cents > 0) == (outcome.result in ("player_won", "bank_not_qualified"))
    assert outcome.lost_cents == 0 or outcome.returned_cents == 0
    if outcome.result == "player_won":
        assert outcome.won_cents == ante + outcome.multiplier * 2 * ante
