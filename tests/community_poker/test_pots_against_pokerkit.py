"""domain/games/community_poker/pots.py agrees with an independent engine, pokerkit (PyPI, a test
dependency only): 1200 seeded random no-limit hold'em hands by default, 2 to 10 players, odd
stacks and blinds, random folds, calls, raises and all-ins (so side pots, dead money from
folds, uncalled bets, split pots), dealt and paid out by pokerkit's automations with no rake.
The same contributions, folds and hands (ranked by domain/poker_hands.best_of) settled by
``settle`` must give pokerkit's final stacks.

How pokerkit is driven: its automations deal, burn, collect bets, push and pull chips; the
test shows every live hand itself (A29: no mucking) and stops pokerkit from killing hands that
cannot win (``can_win_now``), so that every shown hand stays in every pot it paid into, as
hold'em rule 41's layers keep it, and because that evaluation is most of pokerkit's run time.
Folds happen only when facing a bet: pokerkit burns the chips of a layer whose every
contributor folded ("non-standard folds"), where pots.py gives them to the last pot
(tests/community_poker/test_pots.py, hold'em rules 34, 35). HANDS (env LEDGER_POKERKIT_HANDS,
default 400: about 7 s; the longer run, 20,000, is a command in docs/testing.md) hands.

One convention differs, on purpose: pokerkit gives all of a split pot's odd chips to the first
winner in player order (``State.push_chips``: ``quotient + remainder`` to
``player_indices[0]``), whereas A31 (hold'em rules 33, 62) hands them out one cent at a time
clockwise from the first seat left of the button. pokerkit's player 0 is the seat left of the
button and the button is the last player, so with two winners the two agree; with three or more
winners and two or more odd cents they do not. A hand with no odd cents is compared as it is,
to the cent; a hand with odd cents is compared after re-splitting each of our layers pokerkit's
way, also to the cent (which checks the layers, winners and amounts), and the test counts the
hands where the two conventions really give different stacks."""

from __future__ import annotations

import os
import random

import pytest

from domain.cards.poker_hands import best_of
from domain.games.community_poker.pots import settle
from tests.community_poker.pokerkit_play import card_code, pokerkit_odd_chips

pokerkit = pytest.importorskip("pokerkit")

pytestmark = [
    # pokerkit's advice when a player folds a hand it could call for nothing more.
    pytest.mark.filterwarnings("ignore:There is no reason for this player to fold"),
]

HANDS = int(os.environ.get("LEDGER_POKERKIT_HANDS", "400"))
SEED = 806_2015


# Showing is done by hand below: every live hand is shown (A29: no mucking); pokerkit's
# automation would evaluate every hand at each show-or-muck decision, most of its run time.
AUTOMATIONS = tuple(a for a in pokerkit.Automation
                    if a is not pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING)


def _play(rng: random.Random):
    """One random complete hand in pokerkit. Returns (starting stacks, contributions, folded,
    hole cards, board, final stacks)."""
    n = rng.randint(2, 10)
    small = rng.choice([1, 5, 25, 50])
    big = small * 2 + rng.choice([0, 1])  # odd big blinds too
    stacks = [rng.choice([rng.randint(1, 3 * big), rng.randint(big, 40 * big + 7)])
              for _ in range(n)]
    state = pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS, False, 0, (small, big), big, tuple(stacks), n,
        mode=pokerkit.Mode.CASH_GAME)
    # No hand is killed before the chips are pushed: every shown hand stays in every pot it
    # paid into, as the layers of hold'em rule 41 keep it (pokerkit would kill the hands that
    # cannot win, evaluating every hand for every pot: most of its run time). push_chips still
    # finds each pot's winners itself, with its own evaluator.
    state.can_win_now = lambda player_index: True
    holes = [[card_code(c) for c in cards] for cards in state.hole_cards]
    # What each player put in, uncalled bets included: the blinds, then every call (its
    # amount) and every bet or raise ("to" an amount, less what was already in this round).
    put_in = [0] * n
    for operation in state.operations:
        if isinstance(operation, pokerkit.BlindOrStraddlePosting):
            put_in[operation.player_index] += operation.amount
    folded: set[int] = set()
    while state.status:
        if state.can_show_or_muck_hole_cards():
            state.show_or_muck_hole_cards(True)
            continue
        if state.actor_index is None:
            break
        actor = state.actor_index
        already = state.bets[actor]
        roll = rng.random()
        # Folds only when facing a bet: pokerkit burns the chips of a layer whose every
        # contributor folded ("non-standard folds"); pots.py gives them to the last layer.
        if roll < 0.2 and state.can_fold() and state.checking_or_calling_amount:
            state.fold()
            folded.add(actor)
        elif roll < 0.55 and state.can_complete_bet_or_raise_to():
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            amount = high if rng.random() < 0.4 else rng.randint(low, high)
            put_in[actor] += state.complete_bet_or_raise_to(amount).amount - already
        else:
            put_in[actor] += state.check_or_call().amount
    assert not state.status
    board = [card_code(c) for cards in state.board_cards for c in cards]
    contributions = dict(enumerate(put_in))
    return stacks, contributions, folded, holes, board, list(state.stacks)


