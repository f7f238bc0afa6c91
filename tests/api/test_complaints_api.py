"""Complaint cases over HTTP, end to end (issue 16): a player disputes a póquer sem descarte
jogada and a bingo jogada it played through the API; complaint handlers take the case through
every state (acknowledged, awaiting the player with its clock standing still, evidence,
a proposal declined, a payment above the four-eyes amount approved by a second handler and paid
exactly once, resolved, closed, reopened, escalated, closed); the letters in Portuguese and
English; the wallet moves by exactly the compensation and the accounts sum to zero (903-B
5.5.1(1)). Runs on the backend the suite runs on (SQLite, PostgreSQL)."""

from __future__ import annotations

from datetime import datetime, timezone

from tests.api.complaints_support import (Cases, balances, error_of, played_bingo,
                                          played_semdescarte, recorded)
from tests.api.conftest import OPERATOR, ok

# The ManualClock starts on Monday 5 January 2026 at noon (UTC = Lisbon in winter).
TUESDAY_6 = datetime(2026, 1, 6, 10, tzinfo=timezone.utc)
FRIDAY_9 = datetime(2026, 1, 9, 10, tzinfo=timezone.utc)
MONDAY_12 = datetime(2026, 1, 12, 10, tzinfo=timezone.utc)
REASONS = ("A carta aberta do banco foi mostrada com atraso; a jogada de bingo está certa. "
           "Compensamos o incómodo.")


