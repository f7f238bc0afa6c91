"""Players and staff through HTTP: the listings (paged, filtered, stable order), API key
rotation and revocation, and the rules of both (903-B 5.2.2(7), 5.2.3, 7.2.2, 7.4.3, 7.9.1)."""

from __future__ import annotations

import json
import time
from uuid import UUID, uuid4

import pytest

from domain.access.principals import Principal
from tests.api.conftest import OPERATOR, bearer, ok


def players(client, headers=OPERATOR, **params):
    return client.get("/players", params=params, headers=headers)


def staff_list(client, headers=OPERATOR, **params):
    return client.get("/staff", params=params, headers=headers)


def rotate(client, kind: str, ident: str, headers=OPERATOR):
    return client.post(f"/{kind}/{ident}/api-key", headers=headers)


def revoke(client, kind: str, ident: str, headers=OPERATOR):
    return client.post(f"/{kind}/{ident}/api-key/revocation", headers=headers)


def error(r, status: int) -> dict:
    assert r.status_code == status, r.text
    return r.json()["error"]


def stored_events(client, principal_id: str) -> list:
    ledger = client.app.state.ledger
    return ledger.app.recorder.select_events(UUID(principal_id))


# Listings ----------------------------------------------------------------------------------------
def test_players_listing_pages_in_registration_order_and_filters_names(api, clock):
    names = ["Ana Silva", "Bob", "ANA maria", "Élia", "Zé 50%_off", "Joana"]
    ids = []
    for n, name in enumerate(names):
        clock.advance(seconds=1)
        ids.append(api.player(name)[0])
    api.staff("auditor", "Ana Auditora")  # staff are not players
    seen, cursor, pages = [], None, 0
    while True:
        params = {"limit": 4} if cursor is None else {"limit": 4, "cursor": cursor}
        page = ok(players(api.client, **params))
        seen += page["data"]
        pages += 1
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert pages == 2 and [p["player_id"] for p in seen] == ids
    assert seen[0]["display_name"] == "Ana Silva" and seen[0]["key_status"] == "active"
    assert set(seen[0]) == {"player_id", "display_name", "registered_at", "key_status",
                            "key_changed_at"}
    found = ok(players(api.client, name="ana"))
    assert [p["display_name"] for p in found["data"]] == ["Ana Silva", "ANA maria", "Joana"]
    assert found["next_cursor"] is None and found["count"] == 3
    # case folding beyond ASCII, and LIKE's wildcards taken literally
    assert [p["display_name"] for p in ok(players(api.client, name="éLIA"))["data"]] == ["Élia"]
    assert [p["display_name"] for p in ok(players(api.client, name="0%_"))["data"]] == [
        "Zé 50%_off"]
    assert ok(players(api.client, name="%"))["count"] == 1


def test_players_listing_shows_registrations_at_the_same_instant_in_id_order(api):
    ids = [api.player(f"P{n}")[0] for n in range(5)]  # the ManualClock does not move
    first = ok(players(api.client, limit=2))
    rest = ok(players(api.client, limit=10, cursor=first["next_cursor"]))
    listed = [p["player_id"] for p in first["data"] + rest["data"]]
    assert listed == sorted(ids, key=UUID) and rest["next_cursor"] is None


@pytest.mark.parametrize("params, field", [
    ({"limit": 0}, "limit"), ({"limit": 501}, "limit"), ({"limit": "ten"}, "limit"),
    ({"cursor": "not-a-cursor!"}, "cursor"), ({"cursor": "bm9wZQ"}, "cursor"),
    ({"name": ""}, "name"), ({"name": "x" * 201}, "name"), ({"name": "a\x01b"}, "name"),
    ({"name": "a\u202eb"}, "name"),
])
def test_903b_7_9_1_bad_listing_input_is_422_naming_the_parameter(api, params, field):
    api.player()
    for r in (players(api.client, **params), staff_list(api.client, **params)):
        assert error(r, 422)["field"] == field


def test_staff_listing_filters_by_role_and_name_and_refuses_unknown_roles(api, clock):
    olga, _ = api.staff("operator", "Olga")
    clock.advance(seconds=1)
    audrey, _ = api.staff("auditor", "Audrey")
    clock.advance(seconds=1)
    carl, _ = api.staff("complaint_handler", "Carla")
    api.player("Olga the player")
    every = ok(staff_list(api.client))
    assert [s["staff_id"] for s in every["data"]] == [olga, audrey, carl]
    assert [s["role"] for s in every["data"]] == ["operator", "auditor", "complaint_handler"]
    assert [s["staff_id"] for s in ok(staff_list(api.client, role="auditor"))["data"]] == [audrey]
    assert [s["staff_id"] for s in ok(staff_list(api.client, name="OLG"))["data"]] == [olga]
    assert ok(staff_list(api.client, role="auditor", name="olga"))["count"] == 0
    for role in ("player", "admin"):
        assert error(staff_list(api.client, role=role), 422)["field"] == "role"


