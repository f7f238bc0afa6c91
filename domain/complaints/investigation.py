"""Complaint cases, investigation and evidence (issue 16): notes, evidence attached (an evidence
pack or a document, by its hash), and information asked of the player (the clock stops) and
given (it restarts, the answer due as many working days later as it stood still)."""

from __future__ import annotations

from datetime import date
from typing import Any

from domain.complaints.calendar import lisbon_date
from domain.complaints.handling import get_case, player_may_act, public, staff_only
from domain.complaints.policy import calendar_of, policy_in_force
from domain.kernel.errors import InvalidInputError
from domain.kernel.text import check_text
from domain.kernel.uow import UnitOfWork


def add_note(uow: UnitOfWork, *, case_id: str, text: str, actor: str,
             visible_to_player: bool = False) -> Any:
    case = get_case(uow, case_id)
    player_may_act(case, actor)
    case.require("note")
    if not isinstance(visible_to_player, bool):
        raise InvalidInputError("visible_to_player must be true or false", field="visible_to_player")
    visible = visible_to_player or actor.startswith("player:")  # the player's own words
    case.note_added(text=check_text(text, "text", 4000), visible_to_player=visible, actor=actor,
                    at=uow.at)
    return public(case)


# The copies of an evidence pack (issue 25; infra/complaints/evidence.py builds them): the
# staff's (everything) and the player's (what the games' information rules let the player see).
STAFF_COPY, PLAYER_COPY = "staff", "player"
PACK_COPIES = (STAFF_COPY, PLAYER_COPY)


def pack_copies(spec: dict[str, Any] | None, staff_sha256: str | None) -> dict[str, str]:
    """The copies an ``EvidenceAttached`` recorded, each with its SHA-256 field: the copy its
    spec names (``"copy"``; none: the staff's) under ``sha256``/``pdf_sha256``; the staff
    copy of the same spec under ``staff_sha256``/``staff_pdf_sha256`` when a pack shown to
    the player recorded it too. A pack shown before that has only the player's copy; a pack
    shown before the player's copy existed is the staff copy. A document: none."""
    if spec is None:
        return {}
    named = spec.get("copy", STAFF_COPY)
    copies = {named: "sha256"}
    if staff_sha256 is not None and named != STAFF_COPY:
        copies[STAFF_COPY] = "staff_sha256"
    return {c: copies[c] for c in PACK_COPIES if c in copies}


def _hex_digest(name: str, value: Any) -> None:
    if value is not None and (not isinstance(value, str) or len(value) != 64
                              or value.strip("0123456789abcdef")):
        raise InvalidInputError(f"{name} must be 64 lower-case hexadecimal digits", field=name)


def attach_evidence(uow: UnitOfWork, *, case_id: str, kind: str, description: str, sha256: str,
                    actor: str, pdf_sha256: str | None = None, spec: dict[str, Any] | None = None,
                    shown_to_player: bool = False, staff_sha256: str | None = None,
                    staff_pdf_sha256: str | None = None) -> dict[str, Any]:
    """``staff_sha256``/``staff_pdf_sha256``: the staff copy of a pack whose spec is the
    player's copy, recorded in the same event (issue 25: both copies of the same moment, or
    neither)."""
    staff_only(actor)
    case = get_case(uow, case_id)
    case.require("evidence")
    if kind not in ("evidence_pack", "document"):
        raise InvalidInputError("kind must be evidence_pack or document", field="kind")
    for name, value in (("sha256", sha256), ("pdf_sha256", pdf_sha256),
                        ("staff_sha256", staff_sha256), ("staff_pdf_sha256", staff_pdf_sha256)):
        _hex_digest(name, value)
    if staff_sha256 is None and staff_pdf_sha256 is not None:
        raise InvalidInputError("staff_pdf_sha256 comes with the staff copy's staff_sha256",
                                field="staff_pdf_sha256")
    if staff_sha256 is not None and (kind != "evidence_pack" or not isinstance(spec, dict)
                                     or spec.get("copy") != PLAYER_COPY):
        raise InvalidInputError("staff_sha256 is the staff copy of an evidence pack whose spec"
                                " is the player's copy", field="staff_sha256")
    number = case.evidence + 1
    case.evidence_attached(number=number, kind=kind,
                           description=check_text(description, "description", 500),
                           sha256=sha256, pdf_sha256=pdf_sha256, spec=spec,
                           shown_to_player=bool(shown_to_player), actor=actor, at=uow.at,
                           staff_sha256=staff_sha256, staff_pdf_sha256=staff_pdf_sha256)
    return {**public(case), "evidence_number": number}


def request_information(uow: UnitOfWork, *, case_id: str, question: str, actor: str) -> Any:
    """The clock stops until the player answers (issue 16: deadlines paused while awaiting)."""
    staff_only(actor)
    case = get_case(uow, case_id)
    case.require("request_information")
    case.information_requested(question=check_text(question, "question", 2000), actor=actor,
                               at=uow.at)
    return public(case)


def provide_information(uow: UnitOfWork, *, case_id: str, text: str, actor: str) -> Any:
    """The player's answer (or a handler recording it): the clock restarts, and the answer is
    due as many working days later as it stood still."""
    case = get_case(uow, case_id)
    player_may_act(case, actor)
    case.require("provide_information")
    check_text(text, "text", 4000)
    calendar = calendar_of(policy_in_force(uow))
    paused = calendar.working_days_between(lisbon_date(case.awaiting_since), lisbon_date(uow.at))
    due = calendar.add_working_days(date.fromisoformat(case.answer_due), paused)
    case.information_received(text=text, paused_working_days=paused, answer_due=due.isoformat(),
                              actor=actor, at=uow.at)
    return public(case)
