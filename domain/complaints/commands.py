"""Complaint cases: the commands (issue 16), the complaint policy's handlers, and the table of
every command's handler.

The case's handlers are in one module per stage of a case: ``intake.py`` (open, acknowledge,
assign), ``investigation.py`` (notes, evidence, information asked and given), ``decision.py``
(propose, approve with four eyes, decline), ``compensation.py`` (pay), ``closing.py`` (resolve,
escalate, close, reopen), ``sending.py`` (a letter recorded as sent); what they share is in
``handling.py``.

What a handler cannot know from the case alone is resolved before the command is sent
(infra/complaints/service.py): that the jogadas, transfers and session named belong to the
player, a named transfer's accounts, the venue of a disputed jogada. The handlers check
everything else and record the events; money moves only through the ledger (a compensating
transfer from the house, a correction, or the game's own void), in the same transaction as the
case's ``CompensationPaid``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.complaints.closing import close, escalate, reopen, resolve
from domain.complaints.compensation import pay_compensation
from domain.complaints.decision import (
    approve_decision,
    decline_decision,
    propose_decision,
)
from domain.complaints.handling import get_case, public, staff_only
from domain.complaints.intake import acknowledge, assign, open_case
from domain.complaints.investigation import (
    add_note,
    attach_evidence,
    provide_information,
    request_information,
)
from domain.complaints.policy import (
    POLICY_ID,
    ComplaintPolicy,
    check_policy,
    policy_in_force,
)
from domain.complaints.sending import send_letter
from domain.kernel.command import Command, Handler, command, fields_handler
from domain.kernel.uow import UnitOfWork


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
    # A pack shown to the player (its spec: the player's copy) records the staff copy of the
    # same spec too (issue 25): its SHA-256, JSON and PDF.
    staff_sha256: str | None = None
    staff_pdf_sha256: str | None = None


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


@command("send_case_letter")
class SendCaseLetter(Command):
    case_id: str
    letter: str  # domain/complaints/case.py LETTERS
    channel: str  # SEND_CHANNELS
    idempotency_key: str
    actor: str
    language: str = "pt"
    sent_at: datetime | None = None  # None: now, by the service's clock


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


# Handlers of the policy and the reads -----------------------------------------------------------
def publish_policy(uow: UnitOfWork, *, holidays: list[str], national_holidays: bool,
                   deadlines: dict[str, Any], four_eyes_above_cents: int,
                   max_compensation_cents: int, actor: str) -> dict[str, Any]:
    staff_only(actor)
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
    SendCaseLetter: fields_handler(send_letter),
    PublishComplaintPolicy: fields_handler(publish_policy),
    ComplaintPolicyInForce: _policy,
    DescribeCase: _describe,
}
