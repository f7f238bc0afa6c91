"""Money conservation as a property (issue 26): random jogadas at random tables, through HTTP,
keep the players' wallets plus the house's account equal to the deposits (and every account
sums to zero).

Hypothesis draws the table (kind, decks, options, seats played), each seat's bet, the shoe (a
seeded shuffle of two decks forced on top of the shoe, certification mode) and the seed of the
decisions: at each step, one of the options the view shows the player (r24), insurance of a
random amount up to its cap, and at a multi-player table now and then a timeout (A55).
Few examples in the suite; more with ``BJ_PROPERTY_EXAMPLES=500``.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.blackjack.http_support import (
    FUNDS,
    Table,
    assert_conserved,
    audit,
    balance,
    http_client,
    individual_config,
    multi_config,
)

EXAMPLES = int(os.environ.get("BJ_PROPERTY_EXAMPLES", "15"))
DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@st.composite
def tables(draw) -> tuple[dict, int]:
    """A table configuration and the number of seats played."""
    seats = draw(st.integers(1, 3))
    options = {"decks": draw(st.sampled_from([4, 6, 8])),
               "double_any_total": draw(st.booleans()),
               "true_pairs_only": draw(st.booleans()),
               "max_hands": draw(st.integers(1, 4)),
               "insurance": draw(st.booleans()),
               "special_prize": draw(st.booleans()),
               "min_bet_cents": 1, "max_bet_cents": 100}
    if draw(st.booleans()):
        return individual_config(seats=seats, multi_seat=seats > 1, **options), seats
    return multi_config(seats=seats, **options), seats


def play_out(table: Table, players, jogada_id: str, pick: random.Random, clock,
             tag: str) -> None:
    """Until the jogada ends: each step, a player whose options are shown picks one of the
    available ones (insurance: 1 cent to its cap); at a multi-player table, now and then the
    decision time runs out instead and the clock plays the default (A55). ``pick`` (seeded
    by Hypothesis) makes every choice, so an example draws the same values whatever happens."""
    for step in range(200):
        views = [(h, table.view(h)) for _pid, h, _sid in players]
        if views[0][1]["jogada_id"] != jogada_id or views[0][1]["status"] == "ended":
            return
        choices = [(h, o) for h, seen in views for o in seen["options"] if o["available"]]
        if not choices or table.kind == "multi" and pick.randrange(10) == 0:
            clock.advance(21)
            table.tick()
            continue
        headers, option = pick.choice(choices)
        amount = (pick.randint(1, option["cost_cents"])
                  if option["decision"] == "insurance" else None)
        r = table.decide(headers, jogada_id, option["seat"], option["decision"], f"{tag}-{step}",
                         hand=option["hand"], amount=amount)
        assert r.status_code == 200, (option, r.text)
    raise AssertionError("the jogada did not end in 200 steps")


def test_bj_money_conserved_over_random_jogadas(make_settings, clock):
    """Wallets + the house's account = the deposits, after every jogada (903-B 5.5.1(1)).
    One app for every example; each example opens its own table with its own players."""
    with http_client(make_settings, clock) as client:

        # No shrinking: each example is a few jogadas over HTTP; a failure prints its draws
        # (the table, the seeds of the shoes, each decision) as they were.
        @settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 15,
                  phases=(Phase.explicit, Phase.generate),
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(setup=tables(), data=st.data())
        def jogadas(setup, data):
            config, seats = setup
            table = Table(client, config)
            if config["kind"] == "individual":
                players = [table.seated("Ana", 1)]
                for seat in range(2, seats + 1):
                    assert table.sit(players[0][1], seat).status_code == 201
                owners = [players[0]] * seats
            else:
                players = [table.seated(f"J{seat}", seat) for seat in range(1, seats + 1)]
                owners = players
            ids = [pid for pid, _h, _s in players]
            house = audit(client).get("house", 0)  # the earlier examples' tables
            for n in range(data.draw(st.integers(1, 2), label="jogadas")):
                seed = data.draw(st.integers(0, 2**32), label="seed")
                # two decks' worth forced, so that no jogada reaches the RNG's part of the shoe
                forced = random.Random(seed).sample(DECK * 2, 2 * len(DECK))
                jogada_id = None
                for seat in range(1, seats + 1):
                    extra = {"forced_deck": forced} if seat == 1 else {}
                    amount = data.draw(st.integers(1, 100), label="bet")
                    r = table.bet(owners[seat - 1][1], amount, f"j{n}s{seat}", seat=seat,
                                  **extra)
                    assert r.status_code == 201, r.text
                    jogada_id = jogada_id or r.json()["jogada_id"]
                if config["kind"] == "individual":
                    r = table.deal(players[0][1])
                    assert r.status_code == 200, r.text
                else:
                    clock.advance(config["betting_seconds"] + 1)
                    table.tick()
                decisions = data.draw(st.integers(0, 2**32), label="decisions seed")
                play_out(table, players, jogada_id, random.Random(decisions), clock, f"j{n}")
                assert_conserved(client, ids, FUNDS * len(ids), house)
                for pid in ids:
                    assert balance(client, pid)["held_cents"] == 0

        jogadas()
