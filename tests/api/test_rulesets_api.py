"""Versioned rule sets over HTTP: published versions are never edited, a new version applies
only to jogadas that start at or after its effective instant, and each jogada keeps the version
in force when it started (903-B 6.1.5(2)(3))."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from domain.rulesets import ruleset_id
from tests.api.conftest import OPERATOR

TABLE = "bj-table-7"
V1 = {"min_bet_cents": 100, "max_bet_cents": 10_000, "decision_ms": 15_000}
V2 = {"min_bet_cents": 200, "max_bet_cents": 20_000, "decision_ms": 15_000}


def when(text: str) -> datetime:
    return datetime.fromisoformat(text)


def publish(api, settings, effective_from: datetime | str | None = None, venue=TABLE,
            headers=OPERATOR):
    body = {"settings": settings}
    if effective_from is not None:
        body["effective_from"] = (effective_from if isinstance(effective_from, str)
                                  else effective_from.isoformat())
    return api.client.post(f"/venues/{venue}/rulesets", json=body, headers=headers)


def in_force(api, at: datetime | None = None, venue=TABLE, headers=OPERATOR):
    params = {} if at is None else {"at": at.isoformat()}
    return api.client.get(f"/venues/{venue}/rulesets/in-force", params=params, headers=headers)


def test_903B_6_1_5_publication_answers_201_with_the_version_in_force_from_now(api, clock):
    r = publish(api, V1)
    assert r.status_code == 201, r.text
    body = r.json()
    assert (body["venue_id"], body["version"]) == (TABLE, 1)
    assert when(body["effective_from"]) == clock.now()
    r = in_force(api)
    assert r.status_code == 200, r.text
    assert (r.json()["version"], r.json()["settings"]) == (1, V1)
    assert when(r.json()["at"]) == clock.now()


def test_903B_6_1_5_a_future_version_does_not_apply_to_a_jogada_started_before_it(api, clock):
    publish(api, V1)
    jogada_started = clock.advance(10)
    change = jogada_started + timedelta(minutes=1)
    r = publish(api, V2, change)
    assert r.status_code == 201 and r.json()["version"] == 2
    assert when(r.json()["effective_from"]) == change
    assert in_force(api).json()["version"] == 1  # not yet in force
    clock.set(change + timedelta(seconds=30))  # the jogada still runs after the change
    r = in_force(api, jogada_started)
    assert (r.json()["version"], r.json()["settings"]) == (1, V1)
    assert when(r.json()["effective_from"]) < jogada_started
    assert in_force(api, change - timedelta(microseconds=1)).json()["version"] == 1
    assert in_force(api, change).json()["version"] == 2
    r = in_force(api)  # a jogada starting now
    assert (r.json()["version"], r.json()["settings"]) == (2, V2)


def test_903B_6_1_5_the_list_shows_every_version_never_edited(api, clock):
    publish(api, V1)
    clock.advance(5)
    change = clock.now() + timedelta(hours=1)
    publish(api, V2, change.astimezone(timezone(timedelta(hours=1))))  # Lisbon summer offset
    r = api.client.get(f"/venues/{TABLE}/rulesets", headers=OPERATOR)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["venue_id"] == TABLE and body["count"] == 2
    assert [(v["version"], v["settings"]) for v in body["data"]] == [(1, V1), (2, V2)]
    assert when(body["data"][1]["effective_from"]) == change
    assert when(body["data"][1]["effective_from"]).utcoffset() == timedelta(0)  # kept in UTC
    assert when(body["data"][1]["published_at"]) == clock.now()


def test_903B_6_1_5_a_version_in_the_past_or_before_the_last_is_409(api, clock):
    publish(api, V1, clock.now() + timedelta(hours=2))
    for effective_from in (clock.now() - timedelta(seconds=1), clock.now() + timedelta(hours=1)):
        r = publish(api, V2, effective_from)
        assert r.status_code == 409, r.text
        error = r.json()["error"]
        assert (error["code"], error["rule"], error["field"]) == (
            "rule_violation", "903-B 6.1.5(2)", "effective_from")
    r = api.client.get(f"/venues/{TABLE}/rulesets", headers=OPERATOR)
    assert [v["version"] for v in r.json()["data"]] == [1]
    r = in_force(api)  # version 1 is not in force yet
    assert r.status_code == 404 and r.json()["error"]["rule"] == "903-B 6.1.5(3)"


def test_a_venue_without_a_rule_set(api):
    r = api.client.get("/venues/nowhere/rulesets", headers=OPERATOR)
    assert r.status_code == 200 and r.json() == {"venue_id": "nowhere", "data": [], "count": 0}
    r = in_force(api, venue="nowhere")
    assert r.status_code == 404 and r.json()["error"]["field"] == "venue_id"


def test_903B_6_3_6_6_7_a_change_of_game_parameters_is_recorded_with_who_and_when(api, clock):
    """903-B 6.3.6(6)(7): the system records "changes to game parameters" (by whom, and when)."""
    ledger = api.client.app.state.ledger
    olga_id, olga = api.staff("operator", "Olga")
    rui_id, rui = api.staff("operator", "Rui")
    first_at = clock.now()
    assert publish(api, V1, headers=olga).status_code == 201
    second_at = clock.advance(60)
    change = second_at + timedelta(hours=1)
    assert publish(api, V2, change, headers=rui).status_code == 201
    stored = [ledger.app.mapper.to_domain_event(s)
              for s in ledger.app.recorder.select_events(ruleset_id(TABLE))]
    published = [e for e in stored if type(e).__name__ == "SettingsVersionPublished"]
    assert [(e.version, e.settings, e.effective_from, e.actor, e.at) for e in published] == [
        (1, V1, first_at, f"staff:{olga_id}", first_at),
        (2, V2, change, f"staff:{rui_id}", second_at)]
    listed = api.client.get(f"/venues/{TABLE}/rulesets", headers=OPERATOR).json()["data"]
    assert [when(v["published_at"]) for v in listed] == [first_at, second_at]


def test_a65_a_time_with_another_offset_is_kept_as_the_same_instant_in_utc(api, clock):
    """A65: "store instants in UTC": a time sent at another offset is kept as that UTC instant."""
    ledger = api.client.app.state.ledger
    change = clock.now() + timedelta(hours=1)
    r = publish(api, V1, change.astimezone(timezone(timedelta(hours=-3))))  # sent at UTC−3
    assert r.status_code == 201, r.text
    listed = api.client.get(f"/venues/{TABLE}/rulesets", headers=OPERATOR).json()["data"]
    stored = ledger.app.repository.get(ruleset_id(TABLE)).versions[0]["effective_from"]
    for kept in (when(r.json()["effective_from"]), when(listed[0]["effective_from"]), stored):
        assert kept == change and kept.utcoffset() == timedelta(0), kept
    asked = change + timedelta(seconds=1)
    r = in_force(api, asked.astimezone(timezone(timedelta(hours=1))))  # Lisbon summer time
    assert r.status_code == 200, r.text
    at = when(r.json()["at"])
    assert at == asked and at.utcoffset() == timedelta(0)


def test_a65_in_force_time_without_an_offset_is_utc(api, clock):
    """A65: "store instants in UTC": a time sent without an offset is taken as UTC."""
    publish(api, V1)
    naive = (clock.now() + timedelta(seconds=1)).replace(tzinfo=None)
    r = api.client.get(f"/venues/{TABLE}/rulesets/in-force", params={"at": naive.isoformat()},
                       headers=OPERATOR)
    assert r.status_code == 200 and when(r.json()["at"]) == clock.now() + timedelta(seconds=1)
    for bad in ("soon", "0001-01-01T00:00:00+05:00"):  # the second has no UTC equivalent
        r = api.client.get(f"/venues/{TABLE}/rulesets/in-force", params={"at": bad},
                           headers=OPERATOR)
        assert r.status_code == 422 and r.json()["error"]["field"] == "at", r.text


def test_only_operators_publish_and_only_staff_read(api):
    player_id, player = api.player()
    assert publish(api, V1, headers=player).status_code == 403
    for role in ("auditor", "complaint_handler"):
        _, staff = api.staff(role)
        assert publish(api, V1, headers=staff).status_code == 403
    assert publish(api, V1).status_code == 201
    for role in ("auditor", "complaint_handler"):
        _, staff = api.staff(role, name=f"{role} 2")
        assert api.client.get(f"/venues/{TABLE}/rulesets", headers=staff).status_code == 200
        assert in_force(api, headers=staff).json()["version"] == 1
    r = api.client.get(f"/venues/{TABLE}/rulesets", headers=player)
    assert r.status_code == 403 and in_force(api, headers=player).status_code == 403
    assert api.client.get(f"/venues/{TABLE}/rulesets").status_code == 401


@pytest.mark.parametrize("body, field", [
    ({"settings": [1, 2]}, "settings"),
    ({"settings": "min=1"}, "settings"),
    ({}, "settings"),
    ({"settings": V1, "version": 3}, "version"),
    ({"settings": V1, "effective_from": "2030-01-01T00:00:00"}, "effective_from"),  # no offset
    ({"settings": V1, "effective_from": 1_900_000_000}, "effective_from"),
    ({"settings": V1, "effective_from": "tomorrow"}, "effective_from"),
    ({"settings": V1, "effective_from": "9999-12-31T23:59:59-05:00"}, "effective_from"),  # A65
    ({"settings": {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": 1}}}}}}}}}},
     "settings.a.b.c.d.e.f.g.h.i"),  # nested too deeply (domain)
])
def test_bad_publication_input_is_422_naming_the_field(api, body, field):
    r = api.client.post(f"/venues/{TABLE}/rulesets", json=body, headers=OPERATOR)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["code"] == "invalid_input" and r.json()["error"]["field"] == field
    assert api.client.get(f"/venues/{TABLE}/rulesets", headers=OPERATOR).json()["count"] == 0


def test_venue_id_too_long_is_422(api):
    r = publish(api, V1, venue="v" * 101)
    assert r.status_code == 422 and r.json()["error"]["field"] == "venue_id"