def test_issue_16_a_disputed_sem_descarte_and_bingo_jogada_through_every_state(
        api, client, clock):
    """Issue 16, the whole life of a case by HTTP. Deadlines in working days: opened on Monday
    5 January 2026, the acknowledgement is due on Wednesday 7 (2 working days) and the answer
    on Monday 26 (15, the Livro de Reclamações' deadline); the player's three working days to
    answer (Tuesday 6 to Friday 9) move the answer to Thursday 29. A payment of 250,00 € is
    above the default four-eyes amount (100,00 €): its proposer cannot approve it (403), a
    second handler does; it is paid once (the same key answers the same body; another key
    409, no money moves)."""
    cases = Cases(client)
    sd = played_semdescarte(api, client)  # póquer sem descarte rules 15, 19, 22: Ana folds
    ana, ana_h = sd["player_id"], sd["headers"]
    bingo = played_bingo(api, client, clock, {"player_id": ana, "headers": ana_h})
    ines, ines_h = api.staff("complaint_handler", "Inês")
    rui, rui_h = api.staff("complaint_handler", "Rui")

    # Intake: Ana's own case about both jogadas; idempotent by key.
    body = {"case_type": "jogada", "subject": "Jogadas mal pagas",
            "description": "A mesa não mostrou a carta do banco e o bingo parou cedo.",
            "jogada_ids": [sd["jogada_id"], bingo["jogada_id"]], "idempotency_key": "queixa-1"}
    opened = ok(client.post("/complaints", json=body, headers=ana_h), 201)
    case_id = opened["case_id"]
    assert (opened["state"], opened["player_id"], opened["channel"]) == ("open", ana, "operator")
    assert opened["reference"].startswith("RC-2026-")
    assert (opened["acknowledge_due"], opened["answer_due"]) == ("2026-01-07", "2026-01-26")
    assert ok(client.post("/complaints", json=body, headers=ana_h), 201) == opened
    reused = error_of(client.post("/complaints", json={**body, "subject": "Outra"},
                                  headers=ana_h), 409)
    assert (reused["code"], reused["field"]) == ("idempotency_key_reused", "idempotency_key")
    listed = ok(client.get("/complaints", headers=ana_h))
    assert [c["case_id"] for c in listed["data"]] == [case_id]
    assert listed["data"][0]["due"] == "2026-01-07" and listed["data"][0]["overdue"] is False

    # The handler acknowledges and takes the case.
    assert ok(cases.act(case_id, "acknowledge", ines_h, {"message": "Recebemos"}))[
        "state"] == "investigating"
    assert ok(cases.act(case_id, "assign", ines_h, {"assignee_id": ines}))[
        "assignee"] == f"staff:{ines}"

    # Information requested on Tuesday 6; Ana answers on Friday 9: the clock stood still.
    clock.set(TUESDAY_6)
    asked = ok(cases.act(case_id, "information-requests", ines_h,
                         {"question": "Em que momento deixou de ver a carta do banco?"}))
    assert asked["state"] == "awaiting_player"
    assert ok(client.get("/complaints/queue", headers=ines_h))["data"][0]["paused"] is True
    clock.set(FRIDAY_9)
    answered = ok(cases.act(case_id, "information", ana_h,
                            {"text": "Logo depois de fazer a aposta."}))
    assert (answered["state"], answered["answer_due"]) == ("investigating", "2026-01-29")
    received = [e for e in cases.case(case_id)["timeline"]
                if e["kind"] == "information_received"]
    assert received[0]["detail"]["paused_working_days"] == 3
    assert ok(cases.act(case_id, "notes", ana_h, {"text": "Junto o meu relato."}))

    # An evidence pack of both jogadas, shown to the player; rebuilt byte for byte.
    attached = ok(cases.act(case_id, "evidence", ines_h, {"shown_to_player": True}), 201)
    assert attached["evidence_number"] == 1
    [entry] = [e for e in cases.case(case_id)["timeline"] if e["kind"] == "evidence_attached"]
    pack = client.get(f"/complaints/{case_id}/evidence/1", headers=ana_h)
    assert pack.status_code == 200, pack.text
    assert pack.headers["content-type"].startswith("application/json")
    assert pack.headers["X-Evidence-SHA256"] == entry["detail"]["sha256"]
    assert pack.headers["X-Evidence-Matches"] == "true"
    assert sd["jogada_id"] in pack.text and bingo["jogada_id"] in pack.text
    pdf = client.get(f"/complaints/{case_id}/evidence/1.pdf", headers=ines_h)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    # staff read the staff copy by default, recorded beside the player's (issue 25)
    assert pdf.headers["X-Evidence-SHA256"] == entry["detail"]["staff_pdf_sha256"]
    assert pdf.headers["X-Evidence-Matches"] == "true"
    shown = client.get(f"/complaints/{case_id}/evidence/1.pdf", headers=ines_h,
                       params={"copy": "player"})
    assert shown.headers["X-Evidence-SHA256"] == entry["detail"]["pdf_sha256"]
    assert shown.headers["X-Evidence-Matches"] == "true"

    # A first proposal is declined by the second handler.
    ok(cases.act(case_id, "decision", ines_h, {"outcome": "rejected", "reasons": "Sem erro."}))
    assert ok(cases.act(case_id, "decision/decline", rui_h, {"reason": "Houve atraso."}))[
        "state"] == "investigating"

    # 250,00 € above the four-eyes amount: the proposer may not approve it.
    proposed = ok(cases.act(case_id, "decision", ines_h, {
        "outcome": "partly_upheld", "reasons": REASONS,
        "compensation": {"kind": "payment", "amount_cents": 25_000}}))
    assert proposed["decision"]["needs_second_approver"] is True
    before = recorded(cases, case_id)
    refused = error_of(cases.act(case_id, "decision/approve", ines_h), 403)
    assert refused["field"] == "actor" and "four eyes" in refused["rule"]
    assert recorded(cases, case_id) == before
    assert ok(cases.act(case_id, "decision/approve", rui_h))["state"] == "decision_approved"

    # Paid exactly once.
    money = balances(client)
    paid = ok(cases.act(case_id, "compensation", ines_h, {"idempotency_key": "paga-1"}), 201)
    after = balances(client)
    wallet = f"wallet:{ana}"
    assert after[wallet] - money[wallet] == 25_000
    assert after["house"] - money["house"] == -25_000
    assert {k for k in after if after[k] != money.get(k, 0)} == {wallet, "house"}
    assert paid["compensation_paid"]["2"]["transfer_ids"] == [f"compensation:{case_id}:2"]
    assert ok(cases.act(case_id, "compensation", ines_h, {"idempotency_key": "paga-1"}),
              201) == paid
    twice = error_of(cases.act(case_id, "compensation", rui_h, {"idempotency_key": "paga-2"}),
                     409)
    assert (twice["code"], twice["field"]) == ("compensation_already_paid", "idempotency_key")
    assert balances(client) == after

    # Resolved: the letters.
    assert error_of(cases.letter(case_id, "pt", ana_h), 409)["code"] == "case_not_resolved"
    clock.set(MONDAY_12)
    assert ok(cases.act(case_id, "resolve", ines_h))["state"] == "resolved"
    pt = ok(cases.letter(case_id, "pt", ana_h))
    assert pt["subject"] == f"Reclamação {opened['reference']}: resposta final " \
                            "(parcialmente procedente)"
    for text in (opened["reference"], "PARCIALMENTE PROCEDENTE, em 12 de janeiro de 2026",
                 REASONS, "creditado na sua carteira de jogador o montante de 250,00 €",
                 "www.srij.turismodeportugal.pt", "resolução alternativa de litígios",
                 "www.livroreclamacoes.pt"):
        assert text in pt["body"], text
    en = ok(cases.letter(case_id, "en", ines_h))
    for text in ("PARTLY UPHELD (12 January 2026)", REASONS, "We credited 250,00 €",
                 "SRIJ", "alternative dispute resolution body", "www.livroreclamacoes.pt"):
        assert text in en["body"], text
    assert "Sem erro." not in pt["body"] + en["body"]  # the declined proposal is not the answer

    # What the player sees of its case: not the staff's internal steps.
    seen = {e["kind"] for e in cases.case(case_id, ana_h)["timeline"]}
    assert {"opened", "acknowledged", "information_requested", "information_received",
            "note_added", "evidence_attached", "decision_approved", "compensation_paid",
            "resolved"} <= seen
    assert not seen & {"assigned", "decision_proposed", "proposal_declined"}
    staff_seen = {e["kind"] for e in cases.case(case_id)["timeline"]}
    assert {"assigned", "decision_proposed", "proposal_declined"} <= staff_seen

    # Closed; reopened, escalated to SRIJ, closed again (every state visited).
    assert ok(cases.act(case_id, "close", ines_h, {"note": "Resolvida"}))["state"] == "closed"
    assert ok(cases.letter(case_id, "en", ana_h))["outcome"] == "partly_upheld"
    assert ok(cases.act(case_id, "reopen", ines_h, {"reason": "Nova reclamação no SRIJ"}))[
        "state"] == "investigating"
    assert error_of(cases.letter(case_id, "pt", ana_h), 409)["code"] == "case_not_resolved"
    escalated = ok(cases.act(case_id, "escalate", rui_h, {"body": "srij", "reference": "SRIJ-77",
                                                         "note": "interno"}))
    assert escalated["state"] == "escalated"
    assert ok(cases.act(case_id, "close", rui_h))["state"] == "closed"
    [esc] = [e for e in cases.case(case_id, ana_h)["timeline"] if e["kind"] == "escalated"]
    assert esc["detail"]["reference"] == "SRIJ-77" and "note" not in esc["detail"]

    # The wallet moved by the compensation only; every account sums to zero.
    assert balances(client) == after
    assert ok(client.get(f"/players/{ana}/balance", headers=ana_h))["balance_cents"] == \
        after[wallet]


