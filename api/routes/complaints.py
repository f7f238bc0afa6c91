"""Complaint cases over HTTP (issue 16): intake, the handler's actions, the decision and its
compensation, closing, and the policy; the reads (the cases, the letters, the evidence packs,
the report) are in api/routes/complaint_reads.py, their routes in this module's router after
these, and what both share in api/routes/complaint_common.py.

Who may do what (api/deps.py ``require_roles``; the domain checks again, 903-B 5.2.2(7)):
players open, read, annotate and answer their own cases only (another player's: 403);
complaint handlers and operators act on every case; auditors read every case and act on none
(403). The policy is read by staff and published by operators. Commands go through
``ledger.complaints`` (infra/complaints/service.py), which resolves what the case's commands
cannot know from the read models; reads come from the complaint read model
(projections/complaint_queries.py) once it holds this process's writes (api/ledger_access.py).
Errors are the domain's, mapped to HTTP in api/errors.py.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body

from api.complaint_answer_schemas import CasePublic, PolicyPublic
from api.complaint_schemas import (
    Acknowledge,
    Assign,
    CaseCreate,
    CaseDecisionCreate,
    CloseCreate,
    CompensationPay,
    DeclineCreate,
    EscalationCreate,
    EvidenceCreate,
    InformationProvided,
    InformationRequest,
    LetterSentCreate,
    NoteCreate,
    PolicyIn,
    ReopenCreate,
)
from api.deps import LedgerDep, OperatorCaller, Reviewer
from api.routes import complaint_reads
from api.routes.complaint_common import (
    ACTION,
    CaseActor,
    CaseId,
    HandlerCaller,
    complaints,
)
from api.routes.responses import errors
from domain.kernel.errors import ForbiddenError

router = APIRouter(tags=["complaints"])


# Intake --------------------------------------------------------------------------------------------
@router.post("/complaints", status_code=201, response_model=CasePublic,
             responses=errors(401, 403, 404, 409, 422, 503))
def open_case(body: CaseCreate, ledger: LedgerDep, caller: CaseActor) -> dict[str, Any]:
    """Open a complaint case. A player opens its own (channel ``operator``; a jogada, transfer
    or session of another player: 403); a complaint handler or an operator opens one on a
    player's behalf (``player_id``) with the channel it came through (``complaints_book``,
    ``srij``, ``adr``: ``external_reference`` required). The deadlines are counted in working
    days on the policy's calendar. Idempotent by key: the same key and body answer the same
    case (201); another body under the key is 409 ``idempotency_key_reused``."""
    player_id = caller.player_acted_for(body.player_id)
    if caller.role == "player" and body.channel != "operator":
        raise ForbiddenError("a player's own complaint arrives through the operator; the "
                             "other channels are recorded by a complaint handler",
                             field="channel")
    return complaints(ledger).open(
        actor=caller.actor, player_id=str(player_id), case_type=body.case_type,
        subject=body.subject, description=body.description,
        idempotency_key=body.idempotency_key, channel=body.channel,
        external_reference=body.external_reference, jogada_ids=body.jogada_ids,
        transfer_ids=body.transfer_ids,
        session_id=None if body.session_id is None else str(body.session_id))


# The handler's actions -------------------------------------------------------------------------
@router.post("/complaints/{case_id}/acknowledge", response_model=CasePublic, responses=ACTION)
def acknowledge(case_id: CaseId, ledger: LedgerDep, caller: HandlerCaller,
                body: Annotated[Acknowledge | None, Body()] = None) -> dict[str, Any]:
    """Acknowledge the complaint (from ``open`` to ``investigating``), with an optional
    message to the player."""
    return complaints(ledger).acknowledge(str(case_id), actor=caller.actor,
                                          message=body.message if body else None)


@router.post("/complaints/{case_id}/assign", response_model=CasePublic, responses=ACTION)
def assign(case_id: CaseId, body: Assign, ledger: LedgerDep,
           caller: HandlerCaller) -> dict[str, Any]:
    """Assign the case to a complaint handler or an operator (another staff role: 409)."""
    return complaints(ledger).assign(str(case_id), assignee_id=str(body.assignee_id),
                                     actor=caller.actor)


@router.post("/complaints/{case_id}/notes", response_model=CasePublic, responses=ACTION)
def add_note(case_id: CaseId, body: NoteCreate, ledger: LedgerDep,
             caller: CaseActor) -> dict[str, Any]:
    """Add a note. Staff choose whether the player sees it; a player's note on its own case
    is always visible to it."""
    return complaints(ledger).add_note(str(case_id), text=body.text, actor=caller.actor,
                                       visible_to_player=body.visible_to_player)


@router.post("/complaints/{case_id}/evidence", status_code=201, response_model=CasePublic,
             responses=ACTION)
def attach_evidence(case_id: CaseId, ledger: LedgerDep, caller: HandlerCaller,
                    body: Annotated[EvidenceCreate | None, Body()] = None) -> dict[str, Any]:
    """Build an evidence pack of the case's jogadas and transfers (or of those named, which
    must be the case's), and record its SHA-256 (JSON and PDF) with what rebuilds it byte
    for byte; answers the case with the pack's ``evidence_number`` (GET
    .../evidence/{number})."""
    body = body or EvidenceCreate()
    return complaints(ledger).attach_evidence_pack(
        str(case_id), actor=caller.actor, jogada_ids=body.jogada_ids,
        transfer_ids=body.transfer_ids, shown_to_player=body.shown_to_player,
        description=body.description)


@router.post("/complaints/{case_id}/information-requests", response_model=CasePublic,
             responses=ACTION)
def request_information(case_id: CaseId, body: InformationRequest, ledger: LedgerDep,
                        caller: HandlerCaller) -> dict[str, Any]:
    """Ask the player for information: the case awaits the player and its clock stands
    still."""
    return complaints(ledger).request_information(str(case_id), question=body.question,
                                                  actor=caller.actor)


@router.post("/complaints/{case_id}/information", response_model=CasePublic, responses=ACTION)
def provide_information(case_id: CaseId, body: InformationProvided, ledger: LedgerDep,
                        caller: CaseActor) -> dict[str, Any]:
    """The player's answer (the player itself, or a handler recording it): the case is
    investigated again and its answer is due as many working days later as the clock stood
    still."""
    return complaints(ledger).provide_information(str(case_id), text=body.text,
                                                  actor=caller.actor)


@router.post("/complaints/{case_id}/decision", response_model=CasePublic, responses=ACTION)
def propose_decision(case_id: CaseId, body: CaseDecisionCreate, ledger: LedgerDep,
                     caller: HandlerCaller) -> dict[str, Any]:
    """Propose the decision: outcome, reasons (the letter quotes them), compensation. Above
    the policy's ``four_eyes_above_cents`` another staff member must approve it."""
    compensation = (None if body.compensation is None
                    else body.compensation.model_dump(exclude_none=True))
    return complaints(ledger).propose(str(case_id), outcome=body.outcome, reasons=body.reasons,
                                      actor=caller.actor, compensation=compensation)


