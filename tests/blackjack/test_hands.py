"""Blackjack's pure arithmetic, domain/games/blackjack/hands.py, rule by rule (Reg. 805/2015;
rules-digest-2 §1 and A46–A55), with the digest's worked examples as outcomes. No database."""

from __future__ import annotations

import pytest

from domain.games.blackjack import hands as bj
from domain.games.blackjack.hands import (
    DOUBLE,
    EVEN_MONEY,
    HIT,
    INSURANCE,
    NO_EVEN_MONEY,
    NO_INSURANCE,
    SPLIT,
    STAND,
    SURRENDER,
    HandState,
    Rules,
)

RICH = 10**9
DEFAULT = Rules()


def hand(*cards, stake=1000, **kw) -> HandState:
    return HandState(cards=tuple(cards), stake_cents=stake, **kw)


def options(h: HandState, up="9c", *, at_seat=1, rules=DEFAULT, decided=False, cents=RICH):
    return bj.play_options(h, up_card=up, hands_at_seat=at_seat, rules=rules,
                           seat_decided=decided, available_cents=cents)


def decisions(h: HandState, up="9c", **kw) -> list[str]:
    return [o.decision for o in options(h, up, **kw)]


def banca_final(cards: list[str], shoe: list[str]) -> list[str]:
    return cards + bj.banca_play(cards, shoe)


def consistent(o: bj.Outcome) -> bj.Outcome:
    assert o.returned_cents + o.lost_cents == o.stake_cents
    assert min(o.returned_cents, o.lost_cents, o.won_cents, o.prize_cents) >= 0
    return o


# r8: card values, totals ------------------------------------------------------------------------
def test_bj_8b_8c_faces_count_ten_and_number_cards_their_face():
    assert [bj.value(c) for c in ("Kd", "Qh", "Js", "Tc")] == [10, 10, 10, 10]
    assert [bj.value(c) for c in ("2c", "5d", "9s")] == [2, 5, 9]


def test_bj_8a_an_ace_counts_1_or_11():
    assert bj.value("As") == 1
    assert bj.total(["As", "5d"]) == bj.Total(hard=6, best=16, soft=True)
    assert bj.total(["As", "5d", "Kc"]) == bj.Total(hard=16, best=16, soft=False)
    assert bj.total(["As", "Ad"]).best == 12 and bj.total(["As", "Ad"]).soft
    assert bj.total(["As", "Ad", "9c"]).best == 21
    assert bj.total(["Kc", "Qd", "2s"]).bust and not bj.total(["Kc", "Qd", "As"]).bust
    assert bj.total(["As", "6d"]).words() == "soft 17" and bj.total(["Tc", "7d"]).words() == "17"


def test_bj_8a_i_banca_stands_on_soft_17():
    assert bj.banca_total(["As", "6d"]).best == 17
    assert not bj.banca_draws(["As", "6d"])
    assert bj.banca_play(["As", "6d"], ["5c", "5d"]) == []


def test_bj_8a_i_banca_ace_counts_1_when_11_would_pass_21():
    assert bj.banca_total(["As", "6d", "9c"]) == bj.Total(hard=16, best=16, soft=False)
    assert bj.banca_draws(["As", "6d", "9c"])
    assert bj.banca_total(["As", "5d", "Ac"]).best == 17  # soft 17 again: stands
    assert not bj.banca_draws(["As", "5d", "Ac"])


# r17: the banca's play --------------------------------------------------------------------------
def test_bj_17_banca_stands_on_ace_six_draws_on_ace_five_and_ten_six():
    assert not bj.banca_draws(["Ah", "6c"])
    assert bj.banca_draws(["Ah", "5c"])
    assert bj.banca_draws(["Th", "6c"])


def test_bj_17b_banca_draws_until_17_or_more_in_shoe_order():
    assert bj.banca_play(["Th", "6c"], ["Ad", "9s"]) == ["Ad"]  # 17
    assert bj.banca_play(["2h", "3c"], ["4d", "As", "Kc"]) == ["4d", "As"]  # soft 20
    assert bj.banca_play(["2h", "3c"], ["4d", "2s", "As", "Kc"]) == ["4d", "2s", "As", "Kc"]
    assert bj.banca_play(["Th", "6c"], ["9d", "5s"]) == ["9d"]  # bust at 25
    assert bj.banca_play(["Th", "7c"], ["4d"]) == []  # r17a: 17 draws nothing


