"""Complaint cases over HTTP: what is refused (issue 16). Each refusal is a clear 4xx naming
the field, and nothing is recorded: the case's last event and timeline, and every balance,
are what they were. Wrong roles are 403 (a player acts on its own cases only, 903-B 5.2.2;
an auditor reads and never acts); a value that breaks its declared type or range is 422; a
well-formed request the case's state or a rule refuses is 409 (docs/api.md)."""

from __future__ import annotations

import pytest

from tests.api.complaints_support import (Cases, balances, error_of, played_semdescarte,
                                          recorded)
from tests.api.conftest import OPERATOR, ok

PAYMENT = {"kind": "payment", "amount_cents": 1_000}


@pytest.fixture
def setting(api, client):
    """Ana's case about her own sem descarte jogada, acknowledged by Inês (a complaint
    handler); Bia, another player; Rui, a second handler; Olga, an auditor."""
    cases = Cases(client)
    sd = played_semdescarte(api, client)
    bia, bia_h = api.player("Bia")
    ines, ines_h = api.staff("complaint_handler", "Inês")
    rui, rui_h = api.staff("complaint_handler", "Rui")
    olga, olga_h = api.staff("auditor", "Olga")
    case_id = ok(cases.open(sd["headers"], "k1", case_type="jogada",
                            jogada_ids=[sd["jogada_id"]]), 201)["case_id"]
    ok(cases.act(case_id, "acknowledge", ines_h))
    return {"cases": cases, "client": client, "case_id": case_id, "sd": sd,
            "ana": sd["player_id"], "ana_h": sd["headers"], "bia": bia, "bia_h": bia_h,
            "ines": ines, "ines_h": ines_h, "rui_h": rui_h, "olga": olga, "olga_h": olga_h}


def test_issue_16_a_player_cannot_complain_about_another_players_jogada(setting):
    """903-B 5.2.2: a player's data is its own. Bia names Ana's jogada: 403 naming
    jogada_ids[0]; no case is opened."""
    s = setting
    error = error_of(s["cases"].open(s["bia_h"], "b1", case_type="jogada",
                                     jogada_ids=[s["sd"]["jogada_id"]]), 403)
    assert error["field"] == "jogada_ids[0]"
    assert ok(s["client"].get("/complaints", headers=s["bia_h"]))["count"] == 0
    assert ok(s["client"].get("/complaints", headers=OPERATOR))["count"] == 1
    # Nor in Ana's name, nor through a channel only staff record.
    error = error_of(s["cases"].open(s["bia_h"], "b2", player_id=s["ana"]), 403)
    assert error["field"] == "player_id"
    error = error_of(s["cases"].open(s["bia_h"], "b3", channel="srij",
                                     external_reference="S-1"), 403)
    assert error["field"] == "channel"
    # A handler opening on a player's behalf names the player (422) and the channel's
    # reference (422); an unknown jogada is 404.
    assert error_of(s["cases"].open(s["ines_h"], "i1"), 422)["field"] == "player_id"
    assert error_of(s["cases"].open(s["ines_h"], "i2", player_id=s["bia"],
                                    channel="complaints_book"), 422)["field"] == \
        "external_reference"
    assert error_of(s["cases"].open(s["ines_h"], "i3", player_id=s["bia"], case_type="jogada",
                                    jogada_ids=["no-such-jogada"]), 404)["field"] == \
        "jogada_ids[0]"
    assert error_of(s["cases"].open(s["ana_h"], "a9", case_type="jogada"), 422)["field"] == \
        "jogada_ids"
    assert ok(s["client"].get("/complaints", headers=OPERATOR))["count"] == 1
    # A handler records a complaints-book complaint for Bia.
    booked = ok(s["cases"].open(s["ines_h"], "i4", player_id=s["bia"],
                                channel="complaints_book", external_reference="LR-2026-1"),
                201)
    assert (booked["player_id"], booked["channel"]) == (s["bia"], "complaints_book")


