"""What every complaint case handler shares (issue 16): finding the case, who may act on it,
optional texts, and what every command answers (``public``: where the case stands now)."""

from __future__ import annotations

from typing import Any

from domain.complaints.case import ComplaintCase
from domain.kernel.errors import ForbiddenError
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork


def get_case(uow: UnitOfWork, case_id: str) -> ComplaintCase:
    return uow.get(check_uuid(case_id, "case_id"), ComplaintCase, what=f"case {case_id}",
                   field="case_id")


def public(case: ComplaintCase) -> dict[str, Any]:
    """What every command answers: where the case stands now."""
    decision = None if case.decision is None else dict(case.decision)
    return {"case_id": str(case.id), "reference": case.reference, "player_id": case.player_id,
            "case_type": case.case_type, "channel": case.channel, "state": case.state,
            "assignee": case.assignee, "acknowledge_due": case.acknowledge_due,
            "answer_due": case.answer_due, "decision": decision, "outcome": case.outcome,
            "compensation_paid": {str(n): dict(p) for n, p in case.paid.items()},
            "escalations": [dict(e) for e in case.escalations],
            "letters_sent": [{**sent, "sent_at": sent["sent_at"].isoformat()}
                             for sent in getattr(case, "letters_sent", [])],
            "version": case.version}


def optional_text(value: str | None, field: str, limit: int) -> str | None:
    return None if value is None else check_text(value, field, limit)


def player_may_act(case: ComplaintCase, actor: str) -> None:
    """A player acts only on its own case (903-B 5.2.2: a player's data is its own)."""
    if actor.startswith("player:") and actor != f"player:{case.player_id}":
        raise ForbiddenError("a player may act only on its own cases", field="case_id")


def staff_only(actor: str) -> None:
    if not actor.startswith(("staff:", "system")):
        raise ForbiddenError("only a staff member may do this", field="actor")
