"""Authentication (Bearer API keys) and roles: 401 without a valid key, 403 for the wrong role,
and a player sees only its own account."""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR, bearer


def test_missing_key_is_401_with_a_bearer_challenge(api):
    player_id, _ = api.player()
    for r in (api.client.get(f"/players/{player_id}/balance"),
              api.client.post("/players", json={"display_name": "X"}),
              api.deposit(player_id, 100, "k", headers={})):
        assert r.status_code == 401
        assert r.json()["error"]["code"] == "unauthenticated"
        assert r.json()["error"]["field"] == "Authorization"
        assert r.headers["WWW-Authenticate"] == "Bearer"


@pytest.mark.parametrize("header", ["Bearer nope", "Basic dGVzdDp0ZXN0", "Bearer", "test-operator-key"])
def test_unknown_or_malformed_key_is_401(api, header):
    r = api.client.post("/players", json={"display_name": "X"}, headers={"Authorization": header})
    assert r.status_code == 401
    assert r.json()["error"]["code"] == "unauthenticated"


def test_a_freshly_registered_player_can_use_its_key_at_once(api):
    player_id, headers = api.player()
    assert api.balance(player_id, headers=headers) == {
        "available_cents": 0, "held_cents": 0, "balance_cents": 0}


def test_a_player_may_not_read_or_move_another_players_account(api):
    ana, ana_key = api.player("Ana")
    bob, _ = api.player("Bob")
    api.deposit(bob, 500, "d1")
    for r in (api.client.get(f"/players/{bob}/balance", headers=ana_key),
              api.client.get(f"/players/{bob}/activity", headers=ana_key),
              api.withdraw(bob, 100, "w1", headers=ana_key)):
        assert r.status_code == 403
        assert (r.json()["error"]["code"], r.json()["error"]["field"]) == ("forbidden", "player_id")
    assert api.balance(bob)["available_cents"] == 500


@pytest.mark.parametrize("role", ["player", "auditor", "complaint_handler"])
def test_only_operators_register_players_and_staff_and_deposit(api, role):
    target, _ = api.player("Target")
    headers = api.player()[1] if role == "player" else api.staff(role)[1]
    for r in (api.client.post("/players", json={"display_name": "X"}, headers=headers),
              api.client.post("/staff", json={"role": "auditor", "display_name": "X"},
                              headers=headers),
              api.deposit(target, 100, "k", headers=headers)):
        assert r.status_code == 403, r.text
        assert r.json()["error"]["code"] == "forbidden"
    assert api.balance(target)["available_cents"] == 0


def test_staff_roles_and_what_each_may_read(api):
    player_id, _ = api.player()
    _, auditor = api.staff("auditor", "Audrey")
    _, handler = api.staff("complaint_handler", "Carl")
    _, operator = api.staff("operator", "Olga")
    assert api.deposit(player_id, 100, "d1", headers=operator).status_code == 201
    for headers in (auditor, handler, operator):
        assert api.balance(player_id, headers=headers)["available_cents"] == 100
        assert api.activity(player_id, headers=headers)["count"] >= 1
    for headers in (auditor, operator):
        assert api.client.get("/cash-movements", headers=headers).status_code == 200
        assert api.client.get("/audit/accounts", headers=headers).status_code == 200
    player_key = api.player("P")[1]
    for headers in (handler, player_key):
        assert api.client.get("/cash-movements", headers=headers).status_code == 403
        assert api.client.get("/audit/accounts", headers=headers).status_code == 403
    assert api.withdraw(player_id, 50, "w1", headers=auditor).status_code == 403


def test_staff_registration_answers_the_role_and_refuses_unknown_roles(api):
    r = api.client.post("/staff", json={"role": "auditor", "display_name": "A"}, headers=OPERATOR)
    assert r.status_code == 201
    assert set(r.json()) == {"staff_id", "role", "api_key"} and r.json()["role"] == "auditor"
    for role in ("player", "admin"):
        r = api.client.post("/staff", json={"role": role, "display_name": "A"}, headers=OPERATOR)
        assert r.status_code == 422 and r.json()["error"]["field"] == "role"


def test_events_name_the_staff_member_who_acted(api):
    player_id, _ = api.player()
    staff_id, operator = api.staff("operator", "Olga")
    api.deposit(player_id, 100, "d1", headers=operator)
    item = api.activity(player_id)["data"][0]
    assert item["actor"] == f"staff:{staff_id}"  # 903-B 5.2.2(7)


def test_bootstrap_key_is_not_accepted_when_unset(make_client):
    client = make_client(bootstrap_operator_key=None)
    r = client.post("/players", json={"display_name": "X"}, headers=bearer("test-operator-key"))
    assert r.status_code == 401


def test_principal_cache_is_a_bounded_lru_with_a_time_to_live():
    import time
    from uuid import uuid4

    from api.auth import Caller, PrincipalCache

    cache = PrincipalCache(max_size=2, ttl_seconds=60)
    a, b, c = (Caller(id=uuid4(), role="player", display_name=n) for n in "abc")
    cache.put("ha", a)
    cache.put("hb", b)
    assert cache.get("ha") == a  # "ha" is now the most recent
    cache.put("hc", c)
    assert (cache.get("ha"), cache.get("hb"), cache.get("hc")) == (a, None, c)
    expiring = PrincipalCache(ttl_seconds=0.01)
    expiring.put("ha", a)
    time.sleep(0.02)
    assert expiring.get("ha") is None
    assert a.actor == f"player:{a.id}"
    assert Caller(id=a.id, role="auditor", display_name="x").actor == f"staff:{a.id}"
