"""Blackjack's bad input through HTTP (issue 26, "what it must show"): each refusal a clear 4xx
naming the field and the rule, nothing recorded (the notification log, and so the table's
stream, does not move) and no money moved (every wallet as it was). Forced shoes (certification
mode) put each hand where the refused decision would be taken; a shoe is in rule 14's order
(tests/blackjack/http_support.py ``shoe``)."""

from __future__ import annotations

import pytest

from tests.blackjack.http_support import (
    Table,
    http_client,
    individual_config,
    multi_config,
    nothing_recorded,
    refused,
    shoe,
)


@pytest.fixture
def client(make_settings, clock):
    with http_client(make_settings, clock) as built:
        yield built


def dealt(client, hand: list[str], up: str, hole: str, draws=(), bet: int = 1_000, **config):
    """Ana at an individual table (r13: she deals), her bet placed and dealt from a forced
    shoe: (table, Ana's id, headers, jogada id)."""
    table = Table(client, individual_config(**config))
    pid, ana, _sid = table.seated("Ana")
    r = table.bet(ana, bet, "b1")
    assert r.status_code == 201, r.text
    jogada_id = r.json()["jogada_id"]
    r = table.deal(ana, shoe([hand], up, hole, list(draws)))
    assert r.status_code == 200, r.text
    return table, pid, ana, jogada_id


def test_bj_9_a49_bet_below_the_minimum_or_over_the_maximum_refused(client):
    table = Table(client, individual_config(min_bet_cents=100, max_bet_cents=10_000))
    pid, ana, _ = table.seated("Ana")
    for amount in (99, 10_001):
        with nothing_recorded(client, [pid]):
            refused(table.bet(ana, amount, f"k{amount}"), field="amount_cents",
                    rule="9")


def test_bj_12_bet_after_the_betting_window_refused(client, clock):
    """r12, 903-B 6.1.4: the window the first bet opened has closed (15 s); a late bet is
    refused, whether or not the clock has dealt yet."""
    table = Table(client, multi_config(seats=3, betting_seconds=15))
    _pa, ana, _ = table.seated("Ana", 1)
    pb, bia, _ = table.seated("Bia", 2)
    assert table.bet(ana, 500, "a1").status_code == 201
    clock.advance(16)
    with nothing_recorded(client, [pb]):
        refused(table.bet(bia, 500, "b1"), field="amount_cents", rule="12",
                code="betting_closed")


def test_bj_15c_stand_refused_on_hard_11(client):
    table, pid, ana, jid = dealt(client, ["5c", "6d"], "9s", "7h")
    with nothing_recorded(client, [pid]):
        refused(table.decide(ana, jid, 1, "stand", "d1"), field="decision", rule="15c")


def test_bj_15d_hit_refused_on_21(client):
    """r15d: no card at 21. Ana's seat 1 makes 21 with a third card and stands by rule; a hit
    on it is refused (her seat 2 is playing meanwhile, r7)."""
    table = Table(client, individual_config(seats=2, multi_seat=True))
    pid, ana, _ = table.seated("Ana", 1)
    assert table.sit(ana, 2).status_code == 201
    jid = table.bet(ana, 1_000, "b1", seat=1).json()["jogada_id"]
    assert table.bet(ana, 1_000, "b2", seat=2).status_code == 201
    r = table.deal(ana, shoe([["5c", "6d"], ["Td", "9c"]], "9s", "7h", ["Kh"]))
    assert r.status_code == 200, r.text
    assert table.decide(ana, jid, 1, "hit", "h1").status_code == 200  # 5 + 6 + K = 21
    with nothing_recorded(client, [pid]):
        refused(table.decide(ana, jid, 1, "hit", "h2"), field="decision", rule="15d")


def test_bj_15b_double_refused_on_8_without_16a(client):
    table, pid, ana, jid = dealt(client, ["5c", "3d"], "9s", "7h")
    with nothing_recorded(client, [pid]):
        refused(table.decide(ana, jid, 1, "double", "d1"), field="decision", rule="15b")


def test_bj_21_split_of_unequal_values_refused(client):
    table, pid, ana, jid = dealt(client, ["9c", "Td"], "9s", "7h")
    with nothing_recorded(client, [pid]):
        refused(table.decide(ana, jid, 1, "split", "s1"), field="decision", rule="21")


