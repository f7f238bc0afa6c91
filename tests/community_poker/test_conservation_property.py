"""Money conservation as a Hypothesis property over random complete jogadas of hold'em and
Omaha, played through the engine (open_round, options/act, next_round: the random legal moves
of tests/community_poker/pokerkit_play.py, no pokerkit needed), then settled by
``pots.settle`` or voided by ``pots.void`` (hold'em rules 17-19, 35, 39-42, 62, 63, 72;
A24, A26, A31).

- After the blinds, every action and every new street: each seat's stack plus what it has put
  in is its starting stack, and the pot holds exactly the earlier rounds' chips.
- At the end: the seats' finishing stacks plus the rake are the starting stacks; every cent
  of every pot is paid or raked (``is_conserved``); only seats that reached a layer and did not
  fold are paid; the rake of a layer is never above the configured rate of that layer, the
  whole rake never above the cap, and there is none when the jogada ended before the flop.
- A void at any moment of the jogada gives every seat back its own contributions (A26).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from domain.games.community_poker.betting import BettingRound
from domain.games.community_poker.pots import settle, void
from tests.community_poker.pokerkit_play import (
    FLHE, HOLE_CARDS, NLHE, PLO, deal, play_ours, random_moves, random_table, ranking)


def _check_chips(state: BettingRound, start: dict[str, int]) -> None:
    """Every chip of the jogada so far is in a seat's stack, its bets or the pot."""
    for s in state.seats:
        assert s.stack + s.committed + s.put_in == start[s.seat], (s, start[s.seat])
        assert s.stack >= 0 and s.put_in >= 0 and s.committed >= 0
    assert state.pot == sum(s.committed for s in state.seats)
    assert state.total_chips() == sum(start.values())


@settings(max_examples=300, deadline=None)
@given(game=st.sampled_from([NLHE, PLO, FLHE]), rng=st.randoms(use_true_random=False),
       cap=st.one_of(st.none(), st.integers(0, 300)), void_at=st.floats(0, 1),
       fold_any=st.booleans())
def test_he_19_39_42_62_om_19_39_42_62_a24_a26_money_is_conserved_over_random_jogadas(game, rng, cap,
                                                                          void_at, fold_any):
    # caves below the big blind too (rule 39: the blind goes all in), folds when a check was
    # allowed (rule 34; the chips of a layer nobody reached join the last pot, pots.py)
    table = random_table(rng, game, players=(2, 10), short=True)
    # heads-up, the text (A29, the default) as well as the convention pokerkit plays
    rules = replace(table.rules, heads_up_convention=rng.random() < 0.5)
    start = dict(table.seats)
    snapshots: list[BettingRound] = []

    def observe(state: BettingRound) -> None:
        _check_chips(state, start)
        snapshots.append(state)

    played = play_ours(rules, table.seats, table.button,
                       lambda s, seat, opts: random_moves(rng, s, seat, opts, fold_any)[0],
                       observe)
    holes, board, _ = deal(rng, len(start), HOLE_CARDS[game])
    hands = dict(zip(table.labels, holes))
    live = [seat for seat in played.contributions if seat not in played.folded]
    s = settle(played.contributions, played.folded, ranking(game, hands, board, live),
               played.order, percent_bp=table.percent_bp, cap_cents=cap,
               flop_seen=played.flop_seen)

    # the end: every cent is a seat's or the rake's
    assert s.is_conserved()
    finishing = {seat: played.state.seat_state(seat).stack + s.totals.get(seat, 0)
                 for seat in start}
    assert sum(finishing.values()) + s.rake_total == sum(start.values())
    assert all(stack >= 0 for stack in finishing.values())
    for pot, cut, layer in zip(s.pots, s.rake, s.payments):
        assert sum(layer.values()) + cut == pot.amount
        assert set(layer) <= set(pot.eligible) and not set(layer) & played.folded
        assert all(played.contributions[seat] >= pot.level for seat in pot.eligible)
        # A24, rule 17a: never above the configured rate of the layer, rounded down
        assert 0 <= cut * 10_000 <= pot.amount * table.percent_bp
    assert cap is None or s.rake_total <= cap
    if not played.flop_seen:  # A24: no flop, no drop
        assert s.rake_total == 0

    event(f"{game}, {len(s.pots)} pot(s), flop seen: {played.flop_seen}")

    # A26: a void at any moment returns every contribution, with no commission
    moment = snapshots[min(int(void_at * len(snapshots)), len(snapshots) - 1)]
    given_back = {x.seat: x.committed + x.put_in for x in moment.seats}
    v = void(given_back)
    assert v.is_conserved() and v.rake_total == 0 and not v.payments
    assert {x.seat: x.stack + v.totals.get(x.seat, 0) for x in moment.seats} == start
