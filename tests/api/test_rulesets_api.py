"""Versioned rule sets over HTTP: published versions are never edited, a new version applies
only to jogadas that start at or after its effective instant, and each jogada keeps the version
in force when it started (903-B 6.1.5(2)(3)). A version holds a configuration of the venue's
game, checked by that game's rules (903-B 7.9.1; domain/rulesets/venue_settings.py)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from domain.rulesets.versions import ruleset_id
from tests.api.conftest import OPERATOR

# Sem descarte rules 4, 6a, 16-18, 21, 31: an individual table's configuration.
V1 = {"kind": "individual", "min_ante_cents": 100, "max_ante_cents": 2_500,
      "decision_seconds": 15, "extra_seconds": 5}
V2 = {**V1, "min_ante_cents": 200, "max_ante_cents": 5_000}


def recorded(config):
    """A table's configuration as the table records it (domain/games/semdescarte/config.py)."""
    return {"seats": 1, "betting_seconds": None, "jackpot": None, **config}


@pytest.fixture
def table(client) -> str:
    """The venue id of a new individual sem descarte table."""
    r = client.post("/semdescarte/tables", json={"name": "Mesa 7", "config": V1},
                    headers=OPERATOR)
    assert r.status_code == 201, r.text
    return r.json()["venue_id"]


def when(text: str) -> datetime:
    return datetime.fromisoformat(text)


def publish(api, settings, effective_from: datetime | str | None = None, *, venue,
            headers=OPERATOR):
    body = {"settings": settings}
    if effective_from is not None:
        body["effective_from"] = (effective_from if isinstance(effective_from, str)
                                  else effective_from.isoformat())
    return api.client.post(f"/venues/{venue}/rulesets", json=body, headers=headers)


def in_force(api, at: datetime | None = None, *, venue, headers=OPERATOR):
    params = {} if at is None else {"at": at.isoformat()}
    return api.client.get(f"/venues/{venue}/rulesets/in-force", params=params, headers=headers)


def test_issue_24_whole_numbers_written_with_a_zero_fraction_are_integers(api, table):
    """The settings skip pydantic (the domain checks them), and still 100.0 is 100, as the
    document's "integer" says: kept as the integer."""
    r = publish(api, {**V1, "min_ante_cents": 100.0, "decision_seconds": 15.0}, venue=table)
    assert r.status_code == 201, r.text
    settings = in_force(api, venue=table).json()["settings"]
    assert settings == recorded(V1) and isinstance(settings["min_ante_cents"], int)
    tables = api.client.post("/semdescarte/tables", headers=OPERATOR, json={
        "name": "Mesa 8", "config": {**V1, "min_ante_cents": 100.0}})
    assert tables.status_code == 201, tables.text
    assert tables.json()["config"] == recorded(V1)


def test_903b_6_1_5_publication_answers_201_with_the_version_in_force_from_now(api, clock, table):
    r = publish(api, V1, venue=table)
    assert r.status_code == 201, r.text
    body = r.json()
    assert (body["venue_id"], body["version"]) == (table, 1)
    assert when(body["effective_from"]) == clock.now()
    r = in_force(api, venue=table)
    assert r.status_code == 200, r.text
    assert (r.json()["version"], r.json()["settings"]) == (1, recorded(V1))
    assert when(r.json()["at"]) == clock.now()


def test_903b_6_1_5_a_future_version_does_not_apply_to_a_jogada_started_before_it(api, clock,
                                                                                  table):
    publish(api, V1, venue=table)
    jogada_started = clock.advance(10)
    change = jogada_started + timedelta(minutes=1)
    r = publish(api, V2, change, venue=table)
    assert r.status_code == 201 and r.json()["version"] == 2
    assert when(r.json()["effective_from"]) == change
    assert in_force(api, venue=table).json()["version"] == 1  # not yet in force
    clock.set(change + timedelta(seconds=30))  # the jogada still runs after the change
    r = in_force(api, jogada_started, venue=table)
    assert (r.json()["version"], r.json()["settings"]) == (1, recorded(V1))
    assert when(r.json()["effective_from"]) < jogada_started
    assert in_force(api, change - timedelta(microseconds=1), venue=table).json()["version"] == 1
    assert in_force(api, change, venue=table).json()["version"] == 2
    r = in_force(api, venue=table)  # a jogada starting now
    assert (r.json()["version"], r.json()["settings"]) == (2, recorded(V2))


