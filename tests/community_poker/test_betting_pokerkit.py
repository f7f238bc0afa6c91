"""A27: the minimum raise and the pot limit of domain/games/community_poker/betting.py checked against
pokerkit on random legal play (skipped when pokerkit is not installed).

Where the two knowingly differ, the hand stops being compared: a big blind posted short (hold'em
rule 52 here: the others still call the whole big blind; pokerkit: the amount posted) and any
short all-in (A27 here: it does not reopen the betting; pokerkit reopens it). Limit tables are
not compared: pokerkit counts the opening bet towards its cap, rule 38 here counts raises."""

from __future__ import annotations

import random

import pytest

from domain.games.community_poker.actions import act, options
from domain.games.community_poker.betting import (
    NO_LIMIT, POT_LIMIT, RIVER, BettingRules, next_round, open_round)

pokerkit = pytest.importorskip("pokerkit")

AUTO = tuple(getattr(pokerkit.Automation, name) for name in (
    "ANTE_POSTING", "BET_COLLECTION", "BLIND_OR_STRADDLE_POSTING", "CARD_BURNING",
    "HOLE_DEALING", "BOARD_DEALING", "HOLE_CARDS_SHOWING_OR_MUCKING", "HAND_KILLING",
    "CHIPS_PUSHING", "CHIPS_PULLING"))


def theirs(structure, stacks):
    game = (pokerkit.NoLimitTexasHoldem if structure == NO_LIMIT
            else pokerkit.PotLimitOmahaHoldem)
    return game.create_state(AUTO, True, 0, (50, 100), 100, tuple(stacks), len(stacks),
                             mode=pokerkit.Mode.CASH_GAME)


def compare_one_hand(seed, structure):
    """Play one random hand on both engines; return the number of decisions compared."""
    rnd = random.Random(seed)
    n = rnd.randint(3, 6)
    stacks = [rnd.choice([rnd.randint(20, 400), rnd.randint(100, 5000)]) for _ in range(n)]
    stacks[0], stacks[1] = max(stacks[0], 100), max(stacks[1], 200)  # no short blind
    names = [str(i) for i in range(n)]  # pokerkit: 0 the small blind ... n-1 the button
    s = open_round(BettingRules(structure, 50, 100), list(zip(names, stacks)), names[-1])
    pk = theirs(structure, stacks)
    compared = 0
    while True:
        while not s.over:
            seat = s.acting
            assert pk.actor_index == int(seat), (seed, "order of play")
            o = options(s, seat)
            kind = "raise" if o["raise"] else "bet" if o["bet"] else None
            mine = (o[kind]["min"], o[kind]["max"]) if kind else None
            other = ((pk.min_completion_betting_or_raising_to_amount,
                      pk.max_completion_betting_or_raising_to_amount)
                     if pk.can_complete_bet_or_raise_to() else None)
            assert mine == other, (seed, structure, seat, mine, other)
            assert (o["call"] or 0) == pk.checking_or_calling_amount, (seed, structure, seat)
            compared += 1
            moves = ["call" if o["call"] is not None else "check"]
            moves += [] if o["check"] else ["fold"]
            moves += [kind] * 2 if kind else []
            moves += ["all_in"] if o["all_in"] is not None else []
            move = rnd.choice(moves)
            before, last_raise = s.current_bet, s.last_raise
            if move in ("bet", "raise", "all_in"):
                me = s.seat_state(seat)
                to = (me.put_in + me.stack if move == "all_in" else
                      rnd.choice([o[kind]["min"], o[kind]["max"],
                                  rnd.randint(o[kind]["min"], o[kind]["max"])]))
                s = act(s, seat, move, None if move == "all_in" else to)
                if to <= before:
                    pk.check_or_call()
                    continue
                pk.complete_bet_or_raise_to(to)
                if to - before < max(last_raise, 100):
                    return compared  # a short all-in: A27 and pokerkit part ways
            elif move == "fold":
                s = act(s, seat, "fold")
                pk.fold()
            else:
                s = act(s, seat, move)
                pk.check_or_call()
        if len(s.in_hand) < 2 or s.street == RIVER:
            return compared
        s = next_round(s)


@pytest.mark.parametrize("structure", [NO_LIMIT, POT_LIMIT])
def test_a27_min_raise_and_pot_limit_agree_with_pokerkit(structure):
    assert sum(compare_one_hand(seed, structure) for seed in range(300)) > 1000
