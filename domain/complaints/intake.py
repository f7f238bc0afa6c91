"""Complaint cases, intake and acknowledgement (issue 16): a case opened (from the player, the
operator or another channel, naming what it is about), acknowledged and assigned to a staff
member. The deadlines a case is given come from the complaint policy in force when it opens."""

from __future__ import annotations

from typing import Any

from domain.complaints import case as c
from domain.complaints.calendar import lisbon_date
from domain.complaints.case import ComplaintCase
from domain.complaints.handling import get_case, optional_text, public, staff_only
from domain.complaints.policy import CASE_TYPES, calendar_of, policy_in_force
from domain.kernel.actors import check_actor
from domain.kernel.errors import IdempotencyConflictError, InvalidInputError
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger.receipts import check_key, fingerprint

MAX_LINKS = 20


def _links(values: list[str] | None, field: str) -> list[str]:
    values = list(values or [])
    if len(values) > MAX_LINKS:
        raise InvalidInputError(f"{field} holds at most {MAX_LINKS} ids", field=field)
    for i, value in enumerate(values):
        check_text(value, f"{field}[{i}]", 200)
    if len(set(values)) != len(values):
        raise InvalidInputError(f"{field} names an id twice", field=field)
    return values


def open_case(uow: UnitOfWork, *, player_id: str, case_type: str, channel: str, subject: str,
              description: str, idempotency_key: str, actor: str,
              external_reference: str | None = None, jogada_ids: list[str] | None = None,
              transfer_ids: list[str] | None = None, session_id: str | None = None
              ) -> dict[str, Any]:
    check_actor(actor)
    check_key(idempotency_key)
    player = str(check_uuid(player_id, "player_id"))
    if case_type not in CASE_TYPES:
        raise InvalidInputError(f"case_type must be one of {', '.join(CASE_TYPES)}",
                                field="case_type")
    if channel not in c.CHANNELS:
        raise InvalidInputError(f"channel must be one of {', '.join(c.CHANNELS)}", field="channel")
    check_text(subject, "subject", 200)
    check_text(description, "description", 4000)
    external_reference = optional_text(external_reference, "external_reference", 100)
    if channel != "operator" and external_reference is None:
        raise InvalidInputError(f"a case that arrived through {channel} records that channel's"
                                " reference (external_reference)", field="external_reference")
    jogadas = _links(jogada_ids, "jogada_ids")
    transfers = _links(transfer_ids, "transfer_ids")
    session = None if session_id is None else str(check_uuid(session_id, "session_id"))
    needed = {"jogada": (jogadas, "jogada_ids"), "payment": (transfers, "transfer_ids"),
              "session": ([session] if session else [], "session_id")}.get(case_type)
    if needed is not None and not needed[0]:
        raise InvalidInputError(f"a {case_type} case names what it is about ({needed[1]})",
                                field=needed[1])
    body = {"player_id": player, "case_type": case_type, "channel": channel, "subject": subject,
            "description": description, "external_reference": external_reference,
            "jogada_ids": jogadas, "transfer_ids": transfers, "session_id": session}
    fp = fingerprint("open_case", body)
    case_id = c.case_id_for(actor, idempotency_key)
    existing = uow.find(case_id, ComplaintCase)
    if existing is not None:
        if existing.fingerprint != fp:
            raise IdempotencyConflictError(
                "idempotency_key was used for another case", field="idempotency_key",
                rule=cite(T903B, "5.4.1"))
        return public(existing)
    policy = policy_in_force(uow)
    calendar, days = calendar_of(policy), policy["deadlines"][case_type]
    today = lisbon_date(uow.at)
    case = ComplaintCase(
        case_id=case_id, reference=c.reference_of(case_id, uow.at), **body,
        acknowledge_due=calendar.add_working_days(today, days["acknowledge"]).isoformat(),
        answer_due=calendar.add_working_days(today, days["answer"]).isoformat(),
        policy_version=policy["version"], fingerprint=fp, actor=actor, at=uow.at)
    uow.add(case)
    return public(case)


def acknowledge(uow: UnitOfWork, *, case_id: str, actor: str, message: str | None = None) -> Any:
    staff_only(actor)
    case = get_case(uow, case_id)
    case.require("acknowledge")
    case.acknowledged(message=optional_text(message, "message", 2000), actor=actor, at=uow.at)
    return public(case)


def assign(uow: UnitOfWork, *, case_id: str, assignee: str, actor: str) -> Any:
    staff_only(actor)
    if not assignee.startswith("staff:"):
        raise InvalidInputError("assignee must be a staff member (staff:<id>)", field="assignee")
    check_uuid(assignee.partition(":")[2], "assignee")
    case = get_case(uow, case_id)
    case.require("assign")
    case.assigned(assignee=assignee, actor=actor, at=uow.at)
    return public(case)
