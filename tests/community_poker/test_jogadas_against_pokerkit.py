"""Whole jogadas, betting to settlement, checked against an independent engine, pokerkit (PyPI,
a test dependency only; about 12 s of CPU for the file by default): JOGADAS (env
LEDGER_POKERKIT_JOGADAS, default 500; the A31 test plays half as many; the longer run, 20,000,
is a command in docs/testing.md) seeded random
complete jogadas per game, no-limit hold'em, pot-limit Omaha (four hole cards, exactly 2 + 3)
and fixed-limit hold'em, 2 to 9 players, stacks from a little over the big blind to 200 big
blinds (all-ins at many levels, so several side pots), odd blinds (odd cents in split pots),
rake 1-5 % in basis points and a cap or none. Each jogada is played through our engine
(``open_round``, ``options``/``act``, ``next_round``) and the same moves through pokerkit
(tests/community_poker/pokerkit_play.py: same cards, a move only one engine allows is not
played), then settled by ``pots.settle`` with hands ranked by ``best_of``/``best_omaha``.

What is compared, to the cent:

- Each of pokerkit's pots against our layer (hold'em rules 39-42, 63): the amount, the rake,
  and who is paid; pokerkit rakes each of its pots with the same rate rounded down (A24: its
  own ``rake`` rounds to the nearest, so the test gives it a rounding-down one), no cap.
- Each seat's finishing stack.

Deliberate differences, each checked on our side independently instead:

- Odd chips: pokerkit gives all of a split pot's odd chips to the first winner in its player
  order; A31 hands them out one at a time clockwise from the first seat left of the button.
  Our layers are compared re-split pokerkit's way (``pokerkit_odd_chips``), and A31 itself is
  checked by ``test_he_a31_leftover_cents_clockwise_from_button_in_random_splits``.
- The rake cap: pokerkit's cap is per pot; ours is one cap per jogada, main pot first (pots.py
  docstring). pokerkit plays uncapped; our capped settlement is checked against the uncapped
  one: each layer's rake is min(its own, what is left of the cap), its winners are the same
  and get the rest.
- A jogada won by folds: pokerkit leaves the last round's bets out of its pots (they are never
  collected) and so rakes only the earlier rounds; A24 rakes the pot once the uncalled bet is
  back, all rounds. There our stacks with no rake must be pokerkit's plus pokerkit's rake, and
  our rake is the rate of the whole pot rounded down, capped, none before the flop.
- Betting (pokerkit_play.py): a move only one engine allows is not played (A27's short all-in
  reopens nothing here; pokerkit's fixed-limit cap counts the opening bet, rule 38 here counts
  raises); pokerkit asks the big blind for a check our round does not ask for when the others
  are all in for no more than the big blind. Neither changes the chips.
"""

from __future__ import annotations

import os
import random

import pytest

from domain.games.community_poker.pots import settle
from tests.community_poker.pokerkit_play import (
    FLHE,
    NLHE,
    PLO,
    Both,
    play_both,
    pokerkit_odd_chips,
)

pokerkit = pytest.importorskip("pokerkit")

JOGADAS = int(os.environ.get("LEDGER_POKERKIT_JOGADAS", "500"))
SEED = 806_2015


def _stacks(both: Both, settlement) -> dict[str, int]:
    contributions = both.played.contributions
    return {seat: stack - contributions[seat] + settlement.totals.get(seat, 0)
            for seat, stack in both.table.seats}


def _check_cap(both: Both, uncapped, capped) -> None:
    """Our one cap per jogada, main pot first, against the uncapped settlement."""
    cap = both.table.cap
    left = cap
    for pot, own, cut, before, after in zip(uncapped.pots, uncapped.rake, capped.rake,
                                            uncapped.payments, capped.payments):
        expected = own if left is None else min(own, left)
        assert cut == expected, (cap, uncapped.rake, capped.rake)
        left = None if left is None else left - cut
        assert sum(after.values()) == pot.amount - cut
        assert set(after) == set(before) or not after or not before
    assert capped.rake_total <= (cap if cap is not None else capped.rake_total)


