"""Póquer sem descarte bets and the deal over HTTP (Reg. 803/2015): the ante within the table's
limits (rules 16–18), once per jogada (rule 2a), covered three times (A8), within the betting
period (rule 14); the jackpot side bet's stake and box (Portaria 461/2001 r3, r8); who starts
the deal (rules 14, 15) and forced decks (rules 6b, 19; certification mode); a repeated ante
(903-B 6.1.1(4)). A refusal is a clear 4xx naming the field, nothing recorded, no money moved.
"""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR, Api
from tests.api.semdescarte_support import (FUNDS, SD, ante, assert_untouched, create_table, deal,
                                           error_of, forced_deck, individual_config, multi_config,
                                           seated, statement, table_state, view)


def test_sd_15_an_operator_cannot_start_the_deal_of_an_individual_table(api, make_client):
    """Rule 15: at an individual table the player who bet starts the deal, when it wants to."""
    client = make_client()
    api = Api(client)
    table = create_table(client, individual_config())
    pid, ana, _ = seated(api, table, "Ana")
    assert ante(client, table["table_id"], ana, 100, "a1").status_code == 201
    error = error_of(deal(client, table["table_id"], OPERATOR), 403)
    assert error["rule"] == f"{SD} 15"
    assert view(client, table["table_id"], ana)["status"] == "betting"


@pytest.mark.parametrize("amount", [99, 2_501, 0, -100])
def test_sd_16_ante_outside_the_table_limits_is_refused_and_moves_nothing(api, client, multi,
                                                                          amount):
    """Rules 16–18: an ante below the minimum or above the maximum (25 × minimum) is refused."""
    table, pid, headers, sid = multi
    r = ante(client, table["table_id"], headers, amount, "a1")
    assert 400 <= r.status_code < 500, r.text
    error = r.json()["error"]
    assert error["field"] == "ante_cents"
    if amount > 0:
        assert r.status_code == 409 and error["code"] == "ante_out_of_range"
        assert error["rule"] == f"{SD} 16"
        assert error["details"] == {"min_ante_cents": 100, "max_ante_cents": 2_500}
    else:
        assert r.status_code == 422 and error["code"] == "invalid_input"
    assert_untouched(api, client, table, pid)
    assert statement(client, sid)["wagered_cents"] == 0
    assert ante(client, table["table_id"], headers, 2_500, "a1").status_code == 201  # key free


@pytest.mark.parametrize("case", ["below_min", "above_max", "zero", "insufficient_funds"])
def test_ante_refusals_name_the_request_field_ante_cents(api, client, multi, case):
    table, pid, headers, _ = multi
    if case == "insufficient_funds":
        assert api.withdraw(pid, FUNDS - 299, "w1").status_code == 201
    amount = {"below_min": 99, "above_max": 2_501, "zero": 0, "insufficient_funds": 100}[case]
    r = ante(client, table["table_id"], headers, amount, "a1")
    assert 400 <= r.status_code < 500, r.text
    assert r.json()["error"]["field"] == "ante_cents"


def test_sd_14_ante_after_the_betting_period_is_409_betting_closed(api, client, clock):
    """Rule 14: the betting period is the same for all; bets after it closes are refused, also
    before the table's clock has dealt; the clock deals at the end of the period."""
    table = create_table(client, multi_config(seats=3))
    tid = table["table_id"]
    _, ana, _ = seated(api, table, "Ana", seat=1)
    bia_id, bia, bia_sid = seated(api, table, "Bia", seat=2)
    first = ante(client, tid, ana, 100, "a1")
    assert first.status_code == 201
    tick = lambda: client.post(f"/semdescarte/tables/{tid}/tick", headers=OPERATOR).json()["done"]
    clock.advance(15)
    assert tick() == []  # the period runs until betting_closes_at, inclusive
    clock.advance(1)
    error = error_of(ante(client, tid, bia, 100, "b1"), 409)
    assert (error["code"], error["rule"]) == ("betting_closed", f"{SD} 14")
    assert_untouched(api, client, table, bia_id, open_jogada=True)
    assert tick() == ["dealt"]  # "jogo feito": the clock deals
    error = error_of(ante(client, tid, bia, 100, "b2"), 409)
    assert (error["code"], error["rule"]) == ("betting_closed", f"{SD} 14")
    assert_untouched(api, client, table, bia_id, open_jogada=True)
    assert statement(client, bia_sid)["wagered_cents"] == 0
    assert "cards" not in view(client, tid, bia)  # no ante, no cards
    assert len(view(client, tid, ana)["cards"]) == 5


