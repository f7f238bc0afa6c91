"""Complaint cases: the commands and their handlers (issue 16).

What a handler cannot know from the case alone is resolved before the command is sent
(infra/complaints/service.py): that the jogadas, transfers and session named belong to the
player, a named transfer's accounts, the venue of a disputed jogada. The handlers check
everything else and record the events; money moves only through the ledger (a compensating
transfer from the house, a correction, or the game's own void), in the same transaction as the
case's ``CompensationPaid``.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from domain.complaints import case as c
from domain.complaints.calendar import lisbon_date
from domain.complaints.case import ComplaintCase
from domain.complaints.policy import (
    CASE_TYPES,
    POLICY_ID,
    ComplaintPolicy,
    calendar_of,
    check_policy,
    policy_in_force,
)
from domain.kernel.actors import check_actor
from domain.kernel.command import Command, Handler, command, fields_handler
from domain.kernel.errors import (
    ConflictError,
    ForbiddenError,
    IdempotencyConflictError,
    InvalidInputError,
)
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import corrections, wallets
from domain.ledger.accounts import HOUSE_CODE, wallet_code
from domain.ledger.receipts import CommandReceipt, check_key, fingerprint, receipt_id

MAX_LINKS = 20
COMPENSATION_KINDS = ("payment", "correction", "game_refund")
FOUR_EYES = "complaint policy four_eyes_above_cents (four eyes)"


# Commands ---------------------------------------------------------------------------------------
@command("open_case")
class OpenCase(Command):
    player_id: str
    case_type: str
    channel: str
    subject: str
    description: str
    idempotency_key: str
    actor: str
    external_reference: str | None = None
    jogada_ids: list[str] | None = None
    transfer_ids: list[str] | None = None
    session_id: str | None = None


@command("acknowledge_case")
class AcknowledgeCase(Command):
    case_id: str
    actor: str
    message: str | None = None


@command("assign_case")
class AssignCase(Command):
    case_id: str
    assignee: str  # a staff member's actor: staff:<id>
    actor: str


@command("add_case_note")
class AddCaseNote(Command):
    case_id: str
    text: str
    actor: str
    visible_to_player: bool = False


@command("attach_case_evidence")
class AttachCaseEvidence(Command):
    case_id: str
    kind: str  # "evidence_pack" (infra/complaints/evidence.py) or "document"
    description: str
    sha256: str
    actor: str
    pdf_sha256: str | None = None
    spec: dict[str, Any] | None = None  # what rebuilds the pack byte for byte
    shown_to_player: bool = False


@command("request_case_information")
class RequestInformation(Command):
    case_id: str
    question: str
    actor: str


@command("provide_case_information")
class ProvideInformation(Command):
    case_id: str
    text: str
    actor: str


@command("propose_case_decision")
class ProposeDecision(Command):
    case_id: str
    outcome: str
    reasons: str
    actor: str
    compensation: dict[str, Any] | None = None


@command("approve_case_decision")
class ApproveDecision(Command):
    case_id: str
    actor: str


@command("decline_case_decision")
class DeclineDecision(Command):
    case_id: str
    reason: str
    actor: str


@command("pay_case_compensation")
class PayCompensation(Command):
    case_id: str
    idempotency_key: str
    actor: str


@command("resolve_case")
class ResolveCase(Command):
    case_id: str
    actor: str


@command("escalate_case")
class EscalateCase(Command):
    case_id: str
    body: str
    actor: str
    reference: str | None = None
    note: str | None = None


@command("close_case")
class CloseCase(Command):
    case_id: str
    actor: str
    note: str | None = None


@command("reopen_case")
class ReopenCase(Command):
    case_id: str
    reason: str
    actor: str


@command("publish_complaint_policy")
class PublishComplaintPolicy(Command):
    holidays: list[str]
    national_holidays: bool
    deadlines: dict[str, Any]
    four_eyes_above_cents: int
    max_compensation_cents: int
    actor: str


@command("complaint_policy", read_only=True)
class ComplaintPolicyInForce(Command):
    pass


@command("describe_case", read_only=True)
class DescribeCase(Command):
    case_id: str


# Helpers ----------------------------------------------------------------------------------------
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
            "escalations": [dict(e) for e in case.escalations], "version": case.version}


def _optional_text(value: str | None, field: str, limit: int) -> str | None:
    return None if value is None else check_text(value, field, limit)


def _links(values: list[str] | None, field: str) -> list[str]:
    values = list(values or [])
    if len(values) > MAX_LINKS:
        raise InvalidInputError(f"{field} holds at most {MAX_LINKS} ids", field=field)
    for i, value in enumerate(values):
        check_text(value, f"{field}[{i}]", 200)
    if len(set(values)) != len(values):
        raise InvalidInputError(f"{field} names an id twice", field=field)
    return values


def _player_may_act(case: ComplaintCase, actor: str) -> None:
    """A player acts only on its own case (903-B 5.2.2: a player's data is its own)."""
    if actor.startswith("player:") and actor != f"player:{case.player_id}":
        raise ForbiddenError("a player may act only on its own cases", field="case_id")


def _staff_only(actor: str) -> None:
    if not actor.startswith(("staff:", "system")):
        raise ForbiddenError("only a staff member may do this", field="actor")


# Handlers ---------------------------------------------------------------------------------------
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
    external_reference = _optional_text(external_reference, "external_reference", 100)
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
    _staff_only(actor)
    case = get_case(uow, case_id)
    case.require("acknowledge")
    case.acknowledged(message=_optional_text(message, "message", 2000), actor=actor, at=uow.at)
    return public(case)


def assign(uow: UnitOfWork, *, case_id: str, assignee: str, actor: str) -> Any:
    _staff_only(actor)
    if not assignee.startswith("staff:"):
        raise InvalidInputError("assignee must be a staff member (staff:<id>)", field="assignee")
    check_uuid(assignee.partition(":")[2], "assignee")
    case = get_case(uow, case_id)
    case.require("assign")
    case.assigned(assignee=assignee, actor=actor, at=uow.at)
    return public(case)


def add_note(uow: UnitOfWork, *, case_id: str, text: str, actor: str,
             visible_to_player: bool = False) -> Any:
    case = get_case(uow, case_id)
    _player_may_act(case, actor)
    case.require("note")
    if not isinstance(visible_to_player, bool):
        raise InvalidInputError("visible_to_player must be true or false", field="visible_to_player")
    visible = visible_to_player or actor.startswith("player:")  # the player's own words
    case.note_added(text=check_text(text, "text", 4000), visible_to_player=visible, actor=actor,
                    at=uow.at)
    return public(case)


def attach_evidence(uow: UnitOfWork, *, case_id: str, kind: str, description: str, sha256: str,
                    actor: str, pdf_sha256: str | None = None, spec: dict[str, Any] | None = None,
                    shown_to_player: bool = False) -> dict[str, Any]:
    _staff_only(actor)
    case = get_case(uow, case_id)
    case.require("evidence")
    if kind not in ("evidence_pack", "document"):
        raise InvalidInputError("kind must be evidence_pack or document", field="kind")
    for name, value in (("sha256", sha256), ("pdf_sha256", pdf_sha256)):
        if value is not None and (not isinstance(value, str) or len(value) != 64
                                  or value.strip("0123456789abcdef")):
            raise InvalidInputError(f"{name} must be 64 lower-case hexadecimal digits", field=name)
    number = case.evidence + 1
    case.evidence_attached(number=number, kind=kind,
                           description=check_text(description, "description", 500),
                           sha256=sha256, pdf_sha256=pdf_sha256, spec=spec,
                           shown_to_player=bool(shown_to_player), actor=actor, at=uow.at)
    return {**public(case), "evidence_number": number}


def request_information(uow: UnitOfWork, *, case_id: str, question: str, actor: str) -> Any:
    """The clock stops until the player answers (issue 16: deadlines paused while awaiting)."""
    _staff_only(actor)
    case = get_case(uow, case_id)
    case.require("request_information")
    case.information_requested(question=check_text(question, "question", 2000), actor=actor,
                               at=uow.at)
    return public(case)


def provide_information(uow: UnitOfWork, *, case_id: str, text: str, actor: str) -> Any:
    """The player's answer (or a handler recording it): the clock restarts, and the answer is
    due as many working days later as it stood still."""
    case = get_case(uow, case_id)
    _player_may_act(case, actor)
    case.require("provide_information")
    check_text(text, "text", 4000)
    calendar = calendar_of(policy_in_force(uow))
    paused = calendar.working_days_between(lisbon_date(case.awaiting_since), lisbon_date(uow.at))
    due = calendar.add_working_days(date.fromisoformat(case.answer_due), paused)
    case.information_received(text=text, paused_working_days=paused, answer_due=due.isoformat(),
                              actor=actor, at=uow.at)
    return public(case)


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
    _staff_only(actor)
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
    _staff_only(actor)
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
    _staff_only(actor)
    case = get_case(uow, case_id)
    case.require("decline")
    case.proposal_declined(number=case.decision["number"],
                           reason=check_text(reason, "reason", 2000), actor=actor, at=uow.at)
    return public(case)


def _pay(uow: UnitOfWork, case: ComplaintCase, compensation: dict[str, Any], number: int,
         actor: str) -> list[str]:
    """The money, through the ledger only; the reason names the case."""
    kind, amount = compensation["kind"], compensation["amount_cents"]
    refs = {"case_id": str(case.id), "case_reference": case.reference, "decision": str(number)}
    if kind == "payment":  # from the house to the player's wallet
        transfer_id = f"compensation:{case.id}:{number}"
        wallets.transfer_between(uow, from_code=HOUSE_CODE, to_code=wallet_code(case.player_id),
                                 transfer_id=transfer_id, amount_cents=amount,
                                 reason="compensation", refs=refs, actor=actor)
        return [transfer_id]
    if kind == "correction":  # the named transfer undone (domain/ledger/corrections.py)
        done = corrections.correct_transfer(
            uow, transfer_id=compensation["transfer_id"], from_code=compensation["from_code"],
            to_code=compensation["to_code"], amount_cents=amount,
            note=f"complaint {case.reference}, decision {number}", actor=actor)
        return [done["transfer_id"]]
    # game_refund: the jogada is voided by its game's own rule (every bet back)
    venue = compensation["venue_id"]
    game = uow.games.for_venue(venue)
    if game is None or game.void_jogada is None:
        raise ConflictError(f"the game of {venue} cannot void a jogada from a case",
                            field="compensation.venue_id")
    done = game.void_jogada(uow, venue.partition(":")[2], compensation["jogada_id"],
                            f"complaint {case.reference}", actor)
    return [f"void:{done['jogada_id']}"]


def pay_compensation(uow: UnitOfWork, *, case_id: str, idempotency_key: str, actor: str) -> Any:
    """Exactly once per approved decision: the same key answers the first payment again;
    another key once it is paid is a 409, nothing moved."""
    _staff_only(actor)
    check_key(idempotency_key)
    case = get_case(uow, case_id)
    scope = f"complaint:{case.id}"
    fp = fingerprint("pay_compensation", {"case_id": str(case.id)})
    existing = uow.find_receipt(receipt_id(scope, idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    case.require("pay")
    decision = case.decision
    if decision.get("compensation") is None:
        raise ConflictError("the approved decision pays no compensation", field="case_id")
    number = decision["number"]
    if number in case.paid:
        raise ConflictError(f"the compensation of decision {number} was already paid",
                            field="idempotency_key", code="compensation_already_paid")
    compensation = decision["compensation"]
    transfers = _pay(uow, case, compensation, number, actor)
    case.compensation_paid(number=number, kind=compensation["kind"],
                           amount_cents=compensation["amount_cents"], transfer_ids=transfers,
                           idempotency_key=idempotency_key, actor=actor, at=uow.at)
    result = public(case)
    uow.add(CommandReceipt.record(scope=scope, key=idempotency_key, fingerprint=fp,
                                  operation="pay_compensation", outcome={"result": result},
                                  actor=actor, at=uow.at))
    return result


def resolve(uow: UnitOfWork, *, case_id: str, actor: str) -> Any:
    _staff_only(actor)
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
    _staff_only(actor)
    case = get_case(uow, case_id)
    case.require("escalate")
    if body not in c.ESCALATION_BODIES:
        raise InvalidInputError(f"body must be one of {', '.join(c.ESCALATION_BODIES)}",
                                field="body")
    case.escalated(body=body, reference=_optional_text(reference, "reference", 100),
                   note=_optional_text(note, "note", 2000), actor=actor, at=uow.at)
    return public(case)


def close(uow: UnitOfWork, *, case_id: str, actor: str, note: str | None = None) -> Any:
    _staff_only(actor)
    case = get_case(uow, case_id)
    case.require("close")
    case.closed(note=_optional_text(note, "note", 2000), actor=actor, at=uow.at)
    return public(case)


def reopen(uow: UnitOfWork, *, case_id: str, reason: str, actor: str) -> Any:
    """A closed case taken up again: a new answer is due as the case's type gives, from today."""
    _staff_only(actor)
    case = get_case(uow, case_id)
    case.require("reopen")
    policy = policy_in_force(uow)
    due = calendar_of(policy).add_working_days(lisbon_date(uow.at),
                                               policy["deadlines"][case.case_type]["answer"])
    case.reopened(reason=check_text(reason, "reason", 2000), answer_due=due.isoformat(),
                  actor=actor, at=uow.at)
    return public(case)


def publish_policy(uow: UnitOfWork, *, holidays: list[str], national_holidays: bool,
                   deadlines: dict[str, Any], four_eyes_above_cents: int,
                   max_compensation_cents: int, actor: str) -> dict[str, Any]:
    _staff_only(actor)
    clean = check_policy(holidays=holidays, national_holidays=national_holidays,
                         deadlines=deadlines, four_eyes_above_cents=four_eyes_above_cents,
                         max_compensation_cents=max_compensation_cents)
    policy = uow.find(POLICY_ID, ComplaintPolicy)
    if policy is None:
        policy = ComplaintPolicy(actor=actor, at=uow.at)
        uow.add(policy)
    policy.publish(clean, actor=actor, at=uow.at)
    return dict(policy.current)


def _policy(uow: UnitOfWork, cmd: ComplaintPolicyInForce) -> dict[str, Any]:
    return dict(policy_in_force(uow))


def _describe(uow: UnitOfWork, cmd: DescribeCase) -> dict[str, Any]:
    return public(get_case(uow, cmd.case_id))


HANDLERS: dict[type, Handler] = {
    OpenCase: fields_handler(open_case),
    AcknowledgeCase: fields_handler(acknowledge),
    AssignCase: fields_handler(assign),
    AddCaseNote: fields_handler(add_note),
    AttachCaseEvidence: fields_handler(attach_evidence),
    RequestInformation: fields_handler(request_information),
    ProvideInformation: fields_handler(provide_information),
    ProposeDecision: fields_handler(propose_decision),
    ApproveDecision: fields_handler(approve_decision),
    DeclineDecision: fields_handler(decline_decision),
    PayCompensation: fields_handler(pay_compensation),
    ResolveCase: fields_handler(resolve),
    EscalateCase: fields_handler(escalate),
    CloseCase: fields_handler(close),
    ReopenCase: fields_handler(reopen),
    PublishComplaintPolicy: fields_handler(publish_policy),
    ComplaintPolicyInForce: _policy,
    DescribeCase: _describe,
}