@router.post("/complaints/{case_id}/decision/approve", response_model=CasePublic,
             responses=ACTION)
def approve_decision(case_id: CaseId, ledger: LedgerDep, caller: HandlerCaller) -> dict[str, Any]:
    """Approve the proposed decision. Above the four-eyes amount its proposer may not (403)."""
    return complaints(ledger).approve(str(case_id), actor=caller.actor)


@router.post("/complaints/{case_id}/decision/decline", response_model=CasePublic,
             responses=ACTION)
def decline_decision(case_id: CaseId, body: DeclineCreate, ledger: LedgerDep,
                     caller: HandlerCaller) -> dict[str, Any]:
    """Decline the proposed decision: the case is investigated again."""
    return complaints(ledger).decline(str(case_id), reason=body.reason, actor=caller.actor)


@router.post("/complaints/{case_id}/compensation", status_code=201, response_model=CasePublic,
             responses=ACTION)
def pay_compensation(case_id: CaseId, body: CompensationPay, ledger: LedgerDep,
                     caller: HandlerCaller) -> dict[str, Any]:
    """Pay the approved decision's compensation, exactly once, through the ledger in the same
    transaction as the case's record: a payment from the house to the wallet, the correction
    of the named transfer (903-B 1.5), or the jogada voided by its game's own rule (every bet
    refunded). The same key again answers the first payment (201) and moves nothing; another
    key once paid is 409 ``compensation_already_paid``."""
    return complaints(ledger).pay(str(case_id), idempotency_key=body.idempotency_key,
                                  actor=caller.actor)


