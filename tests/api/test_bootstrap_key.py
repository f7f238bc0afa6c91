"""The bootstrap operator key (LEDGER_BOOTSTRAP_OPERATOR_KEY) through HTTP: GET /health reports
it, and it is disabled for good once a registered operator exists (903-B 7.4.5(1) every user
has an identifier of its own; 7.4.3(1); 5.2.2(7) the disabling names its actor)."""

from __future__ import annotations

import json
import time

from domain.access.bootstrap_key import BOOTSTRAP_KEY_ID, BootstrapKey
from infra.container import BOOTSTRAP_OPERATOR_ID
from tests.api.conftest import OPERATOR, Api, bearer, ok


def disable(client, headers=OPERATOR):
    return client.post("/bootstrap-key/disable", headers=headers)


def test_health_reports_the_bootstrap_key(make_client):
    assert ok(make_client().get("/health"))["bootstrap_key"] == "active"
    assert ok(make_client(bootstrap_operator_key=None).get("/health"))["bootstrap_key"] == (
        "not_configured")


def test_903b_7_4_3_1_it_is_not_disabled_while_no_registered_operator_has_an_active_key(api):
    api.staff("auditor")  # not an operator
    r = disable(api.client)
    assert r.status_code == 409, r.text
    e = r.json()["error"]
    assert (e["code"], e["field"]) == ("no_registered_operator", "bootstrap_key")
    assert e["rule"].startswith("903-B 7.4.3(1)")
    assert ok(api.client.get("/health"))["bootstrap_key"] == "active"
    assert api.client.get("/staff", headers=OPERATOR).status_code == 200
    assert api.client.app.state.ledger.app.recorder.select_events(BOOTSTRAP_KEY_ID) == []


def test_903b_7_4_5_1_once_disabled_the_bootstrap_key_no_longer_authenticates(
        api, make_client):
    olga, olga_key = api.staff("operator", "Olga")
    _, auditor = api.staff("auditor")
    assert disable(api.client, headers=auditor).status_code == 403
    body = ok(disable(api.client, headers=olga_key))
    assert body["bootstrap_key"] == "disabled" and body["disabled_by"] == f"staff:{olga}"
    assert body["already_disabled"] is False
    r = api.client.get("/staff", headers=OPERATOR)
    assert r.status_code == 401 and r.json()["error"]["code"] == "unauthenticated"
    assert ok(api.client.get("/health"))["bootstrap_key"] == "disabled"
    again = ok(disable(api.client, headers=olga_key))  # records nothing new
    assert again["already_disabled"] is True and again["disabled_by"] == f"staff:{olga}"
    records = api.client.app.state.ledger.app.recorder.select_events(BOOTSTRAP_KEY_ID)
    assert [r.topic for r in records] == [BootstrapKey.Disabled.TOPIC]
    assert json.loads(records[0].state)["actor"] == f"staff:{olga}"  # 903-B 5.2.2(7)
    # A server started later, the variable still set: the key stays refused.
    later = make_client()
    assert later.get("/staff", headers=OPERATOR).status_code == 401
    assert later.get("/staff", headers=olga_key).status_code == 200
    assert ok(later.get("/health"))["bootstrap_key"] == "disabled"


def test_the_bootstrap_key_may_disable_itself_once_an_operator_exists(api):
    api.staff("operator", "Olga")
    body = ok(disable(api.client))
    assert body["disabled_by"] == f"staff:{BOOTSTRAP_OPERATOR_ID}"
    assert api.client.get("/staff", headers=OPERATOR).status_code == 401


def test_a_server_learns_within_a_second_that_another_disabled_the_key(make_client):
    here, there = make_client(), make_client()
    _, olga = Api(here).staff("operator", "Olga")
    assert here.get("/staff", headers=OPERATOR).status_code == 200
    ok(disable(there, headers=olga))
    deadline, status = time.monotonic() + 10, None
    while time.monotonic() < deadline:
        status = here.get("/staff", headers=OPERATOR).status_code
        if status == 401:
            break
        time.sleep(0.1)
    assert status == 401
    assert here.get("/staff", headers=olga).status_code == 200
