"""The read side of complaint cases (issue 16), from real commands on both backends at the
test's ManualClock: one row per case and its timeline, the deadlines the events recorded
(paused while awaiting the player), the handlers' queue (overdue first), the filters and
pages, what the player may see, and the projection rebuilt from the events alone."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlalchemy import update

from domain.complaints import commands as cc
from infra.projecting.runner import ProjectionRunner
from infra.verify import verify
from projections import complaint_queries as q
from projections.complaints import KINDS, ComplaintCasesProjection, complaint_cases
from tests.complaints.case_support import (MONDAY, NAME, STAFF_A, STAFF_B, acknowledge, day,
                                           decide, engine, jan, new_player, open_case)
from tests.projections.support import migration_diffs, snapshot

SHA = "ab" * 32
FEB_2 = date(2026, 2, 2)


def whole_life(ledger, clock, player: str) -> str:
    """A case through every kind of event: opened on Monday 5 January 2026, ... reopened."""
    clock.set(MONDAY)
    cid = open_case(ledger, player, "life", case_type="jogada", channel="complaints_book",
                    jogada_ids=["j-1"])
    clock.advance(hours=3)
    acknowledge(ledger, cid)
    ledger.run(cc.AssignCase(case_id=cid, assignee=STAFF_B, actor=STAFF_A))
    ledger.run(cc.AddCaseNote(case_id=cid, text="interno: ver logs", actor=STAFF_A))
    ledger.run(cc.AddCaseNote(case_id=cid, text="Estamos a analisar", visible_to_player=True,
                              actor=STAFF_A))
    ledger.run(cc.AttachCaseEvidence(case_id=cid, kind="evidence_pack", description="pacote",
                                     sha256=SHA, pdf_sha256="cd" * 32, spec={"jogada": "j-1"},
                                     actor=STAFF_A))
    ledger.run(cc.AttachCaseEvidence(case_id=cid, kind="document", description="recibo",
                                     sha256="ef" * 32, shown_to_player=True, actor=STAFF_A))
    clock.set(day(6, 10))  # Tuesday
    ledger.run(cc.RequestInformation(case_id=cid, question="A que horas?", actor=STAFF_B))
    clock.set(day(8, 10))  # Thursday: the clock stood still for 2 working days (7, 8)
    ledger.run(cc.ProvideInformation(case_id=cid, text="Às 21h", actor=f"player:{player}"))
    ledger.run(cc.ProposeDecision(case_id=cid, outcome="upheld", reasons="Erro",
                                  compensation={"kind": "payment", "amount_cents": 20_000},
                                  actor=STAFF_A))
    ledger.run(cc.DeclineDecision(case_id=cid, reason="valor alto", actor=STAFF_B))
    ledger.run(cc.ProposeDecision(case_id=cid, outcome="partly_upheld", reasons="Erro parcial",
                                  compensation={"kind": "payment", "amount_cents": 2_500},
                                  actor=STAFF_A))
    ledger.run(cc.ApproveDecision(case_id=cid, actor=STAFF_B))
    ledger.run(cc.PayCompensation(case_id=cid, idempotency_key="p1", actor=STAFF_A))
    clock.set(day(9, 15))
    ledger.run(cc.ResolveCase(case_id=cid, actor=STAFF_A))
    ledger.run(cc.EscalateCase(case_id=cid, body="srij", reference="SRIJ-77",
                               note="interno: jogador insatisfeito", actor=STAFF_A))
    ledger.run(cc.CloseCase(case_id=cid, note="interno: arquivado", actor=STAFF_A))
    ledger.run(cc.SendCaseLetter(case_id=cid, letter="final", channel="post",  # issue 25
                                 idempotency_key="carta", actor=STAFF_A))
    clock.set(day(12, 9))  # Monday
    ledger.run(cc.ReopenCase(case_id=cid, reason="novo facto", actor=STAFF_A))
    return cid


def test_a_case_row_and_its_timeline_follow_every_event(ledger, clock):
    player = new_player(ledger)
    cid = whole_life(ledger, clock, player)
    found = q.case(engine(ledger), cid, today=jan(12))
    assert found["reference"].startswith("RC-2026-") and found["player_id"] == player
    assert (found["case_type"], found["channel"], found["external_reference"]) == (
        "jogada", "complaints_book", "COMPLAINTS_BOOK-life")
    assert (found["state"], found["assignee"], found["paused"]) == ("investigating", STAFF_B,
                                                                    False)
    assert found["opened_at"] == MONDAY and found["opened_by"] == f"player:{player}"
    assert found["acknowledged_at"] == MONDAY + timedelta(hours=3)
    # Reopened: no resolution, no closing in force (the timeline keeps them), the escalation kept
    assert (found["resolved_at"], found["closed_at"], found["outcome"]) == (None, None, None)
    assert (found["escalated_to"], found["decisions"], found["compensation_paid_cents"]) == (
        "srij", 2, 2_500)
    # Acknowledge by Wednesday 7; a reopened case's answer is due 15 working days after 12
    # January (the 13th to 2 February, no holiday).
    assert (found["acknowledge_due"], found["answer_due"]) == (jan(7), FEB_2)
    assert (found["due"], found["overdue"]) == (FEB_2, False)
    assert found["last_event_at"] == day(12, 9)
    timeline = found["timeline"]
    assert [e["kind"] for e in timeline] == [
        "opened", "acknowledged", "assigned", "note_added", "note_added", "evidence_attached",
        "evidence_attached", "information_requested", "information_received",
        "decision_proposed", "proposal_declined", "decision_proposed", "decision_approved",
        "compensation_paid", "resolved", "escalated", "closed", "letter_sent", "reopened"]
    assert set(KINDS) == {e["kind"] for e in timeline}
    assert found["position"] == timeline[-1]["notification_id"]
    assert found["opened_position"] == timeline[0]["notification_id"]
    assert [e["notification_id"] for e in timeline] == sorted(e["notification_id"]
                                                               for e in timeline)
    by_kind = {e["kind"]: e for e in timeline}
    assert by_kind["information_received"]["detail"] == {
        "text": "Às 21h", "paused_working_days": 2, "answer_due": "2026-01-28"}
    assert by_kind["information_received"]["actor"] == f"player:{player}"
    assert by_kind["decision_approved"]["detail"] == {
        "number": 2, "outcome": "partly_upheld", "reasons": "Erro parcial",
        "compensation": {"kind": "payment", "amount_cents": 2_500}}
    paid = by_kind["compensation_paid"]["detail"]
    assert paid == {"number": 2, "kind": "payment", "amount_cents": 2_500,
                    "transfer_ids": [f"compensation:{cid}:2"]}
    assert by_kind["escalated"]["detail"] == {"body": "srij", "reference": "SRIJ-77",
                                              "note": "interno: jogador insatisfeito"}
    pack = timeline[5]["detail"]
    assert pack == {"number": 1, "kind": "evidence_pack", "description": "pacote",
                    "sha256": SHA, "pdf_sha256": "cd" * 32, "spec": {"jogada": "j-1"},
                    "copies": ["staff"]}  # issue 25: kept internal, the staff copy only
    assert by_kind["letter_sent"]["detail"] == {  # issue 25: sent now, by the case's clock
        "letter": "final", "language": "pt", "decision": 2, "channel": "post",
        "sent_at": "2026-01-09T15:00:00+00:00"}
    assert all(e["at"].tzinfo is not None for e in timeline)


def test_the_player_sees_its_state_changes_and_what_was_meant_for_it(ledger, clock):
    player = new_player(ledger)
    cid = whole_life(ledger, clock, player)
    staff = q.case(engine(ledger), cid)
    seen = q.player_view(staff)
    assert [e["kind"] for e in seen["timeline"]] == [
        "opened", "acknowledged", "note_added", "evidence_attached", "information_requested",
        "information_received", "decision_approved", "compensation_paid", "resolved",
        "escalated", "closed", "letter_sent", "reopened"]
    texts = [e["detail"].get("text") for e in seen["timeline"]]
    assert "Estamos a analisar" in texts and "interno: ver logs" not in texts
    (shown,) = [e for e in seen["timeline"] if e["kind"] == "evidence_attached"]
    assert shown["detail"]["description"] == "recibo"
    assert "interno" not in repr(seen["timeline"])  # nor the escalation's or closing's note
    assert "note" in staff["timeline"][15]["detail"]  # the staff's view is left as it was
    assert q.player_view(None) is None


def test_the_queue_puts_the_overdue_first_then_the_nearest_deadline_and_the_paused_last(
        ledger, clock):
    clock.set(MONDAY)
    player, other = new_player(ledger), new_player(ledger, "Rui")
    late = open_case(ledger, player, "late")  # never acknowledged: due Wednesday 7
    payment = open_case(ledger, player, "pay", case_type="payment")  # answer due 19 January
    acknowledge(ledger, payment)
    paused = open_case(ledger, other, "wait")
    acknowledge(ledger, paused)
    ledger.run(cc.RequestInformation(case_id=paused, question="Quando?", actor=STAFF_A))
    done = open_case(ledger, other, "done", case_type="other")
    acknowledge(ledger, done)
    decide(ledger, done)
    escalated = open_case(ledger, other, "esc", channel="srij")  # answer due 26 January
    acknowledge(ledger, escalated)
    ledger.run(cc.EscalateCase(case_id=escalated, body="adr", actor=STAFF_A))
    e = engine(ledger)

    def order(today):
        return [(r["case_id"], r["due"], r["overdue"]) for r in q.queue(e, today=today)]

    assert order(jan(7)) == [(late, jan(7), False), (payment, jan(19), False),
                             (escalated, jan(26), False), (paused, jan(26), False)]
    assert order(jan(8)) == [(late, jan(7), True), (payment, jan(19), False),
                             (escalated, jan(26), False), (paused, jan(26), False)]
    assert order(jan(27)) == [(late, jan(7), True), (payment, jan(19), True),
                              (escalated, jan(26), True), (paused, jan(26), False)]
    assert [r["case_id"] for r in q.queue(e, today=jan(27), limit=2)] == [late, payment]
    ledger.run(cc.AssignCase(case_id=payment, assignee=STAFF_B, actor=STAFF_A))
    assert [r["case_id"] for r in q.queue(engine(ledger), today=jan(8),
                                          assignee=STAFF_B)] == [payment]

    zero = dict.fromkeys(("open", "investigating", "awaiting_player", "decision_proposed",
                          "decision_approved", "escalated"), 0)
    assert q.overdue_counts(e, jan(7)) == zero
    assert q.overdue_counts(e, jan(20)) == zero | {"open": 1, "investigating": 1}
    assert q.overdue_counts(e, jan(27)) == zero | {"open": 1, "investigating": 1,
                                                   "escalated": 1}
    assert q.open_counts(e) == zero | {"open": 1, "investigating": 1, "awaiting_player": 1,
                                       "escalated": 1}

    def ids(**filters):
        return [r["case_id"] for r in q.cases(e, today=jan(20), **filters)]

    assert ids() == [late, payment, paused, done, escalated]
    assert ids(player_id=player) == [late, payment]
    assert ids(state="resolved") == [done] and ids(case_type="payment") == [payment]
    assert ids(channel="srij") == [escalated]
    assert ids(overdue=True) == [late, payment]
    assert ids(overdue=False) == [paused, done, escalated]
    assert ids(player_id=other, overdue=False) == [paused, done, escalated]
    first = q.cases(e, today=jan(20), limit=2)
    second = q.cases(e, today=jan(20), limit=2, after=first[-1]["opened_position"])
    third = q.cases(e, today=jan(20), limit=2, after=second[-1]["opened_position"])
    assert [r["case_id"] for r in first + second + third] == ids() and len(third) == 1
    (row,) = q.cases(e, today=jan(20), state="resolved")
    assert (row["outcome"], row["due"], row["overdue"]) == ("rejected", jan(26), False)
    assert q.case(e, late)["timeline"][0]["kind"] == "opened"
    assert "due" not in q.case(e, late) and q.case(e, "0" * 32) is None


def test_answering_a_request_moves_the_answer_deadline_by_the_days_the_clock_stood(
        ledger, clock):
    clock.set(MONDAY)
    player = new_player(ledger)
    cid = open_case(ledger, player, "k")
    acknowledge(ledger, cid)
    assert q.case(engine(ledger), cid)["answer_due"] == jan(26)
    clock.set(day(6, 10))
    ledger.run(cc.RequestInformation(case_id=cid, question="Quando?", actor=STAFF_A))
    row = q.case(engine(ledger), cid, today=jan(30))
    assert (row["state"], row["paused"], row["overdue"]) == ("awaiting_player", True, False)
    clock.set(day(13, 10))  # a week later: 5 working days (7, 8, 9, 12, 13)
    ledger.run(cc.ProvideInformation(case_id=cid, text="Ontem", actor=f"player:{player}"))
    row = q.case(engine(ledger), cid, today=jan(30))
    assert (row["state"], row["paused"], row["answer_due"]) == ("investigating", False,
                                                                FEB_2)
    assert row["overdue"] is False


def test_the_projection_rebuilt_from_the_events_alone_gives_the_same_rows(ledger, clock):
    player = new_player(ledger)
    whole_life(ledger, clock, player)
    clock.set(day(13))
    other = open_case(ledger, player, "second", case_type="payment")
    acknowledge(ledger, other)
    decide(ledger, other, "upheld", {"kind": "payment", "amount_cents": 700})
    engine(ledger)
    ledger.projections.stop()  # a rebuild is an offline operation
    live = snapshot(ledger, (NAME,))
    assert len(live["complaint_cases"]) == 2 and len(live["complaint_case_events"]) == 25
    assert ledger.projections.rebuild(names=[NAME]) > 0
    assert snapshot(ledger, (NAME,)) == live
    for page_size in (1, 2, 5):  # an approval pages after its proposal, a case row reloaded
        ProjectionRunner(ledger.app, ledger.projections.engine,
                         [ComplaintCasesProjection()], page_size=page_size).rebuild()
        assert snapshot(ledger, (NAME,)) == live


def test_ledger_verify_rebuilds_the_cases_and_finds_an_altered_row(ledger, clock):
    """903-B 7.9.1: ``ledger verify``'s read_models section rebuilds the projection into a
    scratch database and compares it row by row; an altered deadline is named."""
    player = new_player(ledger)
    cid = whole_life(ledger, clock, player)
    engine(ledger)
    report = verify(ledger, ["read_models"])
    assert report["ok"] is True, report
    with ledger.projections.engine.begin() as conn:
        conn.execute(update(complaint_cases).where(complaint_cases.c.case_id == cid)
                     .values(answer_due=jan(30)))
    (problem,) = verify(ledger, ["read_models"])["sections"]["read_models"]["problems"]
    assert (problem["table"], problem["key"], problem["column"]) == (
        "complaint_cases", {"case_id": cid}, "answer_due")


def test_the_migration_creates_exactly_the_declared_tables(ledger):
    """projections/complaints.py and 0010_complaints.py agree."""
    assert migration_diffs(ledger, (NAME,)) == []


@pytest.mark.parametrize("limit", [0, 10_000])
def test_a_page_holds_at_least_one_and_at_most_max_cases(ledger, clock, limit):
    clock.set(MONDAY)
    player = new_player(ledger)
    for key in ("a", "b"):
        open_case(ledger, player, key)
    assert len(q.cases(engine(ledger), today=jan(5), limit=limit)) == (1 if limit == 0 else 2)
