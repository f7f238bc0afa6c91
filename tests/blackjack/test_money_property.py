"""Money conservation as a property (issue 26): random jogadas at random tables, through HTTP,
keep the players' wallets plus the house's account equal to the deposits (and every account
sums to zero).

Hypothesis draws the table (kind, decks, options, seats played), each seat's bet, the shoe (a
seeded shuffle of one deck forced on top of the shoe, certification mode) and, at each step,
one of the options the view shows the player (r24), insurance of a random amount up to its cap.
Few examples in the suite; more with ``BJ_PROPERTY_EXAMPLES=500``.
"""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, given, settings
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


def play_out(table: Table, players, jogada_id: str, draw, clock) -> None:
    """Until the jogada ends: each step, a player whose options are shown picks one of the
    available ones (insurance: 1 cent to its cap); at a multi-player table, now and then the
    decision time runs out instead and the clock plays the default (A55)."""
    for step in range(200):
        if table.state()["open_jogada"] is None:
            return
        choices = [(h, o) for _pid, h, _sid in players for o in table.view(h)["options"]
                   if o["available"]]
        if table.kind == "multi" and draw(st.integers(0, 9)) == 0 or not choices:
            clock.advance(21)
            table.tick()
            continue
        headers, option = draw(st.sampled_from(choices))
        amount = (draw(st.integers(1, option["cost_cents"]))
                  if option["decision"] == "insurance" else None)
        r = table.decide(headers, jogada_id, option["seat"], option["decision"], f"k{step}",
                         hand=option["hand"], amount=amount)
        assert r.status_code == 200, (option, r.text)
    raise AssertionError("the jogada did not end in 200 steps")


def test_bj_money_conserved_over_random_jogadas(make_settings, clock):
    """Wallets + the house's account = the deposits, after every jogada (903-B 5.5.1(1))."""

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES <= 15,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(setup=tables(), data=st.data())
    def jogadas(setup, data):
        config, seats = setup
        with http_client(make_settings, clock) as client:
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
            house = audit(client).get("house", 0)  # earlier examples' tables, same database
            for n in range(data.draw(st.integers(1, 2), label="jogadas")):
                seed = data.draw(st.integers(0, 2**32), label="seed")
                forced = random.Random(seed).sample(DECK, len(DECK))
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
                    clock.advance(config["betting_seconds"])
                    table.tick()
                play_out(table, players, jogada_id, data.draw, clock)
                assert_conserved(client, ids, FUNDS * len(ids), house)
                for pid in ids:
                    assert balance(client, pid)["held_cents"] == 0

    jogadas()