def test_issue_16_a_player_reads_its_own_cases_only(setting):
    """903-B 5.2.2: another player's case, its letter and its evidence are 403, as for
    sessions (api/routes/sessions.py); an unknown case is 404."""
    s, case_id = setting, setting["case_id"]
    for path in (f"/complaints/{case_id}", f"/complaints/{case_id}/letter",
                 f"/complaints/{case_id}/evidence/1", f"/complaints/{case_id}/evidence/1.pdf"):
        assert error_of(s["client"].get(path, headers=s["bia_h"]), 403)["field"] == "case_id"
    assert error_of(s["client"].get("/complaints", params={"player_id": s["ana"]},
                                    headers=s["bia_h"]), 403)["field"] == "player_id"
    before = recorded(s["cases"], case_id)
    for action, body in (("notes", {"text": "intrusa"}), ("information", {"text": "x"})):
        assert error_of(s["cases"].act(case_id, action, s["bia_h"], body), 403)
    assert recorded(s["cases"], case_id) == before
    missing = "00000000-0000-4000-8000-000000000000"
    assert error_of(s["cases"].get(missing), 404)["field"] == "case_id"
    assert error_of(s["cases"].act(missing, "acknowledge", s["ines_h"]), 404)["field"] == \
        "case_id"


@pytest.mark.parametrize("action,body", [
    ("acknowledge", None), ("assign", "assignee"), ("information-requests", {"question": "?"}),
    ("decision", {"outcome": "upheld", "reasons": "r", "compensation": PAYMENT}),
    ("decision/approve", None), ("decision/decline", {"reason": "r"}),
    ("compensation", {"idempotency_key": "k"}), ("resolve", None),
    ("escalate", {"body": "srij"}), ("close", None), ("reopen", {"reason": "r"}),
    ("evidence", None)])
def test_issue_16_an_auditor_and_a_player_cannot_act(setting, action, body):
    """Issue 16: auditors read every case and act on none; a player only adds notes and its
    answers. 403, nothing recorded."""
    s, case_id = setting, setting["case_id"]
    if body == "assignee":
        body = {"assignee_id": s["ines"]}
    before, money = recorded(s["cases"], case_id), balances(s["client"])
    for headers in (s["olga_h"], s["ana_h"]):
        assert error_of(s["cases"].act(case_id, action, headers, body), 403)["code"] == \
            "forbidden"
    assert recorded(s["cases"], case_id) == before and balances(s["client"]) == money
    assert ok(s["client"].get(f"/complaints/{case_id}", headers=s["olga_h"]))["case_id"] == \
        case_id


def test_issue_16_four_eyes_a_proposer_cannot_approve_its_own_large_payment(setting):
    """Complaint policy four_eyes_above_cents (100,00 € by default): above it, a second
    staff member approves. At or below it, the proposer may."""
    s, case_id, cases = setting, setting["case_id"], setting["cases"]
    ok(cases.act(case_id, "decision", s["ines_h"], {
        "outcome": "upheld", "reasons": "Erro",
        "compensation": {"kind": "payment", "amount_cents": 10_001}}))
    before = recorded(cases, case_id)
    error = error_of(cases.act(case_id, "decision/approve", s["ines_h"]), 403)
    assert error["field"] == "actor" and "four_eyes_above_cents" in error["rule"]
    assert recorded(cases, case_id) == before
    ok(cases.act(case_id, "decision/decline", s["rui_h"], {"reason": "Demasiado"}))
    ok(cases.act(case_id, "decision", s["ines_h"], {
        "outcome": "upheld", "reasons": "Erro",
        "compensation": {"kind": "payment", "amount_cents": 10_000}}))
    assert ok(cases.act(case_id, "decision/approve", s["ines_h"]))["state"] == \
        "decision_approved"