def test_bj_16c_a50_split_past_the_cap_refused(client):
    """r16c, A50: at most ``max_hands`` hands at the seat (2 here): 8-8 splits once; the third
    8 on the first hand cannot be split again."""
    table, pid, ana, jid = dealt(client, ["8c", "8d"], "9s", "7h", ["8h", "2c"], max_hands=2)
    r = table.decide(ana, jid, 1, "split", "s1")
    assert r.status_code == 200, r.text
    with nothing_recorded(client, [pid]):
        refused(table.decide(ana, jid, 1, "split", "s2", hand=0), field="decision",
                rule="16c")


def test_bj_15e_a48_surrender_after_a_hit_refused(client):
    table, pid, ana, jid = dealt(client, ["2c", "3d"], "9s", "7h", ["4h"])
    assert table.decide(ana, jid, 1, "hit", "h1").status_code == 200
    with nothing_recorded(client, [pid]):
        refused(table.decide(ana, jid, 1, "surrender", "s1"), field="decision", rule="A48")


def test_bj_a48_surrender_against_an_ace_refused(client):
    table, pid, ana, jid = dealt(client, ["Tc", "6d"], "As", "7h")
    assert table.decide(ana, jid, 1, "no_insurance", "n1").status_code == 200
    with nothing_recorded(client, [pid]):
        refused(table.decide(ana, jid, 1, "surrender", "s1"), field="decision", rule="A48")


def test_bj_15f_a53_insurance_over_half_the_bet_refused(client):
    table, pid, ana, jid = dealt(client, ["Tc", "9d"], "As", "7h", bet=1_001)
    with nothing_recorded(client, [pid]):
        refused(table.decide(ana, jid, 1, "insurance", "i1", amount=501),
                field="amount_cents", rule="15f")


def test_bj_acting_for_another_players_seat_refused(client, clock):
    """A player acts only for itself: its id is the caller's; a bet or a decision on another
    player's seat is refused, and a body naming a player is refused as an unknown field."""
    table = Table(client, multi_config(seats=2))
    pa, ana, _ = table.seated("Ana", 1)
    pb, bia, _ = table.seated("Bia", 2)
    with nothing_recorded(client, [pa, pb]):
        error = refused(table.bet(bia, 500, "x1", seat=1), field="seat")
        assert error["code"] in ("forbidden", "seat_not_yours", "rule_violation", "conflict")
        refused(table.bet(bia, 500, "x2", seat=1, player_id=pa), field="player_id", status=422)
    jid = table.bet(ana, 500, "a1", seat=1, forced_deck=shoe(
        [["Tc", "6d"], ["9c", "8d"]], "7s", "Th")).json()["jogada_id"]
    assert table.bet(bia, 500, "b1", seat=2).status_code == 201
    clock.advance(16)  # r12: the window closes and the clock deals
    table.tick()
    with nothing_recorded(client, [pa, pb]):
        refused(table.decide(bia, jid, 1, "stand", "x3"), field="seat")


def test_bj_forced_shoe_outside_certification_mode_refused(make_settings, clock):
    with http_client(make_settings, clock, certification_mode="0") as client:
        table = Table(client, individual_config())
        pid, ana, _ = table.seated("Ana")
        with nothing_recorded(client, [pid]):
            refused(table.bet(ana, 500, "b1", forced_deck=["As", "Kd", "Qh", "Jc"]),
                    field="forced_deck", status=409)
        assert table.bet(ana, 500, "b1").status_code == 201
        with nothing_recorded(client, [pid]):
            refused(table.deal(ana, ["As", "Kd", "Qh", "Jc"]), field="forced_deck", status=409)


@pytest.mark.parametrize("cards", [
    ["As", "Kd", "Qh"],  # too few for the deal (2n + 2 = 4, r14)
    ["As", "Kd", "Qh", "Zz"],  # not a card
    ["As"] * 7,  # seven aces of spades in a shoe of six decks (r4b)
])
def test_bj_14_4b_forced_shoe_with_the_wrong_cards_refused(client, cards):
    table = Table(client, individual_config(decks=6))
    pid, ana, _ = table.seated("Ana")
    assert table.bet(ana, 500, "b1").status_code == 201
    with nothing_recorded(client, [pid]):
        refused(table.deal(ana, cards), field="forced_deck")
