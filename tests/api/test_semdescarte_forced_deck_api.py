"""Certification mode at a multi-seat póquer sem descarte table: a laboratory sets the deck
during the betting period (``POST /semdescarte/tables/{id}/forced-deck``), and the table's
clock, which deals about a second after the period (rule 14), deals it (rule 19). The deck is
recorded (``DeckForced``) and the replay shows it (903-B 6.3.4(2))."""

from __future__ import annotations

import time

import pytest

from tests.api.conftest import OPERATOR, Api, ok
from tests.api.semdescarte_support import (BANK_AK, FLUSH_HAND, ante, create_table, decide,
                                           error_of, forced_deck, multi_config, seated, view)

BIA_HAND = ["3d", "3s", "6c", "Jd", "Qh"]
CONTRACT = "api-contract: certification mode"


def set_deck(client, table_id: str, deck, headers=OPERATOR):
    return client.post(f"/semdescarte/tables/{table_id}/forced-deck",
                       json={"forced_deck": deck}, headers=headers)


def two_bettors(client):
    api = Api(client)
    table = create_table(client, multi_config(seats=2, jackpot=False))
    tid = table["table_id"]
    ana_id, ana, _ = seated(api, table, "Ana", seat=1)
    bia_id, bia, _ = seated(api, table, "Bia", seat=2)
    jogada_id = ok(ante(client, tid, ana, 100, "a1"), 201)["jogada_id"]
    ok(ante(client, tid, bia, 100, "b1"), 201)
    return tid, jogada_id, ana, bia


def test_sd_14_19_a_deck_forced_in_the_betting_period_is_dealt_by_the_running_clock(
        make_client, clock):
    """The table's clock runs (its real periodic job, every 20 ms, at the injected clock): the
    laboratory's deck, set during the betting period, is the one the clock deals when the
    period ends; a random deck would give other cards. The replay shows the forced deck and
    the RNG check still holds (the forced cards on top of the committed shoe)."""
    client = make_client(certification_mode="1", semdescarte_tick_interval=0.02)
    tid, jogada_id, ana, bia = two_bettors(client)
    deck = forced_deck([FLUSH_HAND, BIA_HAND], BANK_AK, burn="Qs")
    answer = ok(set_deck(client, tid, deck))
    assert (answer["jogada_id"], answer["cards"]) == (jogada_id, len(deck))
    time.sleep(0.2)  # the clock ticks on: nothing is due during the betting period
    assert view(client, tid, ana)["status"] == "betting"
    clock.advance(16)  # the 15 s betting period is over: the clock deals
    deadline = time.monotonic() + 10
    while view(client, tid, ana)["status"] == "betting" and time.monotonic() < deadline:
        time.sleep(0.02)
    seen = view(client, tid, ana)
    assert (seen["status"], seen["cards"], seen["bank_open_card"]) == (
        "deciding", FLUSH_HAND, BANK_AK[-1])
    assert view(client, tid, bia)["cards"] == BIA_HAND
    assert decide(client, tid, ana, jogada_id, "fold").status_code == 200
    assert decide(client, tid, bia, jogada_id, "fold").json()["settled"] is True
    replay = ok(client.get(f"/semdescarte/jogadas/{jogada_id}/replay", headers=OPERATOR))
    [step] = [s for s in replay["steps"] if s["event"] == "DeckForced"]
    assert step["data"]["forced_deck"] == deck and step["actor"].startswith("staff:")
    assert replay["final"]["forced_deck"] == deck
    assert replay["final"]["cards"]["hands"] == {"1": FLUSH_HAND, "2": BIA_HAND}
    assert (replay["rng"]["forced"], replay["rng"]["verified"]) == (True, True)
    dealt = [s for s in replay["steps"] if s["event"] == "CardsDealt"]
    assert dealt[0]["actor"] == "system:semdescarte-clock"


def test_forced_deck_outside_certification_mode_is_refused_and_the_clock_deals_randomly(
        client, clock):
    tid, jogada_id, ana, _ = two_bettors(client)
    deck = forced_deck([FLUSH_HAND, BIA_HAND], BANK_AK, burn="Qs")
    error = error_of(set_deck(client, tid, deck), 409)
    assert (error["code"], error["field"], error["rule"]) == (
        "certification_mode_off", "forced_deck", CONTRACT)
    clock.advance(16)
    assert ok(client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR))["done"] == ["dealt"]
    assert view(client, tid, ana)["status"] == "deciding"