def test_sd_2a_a_second_ante_in_the_same_jogada_is_409(api, client, multi):
    table, pid, headers, _ = multi
    assert ante(client, table["table_id"], headers, 100, "a1", 100).status_code == 201
    error = error_of(ante(client, table["table_id"], headers, 100, "a2"), 409)
    assert (error["code"], error["rule"]) == ("already_bet", f"{SD} 2a")
    assert api.balance(pid) == {"available_cents": FUNDS - 400, "held_cents": 400,
                                "balance_cents": FUNDS}


def test_sd_a8_ante_the_wallet_cannot_cover_three_times_is_409_insufficient_funds(
        api, client, multi):
    """A8: an ante is accepted only if the wallet covers 3 × ante (+ the jackpot bet)."""
    table, pid, headers, sid = multi
    assert api.withdraw(pid, FUNDS - 399, "w1").status_code == 201  # 399 left
    error = error_of(ante(client, table["table_id"], headers, 100, "a1", 100), 409)
    assert error["code"] == "insufficient_funds"
    assert error["details"] == {"available_cents": 399, "needed_cents": 400}
    assert_untouched(api, client, table, pid, funds=399)
    assert statement(client, sid)["wagered_cents"] == 0
    r = ante(client, table["table_id"], headers, 133, "a2")  # 3 × 133 = 399: covered
    assert r.status_code == 201, r.text
    assert api.balance(pid) == {"available_cents": 0, "held_cents": 399, "balance_cents": 399}


def test_jackpot_bet_other_than_the_stake_or_at_a_table_without_jackpot_is_409(api, client, multi):
    """Portaria r8 (the side bet is the fixed stake), r3 (the box exists only with a jackpot)."""
    table, pid, headers, _ = multi
    error = error_of(ante(client, table["table_id"], headers, 100, "a1", 50), 409)
    assert (error["field"], error["rule"]) == ("jackpot_bet_cents", "Portaria 461/2001 rule 8")
    plain = create_table(client, multi_config(seats=2, jackpot=False))
    other_id, other, _ = seated(api, plain, "Rui", seat=1)
    error = error_of(ante(client, plain["table_id"], other, 100, "a1", 100), 409)
    assert (error["code"], error["rule"]) == ("no_jackpot", "Portaria 461/2001 rule 3")
    assert_untouched(api, client, table, pid)
    assert_untouched(api, client, plain, other_id)


def test_sd_14_a_player_cannot_deal_a_multi_seat_table(api, client, clock):
    table = create_table(client, multi_config(seats=2))
    tid = table["table_id"]
    _, ana, _ = seated(api, table, "Ana", seat=1)
    _, stranger = api.player("Rui")
    assert ante(client, tid, ana, 100, "a1").status_code == 201
    clock.advance(16)
    assert error_of(deal(client, tid, stranger), 403)["code"] == "forbidden"
    assert view(client, tid, ana)["status"] == "betting"


