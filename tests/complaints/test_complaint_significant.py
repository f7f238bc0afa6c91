"""What the significant events say of complaint cases (issue 16; domain/audit/core_significant.py):
each kind recorded by its real command, and the read model rebuilt from the events alone, in
tests/audit/test_significant_events.py's story; here, the entries of one case at the ledger
fixture on both backends, in pages too small to hold a case's Opened and its payment, and the
classification of a game's refund and of a case whose name was never seen."""

from __future__ import annotations

from types import SimpleNamespace
from uuid import UUID

from domain.complaints import commands as cc
from domain.complaints.case import ComplaintCase
from domain.audit.core_significant import CORE
from infra.projecting.runner import ProjectionRunner
from projections import significant_events as model
from projections.significant_events import SignificantEventsProjection
from tests.complaints.case_support import (STAFF_A, STAFF_B, acknowledge, decide, engine,
                                           new_player, open_case)
from tests.projections.support import snapshot

CASE_ID = UUID("00000000-0000-4000-8000-0000000000c1")
NAME = "significant_events"


def kinds(ledger) -> list[str]:
    rows, _ = model.entries(engine(ledger), kinds=["complaint_compensation_paid",
                                                   "complaint_escalated",
                                                   "complaint_policy_published"])
    return [r["kind"] for r in rows]


def test_a_cases_payment_and_escalation_and_a_policy_are_significant(ledger, clock):
    player = new_player(ledger)
    ledger.run(cc.PublishComplaintPolicy(holidays=[], national_holidays=False, deadlines={},
                                         four_eyes_above_cents=0, max_compensation_cents=900,
                                         actor=STAFF_A))
    cid = open_case(ledger, player, "k")
    acknowledge(ledger, cid)
    decide(ledger, cid, "upheld", {"kind": "payment", "amount_cents": 900})
    ledger.run(cc.EscalateCase(case_id=cid, body="adr", actor=STAFF_B))
    assert kinds(ledger) == ["complaint_escalated", "complaint_compensation_paid",
                             "complaint_policy_published"]
    rows, _ = model.entries(engine(ledger))
    escalated = rows[0]
    assert escalated["summary"].endswith("escalated to an ADR body (resolução alternativa de"
                                         " litígios)")
    assert "no national holidays" in rows[-1]["summary"]
    ledger.projections.stop()
    live = snapshot(ledger, (NAME,))
    for page_size in (1, 3):
        ProjectionRunner(ledger.app, ledger.projections.engine,
                         [SignificantEventsProjection(ledger.games)],
                         page_size=page_size).rebuild()
        assert snapshot(ledger, (NAME,)) == live


def test_a_game_refund_names_its_jogada_and_an_unnamed_case_its_id():
    paid = SimpleNamespace(originator_id=CASE_ID, number=2, kind="game_refund",
                           amount_cents=300, transfer_ids=["void:j-7"])
    classify = CORE.classify[ComplaintCase.CompensationPaid]
    entry = classify(paid).entry("RC-2026-00000000")
    assert (entry.jogada_id, entry.target_id, entry.severity) == ("j-7", str(CASE_ID),
                                                                  "warning")
    assert entry.summary == ("complaint case RC-2026-00000000: compensation of 3,00 € paid"
                             " (game_refund, decision 2)")
    unnamed = classify(SimpleNamespace(**{**vars(paid), "kind": "payment",
                                          "transfer_ids": ["compensation:x"]})).entry(None)
    assert unnamed.jogada_id is None and str(CASE_ID) in unnamed.summary
    assert unnamed.detail["case_reference"] is None