def test_903b_6_1_5_the_list_shows_every_version_never_edited(api, clock, table):
    publish(api, V1, venue=table)
    clock.advance(5)
    change = clock.now() + timedelta(hours=1)
    lisbon_summer = change.astimezone(timezone(timedelta(hours=1)))
    publish(api, V2, lisbon_summer, venue=table)
    r = api.client.get(f"/venues/{table}/rulesets", headers=OPERATOR)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["venue_id"] == table and body["count"] == 2
    assert [(v["version"], v["settings"]) for v in body["data"]] == [
        (1, recorded(V1)), (2, recorded(V2))]
    assert when(body["data"][1]["effective_from"]) == change
    assert when(body["data"][1]["effective_from"]).utcoffset() == timedelta(0)  # kept in UTC
    assert when(body["data"][1]["published_at"]) == clock.now()


def test_903b_6_1_5_a_version_in_the_past_or_before_the_last_is_409(api, clock, table):
    publish(api, V1, clock.now() + timedelta(hours=2), venue=table)
    for effective_from in (clock.now() - timedelta(seconds=1), clock.now() + timedelta(hours=1)):
        r = publish(api, V2, effective_from, venue=table)
        assert r.status_code == 409, r.text
        error = r.json()["error"]
        assert (error["code"], error["rule"], error["field"]) == (
            "rule_violation", "903-B 6.1.5(2)", "effective_from")
    r = api.client.get(f"/venues/{table}/rulesets", headers=OPERATOR)
    assert [v["version"] for v in r.json()["data"]] == [1]
    r = in_force(api, venue=table)  # version 1 is not in force yet
    assert r.status_code == 404 and r.json()["error"]["rule"] == "903-B 6.1.5(3)"


def test_a_venue_without_a_rule_set(api):
    r = api.client.get("/venues/nowhere/rulesets", headers=OPERATOR)
    assert r.status_code == 200 and r.json() == {"venue_id": "nowhere", "data": [], "count": 0}
    r = in_force(api, venue="nowhere")
    assert r.status_code == 404 and r.json()["error"]["field"] == "venue_id"


def test_903b_6_3_6_6_7_a_change_of_game_parameters_is_recorded_with_who_and_when(api, clock,
                                                                                  table):
    """903-B 6.3.6(6)(7): the system records "changes to game parameters" (by whom, and when)."""
    ledger = api.client.app.state.ledger
    olga_id, olga = api.staff("operator", "Olga")
    rui_id, rui = api.staff("operator", "Rui")
    first_at = clock.now()
    assert publish(api, V1, headers=olga, venue=table).status_code == 201
    second_at = clock.advance(60)
    change = second_at + timedelta(hours=1)
    assert publish(api, V2, change, headers=rui, venue=table).status_code == 201
    stored = [ledger.app.mapper.to_domain_event(s)
              for s in ledger.app.recorder.select_events(ruleset_id(table))]
    published = [e for e in stored if type(e).__name__ == "SettingsVersionPublished"]
    assert [(e.version, e.settings, e.effective_from, e.actor, e.at) for e in published] == [
        (1, recorded(V1), first_at, f"staff:{olga_id}", first_at),
        (2, recorded(V2), change, f"staff:{rui_id}", second_at)]
    listed = api.client.get(f"/venues/{table}/rulesets", headers=OPERATOR).json()["data"]
    assert [when(v["published_at"]) for v in listed] == [first_at, second_at]


def test_903b_a65_a_time_with_another_offset_is_kept_as_the_same_instant_in_utc(api, clock, table):
    """A65: "store instants in UTC": a time sent at another offset is kept as that UTC instant."""
    ledger = api.client.app.state.ledger
    change = clock.now() + timedelta(hours=1)
    sent_at_utc_minus_3 = change.astimezone(timezone(timedelta(hours=-3)))
    r = publish(api, V1, sent_at_utc_minus_3, venue=table)
    assert r.status_code == 201, r.text
    listed = api.client.get(f"/venues/{table}/rulesets", headers=OPERATOR).json()["data"]
    stored = ledger.app.repository.get(ruleset_id(table)).versions[0]["effective_from"]
    for kept in (when(r.json()["effective_from"]), when(listed[0]["effective_from"]), stored):
        assert kept == change and kept.utcoffset() == timedelta(0), kept
    asked = change + timedelta(seconds=1)
    r = in_force(api, asked.astimezone(timezone(timedelta(hours=1))),  # Lisbon summer time
                 venue=table)
    assert r.status_code == 200, r.text
    at = when(r.json()["at"])
    assert at == asked and at.utcoffset() == timedelta(0)


