"""A staff member's role changed through HTTP (issue 25; GLI-19 §2.8: a change of a user's
privileges is a significant event; 903-B 7.4.3(1) access granted by authorised staff, 7.7.6(1)
staff actions): ``PUT /staff/{staff_id}/role``, in force at once in this process and within a
second in another, listed, recorded, and its refusals naming their field."""

from __future__ import annotations

import json
import time
from uuid import UUID, uuid4

import pytest

from domain.access.principals import Principal
from tests.api.conftest import OPERATOR, ok
from tests.api.test_cli import env  # noqa: F401 (a fixture: the CLI's environment)
from tests.api.test_principals_api import error, stored_events

REASON = "moved to the audit team"


def set_role(client, staff_id: str, role: str, reason: str | None = REASON, headers=OPERATOR,
             **extra):
    body = {"role": role, **({} if reason is None else {"reason": reason}), **extra}
    return client.put(f"/staff/{staff_id}/role", json=body, headers=headers)


def open_case(client, headers, player_id: str, key: str):
    """A complaint recorded by staff on a player's behalf (a desk write)."""
    return client.post("/complaints", headers=headers, json={
        "case_type": "account", "subject": "Saldo", "description": "O saldo não bate certo",
        "idempotency_key": key, "player_id": player_id, "channel": "complaints_book",
        "external_reference": f"LR-{key}"})


def test_gli19_2_8_a_complaint_handler_made_auditor_loses_the_desk_and_gains_the_audit_reads(
        api):
    client = api.client
    ines, ines_key = api.staff("complaint_handler", "Inês Marques")
    player_id, _ = api.player("Ana")
    case = ok(open_case(client, ines_key, player_id, "c1"), 201)
    assert ok(client.get("/complaints/assignees", headers=ines_key))["count"] == 1
    assert error(client.get("/audit/accounts", headers=ines_key), 403)["code"] == "forbidden"

    changed = ok(set_role(client, ines, "auditor"))  # her key is in this process's cache
    assert (changed["staff_id"], changed["role"], changed["previous_role"],
            changed["reason"]) == (ines, "auditor", "complaint_handler", REASON)
    assert changed["changed_at"]

    # The next request is authorised by the new role: the auditor's reads...
    assert client.get("/audit/accounts", headers=ines_key).status_code == 200
    assert ok(client.get("/staff", headers=ines_key))["data"][0]["role"] == "auditor"
    # ...and none of the desk's writes, nor its staff picker.
    assert error(open_case(client, ines_key, player_id, "c2"), 403)["code"] == "forbidden"
    ack = client.post(f"/complaints/{case['case_id']}/acknowledge", headers=ines_key, json={})
    assert error(ack, 403)["code"] == "forbidden"
    assert error(client.get("/complaints/assignees", headers=ines_key), 403)

    # Listed with the new role; the desk's picker no longer offers her, nor may she be assigned.
    listed = ok(client.get("/staff", params={"role": "auditor"}, headers=OPERATOR))["data"]
    assert [(s["staff_id"], s["display_name"]) for s in listed] == [(ines, "Inês Marques")]
    assert ok(client.get("/staff", params={"role": "complaint_handler"},
                         headers=OPERATOR))["count"] == 0
    picker = ok(client.get("/complaints/assignees", headers=OPERATOR))["data"]
    assert ines not in {a["staff_id"] for a in picker}
    assigned = client.post(f"/complaints/{case['case_id']}/assign", headers=OPERATOR,
                           json={"assignee_id": ines})
    assert error(assigned, 409)["field"] == "assignee_id"

    # A significant event naming her, both roles, who and why.
    (entry,) = ok(client.get("/significant-events", headers=ines_key,
                             params={"kind": "staff_role_changed"}))["data"]
    assert (entry["severity"], entry["target_id"]) == ("warning", ines)
    assert entry["summary"] == (f"staff member Inês Marques ({ines}): role changed from"
                                f" complaint handler to auditor by {entry['actor']};"
                                f" reason: {REASON}")
    assert entry["detail"] == {"display_name": "Inês Marques", "previous_role":
                               "complaint_handler", "role": "auditor", "reason": REASON}
    assert entry["events"][0]["topic"] == Principal.RoleChanged.TOPIC

    # The record: her stream, the change in the past tense naming its actor.
    records = stored_events(client, ines)
    assert [r.topic for r in records] == [Principal.Registered.TOPIC, Principal.RoleChanged.TOPIC]
    state = json.loads(records[1].state)
    assert {k: state[k] for k in ("old_role", "new_role", "reason", "display_name")} == {
        "old_role": "complaint_handler", "new_role": "auditor", "reason": REASON,
        "display_name": "Inês Marques"}
    assert state["actor"] == entry["actor"]

    # And back: the desk again, the audit reads no more.
    ok(set_role(client, ines, "complaint_handler", reason="back on the desk"))
    assert ok(open_case(client, ines_key, player_id, "c3"), 201)
    assert error(client.get("/audit/accounts", headers=ines_key), 403)