# r14: the deal -----------------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(1, 8))
def test_bj_14_deal_order_with_n_hands(n):
    """Indices 0…n−1 the players' first cards, n the up card, n+1…2n the second cards, 2n+1 the
    hole card."""
    shoe = [f"card{i}" for i in range(2 * n + 5)]
    d = bj.deal(shoe, n)
    assert d.hands == tuple((shoe[i], shoe[n + 1 + i]) for i in range(n))
    assert d.up_card == shoe[n]
    assert d.hole_card == shoe[2 * n + 1]
    assert d.used == 2 * n + 2


def test_bj_14_deal_of_three_hands_by_index():
    shoe = ["2c", "3c", "4c", "Ah", "5c", "6c", "7c", "Kh", "9c"]
    d = bj.deal(shoe, 3)
    assert d.hands == (("2c", "5c"), ("3c", "6c"), ("4c", "7c"))
    assert (d.up_card, d.hole_card, d.used) == ("Ah", "Kh", 8)


# r15: the decisions ------------------------------------------------------------------------------
def test_bj_15a_hit_is_the_only_way_on_at_most_11():
    assert decisions(hand("5c", "6d"), "Ah") == [HIT, DOUBLE]
    assert decisions(hand("2c", "3d"), "Ah") == [HIT]
    assert STAND not in decisions(hand("2c", "3d", "6h"))


def test_bj_15c_stand_refused_on_hard_11_offered_on_12():
    assert STAND not in decisions(hand("2c", "3d", "6h"))
    assert decisions(hand("Tc", "2d")) == [HIT, STAND, SURRENDER]


def test_bj_15b_double_on_9_10_11_only():
    for cards in (("4c", "5d"), ("4c", "6d"), ("5c", "6d")):
        assert DOUBLE in decisions(hand(*cards))
    for cards in (("3c", "5d"), ("Tc", "2d"), ("Tc", "9d"), ("As", "6d")):
        assert DOUBLE not in decisions(hand(*cards))


def test_bj_15b_double_only_on_the_first_two_cards_and_costs_the_stake():
    assert DOUBLE not in decisions(hand("2c", "3d", "5h"))  # a three-card 10
    (double,) = [o for o in options(hand("5c", "6d", stake=700)) if o.decision == DOUBLE]
    assert (double.cost_cents, double.available) == (700, True)


def test_bj_15b_a_doubled_hand_takes_one_card_and_nothing_more():
    assert options(hand("5c", "4d", "2h", doubled=True, acted=True, stake=2000)) == []


def test_bj_15d_no_card_once_the_total_is_21_or_more():
    assert options(hand("7c", "4d", "Th")) == []
    assert options(hand("As", "5d", "5h")) == []  # soft 21
    assert options(hand("As", "Kd")) == []  # a blackjack decides nothing (r15)
    assert bj.default_play(hand("7c", "4d", "Th")) == STAND


def test_bj_15e_surrender_offered_against_a_ten_not_against_an_ace():
    assert SURRENDER in decisions(hand("Tc", "6d"), "Kh")
    assert SURRENDER not in decisions(hand("Tc", "6d"), "Ah")


def test_bj_15e_surrender_returns_half_the_bet():
    o = consistent(bj.settle_surrender(hand("Tc", "6d", stake=1000)))
    assert (o.result, o.returned_cents, o.lost_cents, o.paid_out_cents) == (
        bj.SURRENDERED, 500, 500, 500)


def test_bj_15f_insurance_offered_against_an_ace_up_to_half_the_initial_bet():
    opts = bj.offer_options(hand("Tc", "6d", stake=1000), up_card="As", rules=DEFAULT,
                            available_cents=RICH)
    assert [(o.decision, o.cost_cents, o.available) for o in opts] == [
        (INSURANCE, 500, True), (NO_INSURANCE, 0, True)]
    assert bj.offer_options(hand("Tc", "6d"), up_card="Ks", rules=DEFAULT,
                            available_cents=RICH) == []


# r16: the operator's options ---------------------------------------------------------------------
def test_bj_16a_double_any_total():
    any_total = Rules(double_any_total=True)
    for cards in (("3c", "5d"), ("Tc", "2d"), ("As", "7d"), ("Tc", "9d")):
        assert DOUBLE in decisions(hand(*cards), rules=any_total)
    assert DOUBLE not in decisions(hand("2c", "3d", "5h"), rules=any_total)


def test_bj_16b_true_pairs_only_refuses_king_ten():
    assert SPLIT in decisions(hand("Kc", "Td"))
    assert SPLIT not in decisions(hand("Kc", "Td"), rules=Rules(true_pairs_only=True))
    assert SPLIT in decisions(hand("Kc", "Kd"), rules=Rules(true_pairs_only=True))


