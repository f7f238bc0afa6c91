"""domain/games/community_poker/pots.py: the money of a hold'em or Omaha jogada, rule by rule
(hold'em rules 17-19, 28, 33, 35, 36, 39-42, 62, 63, 72; A24, A26, A31), plus a Hypothesis
property: money is conserved to the cent and only eligible seats are paid."""

from __future__ import annotations

import inspect

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.community_poker import pots as P
from domain.games.community_poker.pots import (Pot, award, is_conserved, layers, rake, return_uncalled,
                                         settle, void)
from domain.kernel.errors import InvalidInputError
from domain.cards.poker_hands import best_of, best_omaha

SEATS = [1, 2, 3, 4]  # clockwise, the button (seat 1) first: seat 2 is left of the button


def test_a24_uncalled_part_of_the_largest_bet_goes_back_to_its_owner():
    after, returned = return_uncalled({1: 100, 2: 400, 3: 250})
    assert after == {1: 100, 2: 250, 3: 250}
    assert returned == {2: 150}


def test_a24_nothing_returned_when_the_largest_bet_was_called():
    assert return_uncalled({1: 300, 2: 300, 3: 50}) == ({1: 300, 2: 300, 3: 50}, {})


def test_he_36_a_bet_nobody_calls_goes_back_and_the_blinds_go_without_showdown():
    # Seat 4 raises to 600, everyone folds: 500 uncalled comes back, it wins the blinds and
    # its own called 100.
    s = settle({2: 50, 3: 100, 4: 600}, {2, 3}, {}, SEATS, percent_bp=500, flop_seen=False)
    assert s.returned == {4: 500}
    assert s.payments == [{4: 250}]
    assert s.totals == {4: 750}
    assert s.rake == [0]


def test_he_41_one_side_pot_per_all_in_level():
    # Seats 2 and 3 all in for 50 and 120; seats 1 and 4 call 300.
    pots = layers({1: 300, 2: 50, 3: 120, 4: 300}, set())
    assert [(p.level, p.amount, p.eligible) for p in pots] == [
        (50, 200, (1, 2, 3, 4)), (120, 210, (1, 3, 4)), (300, 360, (1, 4))]


def test_he_42_equal_all_ins_make_a_single_side_pot():
    pots = layers({1: 300, 2: 120, 3: 120, 4: 300}, set())
    assert [(p.level, p.amount) for p in pots] == [(120, 480), (300, 360)]


def test_he_35_63_folded_chips_stay_in_the_layers_they_reached_and_win_nothing():
    # Seat 4 put in 80 then folded; seat 2 is all in for 50; seats 1 and 3 went on to 200.
    pots = layers({1: 200, 2: 50, 3: 200, 4: 80}, {4})
    assert [(p.level, p.amount, p.eligible) for p in pots] == [
        (50, 200, (1, 2, 3)), (200, 330, (1, 3))]
    assert all(4 not in p.eligible for p in pots)
    assert 4 in pots[1].contributors


def test_he_34_35_dead_money_above_the_last_live_level_joins_the_last_pot():
    # Seat 1 all in for 80; seats 2 and 3 bet to 200 on the flop, then both fold on the turn
    # when they could have checked: their chips above 80 belong to nobody's level.
    pots = layers({1: 80, 2: 200, 3: 200}, {2, 3})
    assert [(p.level, p.amount, p.eligible) for p in pots] == [(80, 480, (1,))]
    assert settle({1: 80, 2: 200, 3: 200}, {2, 3}, {}, SEATS).totals == {1: 480}


def test_he_63a_best_hand_not_all_in_takes_main_and_side_pots():
    s = settle({1: 300, 2: 50, 3: 300}, set(), {1: 9, 2: 5, 3: 1}, SEATS)
    assert s.totals == {1: 650}


def test_he_63b_all_in_best_hand_takes_only_the_layers_it_reached():
    s = settle({1: 300, 2: 50, 3: 300}, set(), {1: 1, 2: 9, 3: 5}, SEATS)
    assert s.payments == [{2: 150}, {3: 500}]


def test_he_63c_several_all_ins_go_by_hand_strength_in_order_of_the_amounts():
    s = settle({1: 300, 2: 50, 3: 120, 4: 300}, set(), {1: 1, 2: 9, 3: 7, 4: 3}, SEATS)
    assert s.payments == [{2: 200}, {3: 210}, {4: 360}]


