"""Complaint cases, the decision and its four eyes (issue 16): a decision proposed (its outcome,
reasons and the compensation it pays, checked against the complaint policy), approved (by a
second staff member above the policy's ``four_eyes_above_cents``) or declined."""

from __future__ import annotations

from typing import Any

from domain.complaints import case as c
from domain.complaints.case import ComplaintCase
from domain.complaints.handling import get_case, public, staff_only
from domain.complaints.policy import policy_in_force
from domain.kernel.errors import ForbiddenError, InvalidInputError
from domain.kernel.text import check_text
from domain.kernel.uow import UnitOfWork

COMPENSATION_KINDS = ("payment", "correction", "game_refund")
FOUR_EYES = "complaint policy four_eyes_above_cents (four eyes)"


def _check_compensation(case: ComplaintCase, compensation: Any, policy: dict[str, Any]
                        ) -> dict[str, Any]:
    if not isinstance(compensation, dict):
        raise InvalidInputError("compensation must be an object", field="compensation")
    kind = compensation.get("kind")
    if kind not in COMPENSATION_KINDS:
        raise InvalidInputError(f"compensation.kind must be one of {', '.join(COMPENSATION_KINDS)}",
                                field="compensation.kind")
    amount = compensation.get("amount_cents")
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise InvalidInputError("compensation.amount_cents must be a positive integer number of"
                                " cents", field="compensation.amount_cents")
    limit = policy["max_compensation_cents"]
    if amount > limit:
        raise InvalidInputError(f"compensation.amount_cents must be at most {limit} (the"
                                " complaint policy's max_compensation_cents)",
                                field="compensation.amount_cents")
    clean: dict[str, Any] = {"kind": kind, "amount_cents": amount}
    if kind == "correction":  # the named transfer's accounts, resolved by infra
        transfer = compensation.get("transfer_id")
        if transfer not in case.transfer_ids:
            raise InvalidInputError("compensation.transfer_id must be one of the case's"
                                    " transfers", field="compensation.transfer_id")
        for name in ("from_code", "to_code"):
            clean[name] = check_text(compensation.get(name), f"compensation.{name}", 200)
        clean["transfer_id"] = transfer
    elif kind == "game_refund":  # the venue of the disputed jogada, resolved by infra
        jogada = compensation.get("jogada_id")
        if jogada not in case.jogada_ids:
            raise InvalidInputError("compensation.jogada_id must be one of the case's jogadas",
                                    field="compensation.jogada_id")
        clean["jogada_id"] = jogada
        clean["venue_id"] = check_text(compensation.get("venue_id"), "compensation.venue_id")
    extra = set(compensation) - set(clean)
    if extra:
        raise InvalidInputError(f"compensation has unknown fields: {', '.join(sorted(extra))}",
                                field="compensation")
    return clean


def propose_decision(uow: UnitOfWork, *, case_id: str, outcome: str, reasons: str, actor: str,
                     compensation: dict[str, Any] | None = None) -> Any:
    """A decision to approve: upheld, partly upheld or rejected, with its reasons and what it
    pays. Above the policy's ``four_eyes_above_cents`` a second staff member approves it."""
    staff_only(actor)
    case = get_case(uow, case_id)
    case.require("propose")
    if outcome not in c.OUTCOMES:
        raise InvalidInputError(f"outcome must be one of {', '.join(c.OUTCOMES)}", field="outcome")
    check_text(reasons, "reasons", 4000)
    policy = policy_in_force(uow)
    clean = None
    if compensation is not None:
        if outcome == c.REJECTED:
            raise InvalidInputError("a rejected complaint pays no compensation",
                                    field="compensation")
        clean = _check_compensation(case, compensation, policy)
    needs_second = clean is not None and clean["amount_cents"] > policy["four_eyes_above_cents"]
    case.decision_proposed(number=case.decisions + 1, outcome=outcome, reasons=reasons,
                           compensation=clean, needs_second_approver=needs_second, actor=actor,
                           at=uow.at)
    return public(case)


def approve_decision(uow: UnitOfWork, *, case_id: str, actor: str) -> Any:
    staff_only(actor)
    case = get_case(uow, case_id)
    case.require("approve")
    decision = case.decision
    if decision["needs_second_approver"] and decision["proposed_by"] == actor:
        raise ForbiddenError("this decision pays more than the policy lets one person decide:"
                             " a second staff member, not its proposer, approves it",
                             field="actor", rule=FOUR_EYES)
    case.decision_approved(number=decision["number"], actor=actor, at=uow.at)
    return public(case)


def decline_decision(uow: UnitOfWork, *, case_id: str, reason: str, actor: str) -> Any:
    staff_only(actor)
    case = get_case(uow, case_id)
    case.require("decline")
    case.proposal_declined(number=case.decision["number"],
                           reason=check_text(reason, "reason", 2000), actor=actor, at=uow.at)
    return public(case)
