"""Property (issue 16): any sequence of case commands, valid or not, keeps the case's state
machine legal and money conserved. A reference model written here, independent of
domain/complaints/case.py's table, predicts each command's outcome; a refused command records
nothing (903-B 1.5: nothing half-written) and moves no money; every cent a case pays reaches the
player's wallet from the house, and all accounts still sum to zero."""

from __future__ import annotations

import itertools
from uuid import UUID

from hypothesis import HealthCheck, given, settings, strategies as st

from domain.complaints import commands as cc
from domain.kernel.errors import DomainError
from projections.queries import accounts_total, balance

A = "staff:00000000-0000-4000-8000-00000000000a"
B = "staff:00000000-0000-4000-8000-00000000000b"
SMALL, BIG = 5_000, 50_000  # below and above the default four-eyes amount (10 000 cents)
NOT_CLOSED = {"open", "investigating", "awaiting_player", "decision_proposed",
              "decision_approved", "resolved", "escalated"}
ACTIONS = ("ack", "assign", "note", "request", "provide", "propose_reject", "propose_small",
           "propose_big", "approve_a", "approve_b", "decline", "pay_1", "pay_2", "resolve",
           "escalate", "close", "reopen")
_keys = itertools.count()


class Model:
    def __init__(self) -> None:
        self.state = "open"
        self.decision: dict | None = None
        self.number = 0
        self.paid: set[int] = set()
        self.receipts: set[str] = set()
        self.money = 0

    def expect(self, action: str) -> bool:
        """Whether ``action`` succeeds, and its effect on the model."""
        s, d = self.state, self.decision
        if action == "ack":
            return self._go(s == "open", "investigating")
        if action in ("assign", "note"):
            return s in NOT_CLOSED
        if action == "request":
            return self._go(s in ("investigating", "escalated"), "awaiting_player")
        if action == "provide":
            return self._go(s == "awaiting_player", "investigating")
        if action.startswith("propose"):
            if s not in ("investigating", "decision_proposed", "escalated"):
                return False
            self.number += 1
            amount = {"propose_reject": 0, "propose_small": SMALL, "propose_big": BIG}[action]
            self.decision = {"number": self.number, "amount": amount, "by": A}
            return self._go(True, "decision_proposed")
        if action.startswith("approve"):
            who = A if action == "approve_a" else B
            ok = s == "decision_proposed" and not (d["amount"] > 10_000 and d["by"] == who)
            return self._go(ok, "decision_approved")
        if action == "decline":
            ok = self._go(s == "decision_proposed", "investigating")
            if ok:
                self.decision = None
            return ok
        if action.startswith("pay"):
            if action in self.receipts:
                return True  # the first answer again, nothing moves
            ok = (s == "decision_approved" and d["amount"] > 0 and d["number"] not in self.paid)
            if ok:
                self.paid.add(d["number"])
                self.money += d["amount"]
                self.receipts.add(action)
            return ok
        if action == "resolve":
            ok = s == "decision_approved" and (d["amount"] == 0 or d["number"] in self.paid)
            return self._go(ok, "resolved")
        if action == "escalate":
            return self._go(s in NOT_CLOSED, "escalated")
        if action == "close":
            return self._go(s in ("resolved", "escalated"), "closed")
        if action == "reopen":
            ok = self._go(s == "closed", "investigating")
            if ok:
                self.decision = None
            return ok
        raise AssertionError(action)

    def _go(self, ok: bool, state: str) -> bool:
        if ok:
            self.state = state
        return ok


def _command(action: str, case_id: str, player: str, run: int):
    if action == "ack":
        return cc.AcknowledgeCase(case_id=case_id, actor=A)
    if action == "assign":
        return cc.AssignCase(case_id=case_id, assignee=B, actor=A)
    if action == "note":
        return cc.AddCaseNote(case_id=case_id, text="nota", actor=A)
    if action == "request":
        return cc.RequestInformation(case_id=case_id, question="Quando?", actor=A)
    if action == "provide":
        return cc.ProvideInformation(case_id=case_id, text="Ontem", actor=f"player:{player}")
    if action.startswith("propose"):
        amount = {"propose_reject": 0, "propose_small": SMALL, "propose_big": BIG}[action]
        return cc.ProposeDecision(
            case_id=case_id, outcome="rejected" if not amount else "upheld", reasons="r",
            compensation={"kind": "payment", "amount_cents": amount} if amount else None,
            actor=A)
    if action.startswith("approve"):
        return cc.ApproveDecision(case_id=case_id, actor=A if action == "approve_a" else B)
    if action == "decline":
        return cc.DeclineDecision(case_id=case_id, reason="não", actor=B)
    if action.startswith("pay"):
        return cc.PayCompensation(case_id=case_id, idempotency_key=f"{run}-{action}", actor=A)
    if action == "resolve":
        return cc.ResolveCase(case_id=case_id, actor=A)
    if action == "escalate":
        return cc.EscalateCase(case_id=case_id, body="srij", reference="SRIJ-1", actor=A)
    if action == "close":
        return cc.CloseCase(case_id=case_id, actor=A)
    return cc.ReopenCase(case_id=case_id, reason="facto novo", actor=A)


def test_any_sequence_keeps_money_conserved_and_states_legal(ledger):
    player_id, _ = ledger.register_player(display_name="Rui", actor="system")
    player = str(player_id)
    engine = ledger.projections.engine

    def wallet() -> int:
        ledger.projections.wait(ledger.writer.last_position)
        return balance(engine, UUID(player))["balance_cents"]

    @settings(max_examples=40, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(st.lists(st.sampled_from(ACTIONS), max_size=25))
    def run(actions: list[str]) -> None:
        run_id = next(_keys)
        case = ledger.run(cc.OpenCase(player_id=player, case_type="other", channel="operator",
                                      subject="s", description="d",
                                      idempotency_key=f"case-{run_id}",
                                      actor=f"player:{player}"))
        case_id, model, start = case["case_id"], Model(), wallet()
        answers: dict[str, dict] = {}  # the first answer of each payment key
        for action in actions:
            before = ledger.run(cc.DescribeCase(case_id=case_id))
            replayed = action in model.receipts
            expected = model.expect(action)
            try:
                after = ledger.run(_command(action, case_id, player, run_id))
            except DomainError:
                assert not expected, f"{action} refused in {before['state']}"
                assert ledger.run(cc.DescribeCase(case_id=case_id)) == before  # nothing recorded
            else:
                assert expected, f"{action} accepted in {before['state']}"
                if replayed:  # the same key: the first answer again, nothing recorded
                    assert after == answers[action]
                    assert ledger.run(cc.DescribeCase(case_id=case_id)) == before
                else:
                    assert after["state"] == model.state
                    answers.setdefault(action, after)
            assert wallet() - start == model.money
        assert accounts_total(engine) == 0

    run()