def test_bj_16c_splits_stop_at_max_hands():
    split_hand = hand("8c", "8d", from_split=True, original=False)
    assert SPLIT in decisions(split_hand, at_seat=3)
    assert SPLIT not in decisions(split_hand, at_seat=4)
    assert SPLIT not in decisions(hand("8c", "8d"), rules=Rules(max_hands=1))
    assert SPLIT in decisions(split_hand, at_seat=7, rules=Rules(max_hands=8))


def test_bj_16d_no_insurance_when_the_operator_leaves_it_out():
    no_insurance = Rules(insurance=False)
    assert bj.offer_options(hand("Tc", "6d"), up_card="As", rules=no_insurance,
                            available_cents=RICH) == []
    # even money (r20b) is not insurance: still offered to a blackjack
    assert [o.decision for o in bj.offer_options(hand("As", "Kd"), up_card="Ah",
                                                 rules=no_insurance, available_cents=RICH)] \
        == [EVEN_MONEY, NO_EVEN_MONEY]


def test_bj_16e_no_special_prize_when_the_operator_leaves_it_out():
    h = hand("6h", "7h", "8h")
    assert bj.special_prize(h, Rules(special_prize=False)) == 0
    assert bj.settle_against(h, ["Kc", "Qd"], Rules(special_prize=False)).prize_cents == 0


# r18, r19: blackjack -----------------------------------------------------------------------------
def test_bj_18_blackjack_beats_any_21():
    o = consistent(bj.settle_against(hand("As", "Kd"), ["7c", "7d", "7s"], DEFAULT))
    assert (o.result, o.won_cents) == (bj.BLACKJACK, 1500)
    o = consistent(bj.settle_against(hand("5c", "6d", "Th"), ["Ac", "Qd"], DEFAULT))
    assert (o.result, o.lost_cents) == (bj.LOST, 1000)


def test_bj_19_no_blackjack_with_extra_cards_or_after_a_split():
    assert bj.is_blackjack(["As", "Kd"]) and bj.is_blackjack(["Td", "Ac"])
    assert not bj.is_blackjack(["As", "Kd"], from_split=True)
    assert not bj.is_blackjack(["As", "5d", "5c"])
    split_21 = hand("As", "Kd", from_split=True, split_aces=True, original=False)
    o = consistent(bj.settle_against(split_21, ["Kc", "Qd"], DEFAULT))
    assert (o.result, o.won_cents) == (bj.WON, 1000)  # 1:1, not 3:2
    o = consistent(bj.settle_against(split_21, ["Ac", "Qd"], DEFAULT))
    assert (o.result, o.lost_cents) == (bj.LOST, 1000)  # loses to the banca's blackjack


# r20: exceptions ---------------------------------------------------------------------------------
def test_bj_20a_natural_against_2_to_9_paid_3_to_2_at_once():
    o = consistent(bj.settle_natural_at_once(hand("As", "Kd", stake=1000)))
    assert (o.result, o.returned_cents, o.won_cents, o.paid_out_cents) == (
        bj.BLACKJACK, 1000, 1500, 2500)


def test_bj_20b_even_money_offered_to_a_blackjack_against_an_ace():
    opts = bj.offer_options(hand("As", "Kd"), up_card="Ah", rules=DEFAULT, available_cents=0)
    assert [(o.decision, o.cost_cents, o.available) for o in opts] == [
        (EVEN_MONEY, 0, True), (NO_EVEN_MONEY, 0, True)]
    o = consistent(bj.settle_even_money(hand("As", "Kd", stake=1000)))
    assert (o.result, o.won_cents, o.paid_out_cents) == (bj.EVEN_MONEY_PAID, 1000, 2000)


def test_bj_20b_no_offer_to_a_blackjack_against_a_ten():
    assert bj.offer_options(hand("As", "Kd"), up_card="Kh", rules=DEFAULT,
                            available_cents=RICH) == []


# r21–r23: splits ---------------------------------------------------------------------------------
def test_bj_21_split_two_cards_of_the_same_value_for_a_second_equal_bet():
    (split,) = [o for o in options(hand("Kc", "Td", stake=600)) if o.decision == SPLIT]
    assert (split.cost_cents, split.available) == (600, True)
    assert SPLIT in decisions(hand("8c", "8d"))
    assert SPLIT not in decisions(hand("8c", "9d"))
    assert SPLIT not in decisions(hand("8c", "8d", "2h"))  # the first two cards only