def test_issue_16_acknowledgement_letter_and_the_queue_overdue_first(api, client, clock):
    """Issue 16: the queue lists the open cases, the overdue first; the acknowledgement letter
    names the answer's deadline. A case opened on Monday 5 January 2026 and not acknowledged
    by Wednesday 7 is overdue on Thursday 8; one opened on Thursday 8 is not."""
    cases = Cases(client)
    ana, ana_h = api.player("Ana")
    bia, bia_h = api.player("Bia")
    late = ok(cases.open(ana_h, "a1"), 201)["case_id"]
    clock.set(datetime(2026, 1, 8, 10, tzinfo=timezone.utc))
    fresh = ok(cases.open(bia_h, "b1"), 201)["case_id"]
    auditor, auditor_h = api.staff("auditor", "Ana Auditora")
    queue = ok(client.get("/complaints/queue", headers=auditor_h))
    assert [c["case_id"] for c in queue["data"]] == [late, fresh]
    assert [c["overdue"] for c in queue["data"]] == [True, False]
    assert queue["overdue_by_state"]["open"] == 1 and queue["open_by_state"]["open"] == 2
    overdue = ok(client.get("/complaints", params={"overdue": "true"}, headers=OPERATOR))
    assert [c["case_id"] for c in overdue["data"]] == [late]
    assert error_of(client.get("/complaints/queue", headers=ana_h), 403)["code"] == "forbidden"
    assert error_of(cases.letter(late, "pt", ana_h, kind="acknowledgement"), 409)[
        "code"] == "case_not_acknowledged"
    ok(cases.act(late, "acknowledge", OPERATOR))
    letter = ok(cases.letter(late, "pt", ana_h, kind="acknowledgement"))
    assert "Responderemos até 26 de janeiro de 2026" in letter["body"]
    assert ok(cases.letter(late, "en", ana_h, kind="acknowledgement"))["kind"] == \
        "acknowledgement"
    # Paging: one case a page, in the order they were opened.
    first = ok(client.get("/complaints", params={"limit": 1}, headers=OPERATOR))
    second = ok(client.get("/complaints", params={"limit": 1, "cursor": first["next_cursor"]},
                           headers=OPERATOR))
    assert [first["data"][0]["case_id"], second["data"][0]["case_id"]] == [late, fresh]
    assert ok(client.get("/complaints", params={"player_id": bia},
                         headers=OPERATOR))["count"] == 1


