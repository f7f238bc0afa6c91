"""Read endpoints: the balance (903-B 6.3.2(3)), account activity (903-B 5.2.2(9)), the cash log
(903-B 5.4.1, 5.4.2) and the accounts audit (903-B 5.5.1(1))."""

from __future__ import annotations

from datetime import timedelta

from tests.api.conftest import OPERATOR
from tests.projections.support import hold, post


def test_unknown_player_is_404_for_staff(api):
    missing = "00000000-0000-4000-8000-000000000000"
    for path in (f"/players/{missing}/balance", f"/players/{missing}/activity"):
        r = api.client.get(path, headers=OPERATOR)
        assert r.status_code == 404
        assert r.json()["error"]["code"] == "not_found"
        assert r.json()["error"]["field"] == "player_id"


def test_903b_6_3_2_3_stakes_of_open_jogadas_are_shown_apart_from_the_available(api):
    """903-B 6.3.2(3): "stakes locked in incomplete games are shown separately in the account"."""
    ledger = api.client.app.state.ledger  # bets have no route: the games place them
    player_id, player = api.player()
    assert api.deposit(player_id, 1_000, "d1").status_code == 201
    hold(ledger, player_id, "t1", 300, "j1")  # j1 still open
    hold(ledger, player_id, "t2", 200, "j2")
    post(ledger, player_id, "t2")  # j2 settled: its stake lost, no longer held
    # available = balance − held: 800 − 300.
    assert api.balance(player_id, headers=player) == {
        "available_cents": 500, "held_cents": 300, "balance_cents": 800}
    audit = api.client.get("/audit/accounts", headers=OPERATOR).json()["data"]
    wallet = next(a for a in audit if a["account_code"] == f"wallet:{player_id}")
    assert (wallet["available_cents"], wallet["held_cents"], wallet["balance_cents"]) == (
        500, 300, 800)


def test_activity_is_newest_first_and_pages_back(api):
    player_id, player = api.player()
    for n in range(5):
        api.deposit(player_id, 100 + n, f"d{n}")
    first = api.activity(player_id, headers=player, limit=2)
    assert [i["amount_cents"] for i in first["data"]] == [104, 103]
    assert first["count"] == 2 and first["next_before_id"] == first["data"][-1]["notification_id"]
    second = api.activity(player_id, headers=player, limit=2, before_id=first["next_before_id"])
    assert [i["amount_cents"] for i in second["data"]] == [102, 101]
    rest = api.activity(player_id, headers=player, limit=10, before_id=second["next_before_id"])
    assert [i["type"] for i in rest["data"]] == ["credited", "opened"]
    assert rest["next_before_id"] is None


def test_activity_keeps_more_than_90_days_and_filters_by_time(api, clock):
    player_id, player = api.player()
    start = clock.now()
    api.deposit(player_id, 100, "old")
    clock.advance(days=120)
    api.deposit(player_id, 200, "new")
    everything = api.activity(player_id, headers=player)["data"]
    assert [i["amount_cents"] for i in everything if i["type"] == "credited"] == [200, 100]
    since = (start + timedelta(days=1)).isoformat()
    recent = api.activity(player_id, headers=player, since=since)["data"]
    assert [i["amount_cents"] for i in recent] == [200]
    old = api.activity(player_id, headers=player, until=since)["data"]
    assert [i["type"] for i in old] == ["credited", "opened"]
    # A time without an offset is read as UTC.
    naive = (start + timedelta(days=1)).replace(tzinfo=None).isoformat()
    assert api.activity(player_id, headers=player, since=naive)["data"] == recent


def test_activity_query_parameters_are_validated(api):
    player_id, player = api.player()
    for params, field in (({"limit": 0}, "limit"), ({"limit": 5000}, "limit"),
                          ({"since": "yesterday"}, "since"), ({"before_id": -1}, "before_id"),
                          ({"before_id": 2**63}, "before_id"),  # beyond a BIGINT: not a 500
                          ({"since": "9999-12-31T23:59:59-05:00"}, "since"),  # no UTC equivalent
                          ({"until": "0001-01-01T00:00:00+05:00"}, "until")):
        r = api.client.get(f"/players/{player_id}/activity", headers=player, params=params)
        assert r.status_code == 422 and r.json()["error"]["field"] == field, (params, r.text)