@pytest.mark.parametrize("compensation,field", [
    ({"kind": "payment", "amount_cents": -500}, "compensation.amount_cents"),
    ({"kind": "payment", "amount_cents": 0}, "compensation.amount_cents"),
    ({"kind": "payment", "amount_cents": 10**11 + 1}, "compensation.amount_cents"),
    ({"kind": "payment", "amount_cents": 10_000_001}, "compensation.amount_cents"),  # policy max
    ({"kind": "payment", "amount_cents": 12.5}, "compensation.amount_cents"),
    ({"kind": "payment", "amount_cents": "1250"}, "compensation.amount_cents"),
    ({"kind": "payment"}, "compensation.amount_cents"),
    ({"kind": "gift", "amount_cents": 100}, "compensation.kind"),
    ({"kind": "payment", "amount_cents": 100, "to_code": "house"}, "compensation.to_code"),
    ({"kind": "correction", "transfer_id": "not-of-the-case"}, "compensation.transfer_id"),
])
def test_issue_16_a_bad_compensation_is_422_naming_the_field(setting, compensation, field):
    """Issue 16: amounts are strict, positive integer cents (not above 10^11, nor the policy's
    max_compensation_cents); the kind is payment, correction or game_refund. 422, nothing
    recorded."""
    s, case_id = setting, setting["case_id"]
    before = recorded(s["cases"], case_id)
    r = s["cases"].act(case_id, "decision", s["ines_h"],
                       {"outcome": "upheld", "reasons": "r", "compensation": compensation})
    assert r.status_code in (404, 422), r.text
    if r.status_code == 422:
        assert error_of(r, 422)["field"].startswith(field), r.text
    else:  # the transfer is looked up before anything else
        assert error_of(r, 404)["field"] == field
    assert recorded(s["cases"], case_id) == before


def test_issue_16_a_rejected_complaint_pays_nothing(setting):
    s, case_id = setting, setting["case_id"]
    before = recorded(s["cases"], case_id)
    error = error_of(s["cases"].act(case_id, "decision", s["ines_h"], {
        "outcome": "rejected", "reasons": "r", "compensation": PAYMENT}), 422)
    assert error["field"] == "compensation"
    assert recorded(s["cases"], case_id) == before


def test_issue_16_compensation_is_paid_once_and_a_closed_case_takes_nothing(setting):
    """Issue 16: the approved compensation is paid exactly once (another key: 409
    compensation_already_paid, no money moves); a closed case refuses every action but
    reopening (409 case_state naming the state)."""
    s, case_id, cases = setting, setting["case_id"], setting["cases"]
    assert error_of(cases.act(case_id, "compensation", s["ines_h"], {"idempotency_key": "p0"}),
                    409)["code"] == "case_state"  # nothing approved yet
    ok(cases.act(case_id, "decision", s["ines_h"], {"outcome": "upheld", "reasons": "r",
                                                    "compensation": PAYMENT}))
    ok(cases.act(case_id, "decision/approve", s["rui_h"]))
    assert error_of(cases.act(case_id, "resolve", s["ines_h"]), 409)["code"] == \
        "compensation_not_paid"
    ok(cases.act(case_id, "compensation", s["ines_h"], {"idempotency_key": "p1"}), 201)
    money, before = balances(s["client"]), recorded(cases, case_id)
    error = error_of(cases.act(case_id, "compensation", s["rui_h"], {"idempotency_key": "p2"}),
                     409)
    assert error["code"] == "compensation_already_paid"
    assert balances(s["client"]) == money and recorded(cases, case_id) == before
    ok(cases.act(case_id, "resolve", s["ines_h"]))
    ok(cases.act(case_id, "close", s["ines_h"]))
    before = recorded(cases, case_id)
    for action, body, headers in (
            ("notes", {"text": "mais uma"}, s["ines_h"]), ("notes", {"text": "e eu"}, s["ana_h"]),
            ("acknowledge", None, s["ines_h"]), ("escalate", {"body": "adr"}, s["ines_h"]),
            ("decision", {"outcome": "upheld", "reasons": "r"}, s["ines_h"]),
            ("compensation", {"idempotency_key": "p3"}, s["ines_h"]),
            ("close", None, s["ines_h"])):
        error = error_of(cases.act(case_id, action, headers, body), 409)
        assert (error["code"], error["details"]["state"]) == ("case_state", "closed"), action
    assert recorded(cases, case_id) == before and balances(s["client"]) == money