def test_he_39_42_63_a31_settle_gives_pokerkits_final_stacks():
    rng = random.Random(SEED)
    saved = random.getstate()
    random.seed(SEED)  # pokerkit shuffles its deck with the module-level random
    stats = {"side_pots": 0, "splits": 0, "folds_with_dead_money": 0,
             "showdowns": 0, "uncalled": 0, "exact": 0, "odd_cents": 0,
             "conventions_differ": 0}
    try:
        for _ in range(HANDS):
            stacks, contributions, folded, holes, board, final = _play(rng)
            n = len(stacks)
            live = [i for i in range(n) if i not in folded]
            ranking = {i: best_of(holes[i] + board).key for i in live} if len(live) > 1 else {}
            order = [n - 1] + list(range(n - 1))  # the button first: pokerkit's last player
            s = settle(contributions, folded, ranking, order)
            assert s.is_conserved()
            ours = [stacks[i] - contributions[i] + s.totals.get(i, 0) for i in range(n)]
            assert sum(ours) == sum(final) == sum(stacks)
            odd_cents = sum(sum(layer.values()) % len(layer) for layer in s.payments if layer)
            if not odd_cents:
                # Every split was even: the two engines must agree to the cent.
                assert ours == final, str((contributions, folded, s.pots, s.payments))
                stats["exact"] += 1
            else:
                # Odd cents: re-split each of our layers pokerkit's way (module docstring);
                # then the stacks must agree to the cent.
                theirs = [stacks[i] - contributions[i] + s.returned.get(i, 0) for i in range(n)]
                for layer in s.payments:
                    for seat, cents in pokerkit_odd_chips(layer, list(range(n))).items():
                        theirs[seat] += cents
                assert theirs == final, str((contributions, folded, s.pots, s.payments, final))
                stats["odd_cents"] += 1
                stats["conventions_differ"] += ours != final
            stats["side_pots"] += len(s.pots) > 1
            stats["splits"] += any(len(layer) > 1 for layer in s.payments)
            stats["showdowns"] += len(live) > 1
            stats["uncalled"] += bool(s.returned)
            stats["folds_with_dead_money"] += any(set(p.contributors) - set(p.eligible)
                                                  for p in s.pots)
    finally:
        random.setstate(saved)
    # The sample really exercises what it is meant to.
    # (shares of HANDS: at 1,200 hands, 200 side pots, 20 splits, 500 showdowns...)
    assert stats["side_pots"] > HANDS / 6 and stats["splits"] > HANDS / 60, stats
    assert stats["showdowns"] > HANDS * 5 / 12, stats
    assert stats["folds_with_dead_money"] > HANDS / 6 and stats["uncalled"] > HANDS * 5 / 12
    assert stats["exact"] > 0.9 * HANDS and stats["odd_cents"] > HANDS / 120, stats
    assert stats["conventions_differ"] >= 1, stats