def test_903b_7_4_3_1_who_may_list_players_and_staff(api):
    player_id, player = api.player()
    _, auditor = api.staff("auditor")
    _, handler = api.staff("complaint_handler")
    for headers in (OPERATOR, auditor, handler):
        assert ok(players(api.client, headers=headers))["count"] == 1
    assert error(players(api.client, headers=player), 403)["code"] == "forbidden"
    for headers in (OPERATOR, auditor):
        assert ok(staff_list(api.client, headers=headers))["count"] == 2
    for headers in (handler, player):
        assert error(staff_list(api.client, headers=headers), 403)["code"] == "forbidden"
    assert error(players(api.client, headers={}), 401)["code"] == "unauthenticated"


# Rotation and revocation -------------------------------------------------------------------------
def test_903b_7_4_3_2_a_player_rotates_its_own_key_and_the_old_one_stops_at_once(api):
    player_id, old = api.player()
    assert api.balance(player_id, headers=old)["available_cents"] == 0  # the old key is cached
    body = ok(rotate(api.client, "players", player_id, headers=old), 201)
    assert set(body) == {"player_id", "api_key", "key_status"} and body["key_status"] == "active"
    assert error(api.client.get(f"/players/{player_id}/balance", headers=old), 401)
    assert api.balance(player_id, headers=bearer(body["api_key"]))["available_cents"] == 0


def test_903b_5_2_3_1_only_the_player_itself_or_an_operator_rotates_a_players_key(api):
    ana, ana_key = api.player("Ana")
    bob, bob_key = api.player("Bob")
    _, auditor = api.staff("auditor")
    assert error(rotate(api.client, "players", ana, headers=bob_key), 403)["field"] == "player_id"
    assert error(rotate(api.client, "players", ana, headers=auditor), 403)["code"] == "forbidden"
    assert api.balance(ana, headers=ana_key)["available_cents"] == 0  # still Ana's key
    new = ok(rotate(api.client, "players", ana), 201)["api_key"]  # an operator
    assert error(api.client.get(f"/players/{ana}/balance", headers=ana_key), 401)
    assert api.balance(ana, headers=bearer(new))["available_cents"] == 0


def test_903b_7_2_2_a_revoked_player_key_stops_at_once_until_an_operator_rotates_it(api):
    player_id, key = api.player()
    assert api.deposit(player_id, 500, "d1").status_code == 201
    assert api.balance(player_id, headers=key)["available_cents"] == 500  # cached
    body = ok(revoke(api.client, "players", player_id))
    assert body["key_status"] == "revoked" and body["revoked_at"]
    assert error(api.withdraw(player_id, 100, "w1", headers=key), 401)["code"] == (
        "unauthenticated")
    assert error(rotate(api.client, "players", player_id, headers=key), 401)  # not by itself
    assert error(revoke(api.client, "players", player_id), 409)["code"] == (
        "api_key_already_revoked")
    assert ok(players(api.client))["data"][0]["key_status"] == "revoked"
    new = bearer(ok(rotate(api.client, "players", player_id), 201)["api_key"])
    assert api.withdraw(player_id, 100, "w1", headers=new).status_code == 201
    assert error(api.client.get(f"/players/{player_id}/balance", headers=key), 401)
    assert ok(players(api.client))["data"][0]["key_status"] == "active"


def test_903b_5_2_2_7_each_key_change_is_an_event_naming_its_actor_never_the_key(api):
    player_id, player_key = api.player()
    operator_id, operator = api.staff("operator", "Olga")
    first = ok(rotate(api.client, "players", player_id, headers=player_key), 201)["api_key"]
    ok(revoke(api.client, "players", player_id, headers=operator))
    second = ok(rotate(api.client, "players", player_id, headers=operator), 201)["api_key"]
    records = stored_events(api.client, player_id)
    topics = [r.topic for r in records]
    assert topics == [Principal.Registered.TOPIC, Principal.ApiKeyRotated.TOPIC,
                      Principal.ApiKeyRevoked.TOPIC, Principal.ApiKeyRotated.TOPIC]
    states = [json.loads(r.state) for r in records]
    assert [s["actor"] for s in states[1:]] == [f"player:{player_id}", f"staff:{operator_id}",
                                                f"staff:{operator_id}"]
    raw = b"".join(r.state for r in records)
    for key in (player_key["Authorization"][7:], first, second):
        assert key.encode() not in raw
    from infra.container import hash_api_key
    assert states[3]["api_key_sha256"] == hash_api_key(second)