def test_903b_a65_in_force_time_without_an_offset_is_utc(api, clock, table):
    """A65: "store instants in UTC": a time sent without an offset is taken as UTC."""
    publish(api, V1, venue=table)
    naive = (clock.now() + timedelta(seconds=1)).replace(tzinfo=None)
    r = api.client.get(f"/venues/{table}/rulesets/in-force", params={"at": naive.isoformat()},
                       headers=OPERATOR)
    assert r.status_code == 200 and when(r.json()["at"]) == clock.now() + timedelta(seconds=1)
    for bad in ("soon", "0001-01-01T00:00:00+05:00"):  # the second has no UTC equivalent
        r = api.client.get(f"/venues/{table}/rulesets/in-force", params={"at": bad},
                           headers=OPERATOR)
        assert r.status_code == 422 and r.json()["error"]["field"] == "at", r.text


def test_only_operators_publish_and_only_staff_read(api, table):
    player_id, player = api.player()
    assert publish(api, V1, headers=player, venue=table).status_code == 403
    for role in ("auditor", "complaint_handler"):
        _, staff = api.staff(role)
        assert publish(api, V1, headers=staff, venue=table).status_code == 403
    assert publish(api, V1, venue=table).status_code == 201
    for role in ("auditor", "complaint_handler"):
        _, staff = api.staff(role, name=f"{role} 2")
        assert api.client.get(f"/venues/{table}/rulesets", headers=staff).status_code == 200
        assert in_force(api, headers=staff, venue=table).json()["version"] == 1
    r = api.client.get(f"/venues/{table}/rulesets", headers=player)
    assert r.status_code == 403 and in_force(api, headers=player, venue=table).status_code == 403
    assert api.client.get(f"/venues/{table}/rulesets").status_code == 401


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
def test_bad_publication_input_is_422_naming_the_field(api, table, body, field):
    r = api.client.post(f"/venues/{table}/rulesets", json=body, headers=OPERATOR)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["code"] == "invalid_input" and r.json()["error"]["field"] == field
    assert api.client.get(f"/venues/{table}/rulesets", headers=OPERATOR).json()["count"] == 0


def test_venue_id_too_long_is_422(api):
    r = publish(api, V1, venue="v" * 101)
    assert r.status_code == 422 and r.json()["error"]["field"] == "venue_id"


# What a version may hold: a configuration of the venue's game --------------------------------
SD = "póquer sem descarte rule"
BINGO_90 = {"variant": "90", "card_price_cents": 150, "max_cards": 6, "pool_bp": 8_500,
            "prizes": {"line": 1_500, "two_lines": 2_500, "bingo": 6_000},
            "sale_seconds": 30, "draw_interval_ms": 1_500,
            "jackpot": {"deduction_bp": 300, "base_cents": 5_000, "max_balls": 30}}


@pytest.fixture
def room(client) -> str:
    """The venue id of a new bingo 90 room."""
    r = client.post("/bingo/rooms", json={"name": "Sala 1", "config": BINGO_90},
                    headers=OPERATOR)
    assert r.status_code == 201, r.text
    return r.json()["venue_id"]


def refused(api, r, status: int, venue: str) -> dict:
    """The error of a refused publication, which recorded nothing."""
    assert r.status_code == status, r.text
    listed = api.client.get(f"/venues/{venue}/rulesets", headers=OPERATOR)
    assert listed.status_code == 200 and listed.json()["count"] == 0, listed.text
    return r.json()["error"]


def test_903b_6_1_5_a_table_configuration_is_kept_as_the_table_records_it(api, clock, table):
    """The settings of a sem descarte table's venue: a table configuration (rules 4, 6a,
    14-18, 21, 31; Portaria r3, r8, r10), nulls meaning "not given" as at the table's creation."""
    jackpot = {"stake_cents": 100, "contribution_bp": 7_000, "starting_value_cents": 1_000_000}
    settings = {**V2, "seats": None, "betting_seconds": None, "jackpot": jackpot}
    r = publish(api, settings, venue=table)
    assert r.status_code == 201, r.text
    assert r.json()["warnings"] == []
    body = in_force(api, venue=table).json()
    assert body["settings"] == {**recorded(V2), "jackpot": jackpot}