def test_issue_16_report_of_the_cases_opened_in_a_period(api, client, clock):
    """Issue 16: the cases opened in [since, until) by type, channel and outcome, the hours to
    acknowledge and to resolve, the compensation paid; as JSON and CSV; staff only."""
    cases = Cases(client)
    ana, ana_h = api.player("Ana")
    ines, ines_h = api.staff("complaint_handler", "Inês")
    olga, olga_h = api.staff("auditor", "Olga")
    first = ok(cases.open(ana_h, "r1"), 201)["case_id"]
    ok(cases.open(ines_h, "r2", player_id=ana, case_type="other", channel="srij",
                  external_reference="SRIJ-9"), 201)
    clock.advance(hours=3)
    ok(cases.act(first, "acknowledge", ines_h))
    ok(cases.act(first, "decision", ines_h, {"outcome": "upheld", "reasons": "Erro nosso",
                                              "compensation": {"kind": "payment",
                                                               "amount_cents": 750}}))
    ok(cases.act(first, "decision/approve", ines_h))
    ok(cases.act(first, "compensation", ines_h, {"idempotency_key": "r1"}), 201)
    clock.advance(hours=21)
    ok(cases.act(first, "resolve", ines_h))
    period = {"since": "2026-01-01T00:00:00+00:00", "until": "2026-02-01T00:00:00+00:00"}
    report = ok(client.get("/reports/complaints", params=period, headers=olga_h))
    assert report["total"]["cases"] == 2 and report["total"]["resolved"] == 1
    assert report["total"]["hours_to_acknowledge"] == {"count": 1, "median": 3.0, "p90": 3.0}
    assert report["total"]["hours_to_resolve"]["median"] == 24.0
    assert report["total"]["compensation_by_kind"]["payment"] == 750
    assert report["by_channel"]["srij"]["cases"] == 1
    assert report["by_outcome"]["upheld"]["compensation_paid_cents"] == 750
    assert report["by_case_type"]["account"]["cases"] == 1
    csv = client.get("/reports/complaints", params={**period, "format": "csv"}, headers=ines_h)
    assert csv.status_code == 200 and csv.headers["content-type"].startswith("text/csv")
    lines = csv.text.splitlines()
    assert lines[0].startswith("dimension,value,cases,") and lines[1].startswith("total,all,2,")
    assert error_of(client.get("/reports/complaints", params=period, headers=ana_h), 403)
    empty = ok(client.get("/reports/complaints", headers=OPERATOR, params={
        "since": "2025-01-01T00:00:00+00:00", "until": "2025-02-01T00:00:00+00:00"}))
    assert empty["total"]["cases"] == 0
    assert error_of(client.get("/reports/complaints", headers=OPERATOR, params={
        "since": "2026-01-01T00:00:00Z", "until": "x"}), 422)["field"] == "until"
