"""Deposits and withdrawals over HTTP: the wallet opened with the player, strict money input,
idempotency, refusals recorded."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.api.conftest import OPERATOR


def test_903b_5_2_2_1_one_wallet_per_player_opened_with_the_player(api, clock):
    """903-B 5.2.2(1): "create a player account with a unique id at each player's registration"."""
    registered = {}
    for _ in range(2):  # the same name twice: two players, each with its own id and wallet
        player_id, _ = api.player("Ana")
        registered[player_id] = clock.now()
        clock.advance(60)
    assert len(registered) == 2
    for n, player_id in enumerate(registered):
        r = api.deposit(player_id, 100 + n, f"d{n}")  # every transaction goes to that one account
        assert r.status_code == 201, r.text
    accounts = api.client.get("/audit/accounts", headers=OPERATOR).json()["data"]
    for n, (player_id, at) in enumerate(registered.items()):
        owned = [(a["account_code"], a["kind"], a["balance_cents"]) for a in accounts
                 if a["owner"] == player_id]
        assert owned == [(f"wallet:{player_id}", "wallet", 100 + n)]
        opened = [(i["account_code"], datetime.fromisoformat(i["at"]))
                  for i in api.activity(player_id)["data"] if i["type"] == "opened"]
        assert opened == [(f"wallet:{player_id}", at)]  # at the registration, not later


def test_903b_5_4_1_4_deposit_answers_201_with_the_wallet_after_it(api):
    """903-B 5.4.1(4): "credit the player's account immediately on receipt of the deposit"."""
    player_id, _ = api.player()
    r = api.deposit(player_id, 1_000, "d1", payment_method="mbway")
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["player_id"] == player_id and body["operation"] == "deposit"
    assert (body["amount_cents"], body["available_cents"], body["held_cents"]) == (1_000, 1_000, 0)
    assert body["payment_method"] == "mbway" and body["transfer_id"]
    assert api.balance(player_id) == {"available_cents": 1_000, "held_cents": 0,
                                      "balance_cents": 1_000}


def test_payment_method_defaults_to_bank_transfer(api):
    player_id, _ = api.player()
    assert api.deposit(player_id, 10, "d1").json()["payment_method"] == "bank_transfer"


def test_same_key_and_body_twice_moves_money_once_and_answers_the_same(api):
    player_id, _ = api.player()
    first = api.deposit(player_id, 1_000, "dup")
    again = api.deposit(player_id, 1_000, "dup")
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
    assert api.balance(player_id)["available_cents"] == 1_000
    credits = [i for i in api.activity(player_id)["data"] if i["type"] == "credited"]
    assert len(credits) == 1
    assert api.cash_movements(kind="deposit")["count"] == 1


def test_same_key_with_a_different_body_is_409_and_moves_nothing(api):
    player_id, _ = api.player()
    api.deposit(player_id, 1_000, "k1")
    for r in (api.deposit(player_id, 999, "k1"),
              api.deposit(player_id, 1_000, "k1", payment_method="card"),
              api.withdraw(player_id, 1_000, "k1")):
        assert r.status_code == 409, r.text
        error = r.json()["error"]
        assert error["code"] == "idempotency_key_reused"
        assert error["field"] == "idempotency_key" and error["rule"] == "903-B 6.1.1(4)"
    assert api.balance(player_id)["available_cents"] == 1_000


@pytest.mark.parametrize("amount", [10.5, 10.000001, "10", True, None, [10]])
def test_amount_that_is_not_an_integer_is_422_naming_amount_cents(api, amount):
    player_id, _ = api.player()
    r = api.deposit(player_id, amount, "k1")
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "invalid_input" and error["field"] == "amount_cents"
    assert "amount_cents" in error["message"]
    assert api.balance(player_id)["available_cents"] == 0


def test_issue_24_a_whole_number_written_147_0_is_the_integer_147(api):
    """JSON Schema, and so the OpenAPI document's "integer", counts 147.0 as an integer: the
    service takes it as 147 (Schemathesis found it refused with another seed)."""
    player_id, player = api.player()
    for path, key in (("deposits", "d1"), ("withdrawals", "w1")):
        r = api.client.post(f"/players/{player_id}/{path}",
                            headers={**OPERATOR, "Content-Type": "application/json"},
                            content=b'{"amount_cents": 147.0, "idempotency_key": "%s"}'
                            % key.encode())
        assert r.status_code == 201, r.text
        assert r.json()["amount_cents"] == 147 and isinstance(r.json()["amount_cents"], int)
    assert api.balance(player_id, player)["available_cents"] == 0
    again = api.client.post(f"/players/{player_id}/deposits", headers=OPERATOR,
                            json={"amount_cents": 147, "idempotency_key": "d1"})
    assert again.status_code == 201, again.text  # the same body: 147.0 is 147
    assert api.balance(player_id)["available_cents"] == 0


@pytest.mark.parametrize("amount", [0, -1, -1_000, 10**11 + 1, 0.0, 1e11 + 1])
def test_amount_out_of_range_is_422(api, amount):
    player_id, _ = api.player()
    for r in (api.deposit(player_id, amount, "k1"), api.withdraw(player_id, amount, "k2")):
        assert r.status_code == 422, r.text
        assert r.json()["error"]["field"] == "amount_cents"


def test_unknown_field_is_422_naming_it(api):
    player_id, _ = api.player()
    r = api.deposit(player_id, 100, "k1", currency="EUR")
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "currency"
    assert "currency" in r.json()["error"]["message"]


@pytest.mark.parametrize("body, field", [
    ({"amount_cents": 100}, "idempotency_key"),
    ({"amount_cents": 100, "idempotency_key": ""}, "idempotency_key"),
    ({"amount_cents": 100, "idempotency_key": 7}, "idempotency_key"),
    ({"amount_cents": 100, "idempotency_key": "k", "payment_method": "gold"}, "payment_method"),
    ({"idempotency_key": "k"}, "amount_cents"),
])
def test_other_malformed_bodies_are_422_naming_the_field(api, body, field):
    player_id, _ = api.player()
    r = api.client.post(f"/players/{player_id}/deposits", json=body, headers=OPERATOR)
    assert r.status_code == 422 and r.json()["error"]["field"] == field


def test_blank_idempotency_key_is_refused_by_the_domain(api):
    player_id, _ = api.player()
    r = api.deposit(player_id, 100, "   ")
    assert r.status_code == 422
    assert r.json()["error"]["field"] == "idempotency_key"


def test_body_that_is_not_json_is_422(api):
    player_id, _ = api.player()
    r = api.client.post(f"/players/{player_id}/deposits", content=b"{nope",
                        headers={**OPERATOR, "Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "invalid_input"


@pytest.mark.parametrize("body, where", [
    (b'{"amount_cents": 100,\n  "idempotency_key": k1}', "line 2, column 22 (character offset 43)"),
    (b"{nope", "line 1, column 2 (character offset 1)"),
    (b'{"amount_cents": 100, "idempotency_key": "k1"', "line 1, column 46"),
])
def test_issue_24_a_body_that_is_not_json_names_the_body_and_where(api, body, where):
    """Not ``"field": "21"`` (FastAPI's character offset): the field is ``body``, and the
    message says where the JSON parse failed."""
    player_id, _ = api.player()
    r = api.client.post(f"/players/{player_id}/deposits", content=body,
                        headers={**OPERATOR, "Content-Type": "application/json"})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert (error["code"], error["field"]) == ("invalid_input", "body"), error
    assert "not valid JSON" in error["message"] and where in error["message"], error["message"]
    assert error["details"]["errors"][0]["field"] == "body"
    assert api.balance(player_id)["available_cents"] == 0


def test_deposit_to_an_unknown_player_is_404(api):
    r = api.deposit("00000000-0000-4000-8000-000000000000", 100, "k1")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = api.deposit("not-a-uuid", 100, "k1")
    assert r.status_code == 422 and r.json()["error"]["field"] == "player_id"


def test_withdrawal_over_the_balance_is_409_recorded_and_moves_nothing(api):
    player_id, player = api.player()
    api.deposit(player_id, 1_000, "d1")
    r = api.withdraw(player_id, 1_001, "w1", headers=player)
    assert r.status_code == 409, r.text
    error = r.json()["error"]
    assert error["code"] == "insufficient_funds" and error["rule"] == "903-B 5.2.2(3)"
    assert error["field"] == "amount_cents"
    assert error["details"] == {"available_cents": 1_000, "needed_cents": 1_001}
    assert api.balance(player_id)["available_cents"] == 1_000
    # 903-B 5.4.2(9): the refused attempt is in the player's activity and the cash log.
    refused = [i for i in api.activity(player_id, headers=player)["data"]
               if i["type"] == "attempt_refused"]
    assert [(i["operation"], i["amount_cents"], i["code"]) for i in refused] == [
        ("withdrawal", 1_001, "insufficient_funds")]
    log = api.cash_movements(kind="withdrawal")["data"]
    assert [(m["refused"], m["amount_cents"], m["code"], m["player_id"]) for m in log] == [
        (True, 1_001, "insufficient_funds", player_id)]
    # Repeating the refused command answers the same refusal and records nothing new.
    again = api.withdraw(player_id, 1_001, "w1", headers=player)
    assert again.status_code == 409 and again.json()["error"]["code"] == "insufficient_funds"
    assert api.cash_movements(kind="withdrawal")["count"] == 1


def test_withdrawal_by_the_player_and_by_an_operator(api):
    player_id, player = api.player()
    api.deposit(player_id, 1_000, "d1")
    r = api.withdraw(player_id, 300, "w1", headers=player)
    assert r.status_code == 201 and r.json()["available_cents"] == 700
    r = api.withdraw(player_id, 700, "w2")
    assert r.status_code == 201 and r.json()["available_cents"] == 0
    assert api.balance(player_id, headers=player)["balance_cents"] == 0
    actors = [i["actor"] for i in api.activity(player_id)["data"] if i["type"] == "debited"]
    assert actors[1] == f"player:{player_id}" and actors[0].startswith("staff:")


def test_concurrent_identical_deposits_move_money_once(api):
    from concurrent.futures import ThreadPoolExecutor

    player_id, _ = api.player()
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda _: api.deposit(player_id, 250, "same"), range(16)))
    assert {a.status_code for a in answers} == {201}
    assert len({a.json()["transfer_id"] for a in answers}) == 1
    assert api.balance(player_id)["available_cents"] == 250