def test_cash_movements_query_parameters_are_validated(api):
    for params, field in (({"after_id": 2**63}, "after_id"), ({"after_id": -1}, "after_id"),
                          ({"since": "9999-12-31T23:59:59-05:00"}, "since")):
        r = api.client.get("/cash-movements", headers=OPERATOR, params=params)
        assert r.status_code == 422 and r.json()["error"]["field"] == field, (params, r.text)


def test_cash_movements_log_with_filters(api, clock):
    ana, _ = api.player("Ana")
    bob, _ = api.player("Bob")
    api.deposit(ana, 1_000, "a1", payment_method="card")
    clock.advance(hours=1)
    api.deposit(bob, 500, "b1")
    api.withdraw(ana, 400, "a2")
    api.withdraw(bob, 9_999, "b2")  # refused
    log = api.cash_movements()
    assert log["count"] == 4
    assert [(m["kind"], m["player_id"], m["amount_cents"], m["refused"]) for m in log["data"]] == [
        ("deposit", ana, 1_000, False), ("deposit", bob, 500, False),
        ("withdrawal", ana, 400, False), ("withdrawal", bob, 9_999, True)]
    assert log["data"][0]["payment_method"] == "card"
    assert [m["amount_cents"] for m in api.cash_movements(kind="deposit")["data"]] == [1_000, 500]
    assert api.cash_movements(kind="withdrawal", include_refused="false")["count"] == 1
    since = log["data"][1]["at"]
    assert api.cash_movements(since=since)["count"] == 3
    page = api.cash_movements(limit=3)
    assert page["next_after_id"] == page["data"][-1]["notification_id"]
    assert api.cash_movements(after_id=page["next_after_id"])["count"] == 1
    r = api.client.get("/cash-movements", headers=OPERATOR, params={"kind": "bet"})
    assert r.status_code == 422 and r.json()["error"]["field"] == "kind"


def test_audit_accounts_sum_to_zero(api):
    ana, _ = api.player("Ana")
    api.deposit(ana, 1_234, "a1")
    api.withdraw(ana, 234, "a2")
    r = api.client.get("/audit/accounts", headers=OPERATOR)
    assert r.status_code == 200
    body = r.json()
    assert body["total_cents"] == 0 and body["balanced"] is True
    assert body["count"] == len(body["data"])
    by_code = {a["account_code"]: a for a in body["data"]}
    assert by_code[f"wallet:{ana}"]["balance_cents"] == 1_000
    assert by_code["cashier"]["balance_cents"] == -1_000
    assert sum(a["balance_cents"] for a in body["data"]) == 0


def test_audit_accounts_pages_by_code_and_totals_every_account(api):
    """GET /audit/accounts is bounded: ``limit`` accounts after ``after_code``; the count and
    the total (903-B 5.5.1(1): 0) are of all accounts on every page."""
    for i in range(3):
        player, _ = api.player(f"P{i}")
        api.deposit(player, 100 + i, f"p{i}")
    everything = api.client.get("/audit/accounts", headers=OPERATOR).json()
    codes = [a["account_code"] for a in everything["data"]]
    assert codes == sorted(codes) and everything["next_after_code"] is None
    seen, after = [], None
    while True:
        params = {"limit": 2, **({"after_code": after} if after else {})}
        page = api.client.get("/audit/accounts", headers=OPERATOR, params=params).json()
        assert page["account_count"] == len(codes)
        assert page["total_cents"] == 0 and page["balanced"] is True
        seen += [a["account_code"] for a in page["data"]]
        after = page["next_after_code"]
        if after is None:
            break
    assert seen == codes
    r = api.client.get("/audit/accounts", headers=OPERATOR, params={"limit": 0})
    assert r.status_code == 422 and r.json()["error"]["field"] == "limit"
    # 903-B 7.9.1: a control character in the page position is refused, naming the field.
    r = api.client.get("/audit/accounts", headers=OPERATOR, params={"after_code": "wallet:\x00"})
    assert r.status_code == 422, r.text
    assert (r.json()["error"]["field"], r.json()["error"]["rule"]) == ("after_code",
                                                                        "903-B 7.9.1")