def test_bj_21_split_ace_takes_one_card_no_hit_no_double():
    assert options(hand("As", "9d", from_split=True, split_aces=True, original=False),
                   at_seat=2) == []
    assert options(hand("As", "5d", from_split=True, split_aces=True, original=False),
                   at_seat=2) == []


def test_bj_22_resplit_a_further_card_of_the_same_value():
    assert SPLIT in decisions(hand("8c", "8d", from_split=True, original=False), at_seat=2)


def test_bj_23_double_after_split_on_9_to_11():
    assert DOUBLE in decisions(hand("8c", "3d", from_split=True, original=False), at_seat=2)
    assert DOUBLE not in decisions(hand("8c", "4d", from_split=True, original=False), at_seat=2)


# r24: every option shown, with its cost ----------------------------------------------------------
def test_bj_24_options_listed_with_their_costs():
    opts = options(hand("5c", "5d", stake=400), "7h")
    assert [(o.decision, o.cost_cents, o.available) for o in opts] == [
        (HIT, 0, True), (DOUBLE, 400, True), (SPLIT, 400, True), (SURRENDER, 0, True)]
    assert all(o.rule for o in opts)
    assert options(hand("5c", "5d"))[0].rule == "blackjack rules 15a, 15d"


def test_bj_24_unaffordable_options_listed_unavailable_with_the_reason():
    opts = {o.decision: o for o in options(hand("5c", "5d", stake=400), "7h", cents=399)}
    assert set(opts) == {HIT, DOUBLE, SPLIT, SURRENDER}
    for name in (DOUBLE, SPLIT):
        assert not opts[name].available
        assert "399 cents" in opts[name].reason and "400 cents" in opts[name].reason
        assert "903-B 5.2.2(3)" in opts[name].reason
    assert opts[HIT].available and opts[SURRENDER].available


def test_bj_24_insurance_with_an_empty_balance_listed_unavailable():
    insure, no = bj.offer_options(hand("Tc", "6d"), up_card="As", rules=DEFAULT,
                                  available_cents=0)
    assert (insure.decision, insure.available, no.available) == (INSURANCE, False, True)
    assert "903-B 5.2.2(3)" in insure.reason


# r25: settlement ---------------------------------------------------------------------------------
def test_bj_25a_natural_against_20_returns_25_euros():
    o = consistent(bj.settle_against(hand("As", "Kd", stake=1000), ["Kc", "Qd"], DEFAULT))
    assert (o.result, o.won_cents, o.paid_out_cents) == (bj.BLACKJACK, 1500, 2500)


def test_bj_25a_both_blackjack_push():
    o = consistent(bj.settle_against(hand("As", "Kd"), ["Ac", "Qd"], DEFAULT))
    assert (o.result, o.returned_cents, o.won_cents) == (bj.PUSH, 1000, 0)


def test_bj_25b_over_21_loses_at_once_even_if_the_banca_busts():
    h = hand("Tc", "6d", "8h")
    o = consistent(bj.settle_bust(h, DEFAULT))
    assert (o.result, o.lost_cents, o.paid_out_cents) == (bj.BUST, 1000, 0)
    assert bj.settle_against(h, ["Tc", "6c", "9d"], DEFAULT).result == bj.BUST


def test_bj_25c_closer_to_21_wins_1_to_1():
    o = consistent(bj.settle_against(hand("Tc", "9d"), ["Tc", "8d"], DEFAULT))
    assert (o.result, o.won_cents, o.paid_out_cents) == (bj.WON, 1000, 2000)


def test_bj_25d_banca_over_21_pays_a_hand_still_in():
    banca = banca_final(["Tc", "6c"], ["9d"])
    o = consistent(bj.settle_against(hand("Tc", "2d"), banca, DEFAULT))
    assert (o.result, o.won_cents) == (bj.WON, 1000)


def test_bj_25e_banca_closer_to_21_takes_the_bet():
    o = consistent(bj.settle_against(hand("Tc", "7d"), ["Tc", "8d"], DEFAULT))
    assert (o.result, o.lost_cents, o.paid_out_cents) == (bj.LOST, 1000, 0)


def test_bj_25f_insurance_against_a_banca_blackjack_returns_15_euros_main_bet_lost():
    ins = consistent(bj.settle_insurance(500, ["Ac", "Kd"]))
    assert (ins.result, ins.won_cents, ins.paid_out_cents) == (bj.WON, 1000, 1500)
    main = consistent(bj.settle_against(hand("Tc", "9d", stake=1000), ["Ac", "Kd"], DEFAULT))
    assert (main.result, main.lost_cents, main.paid_out_cents) == (bj.LOST, 1000, 0)