def test_sd_14_forced_deck_outside_the_betting_period_is_refused(make_client, clock):
    """Before any ante there is no jogada (409, jogada_id); once the period is over, even
    before the clock has dealt, and after the deal: 409 ``betting_closed``, rule 14."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=2, jackpot=False))
    tid = table["table_id"]
    deck = forced_deck([FLUSH_HAND, BIA_HAND], BANK_AK, burn="Qs")
    assert error_of(set_deck(client, tid, deck), 409)["field"] == "jogada_id"
    _, ana, _ = seated(api, table, "Ana", seat=1)
    ok(ante(client, tid, ana, 100, "a1"), 201)
    clock.advance(16)
    for expected_tick in (["dealt"], []):  # before the clock's deal, then after it
        error = error_of(set_deck(client, tid, deck), 409)
        assert (error["code"], error["field"], error["rule"]) == (
            "betting_closed", "forced_deck", "póquer sem descarte rule 14")
        tick = ok(client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR))
        assert tick["done"] == expected_tick
    assert view(client, tid, ana)["cards"] != FLUSH_HAND


@pytest.mark.parametrize("cut", [15, 0])
def test_sd_19_a_forced_deck_must_serve_every_seat_of_the_table(make_client, cut):
    """Antes may still come in the betting period: the deck must hold 1 + 5 × (seats + 1)
    cards (16 at a two-seat table); refused with 422 and nothing recorded."""
    client = make_client(certification_mode="1")
    tid, _, ana, _ = two_bettors(client)
    deck = forced_deck([FLUSH_HAND, BIA_HAND], BANK_AK, burn="Qs")[:cut]
    error = error_of(set_deck(client, tid, deck), 422)
    assert error["field"] == "forced_deck"
    if cut:
        assert error["details"] == {"min_cards": 16}
    assert view(client, tid, ana)["status"] == "betting"


def test_only_an_operator_forces_a_deck(make_client):
    client = make_client(certification_mode="1")
    tid, _, ana, _ = two_bettors(client)
    deck = forced_deck([FLUSH_HAND, BIA_HAND], BANK_AK, burn="Qs")
    assert set_deck(client, tid, deck, headers=ana).status_code == 403


def test_sd_14_19_a_deck_forced_with_the_opening_ante_is_dealt_by_the_clock(
        api, make_client, clock):
    """api-contract, certification mode: "the command that starts a card-game jogada accepts
    forced_deck": at a multi-seat table that is the ante that opens the jogada. The table's
    clock, run every second of the injected clock through the betting period, deals that
    deck; a later ante cannot replace it (409, nothing recorded, no money moved)."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, multi_config(seats=2, jackpot=False))
    tid = table["table_id"]
    bia_id, bia, _ = seated(api, table, "Bia", seat=2)
    ana_id, ana, _ = seated(api, table, "Ana", seat=1)
    deck = forced_deck([FLUSH_HAND, BIA_HAND], BANK_AK, burn="Qs")
    jogada_id = ok(ante(client, tid, ana, 100, "a1", forced_deck=deck), 201)["jogada_id"]
    funds = api.balance(bia_id)
    other = forced_deck([BIA_HAND, FLUSH_HAND], BANK_AK, burn="Qs")
    error = error_of(ante(client, tid, bia, 100, "b1", forced_deck=other), 409)
    assert (error["field"], error["rule"]) == ("forced_deck", CONTRACT)
    assert api.balance(bia_id) == funds
    ok(ante(client, tid, bia, 100, "b2"), 201)
    done = []
    for _ in range(16):  # the clock's tick, once a second, through the 15 s betting period
        clock.advance(1)
        done.append(ok(client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR))["done"])
    assert done == [[]] * 15 + [["dealt"]]
    assert (view(client, tid, ana)["cards"], view(client, tid, bia)["cards"]) == (
        FLUSH_HAND, BIA_HAND)
    for headers in (ana, bia):
        decide(client, tid, headers, jogada_id, "fold")
    replay = ok(client.get(f"/semdescarte/jogadas/{jogada_id}/replay", headers=OPERATOR))
    [step] = [s for s in replay["steps"] if s["event"] == "DeckForced"]
    assert (step["actor"], step["data"]["forced_deck"]) == (f"player:{ana_id}", deck)
    assert (replay["rng"]["forced"], replay["rng"]["verified"]) == (True, True)


def test_forced_deck_with_an_ante_outside_certification_mode_is_refused(api, client):
    table = create_table(client, multi_config(seats=2, jackpot=False))
    tid = table["table_id"]
    ana_id, ana, _ = seated(api, table, "Ana", seat=1)
    deck = forced_deck([FLUSH_HAND, BIA_HAND], BANK_AK, burn="Qs")
    error = error_of(ante(client, tid, ana, 100, "a1", forced_deck=deck), 409)
    assert (error["code"], error["field"]) == ("certification_mode_off", "forced_deck")
    assert api.balance(ana_id)["held_cents"] == 0
    assert view(client, tid, ana)["status"] == "no_jogada"
