"""Hold'em and Omaha: a poker action's event records what the engine decided
(domain/games/community_poker/action_facts.py) and the table's mutator applies those facts alone.
Over random complete jogadas (the random legal moves of tests/community_poker/pokerkit_play.py:
folds, checks, calls, bets and raises of every size, short all-ins that do not reopen the
betting, A27; caps on raises, rule 38; heads-up both ways, A29), the recorded facts of every
action rebuild exactly the round the engine gave (hold'em rules 34–40). The tables' side:
tests/holdem/test_action_facts_recorded.py."""

from __future__ import annotations

import os
from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from domain.games.community_poker import dealing
from domain.games.community_poker.action_facts import action_facts, apply_action
from domain.games.community_poker.actions import act
from tests.community_poker.pokerkit_play import (FLHE, NLHE, PLO, play_ours, random_moves,
                                                random_table)

PURE = pytest.mark.skipif(os.environ.get("LEDGER_TEST_BACKEND") == "postgresql",
                          reason="backend-independent: pure functions, already checked on the"
                                 " sqlite run")


@PURE
@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from([NLHE, PLO, FLHE]), rng=st.randoms(use_true_random=False),
       fold_any=st.booleans(), convention=st.booleans())
def test_he_34_40_a27_om_34_40_the_recorded_facts_rebuild_the_engines_round_after_every_action(
        game, rng, fold_any, convention):
    table = random_table(rng, game, players=(2, 10), short=True)
    rules = replace(table.rules, heads_up_convention=convention)
    checked = []

    def choose(state, seat, opts):
        action, amount = random_moves(rng, state, seat, opts, fold_any)[0]
        after = act(state, seat, action, amount)
        facts = action_facts(state, after, seat)
        data = dealing.round_to_dict(state)
        rebuilt = apply_action(data, seat, action, facts)
        assert dealing.round_from_dict(rebuilt, rules) == after, (action, amount, facts)
        assert data == dealing.round_to_dict(state)  # the round it was given, unchanged
        assert facts["added_cents"] == after.seat_state(seat).put_in - \
            state.seat_state(seat).put_in
        checked.append(action)
        return action, amount

    play_ours(rules, table.seats, table.button, choose)
    event(f"{len(checked) // 10 * 10}+ actions")