def test_staff_rotate_their_own_key_and_operators_rotate_and_revoke_any(api):
    audrey, auditor = api.staff("auditor", "Audrey")
    carl, handler = api.staff("complaint_handler", "Carl")
    player_id, player = api.player()
    assert error(rotate(api.client, "staff", carl, headers=auditor), 403)["field"] == "staff_id"
    assert error(rotate(api.client, "staff", audrey, headers=player), 403)
    assert error(revoke(api.client, "staff", carl, headers=auditor), 403)
    body = ok(rotate(api.client, "staff", audrey, headers=auditor), 201)
    assert body["role"] == "auditor" and body["staff_id"] == audrey
    assert error(api.client.get("/audit/accounts", headers=auditor), 401)
    auditor = bearer(body["api_key"])
    assert api.client.get("/audit/accounts", headers=auditor).status_code == 200
    assert ok(revoke(api.client, "staff", audrey))["key_status"] == "revoked"
    assert error(api.client.get("/audit/accounts", headers=auditor), 401)
    assert ok(staff_list(api.client, role="auditor"))["data"][0]["key_status"] == "revoked"
    new = bearer(ok(rotate(api.client, "staff", audrey), 201)["api_key"])
    assert api.client.get("/audit/accounts", headers=new).status_code == 200


def test_keys_are_changed_only_for_a_principal_of_the_routes_kind(api):
    player_id, _ = api.player()
    staff_id, _ = api.staff("auditor")
    for kind, ident, field in (("players", staff_id, "player_id"),
                               ("staff", player_id, "staff_id"),
                               ("players", str(uuid4()), "player_id")):
        assert error(rotate(api.client, kind, ident), 404)["field"] == field
        assert error(revoke(api.client, kind, ident), 404)["field"] == field
    assert error(rotate(api.client, "players", "nope"), 422)["field"] == "player_id"


def test_903b_7_4_3_1_the_last_active_operator_cannot_revoke_its_key(api):
    olga, olga_key = api.staff("operator", "Olga")
    for headers in (olga_key, OPERATOR):  # itself, or the bootstrap key
        e = error(revoke(api.client, "staff", olga, headers=headers), 409)
        assert (e["code"], e["field"]) == ("last_active_operator", "staff_id")
        assert e["rule"].startswith("903-B 7.4.3(1)")
    assert api.client.get("/staff", headers=olga_key).status_code == 200
    oscar, oscar_key = api.staff("operator", "Oscar")
    assert ok(revoke(api.client, "staff", olga, headers=olga_key))["key_status"] == "revoked"
    assert error(api.client.get("/staff", headers=olga_key), 401)
    assert error(revoke(api.client, "staff", oscar, headers=oscar_key), 409)["code"] == (
        "last_active_operator")


def test_a_key_rotated_by_another_process_stops_working_here_within_a_second(
        api, make_settings, clock):
    """The cache of this HTTP process learns of changes made elsewhere (the CLI, another
    server) from the principals projection (api/auth.py KeyWatch)."""
    from infra.container import build_ledger

    staff_id, key = api.staff("auditor", "Audrey")
    player_id, player_key = api.player()
    assert api.client.get("/audit/accounts", headers=key).status_code == 200  # cached now
    assert api.balance(player_id, headers=player_key)  # cached now
    elsewhere = build_ledger(make_settings(), clock=clock, start=False, with_projections=False)
    try:
        elsewhere.rotate_api_key(UUID(staff_id), kind="staff", actor="system:cli")
        elsewhere.revoke_api_key(UUID(player_id), kind="player", actor="system:cli")
    finally:
        elsewhere.close()
    deadline = time.monotonic() + 10
    statuses = None
    while time.monotonic() < deadline:
        statuses = (api.client.get("/audit/accounts", headers=key).status_code,
                    api.client.get(f"/players/{player_id}/balance",
                                   headers=player_key).status_code)
        if statuses == (401, 401):
            break
        time.sleep(0.1)
    assert statuses == (401, 401)
    # This server's writer held both principals as they were before: its next commands on
    # them are re-run against the store, not refused or applied to a stale state.
    assert error(revoke(api.client, "players", player_id), 409)["code"] == (
        "api_key_already_revoked")
    new = bearer(ok(rotate(api.client, "staff", staff_id), 201)["api_key"])
    assert api.client.get("/audit/accounts", headers=new).status_code == 200


def test_the_cache_forgets_a_principals_keys_and_a_lookup_overtaken_by_a_change():
    from api.auth import Caller, PrincipalCache

    cache = PrincipalCache()
    ana, bob = (Caller(id=uuid4(), role="player", display_name=n) for n in ("Ana", "Bob"))
    cache.put("a1", ana)
    cache.put("b1", bob)
    epoch = cache.epoch  # a lookup of Ana's new key begins...
    cache.invalidate([ana.id])  # ...her key changes meanwhile...
    cache.put("a2", ana, epoch)  # ...so what it read is not kept
    assert (cache.get("a1"), cache.get("a2"), cache.get("b1")) == (None, None, bob)
    cache.put("a2", ana, cache.epoch)
    assert cache.get("a2") == ana
