"""The complaint desk's reads and its letter sending over HTTP (issue 25, part 5): people named
by their display names (903-B 5.2.2(7): who acted, readable), the staff picker of the
assignable staff (complaint handlers and operators; 403 for the other roles), and a letter
recorded as sent (``LetterSent``: which letter, channel, when, by whom; idempotent by key; a
letter the case does not have yet refused, 409 ``letter_not_available``; a channel that is not
one 422 naming ``channel``). Runs on the backend the suite runs on (SQLite, PostgreSQL)."""

from __future__ import annotations

from datetime import datetime, timezone

from tests.api.complaints_support import Cases, error_of, recorded
from tests.api.conftest import OPERATOR, ok

# The ManualClock starts on Monday 5 January 2026 at noon (UTC = Lisbon in winter).
TUESDAY_6 = datetime(2026, 1, 6, 10, tzinfo=timezone.utc)
WEDNESDAY_7 = datetime(2026, 1, 7, 10, tzinfo=timezone.utc)


def _opened(api, client, key: str = "queixa-desk") -> tuple[Cases, str, str, dict]:
    cases = Cases(client)
    ana, ana_h = api.player("Ana Sousa")
    case_id = ok(cases.open(ana_h, key), 201)["case_id"]
    return cases, case_id, ana, ana_h


def _resolved(cases: Cases, case_id: str, handler_h: dict, approver_h: dict) -> None:
    ok(cases.act(case_id, "decision", handler_h, {"outcome": "rejected",
                                                  "reasons": "O saldo está certo."}))
    ok(cases.act(case_id, "decision/approve", approver_h))
    ok(cases.act(case_id, "resolve", handler_h))


def test_issue_25_903b_5_2_2_7_the_desk_reads_name_the_player_and_staff(api, client):
    """The case list, the queue, the case and its timeline carry the display names beside
    the ids: the player's, the assignee's, who opened it, each entry's actor (and an
    assignment's assignee); the player reading its own case sees no staff member's name."""
    cases, case_id, ana, ana_h = _opened(api, client)
    ines, ines_h = api.staff("complaint_handler", "Inês Marques")
    ok(cases.act(case_id, "acknowledge", ines_h))
    ok(cases.act(case_id, "assign", ines_h, {"assignee_id": ines}))

    listed = ok(client.get("/complaints", headers=ines_h))["data"][0]
    assert (listed["player_name"], listed["assignee_name"], listed["opened_by_name"]) == (
        "Ana Sousa", "Inês Marques", "Ana Sousa")
    queued = ok(client.get("/complaints/queue", headers=ines_h))["data"][0]
    assert (queued["player_name"], queued["assignee_name"]) == ("Ana Sousa", "Inês Marques")

    found = cases.case(case_id, ines_h)
    assert found["player_id"] == ana and found["player_name"] == "Ana Sousa"
    by_kind = {e["kind"]: e for e in found["timeline"]}
    assert by_kind["opened"]["actor_name"] == "Ana Sousa"
    assert by_kind["acknowledged"]["actor_name"] == "Inês Marques"
    assert (by_kind["assigned"]["actor_name"], by_kind["assigned"]["assignee_name"]) == (
        "Inês Marques", "Inês Marques")

    own = cases.case(case_id, ana_h)
    assert own["player_name"] == "Ana Sousa" and own["assignee_name"] is None
    assert {e["kind"]: e["actor_name"] for e in own["timeline"]} == {
        "opened": "Ana Sousa", "acknowledged": None}


def test_issue_25_the_staff_picker_lists_the_assignable_staff_to_those_who_assign(api, client):
    """GET /complaints/assignees: complaint handlers and operators whose key is active, by
    name; not auditors, not a revoked handler. An auditor or a player asking: 403."""
    cases, case_id, _, ana_h = _opened(api, client)
    rui, rui_h = api.staff("complaint_handler", "Rui Costa")
    ines, _ = api.staff("complaint_handler", "Inês Marques")
    gone, _ = api.staff("complaint_handler", "Zé Antigo")
    op, _ = api.staff("operator", "Beatriz Operadora")
    _, auditor_h = api.staff("auditor", "Alberto Auditor")
    ok(client.post(f"/staff/{gone}/api-key/revocation", headers=OPERATOR))

    picked = ok(client.get("/complaints/assignees", headers=rui_h))
    names = [(p["display_name"], p["role"]) for p in picked["data"]]
    assert ("Rui Costa", "complaint_handler") in names and ("Inês Marques",
                                                            "complaint_handler") in names
    assert ("Beatriz Operadora", "operator") in names
    assert not any(n in ("Zé Antigo", "Alberto Auditor") for n, _ in names)
    assert picked["count"] == len(picked["data"])
    folded = [n.casefold() for n, _ in names]
    assert folded == sorted(folded)
    assert ok(client.get("/complaints/assignees", headers=OPERATOR))["count"] == picked["count"]
    for headers in (auditor_h, ana_h):
        assert error_of(client.get("/complaints/assignees", headers=headers), 403)
    assert client.get("/complaints/assignees").status_code == 401

    # What the picker offers assigns the case, named in the reads.
    chosen = next(p for p in picked["data"] if p["display_name"] == "Inês Marques")
    assert ok(cases.act(case_id, "assign", rui_h, {"assignee_id": chosen["staff_id"]}))[
        "assignee"] == f"staff:{ines}"
    assert cases.case(case_id, rui_h)["assignee_name"] == "Inês Marques"
    assert op


