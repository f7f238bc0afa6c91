"""Póquer sem descarte tables over HTTP (Reg. 803/2015): configurations refused naming the field
and the rule (rules 4, 6a, 14–18, 21; 903-B 6.1.4; Portaria 461/2001 r10), the rules and bet
values any player can read (rule 38), unknown tables, and who may run a table.
"""

from __future__ import annotations

import pytest

from tests.api.conftest import OPERATOR, bearer, ok
from tests.api.semdescarte_support import (SD, ante, assert_untouched, audit, create_table, deal,
                                           decide, error_of, individual_config, multi_config)


@pytest.mark.parametrize("min_ante, max_ante, status, field, rule", [
    # well-formed limits refused together by the rule: 409 (each is within its declared range)
    (100, 2_501, 409, "max_ante_cents", f"{SD} 18"),
    (100, 99, 409, "max_ante_cents", f"{SD} 16"),
    # a minimum outside its declared range: 422
    (0, 10, 422, "min_ante_cents", f"{SD} 17"),
])
def test_sd_18_table_whose_maximum_exceeds_25_times_the_minimum_is_refused(
        client, min_ante, max_ante, status, field, rule):
    """Rule 18 (A7): max ante ≤ 25 × min ante; rule 16: max ≥ min; rule 17: a minimum is set."""
    r = client.post("/semdescarte/tables", json={"name": "X", "config": multi_config(
        min_ante_cents=min_ante, max_ante_cents=max_ante)}, headers=OPERATOR)
    error = error_of(r, status)
    assert (error["field"], error["rule"]) == (field, rule)
    assert field in error["message"]
    r = client.post("/semdescarte/tables", json={"name": "X", "config": multi_config(
        max_ante_cents=2_500)}, headers=OPERATOR)
    assert r.status_code == 201  # exactly 25 × 100 is fine


@pytest.mark.parametrize("config, field, rule", [
    (multi_config(seats=8), "seats", f"{SD} 6a"),
    # the API adds no default: a multi-seat table without seats was created with one seat
    ({k: v for k, v in multi_config().items() if k != "seats"}, "seats", f"{SD} 6a"),
    (multi_config(betting_seconds=None), "betting_seconds", f"{SD} 14"),
    (individual_config(betting_seconds=10), "betting_seconds", f"{SD} 15"),
    (individual_config(seats=2), "seats", f"{SD} 4"),
    # a deadline beyond any date used to fail the ante or the deal with a 500
    (multi_config(betting_seconds=10**12), "betting_seconds", f"903-B 6.1.4; {SD} 14"),
    (individual_config(decision_seconds=10**12), "decision_seconds", f"903-B 6.1.4; {SD} 21"),
])
def test_other_table_configurations_refused_with_field_and_rule(client, config, field, rule):
    r = client.post("/semdescarte/tables", json={"name": "X", "config": config}, headers=OPERATOR)
    error = error_of(r, 422)
    assert (error["field"], error["rule"]) == (field, rule)


def test_pt_r10_a_jackpot_starting_below_10000_stakes_is_409(client):
    """Portaria 461/2001 r10: stake and starting value are each well formed (their declared
    ranges), their combination is refused by the rule: 409 naming the field and the rule."""
    config = {**multi_config(), "jackpot": {"stake_cents": 100, "contribution_bp": 7_000,
                                            "starting_value_cents": 999_999}}
    r = client.post("/semdescarte/tables", json={"name": "X", "config": config}, headers=OPERATOR)
    error = error_of(r, 409)
    assert (error["field"], error["rule"]) == ("jackpot.starting_value_cents",
                                               "Portaria 461/2001 rule 10")


def test_sd_38_a_player_sees_the_table_rules_and_bet_values_before_betting(api, client):
    """Rule 38 (rules-digest §1.4): the rules and bet values are available to the player at
    all times: any player reads the table's configuration, limits, timers and jackpot."""
    config = multi_config(seats=3)
    table = create_table(client, config)
    _, stranger = api.player("Rui")  # not seated, no session
    shown = ok(client.get(f"/semdescarte/tables/{table['table_id']}", headers=stranger))
    assert shown["config"] == config
    assert (shown["game"], shown["open_jogada"]) == ("sem_descarte_multi", None)


@pytest.mark.parametrize("config_extra, field", [
    ({"colour": "green"}, "config.colour"),
    ({"min_ante_cents": 100.5}, "config.min_ante_cents"),
    ({"seats": "7"}, "config.seats"),
])
def test_malformed_table_bodies_are_422_naming_the_field(client, config_extra, field):
    r = client.post("/semdescarte/tables", json={"name": "X", "config": multi_config(
        **config_extra)}, headers=OPERATOR)
    assert error_of(r, 422)["field"] == field


def test_unknown_table_is_404_and_a_malformed_id_is_422(api, client):
    _, player = api.player()
    unknown = "00000000-0000-4000-8000-000000000000"
    for r in (client.get(f"/semdescarte/tables/{unknown}", headers=OPERATOR),
              client.get(f"/semdescarte/tables/{unknown}/view", headers=player),
              ante(client, unknown, player, 100, "k"),
              client.post(f"/semdescarte/tables/{unknown}/seats", json={}, headers=player),
              deal(client, unknown, player),
              decide(client, unknown, player, "j", "fold"),
              client.post(f"/semdescarte/tables/{unknown}/tick", headers=OPERATOR),
              client.post(f"/semdescarte/tables/{unknown}/interruptions",
                          json={"kind": "system_fault"}, headers=OPERATOR)):
        error = error_of(r, 404)
        assert (error["code"], error["field"]) == ("not_found", "table_id")
    assert error_of(client.get("/semdescarte/tables/nope", headers=OPERATOR), 422)[
        "field"] == "table_id"


def test_roles_players_cannot_run_the_table_and_no_key_is_401(api, client, multi):
    table, pid, headers, _ = multi
    tid = table["table_id"]
    body = {"name": "X", "config": multi_config()}
    assert error_of(client.post("/semdescarte/tables", json=body, headers=headers), 403)[
        "code"] == "forbidden"
    assert error_of(client.post("/semdescarte/tables", json=body), 401)["code"] == "unauthenticated"
    assert error_of(client.post("/semdescarte/tables", json=body, headers=bearer("nope")), 401)
    _, auditor = api.staff("auditor")
    assert error_of(client.post("/semdescarte/tables", json=body, headers=auditor), 403)
    assert error_of(ante(client, tid, auditor, 100, "k"), 403)["code"] == "forbidden"
    assert error_of(ante(client, tid, OPERATOR, 100, "k"), 403)["code"] == "forbidden"
    assert error_of(client.post(f"/semdescarte/tables/{tid}/tick", headers=headers), 403)
    assert error_of(client.post(f"/semdescarte/tables/{tid}/interruptions",
                                json={"kind": "system_fault"}, headers=headers), 403)
    assert error_of(client.get(f"/semdescarte/tables/{tid}/view"), 401)
    assert error_of(ante(client, tid, {}, 100, "k"), 401)
    # A player cannot seat another player.
    other_id, _ = api.player("Rui")
    r = client.post(f"/semdescarte/tables/{tid}/seats", json={"seat": 2, "player_id": other_id},
                    headers=headers)
    assert error_of(r, 403)["code"] == "forbidden"
    assert_untouched(api, client, table, pid)
    assert len(audit(client)["data"]) and audit(client)["total_cents"] == 0