def test_he_33_a_tie_splits_the_pot_equally():
    s = settle({1: 100, 2: 100, 3: 100, 4: 100}, set(), {1: 5, 2: 9, 3: 9, 4: 1}, SEATS)
    assert s.payments == [{2: 200, 3: 200}]


def test_a31_leftover_cents_clockwise_from_the_button():
    # 301 cents split three ways: 100 each, one leftover cent to the first winner left of the
    # button: seat 2 is left of the button (seat 1), so seat 2 before seat 4 before seat 1.
    pot = [Pot(amount=302, level=0, eligible=(1, 2, 4), contributors=(1, 2, 4))]
    payments, totals = award(pot, {1: 7, 2: 7, 4: 7}, SEATS)
    assert payments == [{2: 101, 4: 101, 1: 100}]
    # The button seat is last in line for an odd cent.
    payments, _ = award([Pot(301, 0, (1, 4), (1, 4))], {1: 7, 4: 7}, SEATS)
    assert payments == [{4: 151, 1: 150}]
    # Starting left of the button, wrapping round: button at seat 3 -> seat 4, then seat 1.
    payments, _ = award([Pot(302, 0, (1, 2, 4), (1, 2, 4))], {1: 7, 2: 7, 4: 7}, [3, 4, 1, 2])
    assert payments == [{4: 101, 1: 101, 2: 100}]


def test_he_62_the_operator_keeps_no_leftover_cent():
    s = settle({1: 101, 2: 101, 3: 101}, set(), {1: 1, 2: 1, 3: 1}, SEATS)
    assert sum(s.totals.values()) == 303


def test_he_17a_commission_per_pot_layer_rounded_down():
    pots = layers({1: 300, 2: 50, 3: 120, 4: 300}, set())  # 200, 210, 360
    after, taken = rake(pots, 500, None, True)
    assert taken == [10, 10, 18]  # 5 % of 210 is 10.5 -> 10
    assert [p.amount for p in after] == [190, 200, 342]
    _, taken = rake(pots, 333, None, True)
    assert taken == [6, 6, 11]  # 3.33 %: 6.66 -> 6, 6.99 -> 6, 11.98 -> 11


def test_he_17a_commission_outside_one_to_five_percent_is_refused():
    pots = layers({1: 100, 2: 100}, set())
    for bp in (99, 501, -1, 1.5):
        with pytest.raises(InvalidInputError) as error:
            rake(pots, bp, None, True)
        assert error.value.rule == "hold'em rule 17a"
    assert rake(pots, 0, None, True)[1] == [0]  # 0: no pot commission (mode b, rule 17b)


def test_he_17_no_commission_before_the_flop():
    s = settle({1: 100, 2: 100, 3: 100}, set(), {1: 3, 2: 2, 3: 1}, SEATS, percent_bp=500,
               flop_seen=False)
    assert s.rake == [0]
    assert s.totals == {1: 300}


def test_he_18_a24_walk_takes_no_commission():
    # Everyone folds to the big blind: the uncalled half of the big blind comes back, the rest
    # is won without a showdown; no flop, no drop.
    s = settle({2: 50, 3: 100}, {2}, {}, SEATS, percent_bp=500, flop_seen=False)
    assert s.returned == {3: 50} and s.payments == [{3: 100}] and s.rake_total == 0


def test_a24_commission_after_uncalled_bets_are_returned():
    s = settle({1: 1000, 2: 200}, set(), {1: 2, 2: 1}, SEATS, percent_bp=500)
    assert s.returned == {1: 800}
    assert s.rake == [20]  # 5 % of 400, not of 1200


def test_he_19_a24_rake_cap_across_the_jogada_main_pot_first():
    pots = layers({1: 300, 2: 50, 3: 120, 4: 300}, set())  # 200, 210, 360 -> 10, 10, 18
    _, taken = rake(pots, 500, 25, True)
    assert taken == [10, 10, 5]
    _, taken = rake(pots, 500, 7, True)
    assert taken == [7, 0, 0]
    _, taken = rake(pots, 500, 0, True)
    assert taken == [0, 0, 0]