def test_issue_25_a_letter_recorded_as_sent_names_letter_channel_time_and_actor(
        api, client, clock):
    """The acknowledgement, then the final answer, recorded as sent: the event names the
    letter, the language, the channel, when it left (given, or now by the service's clock) and
    who recorded it; the same key and body answer the first recording (nothing recorded
    again), another body under it is 409; both appear in the case's timeline (the player sees
    them) and its ``letters``."""
    cases, case_id, ana, ana_h = _opened(api, client)
    ines, ines_h = api.staff("complaint_handler", "Inês Marques")
    rui, rui_h = api.staff("complaint_handler", "Rui Costa")
    ok(cases.act(case_id, "acknowledge", ines_h))

    clock.set(TUESDAY_6)
    body = {"letter": "acknowledgement", "channel": "email", "language": "pt",
            "idempotency_key": "carta-1"}
    sent = ok(cases.act(case_id, "letter/sent", ines_h, body), 201)
    assert sent["letters_sent"] == [{"letter": "acknowledgement", "language": "pt",
                                     "decision": None, "channel": "email",
                                     "sent_at": "2026-01-06T10:00:00Z",
                                     "sent_by": f"staff:{ines}"}]
    before = recorded(cases, case_id)
    assert ok(cases.act(case_id, "letter/sent", ines_h, body), 201) == sent
    assert recorded(cases, case_id) == before
    reused = error_of(cases.act(case_id, "letter/sent", ines_h, {**body, "channel": "post"}),
                      409)
    assert (reused["code"], reused["field"]) == ("idempotency_key_reused", "idempotency_key")

    _resolved(cases, case_id, ines_h, rui_h)
    ok(cases.act(case_id, "close", ines_h))
    clock.set(WEDNESDAY_7)
    given = "2026-01-06T18:30:00+00:00"
    final = ok(cases.act(case_id, "letter/sent", rui_h, {
        "letter": "final", "channel": "post", "language": "en", "sent_at": given,
        "idempotency_key": "carta-2"}), 201)
    assert final["state"] == "closed"  # a closed case's letter leaves after it closes
    last = final["letters_sent"][-1]
    assert datetime.fromisoformat(last.pop("sent_at")) == datetime.fromisoformat(given)
    assert last == {"letter": "final", "language": "en", "decision": 1, "channel": "post",
                    "sent_by": f"staff:{rui}"}

    found = cases.case(case_id, ines_h)
    entries = [e for e in found["timeline"] if e["kind"] == "letter_sent"]
    assert [(e["detail"]["letter"], e["detail"]["channel"], e["actor_name"],
             e["visible_to_player"]) for e in entries] == [
        ("acknowledgement", "email", "Inês Marques", True), ("final", "post", "Rui Costa", True)]
    assert datetime.fromisoformat(entries[1]["detail"]["sent_at"]) == datetime.fromisoformat(
        given) and entries[1]["at"].startswith("2026-01-07")
    letters = {x["letter"]: x for x in found["letters"]}
    assert letters["final"]["available"] and letters["acknowledgement"]["available"]
    assert [(s["channel"], s["sent_by_name"]) for s in letters["final"]["sent"]] == [
        ("post", "Rui Costa")]
    own = cases.case(case_id, ana_h)
    assert [e["detail"]["letter"] for e in own["timeline"] if e["kind"] == "letter_sent"] == [
        "acknowledgement", "final"]
    assert all(s["sent_by_name"] is None for x in own["letters"] for s in x["sent"])


def test_issue_25_a_letter_the_case_does_not_have_or_a_bad_channel_is_refused(
        api, client, clock):
    """Nothing is recorded when: the letter does not exist yet (an open case has no
    acknowledgement, an unresolved one no final answer: 409 ``letter_not_available``); the
    letter or channel is not one the service knows (422 naming the field); ``sent_at`` is in
    the future, before the letter existed, or without an offset (422 ``sent_at``); a player
    or an auditor records it (403); the case does not exist (404)."""
    cases, case_id, _, ana_h = _opened(api, client)
    _, ines_h = api.staff("complaint_handler", "Inês Marques")
    _, auditor_h = api.staff("auditor", "Alberto Auditor")
    send = {"letter": "acknowledgement", "channel": "post", "idempotency_key": "carta-x"}

    before = recorded(cases, case_id)
    missing = error_of(cases.act(case_id, "letter/sent", ines_h, send), 409)
    assert (missing["code"], missing["field"]) == ("letter_not_available", "letter")
    ok(cases.act(case_id, "acknowledge", ines_h))
    before = recorded(cases, case_id)
    missing = error_of(cases.act(case_id, "letter/sent", ines_h,
                                 {**send, "letter": "final", "idempotency_key": "k2"}), 409)
    assert (missing["code"], missing["field"]) == ("letter_not_available", "letter")
    for field, bad in (("channel", {"channel": "pigeon"}), ("letter", {"letter": "invoice"}),
                       ("sent_at", {"sent_at": "2026-01-05T13:00:00+00:00"}),  # future
                       ("sent_at", {"sent_at": "2026-01-05T11:00:00+00:00"}),  # before it
                       ("sent_at", {"sent_at": "2026-01-05T11:00:00"}),
                       ("language", {"language": "fr"})):
        clock.set(datetime(2026, 1, 5, 12, 30, tzinfo=timezone.utc))
        error = error_of(cases.act(case_id, "letter/sent", ines_h,
                                   {**send, **bad, "idempotency_key": f"bad-{field}"}), 422)
        assert error["field"] == field, (bad, error)
    for headers in (ana_h, auditor_h):
        assert error_of(cases.act(case_id, "letter/sent", headers, send), 403)
    assert recorded(cases, case_id) == before
    assert error_of(cases.act("00000000-0000-4000-8000-000000000099", "letter/sent",
                              OPERATOR, send), 404)["field"] == "case_id"