def compare(both: Both, stats: dict[str, int]) -> None:
    """One jogada: our settlement against pokerkit's (module docstring)."""
    played, table = both.played, both.table
    live = [seat for seat in played.contributions if seat not in played.folded]
    ranking = both.ranking()
    ours = settle(played.contributions, played.folded, ranking, played.order,
                  percent_bp=table.percent_bp, flop_seen=played.flop_seen)
    capped = settle(played.contributions, played.folded, ranking, played.order,
                    percent_bp=table.percent_bp, cap_cents=table.cap, flop_seen=played.flop_seen)
    assert ours.is_conserved() and capped.is_conserved()
    _check_cap(both, ours, capped)
    stacks = _stacks(both, ours)
    assert sum(stacks.values()) + ours.rake_total == sum(s for _, s in table.seats)
    stats["uncalled"] += bool(ours.returned)
    stats["moves_pokerkit_refused"] += both.refused
    stats["pokerkit_only_checks"] += both.only_checks
    context = (table, played.contributions, played.folded, ours.pots, ours.payments, both.pushes)
    if len(live) < 2:
        # Won by folds (module docstring): pokerkit rakes only the earlier rounds' chips.
        unraked = _stacks(both, settle(played.contributions, played.folded, {}, played.order))
        (winner,) = live
        theirs = dict(both.final, **{winner: both.final[winner] + sum(both.raked)})
        assert unraked == theirs, context
        # A24, computed here: the pot once the uncalled part of the largest bet is back,
        # rounded down, capped, nothing before the flop.
        second, top = sorted(played.contributions.values())[-2:]
        assert ours.returned == ({winner: top - second} if top > second else {})
        pot = sum(played.contributions.values()) - (top - second)
        rake = pot * table.percent_bp // 10_000 if played.flop_seen else 0
        assert ours.rake == [rake]
        assert capped.rake == [rake if table.cap is None else min(rake, table.cap)]
        stats["won_by_folds"] += 1
        return
    # A showdown: pokerkit's pots are our layers, raked the same, paid to the same seats.
    assert len(both.pushes) == len(ours.pots), context
    assert ours.rake == both.raked, context
    player_order = table.labels
    resplit = [pokerkit_odd_chips(layer, player_order) if layer else {} for layer in ours.payments]
    assert resplit == both.pushes, context
    theirs = {seat: stack - played.contributions[seat] + ours.returned.get(seat, 0)
              for seat, stack in table.seats}
    for layer in resplit:
        for seat, cents in layer.items():
            theirs[seat] += cents
    assert theirs == both.final, context
    stats["exact"] += stacks == both.final
    stats["conventions_differ"] += stacks != both.final
    stats["showdowns"] += 1
    stats["side_pots"] += len(ours.pots) > 1
    stats["three_or_more_pots"] += len(ours.pots) > 2
    stats["splits"] += any(len(layer) > 1 for layer in ours.payments)
    stats["odd_cents"] += any(len(layer) > 1 and sum(layer.values()) % len(layer)
                              for layer in ours.payments)
    stats["raked"] += ours.rake_total > 0
    stats["capped"] += capped.rake_total < ours.rake_total


def run(game: str, jogadas: int = JOGADAS) -> dict[str, int]:
    rng = random.Random(f"{SEED}-{game}")
    stats = dict.fromkeys(("won_by_folds", "exact", "conventions_differ", "showdowns",
                           "side_pots", "three_or_more_pots", "splits", "odd_cents", "raked",
                           "capped", "uncalled", "moves_pokerkit_refused",
                           "pokerkit_only_checks"), 0)
    for _ in range(jogadas):
        both = play_both(rng, game)
        compare(both, stats)
    return stats


def _exercised(stats: dict[str, int], jogadas: int) -> None:
    """The sample really exercises what it is meant to."""
    assert stats["showdowns"] > 0.3 * jogadas and stats["won_by_folds"] > 0.1 * jogadas, stats
    assert stats["side_pots"] > 0.1 * jogadas and stats["three_or_more_pots"] > 0.02 * jogadas
    assert stats["splits"] > 0 and stats["raked"] > 0.3 * jogadas and stats["capped"] > 0, stats