def test_sd_19_forced_deck_with_a_duplicate_or_too_short_is_422_and_deals_nothing(api, make_client):
    """Rule 6b (one 52-card deck) and rule 19 (the deal needs 1 + 5 × (n + 1) cards)."""
    client = make_client(certification_mode="1")
    api = Api(client)
    table = create_table(client, individual_config())
    tid = table["table_id"]
    pid, ana, _ = seated(api, table, "Ana")
    ante(client, tid, ana, 100, "a1")
    good = forced_deck([["Kh", "Th", "8h", "5h", "3h"]], ["Ac", "Kd", "9s", "4c", "7d"])
    for deck, detail in ((good[:-1] + ["Kh"], {"duplicates": ["Kh"]}),
                         (good[:10], {"min_cards": 11}),
                         (good[:10] + ["Xx"], None)):
        r = deal(client, tid, ana, deck)
        error = error_of(r, 422)
        assert error["code"] == "invalid_input" and error["field"].startswith("forced_deck")
        if detail:
            assert error["details"] == detail
        assert view(client, tid, ana)["status"] == "betting"
    assert api.balance(pid) == {"available_cents": FUNDS - 300, "held_cents": 300,
                                "balance_cents": FUNDS}
    r = deal(client, tid, ana, good)
    assert r.status_code == 200 and r.json()["cards"] == ["Kh", "Th", "8h", "5h", "3h"]


def test_forced_deck_outside_certification_mode_is_refused(api, client):
    """api-contract, certification mode: outside it ``forced_deck`` is refused with a 4xx and
    the jogada can still be dealt normally."""
    table = create_table(client, individual_config())
    tid = table["table_id"]
    _, ana, _ = seated(api, table, "Ana")
    ante(client, tid, ana, 100, "a1")
    deck = forced_deck([["Kh", "Th", "8h", "5h", "3h"]], ["Ac", "Kd", "9s", "4c", "7d"])
    r = deal(client, tid, ana, deck)
    assert 400 <= r.status_code < 500, r.text
    error = r.json()["error"]
    assert (error["code"], error["field"]) == ("certification_mode_off", "forced_deck")
    assert view(client, tid, ana)["status"] == "betting"
    r = deal(client, tid, ana)
    assert r.status_code == 200 and len(r.json()["cards"]) == 5


@pytest.mark.parametrize("body, field", [
    ({"ante_cents": 100, "idempotency_key": "k", "tip_cents": 5}, "tip_cents"),
    ({"ante_cents": 100.5, "idempotency_key": "k"}, "ante_cents"),
    ({"ante_cents": "100", "idempotency_key": "k"}, "ante_cents"),
    ({"ante_cents": True, "idempotency_key": "k"}, "ante_cents"),
    ({"ante_cents": 100}, "idempotency_key"),
    ({"ante_cents": 100, "idempotency_key": "k", "jackpot_bet_cents": 1.5}, "jackpot_bet_cents"),
])
def test_malformed_ante_bodies_are_422_naming_the_field(api, client, multi, body, field):
    table, pid, headers, _ = multi
    r = client.post(f"/semdescarte/tables/{table['table_id']}/antes", json=body, headers=headers)
    error = error_of(r, 422)
    assert (error["code"], error["field"]) == ("invalid_input", field)
    assert field in error["message"]
    assert_untouched(api, client, table, pid)


def test_ante_same_key_and_body_answers_the_same_and_moves_money_once(api, client, multi):
    """903-B 6.1.1(4): a repeated ante is not executed twice; another body under the key is 409."""
    table, pid, headers, sid = multi
    tid = table["table_id"]
    first = ante(client, tid, headers, 200, "same", 100)
    again = ante(client, tid, headers, 200, "same", 100)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    held = 3 * 200 + 100
    assert api.balance(pid) == {"available_cents": FUNDS - held, "held_cents": held,
                                "balance_cents": FUNDS}
    assert statement(client, sid)["wagered_cents"] == 300
    for body in ((300, 100), (200, None)):
        error = error_of(ante(client, tid, headers, body[0], "same", body[1]), 409)
        assert (error["code"], error["field"]) == ("idempotency_key_reused", "idempotency_key")
    other = create_table(client, multi_config(seats=2))
    error = error_of(ante(client, other["table_id"], headers, 200, "same", 100), 409)
    assert error["code"] == "idempotency_key_reused"
    assert api.balance(pid) == {"available_cents": FUNDS - held, "held_cents": held,
                                "balance_cents": FUNDS}
    assert [j["jogada_id"] for j in [table_state(client, tid)["open_jogada"]]] == [
        first.json()["jogada_id"]]
    assert table_state(client, tid)["open_jogada"]["seats"] == ["1"]