def test_he_28_no_chop_and_no_waiving_in_the_api():
    for function in (award, settle):
        names = set(inspect.signature(function).parameters)
        assert not names & {"chop", "waive", "waived", "agreement", "split_by_agreement"}
    assert not [name for name in dir(P) if "chop" in name or "waive" in name]


def test_he_72_a26_system_fault_returns_every_contribution_without_commission():
    s = void({1: 300, 2: 50, 3: 100})
    assert s.returned == {1: 300, 2: 50, 3: 100} and s.rake == [] and s.payments == []
    assert is_conserved(s)


def test_he_59_a_missing_hand_at_showdown_is_refused():
    with pytest.raises(InvalidInputError):
        settle({1: 100, 2: 100}, set(), {1: 3}, SEATS)


def test_he_36_every_seat_folded_is_refused():
    with pytest.raises(InvalidInputError):
        layers({1: 100, 2: 100}, {1, 2})


def test_a31_settle_invariant_with_rake_and_odd_cents():
    s = settle({1: 333, 2: 333, 3: 101, 4: 17}, {4}, {1: 5, 2: 5, 3: 5}, SEATS,
               percent_bp=250, cap_cents=9)
    assert s.is_conserved()


@st.composite
def jogadas(draw):
    n = draw(st.integers(2, 10))
    seats = list(range(1, n + 1))
    contributions = {}
    for seat in seats:
        # Small amounts collide (equal all-ins, ties); odd cents everywhere.
        contributions[seat] = draw(st.one_of(st.integers(0, 12), st.integers(0, 100_000)))
    folded = set(draw(st.lists(st.sampled_from(seats), unique=True, max_size=n - 1)))
    hands = {seat: draw(st.integers(0, 3)) for seat in seats}  # few values: many ties
    button = draw(st.integers(0, n - 1))
    order = seats[button:] + seats[:button]
    percent_bp = draw(st.sampled_from([0, 100, 250, 333, 500]))
    cap = draw(st.one_of(st.none(), st.integers(0, 500)))
    return contributions, folded, hands, order, percent_bp, cap, draw(st.booleans())


@settings(max_examples=400, deadline=None)
@given(jogadas())
def test_he_39_42_63_a31_money_is_conserved_and_only_eligible_seats_are_paid(jogada):
    contributions, folded, hands, order, percent_bp, cap, flop_seen = jogada
    s = settle(contributions, folded, hands, order, percent_bp=percent_bp, cap_cents=cap,
               flop_seen=flop_seen)
    assert s.is_conserved()
    assert all(isinstance(v, int) and v >= 0 for v in s.totals.values())
    assert sum(s.rake) <= (cap if cap is not None else sum(s.rake))
    if not flop_seen:
        assert sum(s.rake) == 0
    for pot, cut, layer in zip(s.pots, s.rake, s.payments):
        assert cut <= pot.amount * percent_bp // 10_000
        assert set(layer) <= set(pot.eligible)
        assert not set(layer) & folded
        assert sum(layer.values()) == pot.amount - cut
        if layer:  # every winner of a layer has the best hand among its eligible seats
            best = max(hands[seat] for seat in pot.eligible)
            assert len(pot.eligible) == 1 or all(hands[seat] == best for seat in layer)
            amounts = sorted(layer.values())
            assert amounts[-1] - amounts[0] <= 1  # equal shares to the cent (rule 33, A31)
    assert sum(s.returned.values()) <= max(contributions.values())


def test_he_63_om_26_the_same_settlement_ranks_hold_em_and_omaha_hands():
    # One engine, two rule sets: only the hand values differ. Board with four hearts; seat 1
    # holds one heart (a flush in hold'em, not in Omaha: exactly two hole cards), seat 2 a set.
    board = ["2h", "7h", "9h", "Kh", "7c"]
    holes = {1: ["Ah", "3c", "4d", "5s"], 2: ["7d", "Qs", "Jc", "8s"]}
    holdem = {1: best_of(holes[1][:2] + board).key, 2: best_of(holes[2][:2] + board).key}
    omaha = {seat: best_omaha(cards, board).key for seat, cards in holes.items()}
    contributions = {1: 500, 2: 500}
    assert settle(contributions, set(), holdem, SEATS).totals == {1: 1000}
    assert settle(contributions, set(), omaha, SEATS).totals == {2: 1000}
