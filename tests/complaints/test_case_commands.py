"""Complaint cases in the domain, through the ledger's writer on both backends (issue 16):
the state machine, deadlines in working days, four eyes, compensation exactly once."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from domain.complaints import commands as cc
from domain.complaints.case import CLOSED, DECISION_APPROVED, INVESTIGATING, RESOLVED
from domain.kernel.errors import ConflictError, ForbiddenError, InvalidInputError

STAFF_A = "staff:00000000-0000-4000-8000-00000000000a"
STAFF_B = "staff:00000000-0000-4000-8000-00000000000b"


@pytest.fixture
def player(ledger):
    player_id, _ = ledger.register_player(display_name="Ana", actor="system")
    ledger.deposit(player_id, 5_000, "d1", actor="system")
    return str(player_id)


def _open(ledger, player, key="k1", **extra):
    return ledger.run(cc.OpenCase(player_id=player, case_type="account", channel="operator",
                                  subject="Saldo", description="O saldo não bate certo",
                                  idempotency_key=key, actor=f"player:{player}", **extra))


def test_case_opens_with_deadlines_in_working_days(ledger, clock, player):
    clock.set(datetime(2026, 12, 23, 10, tzinfo=timezone.utc))  # a Wednesday before Christmas
    case = _open(ledger, player)
    assert case["state"] == "open"
    # 2 working days: the 24th (Thu), then the 25th is a holiday and the 26th, 27th a weekend
    assert case["acknowledge_due"] == "2026-12-28"
    assert _open(ledger, player) == case  # the same key: the same case


def test_compensation_moves_money_once_and_needs_a_second_approver(ledger, player):
    case = _open(ledger, player)
    cid = case["case_id"]
    ledger.run(cc.AcknowledgeCase(case_id=cid, actor=STAFF_A))
    ledger.run(cc.RequestInformation(case_id=cid, question="Quando?", actor=STAFF_A))
    ledger.run(cc.ProvideInformation(case_id=cid, text="Ontem", actor=f"player:{player}"))
    ledger.run(cc.ProposeDecision(case_id=cid, outcome="upheld", reasons="Erro nosso",
                                  compensation={"kind": "payment", "amount_cents": 25_000},
                                  actor=STAFF_A))
    with pytest.raises(ForbiddenError):
        ledger.run(cc.ApproveDecision(case_id=cid, actor=STAFF_A))
    assert ledger.run(cc.ApproveDecision(case_id=cid, actor=STAFF_B))["state"] == DECISION_APPROVED
    with pytest.raises(ConflictError):
        ledger.run(cc.ResolveCase(case_id=cid, actor=STAFF_A))
    paid = ledger.run(cc.PayCompensation(case_id=cid, idempotency_key="p1", actor=STAFF_A))
    assert ledger.run(cc.PayCompensation(case_id=cid, idempotency_key="p1", actor=STAFF_A)) == paid
    with pytest.raises(ConflictError):
        ledger.run(cc.PayCompensation(case_id=cid, idempotency_key="p2", actor=STAFF_A))
    ledger.projections.wait(ledger.writer.last_position)
    from projections.queries import balance
    from uuid import UUID
    assert balance(ledger.projections.engine, UUID(player))["balance_cents"] == 30_000
    assert ledger.run(cc.ResolveCase(case_id=cid, actor=STAFF_A))["state"] == RESOLVED
    assert ledger.run(cc.CloseCase(case_id=cid, actor=STAFF_A))["state"] == CLOSED
    with pytest.raises(ConflictError):
        ledger.run(cc.AddCaseNote(case_id=cid, text="x", actor=STAFF_A))
    assert ledger.run(cc.ReopenCase(case_id=cid, reason="novo facto",
                                    actor=STAFF_A))["state"] == INVESTIGATING


def test_bad_amounts_are_refused(ledger, player):
    cid = _open(ledger, player)["case_id"]
    ledger.run(cc.AcknowledgeCase(case_id=cid, actor=STAFF_A))
    for amount in (-1, 0, 10**9):
        with pytest.raises(InvalidInputError):
            ledger.run(cc.ProposeDecision(case_id=cid, outcome="upheld", reasons="r",
                                          compensation={"kind": "payment",
                                                        "amount_cents": amount},
                                          actor=STAFF_A))
