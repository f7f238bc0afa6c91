"""One betting round of hold'em and Omaha (domain/games/community_poker/betting.py): hold'em rules
20–24, 34–45, 48–58 (Omaha the same, rules-digest §7), A27, A29."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from domain.games.community_poker.actions import act, options, timeout_action
from domain.games.community_poker.betting import (
    FLOP, LIMIT, NO_LIMIT, POT_LIMIT, RIVER, BettingRules, next_round, open_round)
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.kernel.rules import A, cite
from domain.games.community_poker.rule_book import HE
from tests.refusals import check_error

NL = BettingRules(NO_LIMIT, small_blind=50, big_blind=100)
PL = BettingRules(POT_LIMIT, small_blind=50, big_blind=100)
FL = BettingRules(LIMIT, small_blind=50, big_blind=100, raise_cap=3)


def table(rules=NL, stacks=(10_000, 10_000, 10_000, 10_000), button="1", **kw):
    """Seats "1".."n" clockwise; seat 1 the button, so seat 2 posts the small blind, seat 3
    the big blind and seat 4 acts first (hold'em rules 48, 51)."""
    return open_round(rules, [(str(i + 1), k) for i, k in enumerate(stacks)], button, **kw)


def refused(fn, cls, *, field, rule):
    with pytest.raises(cls) as info:
        fn()
    return check_error(info.value, field=field, rule=rule)


def play(state, *moves):
    for move in moves:
        state = act(state, *move)
    return state


# --- opening: blinds and the order of play -------------------------------------------------

def test_he_48_the_two_seats_left_of_the_button_post_the_blinds():
    s = table()
    assert [(x.seat, x.put_in) for x in s.seats] == [("2", 50), ("3", 100), ("4", 0), ("1", 0)]
    assert s.current_bet == 100 and s.pot == 0


def test_he_51_round_one_starts_left_of_the_big_blind():
    assert table().acting == "4"
    assert table(stacks=(10_000,) * 3).acting == "1"  # three seats: the button acts first


def test_he_54_later_rounds_start_left_of_the_button():
    s = play(table(), ("4", "call"), ("1", "call"), ("2", "call"), ("3", "check"))
    assert s.over
    flop = next_round(s)
    assert flop.street == FLOP and flop.pot == 400 and flop.acting == "2"
    assert flop.current_bet == 0 and options(flop, "2")["check"]


def test_he_54_a_folded_small_blind_is_skipped_on_the_flop():
    s = play(table(), ("4", "call"), ("1", "call"), ("2", "fold"), ("3", "check"))
    assert next_round(s).acting == "3"


def test_he_7_a_jogada_needs_two_players():
    refused(lambda: table(stacks=(1000,)), RuleViolationError, field="seats", rule=cite(HE, 7))


def test_a29_heads_up_by_default_the_non_button_posts_the_small_blind_and_acts_first():
    s = table(stacks=(10_000, 10_000), button="1")
    assert {x.seat: x.put_in for x in s.seats} == {"2": 50, "1": 100}
    assert s.acting == "2"  # rule 51: left of the big blind (the button)
    flop = next_round(play(s, ("2", "call"), ("1", "check")))
    assert flop.acting == "2"  # rule 54: left of the button


def test_a29_heads_up_convention_the_button_posts_the_small_blind_and_acts_first_preflop():
    rules = BettingRules(NO_LIMIT, 50, 100, heads_up_convention=True)
    s = table(rules, stacks=(10_000, 10_000), button="1")
    assert {x.seat: x.put_in for x in s.seats} == {"1": 50, "2": 100}
    assert s.acting == "1"
    flop = next_round(play(s, ("1", "call"), ("2", "check")))
    assert flop.acting == "2"


def test_a29_the_big_blind_still_acts_after_posting():
    s = play(table(), ("4", "call"), ("1", "call"), ("2", "call"))
    assert s.acting == "3"
    assert options(s, "3")["check"] and options(s, "3")["raise"] == {"min": 200,
                                                                      "max": 10_000}


def test_he_39_52_a_cave_below_the_blind_posts_all_in_and_the_others_still_call_the_blind():
    s = table(stacks=(10_000, 10_000, 60, 10_000))
    assert s.seat_state("3").all_in and s.seat_state("3").put_in == 60
    assert s.current_bet == 100  # rule 52: to stay in, at least the big blind
    assert options(s, "4")["call"] == 100


def test_he_40_no_raise_when_the_others_could_at_most_call_all_in():
    # seat 4 all in for 500, the button folds; the big blind (300 in all) can at most call all
    # in for less, so the small blind may call or fold but not raise
    s = table(stacks=(10_000, 10_000, 300, 500))
    s = play(s, ("4", "all_in"), ("1", "fold"))
    assert options(s, "2")["raise"] is None and options(s, "2")["all_in"] is None
    refused(lambda: act(s, "2", "raise", 2000), RuleViolationError, field="action",
            rule=cite(HE, 40))
    s = play(s, ("2", "call"), ("3", "call"))
    assert s.over and s.seat_state("3").all_in


# --- actions ---------------------------------------------------------------------------------

def test_he_34_check_is_refused_facing_a_bet():
    refused(lambda: act(table(), "4", "check"), RuleViolationError, field="action",
            rule=cite(HE, 34))


def test_he_34_bet_is_refused_when_there_is_a_bet_to_raise():
    refused(lambda: act(table(), "4", "bet", 300), RuleViolationError, field="action",
            rule=cite(HE, 34))


def test_he_51_acting_out_of_turn_is_refused():
    refused(lambda: act(table(), "1", "call"), RuleViolationError, field="seat",
            rule=cite(HE, 51))
    flop = next_round(play(table(), ("4", "call"), ("1", "call"), ("2", "call"),
                           ("3", "check")))
    refused(lambda: act(flop, "3", "check"), RuleViolationError, field="seat",
            rule=cite(HE, 54))


def test_he_35_a_folded_seat_may_not_bet():
    s = play(table(stacks=(10_000,) * 3), ("1", "fold"), ("2", "call"), ("3", "check"))
    flop = next_round(s)
    refused(lambda: act(flop, "1", "bet", 100), RuleViolationError, field="seat",
            rule=cite(HE, 35))


def test_he_36_one_player_left_ends_the_round():
    s = play(table(), ("4", "fold"), ("1", "fold"), ("2", "fold"))
    assert s.over and s.in_hand == ("3",)
    refused(lambda: next_round(s), RuleViolationError, field="street", rule=cite(HE, 36))


def test_he_37_no_limit_allows_the_whole_cave():
    s = table()
    assert options(s, "4")["raise"]["max"] == 10_000
    s = act(s, "4", "raise", 10_000)
    assert s.seat_state("4").all_in and s.seat_state("4").stack == 0
    refused(lambda: act(table(), "4", "raise", 10_001), RuleViolationError, field="amount",
            rule=cite(HE, 37))


def test_he_40_the_round_ends_when_every_live_player_has_matched_the_bet():
    s = play(table(), ("4", "raise", 300), ("1", "call"), ("2", "call"))
    assert not s.over and s.acting == "3"
    s = act(s, "3", "call")
    assert s.over and {x.put_in for x in s.seats} == {300}
    refused(lambda: act(s, "4", "check"), RuleViolationError, field="seat", rule=cite(HE, 40))


def test_he_45_timeout_checks_if_it_can_otherwise_folds():
    s = table()
    assert timeout_action(s, "4") == "fold"
    s = play(s, ("4", "call"), ("1", "call"), ("2", "call"))
    assert timeout_action(s, "3") == "check"


def test_act_never_changes_the_input_state():
    s = table()
    before = repr(s)
    act(s, "4", "raise", 500)
    assert repr(s) == before


@pytest.mark.parametrize("amount", [None, "300", 300.0, True, -5, 0])
def test_a_malformed_amount_is_invalid_input(amount):
    refused(lambda: act(table(), "4", "raise", amount), InvalidInputError, field="amount",
            rule=None)


def test_an_unknown_action_or_seat_is_invalid_input():
    refused(lambda: act(table(), "4", "shove"), InvalidInputError, field="action", rule=None)
    refused(lambda: act(table(), "9", "call"), InvalidInputError, field="seat", rule=None)
    refused(lambda: act(table(), "4", "call", 100), InvalidInputError, field="amount",
            rule=None)


# --- minimum raise, short all-ins, limits (A27) ---------------------------------------------

def test_a27_minimum_raise_is_the_last_full_raise():
    s = act(table(), "4", "raise", 350)  # a raise of 250
    assert options(s, "1")["raise"]["min"] == 600
    refused(lambda: act(s, "1", "raise", 599), RuleViolationError, field="amount",
            rule=cite(A, 27))


def test_a27_a_bet_is_never_less_than_the_table_minimum():
    flop = next_round(play(table(), ("4", "call"), ("1", "call"), ("2", "call"),
                           ("3", "check")))
    assert options(flop, "2")["bet"]["min"] == 100
    refused(lambda: act(flop, "2", "bet", 99), RuleViolationError, field="amount",
            rule=cite(A, 27))


def test_a27_short_all_in_does_not_reopen_the_betting():
    s = table(stacks=(10_000, 10_000, 10_000, 450))
    s = play(s, ("4", "call"), ("1", "raise", 300), ("2", "fold"), ("3", "call"))
    # seat 4 (already acted) goes all in for 450: 150 more, short of the full raise of 200
    s = act(s, "4", "all_in")
    assert s.current_bet == 450 and s.last_raise == 200
    assert options(s, "1")["raise"] is None and options(s, "1")["call"] == 150
    refused(lambda: act(s, "1", "raise", 1000), RuleViolationError, field="action",
            rule=cite(A, 27))
    s = play(s, ("1", "call"), ("3", "call"))
    assert s.over


def test_a27_short_all_in_lets_a_seat_that_has_not_acted_raise():
    s = table(stacks=(10_000, 10_000, 10_000, 150))
    s = act(s, "4", "all_in")  # 150: short of a full raise to 200
    assert options(s, "1")["raise"] == {"min": 250, "max": 10_000}


def test_a27_a_full_raise_reopens_the_betting():
    s = play(table(), ("4", "call"), ("1", "call"), ("2", "call"), ("3", "raise", 300))
    assert options(s, "4")["raise"]["min"] == 500


def test_a27_pot_limit_is_the_call_plus_the_pot_after_the_call():
    s = table(PL)
    # blinds 50 + 100; seat 4 calls 100, the pot is then 250: raise to 100 + 250
    assert options(s, "4")["raise"] == {"min": 200, "max": 350}
    s = act(s, "4", "raise", 350)
    # seat 1: call 350, pot after the call 50 + 100 + 350 + 350 = 850: to 350 + 850
    assert options(s, "1")["raise"]["max"] == 1200
    refused(lambda: act(s, "1", "raise", 1201), RuleViolationError, field="amount",
            rule=cite(HE, 24))
    flop = next_round(play(table(PL), ("4", "call"), ("1", "call"), ("2", "call"),
                           ("3", "check")))
    assert options(flop, "2")["bet"] == {"min": 100, "max": 400}


def test_he_24_limit_bets_and_raises_by_the_fixed_increment():
    s = table(FL)
    assert options(s, "4")["raise"] == {"min": 200, "max": 200}
    refused(lambda: act(s, "4", "raise", 300), RuleViolationError, field="amount",
            rule=cite(HE, 24))
    s = play(s, ("4", "call"), ("1", "call"), ("2", "call"), ("3", "check"))
    checks = (("2", "check"), ("3", "check"), ("4", "check"), ("1", "check"))
    s = next_round(play(next_round(play(next_round(s), *checks)), *checks))
    assert s.street == RIVER and options(s, "2")["bet"] == {"min": 200, "max": 200}


def test_a27_limit_read_literally_is_half_the_pot_after_the_call():
    half = BettingRules(LIMIT, 50, 100, limit_reading="half_pot")
    s = table(half)
    # blinds 150, seat 4 calls 100: the pot after the call is 250, half of it 125
    assert options(s, "4")["raise"] == {"min": 200, "max": 225}
    refused(lambda: act(s, "4", "raise", 226), RuleViolationError, field="amount",
            rule=cite(HE, 24))
    refused(lambda: act(s, "4", "raise", 199), RuleViolationError, field="amount",
            rule=cite(A, 27))
    refused(lambda: BettingRules(LIMIT, 50, 100, limit_reading="quarter"), InvalidInputError,
            field="limit_reading", rule=cite(A, 27))


def test_he_38_a_raise_beyond_the_cap_is_refused():
    s = play(table(FL), ("4", "raise", 200), ("1", "raise", 300), ("2", "raise", 400))
    assert s.raises == 3 and options(s, "3")["raise"] is None
    refused(lambda: act(s, "3", "raise", 500), RuleViolationError, field="action",
            rule=cite(HE, 38))
    assert options(s, "3")["call"] == 300


# --- property: random legal play -------------------------------------------------------------

RULESETS = [NL, PL, FL, BettingRules(NO_LIMIT, 50, 100, raise_cap=2),
            BettingRules(POT_LIMIT, 25, 100, heads_up_convention=True),
            BettingRules(LIMIT, 50, 100, limit_reading="half_pot", raise_cap=4)]


def legal_moves(opts):
    moves = [("fold", None)]
    if opts["check"]:
        moves.append(("check", None))
    if opts["call"] is not None:
        moves.append(("call", None))
    for kind in ("bet", "raise"):
        if opts[kind] is not None:
            moves += [(kind, opts[kind]["min"]), (kind, opts[kind]["max"]),
                      (kind, (opts[kind]["min"] + opts[kind]["max"]) // 2)]
    if opts["all_in"] is not None:
        moves.append(("all_in", None))
    return moves


@settings(max_examples=300, deadline=None)
@given(rules=st.sampled_from(RULESETS),
       stacks=st.lists(st.integers(1, 5_000), min_size=2, max_size=10),
       button=st.integers(0, 9), data=st.data())
def test_random_legal_play_ends_matched_never_negative_and_conserves_chips(rules, stacks,
                                                                           button, data):
    state = table(rules, stacks=stacks, button=str(button % len(stacks) + 1))
    total = state.total_chips()
    while True:
        for _ in range(200):
            if state.over:
                break
            seat = state.acting
            move = data.draw(st.sampled_from(legal_moves(options(state, seat))))
            state = act(state, seat, *move)
            assert all(s.stack >= 0 for s in state.seats)
            assert state.total_chips() == total
        assert state.over
        live = [s for s in state.seats if s.live]
        # rule 40: every live player has matched the bet (a lone live seat may have covered
        # all-ins below the bet it faced only by calling them)
        assert all(s.put_in == state.current_bet for s in live) or len(state.in_hand) == 1
        if len(state.in_hand) < 2 or state.street == RIVER:
            break
        state = next_round(state)
        assert state.total_chips() == total


def test_a29_the_last_to_bet_or_raise_is_recorded_for_the_showdown_order():
    s = table(stacks=(10_000, 10_000, 10_000, 450))
    s = play(s, ("4", "call"), ("1", "raise", 300))
    assert s.last_aggressor == "1"
    s = play(s, ("2", "fold"), ("3", "call"), ("4", "all_in"))  # a short all-in is a raise too
    assert s.last_aggressor == "4"
    flop = next_round(play(s, ("1", "call"), ("3", "call")))
    assert flop.last_aggressor is None and flop.pot == 50 + 3 * 450