def test_903b_6_1_5_a_room_configuration_is_kept_as_the_room_records_it(api, clock, room):
    """The settings of a bingo room's venue: a room configuration (rules 2a-d, 5-7, 10, 13,
    16, 22, 24, 31-44), with the defaults the room fills in; the room's warnings (A14)."""
    settings = {**BINGO_90, "pool_bp": 9_000, "mode": None,
                "prizes": {"line": 1_000, "two_lines": 2_000, "bingo": 7_000}}
    r = publish(api, settings, venue=room)
    assert r.status_code == 201 and r.json()["warnings"] == [], r.text
    got = in_force(api, venue=room).json()
    assert got["version"] == 1 and got["settings"] == {
        **settings, "line_directions": ["horizontal"], "bingo_pattern": None,
        "mode": "continuous", "session_opens_at": None, "session_closes_at": None,
        "min_players": 3, "prize_pause_ms": 3_000}
    clock.advance(1)
    r = publish(api, {**settings, "pool_bp": 7_000}, venue=room)  # 7000 bp less the jackpot's
    assert r.status_code == 201 and [w[-5:] for w in r.json()["warnings"]] == ["(A14)"], r.text


def test_903b_7_9_1_oversized_settings_are_422_naming_the_field_and_the_limit(api, table):
    """A version is kept for ten years: at most 64 KiB of JSON, refused for its size."""
    for settings in ({**V1, "notes": "x" * 65_536},
                     {f"k{i}": [i] * 16 for i in range(200_000)}):  # about 10 MB
        error = refused(api, publish(api, settings, venue=table), 422, table)
        assert (error["code"], error["field"], error["rule"]) == (
            "invalid_input", "settings", "903-B 7.9.1")
        assert error["details"] == {"max_bytes": 65_536} and "65536 bytes" in error["message"]


@pytest.mark.parametrize("raw, field, rule", [
    # 10^400 and 1e400 (read as infinity) where the game wants cents: refused naming the field
    ('{"kind": "individual", "min_ante_cents": 1%s, "max_ante_cents": 2500, '
     '"decision_seconds": 15, "extra_seconds": 5}' % ("0" * 400),
     "settings.min_ante_cents", f"{SD} 17"),
    ('{"kind": "individual", "min_ante_cents": 100, "max_ante_cents": 1e400, '
     '"decision_seconds": 15, "extra_seconds": 5}', "settings.max_ante_cents", None),
    ('{"kind": "individual", "min_ante_cents": 100.5, "max_ante_cents": 2500, '
     '"decision_seconds": 15, "extra_seconds": 5}', "settings.min_ante_cents", f"{SD} 17"),
    ('{"kind": "individual", "min_ante_cents": 100, "max_ante_cents": 2500, '
     '"decision_seconds": true, "extra_seconds": 5}', "settings.decision_seconds",
     f"903-B 6.1.4; {SD} 21"),
])
def test_903b_7_9_1_numbers_out_of_range_floats_and_booleans_are_422(api, table, raw, field,
                                                                     rule):
    r = api.client.post(f"/venues/{table}/rulesets", headers={
        **OPERATOR, "Content-Type": "application/json"},
        content=('{"settings": %s}' % raw).encode())
    error = refused(api, r, 422, table)
    assert (error["code"], error["field"], error.get("rule")) == ("invalid_input", field, rule)


@pytest.mark.parametrize("settings, field, code", [
    ({**V1, "colour": "green"}, "settings.colour", "unknown_field"),
    ({**V1, "colour": None}, "settings.colour", "unknown_field"),  # null is no excuse
    ({**V1, "jackpot": {"stake_cents": 100, "contribution_bp": 7_000,
                        "starting_value_cents": 1_000_000, "junk": {"a": [1, {"b": 2}]}}},
     "settings.jackpot.junk", "unknown_field"),
    ({"limits": {"min_bet_cents": 100}}, "settings.limits", "unknown_field"),
    ({}, "settings.kind", "missing_field"),
])
def test_903b_7_9_1_unknown_keys_and_nested_junk_are_422_naming_the_key(api, table, settings,
                                                                        field, code):
    error = refused(api, publish(api, settings, venue=table), 422, table)
    assert (error["code"], error["field"]) == (code, field)