def test_bj_25g_insurance_lost_without_a_banca_blackjack():
    o = consistent(bj.settle_insurance(500, ["Ac", "9d"]))
    assert (o.result, o.lost_cents, o.paid_out_cents) == (bj.LOST, 500, 0)


def test_bj_25h_equal_totals_push():
    o = consistent(bj.settle_against(hand("Tc", "8d"), ["9c", "9d"], DEFAULT))
    assert (o.result, o.returned_cents, o.lost_cents, o.won_cents) == (bj.PUSH, 1000, 0, 0)
    o = consistent(bj.settle_against(hand("7c", "Ad"), ["As", "6d", "Ah"], DEFAULT))  # soft 18s
    assert o.result == bj.PUSH


def test_bj_25i_suited_6_7_8_against_20_returns_20_plus_30_euros():
    o = consistent(bj.settle_against(hand("6h", "7h", "8h", stake=1000), ["Kc", "Qd"], DEFAULT))
    assert (o.result, o.returned_cents + o.won_cents, o.prize_cents) == (bj.WON, 2000, 3000)
    assert o.paid_out_cents == 5000


def test_bj_25i_three_sevens_against_a_banca_blackjack_lose_10_and_earn_30_euros():
    o = consistent(bj.settle_against(hand("7c", "7d", "7s", stake=1000), ["Ac", "Kd"], DEFAULT))
    assert (o.result, o.lost_cents, o.prize_cents, o.paid_out_cents) == (
        bj.LOST, 1000, 3000, 3000)


def test_bj_25i_no_prize_for_unsuited_6_7_8_or_later_cards():
    assert bj.special_prize(hand("6h", "7h", "8c"), DEFAULT) == 0
    assert bj.special_prize(hand("8h", "6h", "7h"), DEFAULT) == 3000  # any order
    assert bj.special_prize(hand("2c", "5d", "7h", "7s"), DEFAULT) == 0
    assert bj.special_prize(hand("7c", "7d"), DEFAULT) == 0


# A46–A55 -----------------------------------------------------------------------------------------
def test_bj_a46_ace_doubled_as_one_stays_one():
    """A+8 doubled on 9 plus a 2 is 11, not 21 (r8a-ii)."""
    assert bj.ace_fixed_by_double(["As", "8d"], DEFAULT)
    assert bj.ace_fixed_by_double(["As", "9d"], DEFAULT)
    assert DOUBLE in decisions(hand("As", "8d"))
    doubled = hand("As", "8d", "2c", stake=2000, doubled=True, ace_fixed=True, acted=True)
    assert doubled.total == bj.Total(hard=11, best=11, soft=False)
    o = consistent(bj.settle_against(doubled, ["Tc", "8d"], DEFAULT))
    assert (o.result, o.lost_cents) == (bj.LOST, 2000)


def test_bj_a46_an_ace_drawn_on_the_double_is_not_fixed():
    doubled = hand("As", "8d", "Ac", stake=2000, doubled=True, ace_fixed=True, acted=True)
    assert doubled.total.best == 20
    assert bj.total(["8s", "Ad", "Ac"], ace_fixed=True).best == 20  # a split 8 drew the ace


def test_bj_a46_double_any_total_leaves_the_ace_free():
    assert not bj.ace_fixed_by_double(["As", "8d"], Rules(double_any_total=True))
    assert not bj.ace_fixed_by_double(["5s", "6d"], DEFAULT)  # no ace to fix


def test_bj_a46_best_total_ace_five_may_stand():
    assert STAND in decisions(hand("As", "5d"))
    assert bj.default_play(hand("As", "5d")) == STAND


def test_bj_a47_banca_blackjack_takes_doubled_and_split_stakes():
    banca = ["Ac", "Kd"]
    doubled = hand("5c", "6d", "Th", stake=2000, doubled=True, acted=True)
    o = consistent(bj.settle_against(doubled, banca, DEFAULT))
    assert (o.result, o.lost_cents, o.paid_out_cents) == (bj.LOST, 2000, 0)
    for cards in (("8c", "Td"), ("8d", "3h", "Ts")):
        o = consistent(bj.settle_against(hand(*cards, from_split=True), banca, DEFAULT))
        assert (o.result, o.lost_cents) == (bj.LOST, 1000)
    assert "A47" in o.rule


