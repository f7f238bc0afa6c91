"""903-B 1.5 "Log": nothing is edited or deleted; a correction is a new, opposite transfer that
points at the original."""

from __future__ import annotations

from tests.api.conftest import OPERATOR as operator


def test_903b_1_5_a_correction_is_a_new_transfer_pointing_at_the_original(client, api):
    player_id, _ = api.player()
    deposit = client.post(f"/players/{player_id}/deposits", headers=operator,
                          json={"amount_cents": 10_000, "idempotency_key": "typo"}).json()
    answer = client.post(f"/transfers/{deposit['transfer_id']}/corrections", headers=operator,
                         json={"reason": "operator typed 10000 for 1000"})
    assert answer.status_code == 201, answer.text
    correction = answer.json()
    assert correction["corrects"] == deposit["transfer_id"]
    assert correction["amount_cents"] == 10_000
    assert correction["from_code"] == f"wallet:{player_id}" and correction["to_code"] == "cashier"
    balance = client.get(f"/players/{player_id}/balance", headers=operator).json()
    assert balance["available_cents"] == 0
    # Both movements stay on record, the correction pointing at the original.
    activity = client.get(f"/players/{player_id}/activity", headers=operator).json()["data"]
    kinds = [(m["type"], m["transfer_id"]) for m in activity if m["type"] != "opened"]
    assert kinds == [("debited", correction["transfer_id"]), ("credited", deposit["transfer_id"])]
    assert activity[0]["refs"]["corrects"] == deposit["transfer_id"]
    total = client.get("/audit/accounts", headers=operator).json()
    assert total["total_cents"] == 0


def test_a_transfer_is_corrected_at_most_once(client, api):
    player_id, _ = api.player()
    deposit = client.post(f"/players/{player_id}/deposits", headers=operator,
                          json={"amount_cents": 500, "idempotency_key": "d"}).json()
    url = f"/transfers/{deposit['transfer_id']}/corrections"
    first = client.post(url, headers=operator, json={"reason": "wrong player"})
    again = client.post(url, headers=operator, json={"reason": "wrong player"})
    assert first.status_code == again.status_code == 201 and again.json() == first.json()
    other = client.post(url, headers=operator, json={"reason": "something else"})
    assert other.status_code == 409 and other.json()["error"]["field"] == "transfer_id"
    assert client.get(f"/players/{player_id}/balance", headers=operator).json()[
        "available_cents"] == 0


def test_903b_5_2_2_3_a_correction_never_takes_a_wallet_below_zero(client, api):
    player_id, _ = api.player()
    deposit = client.post(f"/players/{player_id}/deposits", headers=operator,
                          json={"amount_cents": 500, "idempotency_key": "d"}).json()
    client.post(f"/players/{player_id}/withdrawals", headers=operator,
                json={"amount_cents": 400, "idempotency_key": "w"})
    answer = client.post(f"/transfers/{deposit['transfer_id']}/corrections", headers=operator,
                         json={"reason": "late"})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "insufficient_funds"


def test_corrections_need_an_operator_and_an_existing_transfer(client, api):
    player_id, player = api.player()
    assert client.post("/transfers/nope/corrections", headers=operator,
                       json={"reason": "x"}).status_code == 404
    assert client.post("/transfers/nope/corrections", headers=player,
                       json={"reason": "x"}).status_code == 403
    assert client.post("/transfers/nope/corrections", headers=operator,
                       json={"reason": ""}).status_code == 422


def test_903b_1_5_the_cash_movement_log_lists_corrections_with_what_they_correct(client, api):
    """GET /cash-movements answered 500 once a correction was in its range (the response
    model allowed only deposit and withdrawal)."""
    player_id, _ = api.player()
    deposit = api.deposit(player_id, 10_000, "typo").json()
    withdrawal = api.withdraw(player_id, 300, "w").json()
    fixes = [client.post(f"/transfers/{t['transfer_id']}/corrections", headers=operator,
                         json={"reason": why}).json()
             for t, why in ((withdrawal, "paid twice"), (deposit, "typed 10000 for 1000"))]
    answer = client.get("/cash-movements", headers=operator)
    assert answer.status_code == 200, answer.text
    rows = [(m["kind"], m["transfer_id"], m["amount_cents"], m["corrects"], m["corrects_kind"],
             m["reason"]) for m in answer.json()["data"]]
    assert rows == [
        ("deposit", deposit["transfer_id"], 10_000, None, None, None),
        ("withdrawal", withdrawal["transfer_id"], 300, None, None, None),
        ("correction", fixes[0]["transfer_id"], 300, withdrawal["transfer_id"], "withdrawal",
         "paid twice"),
        ("correction", fixes[1]["transfer_id"], 10_000, deposit["transfer_id"], "deposit",
         "typed 10000 for 1000")]
    only = client.get("/cash-movements", headers=operator, params={"kind": "correction"})
    assert [m["corrects"] for m in only.json()["data"]] == [withdrawal["transfer_id"],
                                                             deposit["transfer_id"]]
    assert api.balance(player_id)["available_cents"] == 0