def test_he_17_18_19_33_39_41_42_62_63_random_jogadas_settle_like_pokerkit_no_limit_holdem():
    stats = run(NLHE)
    _exercised(stats, JOGADAS)
    assert stats["odd_cents"] > 0, stats


def test_om_17_18_19_24_33_39_41_42_62_63_random_jogadas_settle_like_pokerkit_pot_limit_omaha():
    _exercised(run(PLO), JOGADAS)


def test_he_24a_random_jogadas_settle_like_pokerkit_fixed_limit_holdem():
    _exercised(run(FLHE), JOGADAS)


# Boards on which many hands tie (hold'em: the board may play, A30), for split pots of every
# size: a royal straight or quads (the kicker may tie), a straight, a full house.
TYING_BOARDS = (["As", "Ks", "Qs", "Js", "Ts"], ["Ah", "Kd", "Qc", "Js", "Th"],
                ["7c", "7d", "7h", "7s", "2c"], ["9c", "9d", "9h", "4s", "4c"],
                ["6c", "7d", "8h", "9s", "Tc"], ["2c", "2d", "5h", "5s", "Kc"])


def _a31_expected(layer: dict[str, int], button: str, seats: int) -> dict[str, int]:
    """A31, computed here from the table's seat numbers: equal shares, then the leftover cents
    one at a time clockwise starting from the first seat left of the button."""
    winners = sorted(layer, key=lambda seat: (int(seat) - int(button) - 1) % seats)
    share, leftover = divmod(sum(layer.values()), len(winners))
    return {seat: share + (1 if i < leftover else 0) for i, seat in enumerate(winners)}


def test_he_a31_leftover_cents_clockwise_from_button_in_random_splits():
    rng = random.Random(f"{SEED}-a31")
    stats = dict.fromkeys(("splits", "leftover", "conventions_differ", "button_wraps"), 0)
    for _ in range(JOGADAS // 2):
        board = rng.choice(TYING_BOARDS) if rng.random() < 0.6 else None
        both = play_both(rng, NLHE, board=board)
        played, table = both.played, both.table
        if len(played.contributions) - len(played.folded) < 2:
            continue
        n = len(table.seats)
        ranking = both.ranking()
        for cap in (None, table.cap):
            s = settle(played.contributions, played.folded, ranking, played.order,
                       percent_bp=table.percent_bp, cap_cents=cap, flop_seen=played.flop_seen)
            for pot, cut, layer in zip(s.pots, s.rake, s.payments):
                assert sum(layer.values()) == pot.amount - cut  # rule 62: the operator keeps none
                if len(layer) > 1:
                    assert layer == _a31_expected(layer, table.button, n), (table, s)
        # The tied groups and their pots' totals are pokerkit's (its odd chips aside).
        s = settle(played.contributions, played.folded, ranking, played.order,
                   percent_bp=table.percent_bp, flop_seen=played.flop_seen)
        assert [set(layer) for layer in s.payments] == [set(push) for push in both.pushes]
        assert [sum(layer.values()) for layer in s.payments] == [
            sum(push.values()) for push in both.pushes]
        for layer, push in zip(s.payments, both.pushes):
            if len(layer) > 1:
                stats["splits"] += 1
                leftover = sum(layer.values()) % len(layer)
                stats["leftover"] += leftover > 0
                stats["conventions_differ"] += layer != push
                stats["button_wraps"] += leftover > 0 and int(table.button) != n
    # Splits with odd cents, where the two conventions give different seats the cents, and
    # with the button anywhere but the last seat (clockwise order wraps round seat 1).
    assert stats["splits"] > 0.3 * JOGADAS and stats["leftover"] > 0.15 * JOGADAS, stats
    assert stats["conventions_differ"] > 0.04 * JOGADAS, stats
    assert stats["button_wraps"] > 0.1 * JOGADAS, stats