def test_bj_a48_surrender_only_as_the_first_decision_on_the_original_two_cards():
    assert SURRENDER in decisions(hand("Tc", "6d"), "Th")
    assert SURRENDER not in decisions(hand("Tc", "6d"), "Th", decided=True)
    assert SURRENDER not in decisions(hand("Tc", "2d", "3h", acted=True), "Th")
    assert SURRENDER not in decisions(hand("Tc", "6d", from_split=True, original=False), "Th",
                                      at_seat=2)


def test_bj_a49_option_the_balance_cannot_cover_is_shown_unavailable():
    opts = {o.decision: o for o in options(hand("8c", "8d", stake=1000), "6h", cents=999)}
    assert not opts[SPLIT].available and opts[SPLIT].cost_cents == 1000
    assert opts[SPLIT].reason


def test_bj_a50_split_ace_dealt_an_ace_may_split_again_up_to_max_hands():
    aces = hand("As", "Ad", from_split=True, split_aces=True, original=False)
    assert [(o.decision, o.cost_cents) for o in options(aces, at_seat=2)] == [
        (STAND, 0), (SPLIT, 1000)]
    assert options(aces, at_seat=4) == []  # the cap reached: it stands with soft 12
    assert options(aces, at_seat=2, rules=Rules(true_pairs_only=True))[1].decision == SPLIT


def test_bj_a50_largest_win_per_unit_bet():
    assert bj.largest_win_multiple(DEFAULT) == 8.0  # 4 hands, each doubled and won
    assert bj.largest_win_multiple(Rules(max_hands=1)) == 4.0  # 1:1 plus the 3× prize
    assert bj.largest_win_multiple(Rules(max_hands=1, double_any_total=True)) == 8.0
    assert bj.largest_win_multiple(Rules(max_hands=1, special_prize=False)) == 2.0


def test_bj_a51_insurance_for_non_blackjack_hands_even_money_for_a_blackjack():
    assert [o.decision for o in bj.offer_options(hand("As", "Kd"), up_card="As", rules=DEFAULT,
                                                 available_cents=RICH)] == [
        EVEN_MONEY, NO_EVEN_MONEY]
    assert [o.decision for o in bj.offer_options(hand("9s", "Kd"), up_card="As", rules=DEFAULT,
                                                 available_cents=RICH)] == [
        INSURANCE, NO_INSURANCE]


def test_bj_a52_prize_counts_first_three_cards_of_an_unsplit_hand_times_its_stake():
    assert bj.special_prize(hand("7c", "7d", "7s", from_split=True), DEFAULT) == 0
    doubled = hand("6h", "7h", "8h", stake=2000, doubled=True, acted=True)  # r16a: doubled first
    assert bj.special_prize(doubled, DEFAULT) == 6000
    o = consistent(bj.settle_against(hand("7c", "7d", "7s"), ["Tc", "6d", "5h"], DEFAULT))
    assert (o.result, o.prize_cents) == (bj.PUSH, 3000)  # whatever the comparison


def test_bj_a53_a_5_cent_natural_wins_8_cents():
    o = consistent(bj.settle_natural_at_once(hand("As", "Kd", stake=5)))
    assert (o.won_cents, o.paid_out_cents) == (8, 13)
    assert consistent(bj.settle_against(hand("As", "Kd", stake=5), ["Tc", "9d"],
                                        DEFAULT)).won_cents == 8


def test_bj_a53_a_5_cent_surrender_returns_3_cents():
    o = consistent(bj.settle_surrender(hand("Tc", "6d", stake=5)))
    assert (o.returned_cents, o.lost_cents) == (3, 2)


def test_bj_a53_insurance_cap_rounds_down():
    assert bj.insurance_cap(5) == 2 and bj.insurance_cap(1000) == 500
    assert bj.offer_options(hand("Tc", "6d", stake=1), up_card="As", rules=DEFAULT,
                            available_cents=RICH) == []  # a cap of 0 cents: no insurance


@pytest.mark.parametrize("cards, expected", [
    (("2c", "3d"), HIT), (("5c", "6d"), HIT), (("2c", "3d", "6h"), HIT),
    (("Tc", "2d"), STAND), (("As", "Ad"), STAND), (("Tc", "6d"), STAND), (("As", "5d"), STAND),
    (("8c", "8d"), STAND),
])
def test_bj_a55_default_play_hits_to_11_then_stands(cards, expected):
    """Never a double, a split, a surrender (A55)."""
    assert bj.default_play(hand(*cards)) == expected
