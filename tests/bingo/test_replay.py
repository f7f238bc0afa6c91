"""The record as auditors and players read it back: the "modo repetição" replay (rule 2h), the
last three jogadas (rule 50), and the jackpot's value on every screen (rules 4, 44)."""

from __future__ import annotations

import copy

from domain.games.bingo.replay import replay
from tests.bingo import client as bingo
from tests.bingo.plans import all_accounts_total
from tests.bingo.support import buy, close_sale, config, draw_to_end, new_room, open_jogada, players

JACKPOT = {"deduction_bp": 400, "base_cents": 2_000, "max_balls": 5}


def play_one(ledger, clock, room, ps, counts=(2, 1, 3)) -> str:
    opened = open_jogada(ledger, room)
    for player, count in zip(ps, counts):
        buy(ledger, room, player, count)
    close_sale(ledger, clock, room)
    draw_to_end(ledger, clock, room)
    return opened["jogada_id"]


def tampered(events, name, changes):
    """The events with the first ``name`` event's attributes changed by ``changes(event)``
    (the record altered)."""
    out, done = [], False
    for position, event in events:
        if not done and type(event).__name__ == name:
            event = copy.copy(event)
            for key, value in changes(event).items():
                object.__setattr__(event, key, value)
            done = True
        out.append((position, event))
    assert done, name
    return out


def test_bingo_2h_replay_shows_every_event_and_rederives_every_card_and_ball(ledger, clock):
    room = new_room(ledger, config("90"))
    ps = players(ledger, room, 3)
    jogada_id = play_one(ledger, clock, room, ps)
    events = bingo.jogada_domain_events(ledger, jogada_id)
    replayed = bingo.replay_jogada(ledger, jogada_id)
    assert [s["position"] for s in replayed["steps"]] == [p for p, _ in events]
    assert replayed["rng"]["verified"] and replayed["prizes_check"]["verified"]
    assert replayed["final"]["ended"] and replayed["final"]["cards_sold"] == 6
    assert sorted(len(p["cards"]) for p in replayed["final"]["players"].values()) == [1, 2, 3]
    drawn = [s["data"]["ball"] for s in replayed["steps"] if s["event"] == "BallDrawn"]
    assert drawn == replayed["final"]["drawn"]


def test_bingo_2h_a_card_altered_in_the_record_fails_the_rng_check(ledger, clock):
    room = new_room(ledger, config("90"))
    jogada_id = play_one(ledger, clock, room, players(ledger, room, 3))
    events = bingo.jogada_domain_events(ledger, jogada_id)

    def swap_two_numbers(event):
        cards = copy.deepcopy(event.cards)
        row = cards[0][0]
        filled = [i for i, n in enumerate(row) if n is not None]
        row[filled[0]], row[filled[1]] = row[filled[1]], row[filled[0]]
        return {"cards": cards}

    checked = replay(tampered(events, "CardsBought", swap_two_numbers))
    assert not checked["rng"]["verified"]
    assert checked["rng"]["check"].startswith("FAILED: the cards of purchase 1")
    assert checked["rng"]["events"] == [next(p for p, e in events  # that purchase, named
                                             if type(e).__name__ == "CardsBought")]


def test_bingo_2h_29_a_prize_altered_in_the_record_fails_the_prize_check(ledger, clock):
    room = new_room(ledger, config("90"))
    jogada_id = play_one(ledger, clock, room, players(ledger, room, 3))
    events = bingo.jogada_domain_events(ledger, jogada_id)
    checked = replay(tampered(events, "PrizeWon", lambda e: {"ordinal": e.ordinal + 1}))
    assert checked["rng"]["verified"]  # the seed still derives every card and ball
    assert not checked["prizes_check"]["verified"]
    assert checked["prizes_check"]["events"] == [next(p for p, e in events
                                                      if type(e).__name__ == "PrizeWon")]


def test_bingo_50_the_last_three_jogadas_newest_first_with_the_players_own_cards(ledger, clock):
    room = new_room(ledger, config("90"))
    ps = players(ledger, room, 3)
    ids = [play_one(ledger, clock, room, ps, counts=(1 + n % 2, 1, 2)) for n in range(4)]
    open_jogada(ledger, room)
    buy(ledger, room, ps[0], 1)  # a jogada still open is not among them
    last = bingo.last_jogadas(ledger, ps[0].player_id)
    assert [j["jogada_id"] for j in last] == ids[:0:-1]  # the 4th, 3rd and 2nd
    assert [len(j["cards"]) for j in last] == [2, 1, 2]
    assert all(j["status"] == "settled" and j["rule"] == "bingo rule 50" for j in last)


def test_bingo_4_44_the_jackpot_value_is_on_the_room_and_the_player_screen(ledger, clock):
    room = new_room(ledger, config("90", jackpot=JACKPOT))
    ps = players(ledger, room, 3)
    assert bingo.describe(ledger, room["room_id"])["jackpot_cents"] == 2_000  # rule 41
    open_jogada(ledger, room)
    for player in ps:
        buy(ledger, room, player, 2)
    closed = close_sale(ledger, clock, room)
    grown = 2_000 + closed["jackpot_deduction_cents"]
    assert closed["jackpot_deduction_cents"] == closed["pool_cents"] * 400 // 10_000 > 0
    view = bingo.view(ledger, room_id=room["room_id"], player_id=ps[0].player_id)
    assert view["jackpot_cents"] == grown  # rule 44: updated once the sale closes
    assert bingo.describe(ledger, room["room_id"])["jackpot_cents"] == grown
    assert bingo.jackpot_value(ledger, room["room_id"])["jackpot_cents"] == grown
    assert all_accounts_total(ledger) == 0