@pytest.mark.parametrize("body,status,field", [
    ({"holidays": ["2026-06-13", "2026-02-30"]}, 422, "holidays[1]"),
    ({"holidays": ["2026-06-13", "13/06/2026"]}, 422, "holidays[1]"),
    ({"deadlines": {"jogada": {"acknowledge": 0}}}, 422, "deadlines.jogada.acknowledge"),
    ({"deadlines": {"bingo": {"answer": 3}}}, 422, "deadlines.bingo"),
    ({"deadlines": {"jogada": {"acknowledge": 20}}}, 409, "deadlines.jogada"),
    ({"four_eyes_above_cents": -1}, 422, "four_eyes_above_cents"),
    ({"max_compensation_cents": 0}, 422, "max_compensation_cents"),
    ({"national_holidays": "yes"}, 422, "national_holidays"),
])
def test_issue_16_a_bad_policy_is_refused_naming_the_field(client, body, status, field):
    """Issue 16: the holidays are real ISO dates (the error names holidays[i]); deadlines are
    1 to 365 working days per known case type, the acknowledgement not after the answer (a
    rule between two values: 409). Nothing is published."""
    error = error_of(client.put("/complaints/policy", json=body, headers=OPERATOR), status)
    assert error["field"] == field, error
    assert ok(client.get("/complaints/policy", headers=OPERATOR))["version"] == 0


def test_issue_16_the_policy_is_published_by_operators_and_read_by_staff(api, client):
    """Issue 16: the holidays count as non-working days for the cases opened after."""
    handler, handler_h = api.staff("complaint_handler", "Inês")
    player, player_h = api.player()
    body = {"holidays": ["2026-01-06", "2026-01-07"], "national_holidays": True,
            "deadlines": {"account": {"acknowledge": 1, "answer": 5}},
            "four_eyes_above_cents": 5_000, "max_compensation_cents": 1_000_000}
    assert error_of(client.put("/complaints/policy", json=body, headers=handler_h), 403)
    published = ok(client.put("/complaints/policy", json=body, headers=OPERATOR))
    assert published["version"] == 1 and published["holidays"] == ["2026-01-06", "2026-01-07"]
    assert published["deadlines"]["account"] == {"acknowledge": 1, "answer": 5}
    assert published["deadlines"]["jogada"] == {"acknowledge": 2, "answer": 15}
    assert ok(client.get("/complaints/policy", headers=handler_h)) == published
    assert error_of(client.get("/complaints/policy", headers=player_h), 403)
    # Opened on Monday 5 January 2026: the 6th and 7th are holidays now.
    case = ok(Cases(client).open(player_h, "p1"), 201)
    assert (case["acknowledge_due"], case["answer_due"]) == ("2026-01-08", "2026-01-14")


def test_issue_16_assigning_needs_a_handler_or_an_operator(setting):
    s, case_id = setting, setting["case_id"]
    before = recorded(s["cases"], case_id)
    error = error_of(s["cases"].act(case_id, "assign", s["ines_h"],
                                    {"assignee_id": s["olga"]}), 409)
    assert error["field"] == "assignee_id"
    error = error_of(s["cases"].act(case_id, "assign", s["ines_h"],
                                    {"assignee_id": "00000000-0000-4000-8000-000000000001"}), 404)
    assert error["field"] == "assignee_id"
    assert recorded(s["cases"], case_id) == before