def test_903b_7_4_3_1_an_auditor_made_operator_may_act_as_one_at_once(api):
    audrey, audrey_key = api.staff("auditor", "Audrey")
    assert error(api.client.post("/players", headers=audrey_key,
                                 json={"display_name": "Bob"}), 403)
    ok(set_role(api.client, audrey, "operator", reason="runs the night shift"))
    assert ok(api.client.post("/players", headers=audrey_key,
                              json={"display_name": "Bob"}), 201)["player_id"]


@pytest.mark.parametrize("body, field", [
    ({"role": "player"}, "role"),  # a staff member is never made a player
    ({"role": "admin"}, "role"),
    ({"role": "auditor", "reason": ""}, "reason"),
    ({"role": "auditor", "reason": "   "}, "reason"),
    ({"role": "auditor", "reason": "a\x01b"}, "reason"),
    ({"role": "auditor", "reason": "x" * 501}, "reason"),
    ({"role": "auditor", "reason": None}, "reason"),
    ({"role": "auditor", "also": 1}, "also"),
])
def test_903b_7_9_1_a_refused_role_change_is_422_naming_the_field(api, body, field):
    carl, _ = api.staff("complaint_handler", "Carl")
    before = len(stored_events(api.client, carl))
    body = {"reason": REASON, **body}
    if body["reason"] is None:
        del body["reason"]
    e = error(api.client.put(f"/staff/{carl}/role", json=body, headers=OPERATOR), 422)
    assert e["field"] == field, e
    assert e["code"] == "invalid_input"
    assert len(stored_events(api.client, carl)) == before  # nothing recorded


def test_903b_7_4_3_1_only_an_operator_changes_a_role_of_a_staff_member_it_names(api):
    carl, carl_key = api.staff("complaint_handler", "Carl")
    _, auditor = api.staff("auditor", "Audrey")
    player_id, player = api.player("Ana")
    for headers in (carl_key, auditor, player):  # itself included
        assert error(set_role(api.client, carl, "operator", headers=headers), 403)["code"] == (
            "forbidden")
    assert error(set_role(api.client, carl, "operator", headers={}), 401)
    # A player is not staff: it is never given a staff role this way (404 naming staff_id).
    for ident in (player_id, str(uuid4())):
        e = error(set_role(api.client, ident, "auditor"), 404)
        assert (e["code"], e["field"]) == ("not_found", "staff_id")
    assert error(set_role(api.client, "nope", "auditor"), 422)["field"] == "staff_id"
    # The role it has already: a valid body meeting the recorded state (409, like every rule
    # between a request and the record).
    e = error(set_role(api.client, carl, "complaint_handler"), 409)
    assert (e["code"], e["field"]) == ("role_unchanged", "role")
    assert [r.topic for r in stored_events(api.client, carl)] == [Principal.Registered.TOPIC]
    assert [r.topic for r in stored_events(api.client, player_id)] == [
        Principal.Registered.TOPIC]