@pytest.mark.parametrize("change, status, field, rule", [
    # two well-formed fields refused together: 409 (the README's 422/409 convention)
    ({"max_ante_cents": 2_501}, 409, "settings.max_ante_cents", f"{SD} 18"),  # > 25 × min
    ({"decision_seconds": 2}, 422, "settings.decision_seconds", f"903-B 6.1.4; {SD} 21"),
    ({"seats": 2}, 422, "settings.seats", f"{SD} 4"),  # an individual table has one seat
    ({"betting_seconds": 10}, 422, "settings.betting_seconds", f"{SD} 15"),
    ({"jackpot": {"stake_cents": 100, "contribution_bp": 7_000, "starting_value_cents": 999}},
     409, "settings.jackpot.starting_value_cents", "Portaria 461/2001 rule 10"),
    ({"kind": "multi", "seats": 7, "betting_seconds": 10}, 409, "settings.kind", f"{SD} 4"),
])
def test_sd_invalid_table_settings_are_refused_with_the_tables_rule(api, table, change, status,
                                                                    field, rule):
    """The rules POST /semdescarte/tables enforces, with their numbers; and a version does not
    change the game: the individual table stays individual (rule 4)."""
    error = refused(api, publish(api, {**V1, **change}, venue=table), status, table)
    assert (error["field"], error["rule"]) == (field, rule)


@pytest.mark.parametrize("change, status, field, rule", [
    ({"pool_bp": 9_500}, 422, "settings.pool_bp", "bingo rule 31"),
    ({"prizes": {"two_lines": 4_000, "bingo": 6_000}}, 409, "settings.prizes", "bingo rule 33, 63"),
    ({"prizes": {"line": 3_000, "two_lines": 2_000, "bingo": 5_000}}, 409,
     "settings.prizes.two_lines", "bingo rule 37, 38"),
    ({"draw_interval_ms": 999}, 422, "settings.draw_interval_ms", "bingo rule 22"),
    ({"card_price_cents": 10**400}, 422, "settings.card_price_cents", "bingo rule 10"),
    ({"jackpot": {"deduction_bp": 300, "max_balls": 30, "extra": 1}}, 422,
     "settings.jackpot.extra", None),
    ({"prizes": {"line": 1_500, "two_lines": 2_500, "bingo": 6_000, "x": None}}, 422,
     "settings.prizes.x", "bingo rule 35"),
    ({"mode": "session", "session_opens_at": "0001-01-01T00:00:00+05:00",  # no UTC instant
      "session_closes_at": "2030-01-01T00:00:00Z"}, 422, "settings.session_opens_at",
     "bingo rule 7"),
    ({"variant": "75", "prizes": {"line": 3_000, "bingo": 7_000}}, 409, "settings.variant",
     "bingo rule 2f"),  # the room keeps its variant
])
def test_bingo_invalid_room_settings_are_refused_with_the_rooms_rule(api, room, change, status,
                                                                     field, rule):
    """The rules POST /bingo/rooms enforces, with their numbers."""
    error = refused(api, publish(api, {**BINGO_90, **change}, venue=room), status, room)
    assert (error["field"], error.get("rule")) == (field, rule)


@pytest.mark.parametrize("venue, settings, game, theirs, rule", [
    # a room's configuration at a table, even one that breaks a bingo rule (pool_bp > 9000)
    ("table", BINGO_90, "póquer sem descarte table", "bingo room", f"{SD} 4"),
    ("table", {**BINGO_90, "pool_bp": 9_500}, "póquer sem descarte table", "bingo room",
     f"{SD} 4"),
    ("table", {"variant": "90"}, "póquer sem descarte table", "bingo room", f"{SD} 4"),
    # a table's configuration at a room; "jackpot" is a field of both games
    ("room", recorded(V1), "bingo room", "póquer sem descarte table", "bingo rule 2f"),
])
def test_903b_6_1_5_2_settings_of_another_game_are_409(api, request, venue, settings, game,
                                                       theirs, rule):
    """The document declares ``settings`` as one of the games' configurations, so another
    game's configuration is a well-formed body: the venue refuses it as a conflict with the
    game it plays (409, naming the venue's game and the rule), not as malformed input (422).
    Nothing is recorded."""
    venue_id = request.getfixturevalue(venue)
    error = refused(api, publish(api, settings, venue=venue_id), 409, venue_id)
    assert (error["code"], error["field"], error["rule"]) == (
        "settings_of_another_game", "settings", f"903-B 6.1.5(2); {rule}")
    assert f"{venue_id} is a {game}" in error["message"], error["message"]
    assert f"a {theirs}'s" in error["message"], error["message"]
    assert error["details"]["venue_game"] == venue_id.split(":")[0]


