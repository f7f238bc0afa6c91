"""Complaint cases, resolution, escalation and closing (issue 16): a case resolved once its
decision's compensation is paid, escalated to an outside body, closed, and reopened (a new
answer due from today)."""

from __future__ import annotations

from typing import Any

from domain.complaints import case as c
from domain.complaints.calendar import lisbon_date
from domain.complaints.handling import get_case, optional_text, public, staff_only
from domain.complaints.policy import calendar_of, policy_in_force
from domain.kernel.errors import ConflictError, InvalidInputError
from domain.kernel.text import check_text
from domain.kernel.uow import UnitOfWork


def resolve(uow: UnitOfWork, *, case_id: str, actor: str) -> Any:
    staff_only(actor)
    case = get_case(uow, case_id)
    case.require("resolve")
    if case.compensation_due:
        raise ConflictError("pay the approved compensation before resolving the case",
                            field="case_id", code="compensation_not_paid")
    case.resolved(number=case.decision["number"], outcome=case.decision["outcome"], actor=actor,
                  at=uow.at)
    return public(case)


def escalate(uow: UnitOfWork, *, case_id: str, body: str, actor: str,
             reference: str | None = None, note: str | None = None) -> Any:
    staff_only(actor)
    case = get_case(uow, case_id)
    case.require("escalate")
    if body not in c.ESCALATION_BODIES:
        raise InvalidInputError(f"body must be one of {', '.join(c.ESCALATION_BODIES)}",
                                field="body")
    case.escalated(body=body, reference=optional_text(reference, "reference", 100),
                   note=optional_text(note, "note", 2000), actor=actor, at=uow.at)
    return public(case)


def close(uow: UnitOfWork, *, case_id: str, actor: str, note: str | None = None) -> Any:
    staff_only(actor)
    case = get_case(uow, case_id)
    case.require("close")
    case.closed(note=optional_text(note, "note", 2000), actor=actor, at=uow.at)
    return public(case)


def reopen(uow: UnitOfWork, *, case_id: str, reason: str, actor: str) -> Any:
    """A closed case taken up again: a new answer is due as the case's type gives, from today."""
    staff_only(actor)
    case = get_case(uow, case_id)
    case.require("reopen")
    policy = policy_in_force(uow)
    due = calendar_of(policy).add_working_days(lisbon_date(uow.at),
                                               policy["deadlines"][case.case_type]["answer"])
    case.reopened(reason=check_text(reason, "reason", 2000), answer_due=due.isoformat(),
                  actor=actor, at=uow.at)
    return public(case)