@router.post("/complaints/{case_id}/resolve", response_model=CasePublic, responses=ACTION)
def resolve(case_id: CaseId, ledger: LedgerDep, caller: HandlerCaller) -> dict[str, Any]:
    """Resolve the case with its approved decision (its compensation paid first: else 409
    ``compensation_not_paid``); the final letter can then be read."""
    return complaints(ledger).resolve(str(case_id), actor=caller.actor)


@router.post("/complaints/{case_id}/escalate", response_model=CasePublic, responses=ACTION)
def escalate(case_id: CaseId, body: EscalationCreate, ledger: LedgerDep,
             caller: HandlerCaller) -> dict[str, Any]:
    """Record that the complaint went to SRIJ or to an alternative dispute resolution body."""
    return complaints(ledger).escalate(str(case_id), body=body.body, actor=caller.actor,
                                       reference=body.reference, note=body.note)


@router.post("/complaints/{case_id}/close", response_model=CasePublic, responses=ACTION)
def close(case_id: CaseId, ledger: LedgerDep, caller: HandlerCaller,
          body: Annotated[CloseCreate | None, Body()] = None) -> dict[str, Any]:
    """Close a resolved or escalated case; nothing more can be done on it until reopened."""
    return complaints(ledger).close(str(case_id), actor=caller.actor,
                                    note=body.note if body else None)


@router.post("/complaints/{case_id}/reopen", response_model=CasePublic, responses=ACTION)
def reopen(case_id: CaseId, body: ReopenCreate, ledger: LedgerDep,
           caller: HandlerCaller) -> dict[str, Any]:
    """Reopen a closed case: investigated again, a new answer due from today."""
    return complaints(ledger).reopen(str(case_id), reason=body.reason, actor=caller.actor)


@router.post("/complaints/{case_id}/letter/sent", status_code=201, response_model=CasePublic,
             responses=ACTION)
def send_letter(case_id: CaseId, body: LetterSentCreate, ledger: LedgerDep,
                caller: HandlerCaller) -> dict[str, Any]:
    """Record that one of the case's letters (GET .../letter?kind=) was sent to the player:
    which (``acknowledgement``, ``final``), in which language, through which ``channel``
    (``post``, ``email``, ``account_area``: else 422 naming it), when (``sent_at``, else now)
    and by whom (the caller). A letter the case does not have yet (not acknowledged, not
    resolved) is 409 ``letter_not_available``; possible in every state, a closed case's too.
    Idempotent by key: the same key and body answer the first recording (201)."""
    return complaints(ledger).send_letter(
        str(case_id), letter=body.letter, channel=body.channel, language=body.language,
        sent_at=body.sent_at, idempotency_key=body.idempotency_key, actor=caller.actor)


# Policy --------------------------------------------------------------------------------------------
@router.get("/complaints/policy", response_model=PolicyPublic, responses=errors(401, 403, 503))
def read_policy(ledger: LedgerDep, caller: Reviewer) -> dict[str, Any]:
    """The complaint policy in force (version 0: the defaults)."""
    return complaints(ledger).policy()


@router.put("/complaints/policy", response_model=PolicyPublic,
            responses=errors(401, 403, 409, 422, 503))
def publish_policy(body: PolicyIn, ledger: LedgerDep, caller: OperatorCaller) -> dict[str, Any]:
    """Publish a new version of the complaint policy (operators): extra holidays, whether the
    national holidays count, deadlines in working days per case type, the four-eyes amount
    and the largest compensation. A date that is not real is 422 naming ``holidays[i]``."""
    return complaints(ledger).publish_policy(actor=caller.actor, **body.settings())


# The reads after the commands: ``/complaints/policy`` before ``/complaints/{case_id}``. Their
# routes themselves, as api/main.py takes them (not a router of routers).
router.routes.extend(complaint_reads.router.routes)