@pytest.mark.parametrize("venue, settings, status, field", [
    # fields of both games at once are no game's configuration: the venue's game names the
    # first field it does not know (422), as for any unknown field
    ("table", {**V1, "variant": "90"}, 422, "settings.variant"),
    ("room", {**BINGO_90, "kind": "individual"}, 422, "settings.kind"),
    # the venue's own game's configuration, out of its ranges: 422 as before
    ("table", {**V1, "decision_seconds": 2}, 422, "settings.decision_seconds"),
    ("room", {**BINGO_90, "pool_bp": 9_500}, 422, "settings.pool_bp"),
])
def test_903b_7_9_1_settings_of_no_game_or_out_of_range_stay_422(api, request, venue, settings,
                                                                 status, field):
    venue_id = request.getfixturevalue(venue)
    error = refused(api, publish(api, settings, venue=venue_id), status, venue_id)
    assert error["field"] == field and error["code"] != "settings_of_another_game"


def test_903b_6_1_5_a_venue_that_is_no_table_or_room_has_no_settings_to_publish(api, table):
    missing = "semdescarte:" + table.split(":")[1][::-1]  # no table has that id
    for venue in ("bj-table-7", missing, table.replace("semdescarte:", "bingo:")):
        error = refused(api, publish(api, V1, venue=venue), 404, venue)
        assert (error["code"], error["field"]) == ("not_found", "venue_id")


def test_903b_6_1_5_versions_recorded_before_the_check_load_but_get_no_successor(api, clock):
    """Versions in the log replay as they were recorded (the check is the command's); a venue
    that is no table or room gets no new version."""
    from domain.rulesets.versions import RuleSet

    ledger = api.client.app.state.ledger
    old = RuleSet(venue_id="bj-table-7", actor="staff:old", at=clock.now())
    old._published(version=1, settings={"min_bet_cents": 100, "big": 10**30},
                   effective_from=clock.now(), note=None, actor="staff:old", at=clock.now())
    ledger.app.save(old)
    clock.advance(1)
    ledger.writer.forget_all()
    r = in_force(api, venue="bj-table-7")
    assert r.status_code == 200, r.text
    assert r.json()["settings"] == {"min_bet_cents": 100, "big": 10**30}
    r = api.client.get("/venues/bj-table-7/rulesets", headers=OPERATOR)
    assert r.status_code == 200 and r.json()["count"] == 1
    r = publish(api, {"min_bet_cents": 200}, venue="bj-table-7")  # but no new one there
    assert r.status_code == 404 and r.json()["error"]["field"] == "venue_id", r.text


def test_the_settings_schema_is_one_of_the_games_configurations(client):
    """Documented as the games' configurations, so that a client or a property-based tester
    generates bodies from it; a venue that is no game's is a documented 404."""
    schema = client.get("/openapi.json").json()
    post = schema["paths"]["/venues/{venue_id}/rulesets"]["post"]
    ref = post["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    settings = schema["components"]["schemas"][ref.split("/")[-1]]["properties"]["settings"]
    assert sorted(s["$ref"].split("/")[-1] for s in settings["oneOf"]) == [
        "BjTableConfigIn", "RfWheelConfigIn", "RoomConfigIn", "TableConfigIn"]
    assert {"201", "400", "404", "409", "422"} <= set(post["responses"])


def test_405_lists_every_method_of_the_rulesets_paths(client):
    """GET and POST share /venues/{id}/rulesets: a 405 there names both (RFC 9110 15.5.6)."""
    r = client.options("/venues/x/rulesets", headers=OPERATOR)
    assert r.status_code == 405 and r.headers["allow"] == "GET, POST"
    assert r.json()["error"]["code"] == "method_not_allowed"
    r = client.post("/venues/x/rulesets/in-force", headers=OPERATOR, json={})
    assert r.status_code == 405 and r.headers["allow"] == "GET"