def test_903b_7_4_3_1_the_last_active_operator_keeps_its_role(api):
    olga, olga_key = api.staff("operator", "Olga")
    for headers in (olga_key, OPERATOR):  # itself, or the bootstrap key
        e = error(set_role(api.client, olga, "auditor", headers=headers), 409)
        assert (e["code"], e["field"]) == ("last_active_operator", "role")
        assert e["rule"].startswith("903-B 7.4.3(1)")
    oscar, _ = api.staff("operator", "Oscar")
    ok(set_role(api.client, olga, "auditor", headers=olga_key))  # another operator remains
    assert error(api.client.post("/players", headers=olga_key,  # an auditor now
                                 json={"display_name": "Bob"}), 403)
    assert error(set_role(api.client, oscar, "auditor"), 409)["code"] == "last_active_operator"


def test_a_role_changed_by_another_process_is_in_force_here_within_a_second(
        api, make_settings, clock):
    """The CLI or another server changes the role: this process's cache drops the principal
    from the principals projection's key watch (api/auth.py KeyWatch)."""
    from infra.container import build_ledger

    staff_id, key = api.staff("auditor", "Audrey")
    assert api.client.get("/audit/accounts", headers=key).status_code == 200  # cached now
    elsewhere = build_ledger(make_settings(), clock=clock, start=False, with_projections=False)
    try:
        elsewhere.change_staff_role(UUID(staff_id), role="complaint_handler", reason=REASON,
                                    actor="system:cli", operator_ids=[])
    finally:
        elsewhere.close()
    deadline, status = time.monotonic() + 10, None
    while time.monotonic() < deadline:
        status = api.client.get("/audit/accounts", headers=key).status_code
        if status == 403:
            break
        time.sleep(0.1)
    assert status == 403
    assert api.client.get("/complaints/assignees", headers=key).status_code == 200


def test_ledger_staff_set_role_from_the_console(env, capsys, make_settings, clock):
    """``ledger staff set-role``: the same command from the console (actor ``system:cli``);
    a refusal is a usage error naming its code."""
    from fastapi.testclient import TestClient

    from api.main import create_app
    from infra.cli.entry import main
    from tests.api.conftest import bearer
    from tests.api.test_cli import run

    code, out, _ = run(capsys, "staff", "create", "--role", "complaint_handler", "--name", "Inês")
    made = json.loads(out)
    code, out, err = run(capsys, "staff", "set-role", "--id", made["staff_id"], "--role",
                         "auditor", "--reason", REASON)
    assert code == 0, err
    changed = json.loads(out)
    assert (changed["staff_id"], changed["role"], changed["previous_role"], changed["reason"]) == (
        made["staff_id"], "auditor", "complaint_handler", REASON)
    code, _, err = run(capsys, "staff", "set-role", "--id", made["staff_id"], "--role",
                       "auditor", "--reason", REASON)
    assert code == 2 and "role_unchanged" in err
    code, _, err = run(capsys, "staff", "set-role", "--id", "nope", "--role", "auditor",
                       "--reason", REASON)
    assert code == 2 and "--id" in err
    with pytest.raises(SystemExit) as refused:  # never a player
        main(["staff", "set-role", "--id", made["staff_id"], "--role", "player", "--reason", "x"])
    assert refused.value.code == 2
    with TestClient(create_app(make_settings(), clock=clock)) as client:
        key = bearer(made["api_key"])
        assert client.get("/audit/accounts", headers=key).status_code == 200
        (entry,) = ok(client.get("/significant-events", headers=key,
                                 params={"kind": "staff_role_changed"}))["data"]
        assert entry["actor"] == "system:cli" and "Inês" in entry["summary"]
