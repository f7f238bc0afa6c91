"""Complaint cases over HTTP (issue 16): intake, the handler's actions, the decision and its
compensation, the letters, the evidence packs, the policy and the report.

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

from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Body, Depends, Path, Query
from fastapi.responses import Response

from api.auth import Caller
from api.complaint_schemas import (
    Acknowledge,
    Assign,
    CaseCreate,
    CaseDecisionCreate,
    CaseDetailPublic,
    CasePublic,
    CasesPage,
    CaseState,
    CaseType,
    Channel,
    CloseCreate,
    CompensationPay,
    ComplaintReportPublic,
    DeclineCreate,
    EscalationCreate,
    EvidenceCreate,
    InformationProvided,
    InformationRequest,
    Language,
    LetterPublic,
    NoteCreate,
    PolicyIn,
    PolicyPublic,
    QueuePublic,
    ReopenCreate,
)
from api.deps import AccountReader, LedgerDep, OperatorCaller, Reviewer, require_roles
from api.ledger_access import fresh_engine
from api.listing_schemas import AwareQueryInstant
from api.routes.responses import errors
from api.schemas import LogPosition
from domain.complaints import letters
from domain.complaints.calendar import lisbon_date
from domain.complaints.case import OPEN
from domain.kernel.errors import ConflictError, ForbiddenError, NotFoundError
from infra.container import Ledger
from projections import complaint_queries as queries
from projections import complaint_reports

router = APIRouter(tags=["complaints"])

# Handlers' actions: complaint handlers and operators.
HandlerCaller = Annotated[Caller, Depends(require_roles("complaint_handler", "operator"))]
# Opening a case, a note, the player's answer: the player itself, handlers and operators.
CaseActor = Annotated[Caller, Depends(require_roles("player", "complaint_handler", "operator"))]
CaseId = Annotated[UUID, Path(description="The case (its id, not its reference)")]
EvidenceNumber = Annotated[int, Path(ge=1, le=2**31 - 1, description="The pack's number, 1 up")]

ACTION = errors(401, 403, 404, 409, 422, 503)
READ = errors(401, 403, 404, 422, 503)
Limit = Annotated[int, Query(ge=1, le=queries.MAX_CASES, description="At most 500")]
Cursor = Annotated[LogPosition | None, Query(description="The previous page's next_cursor")]


def complaints(ledger: Ledger) -> Any:
    return ledger.complaints


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


# Reading -------------------------------------------------------------------------------------------
def _today(ledger: Ledger) -> Any:
    """The day in Lisbon by the service's clock: deadlines are Lisbon dates."""
    return lisbon_date(ledger.clock.now())


def _listed(row: dict[str, Any]) -> dict[str, Any]:
    row["cursor"] = row["opened_position"]
    return row


def _readable(ledger: Ledger, caller: Caller, case_id: UUID) -> dict[str, Any]:
    """The case with its timeline: all of it for staff; for its player, the player's view
    (projections/complaint_queries.py ``player_view``); another player's case: 403."""
    found = queries.case(fresh_engine(ledger), str(case_id), today=_today(ledger))
    if found is None:
        raise NotFoundError(f"case {case_id} not found", field="case_id")
    if caller.role == "player":
        if found["player_id"] != str(caller.id):
            raise ForbiddenError("a player may only see its own complaint cases",
                                 field="case_id")
        found = queries.player_view(found)
    return _listed(found)


@router.get("/complaints", response_model=CasesPage, responses=READ)
def list_cases(
    ledger: LedgerDep, caller: AccountReader,
    player_id: Annotated[UUID | None, Query(description="Staff: one player's cases")] = None,
    state: Annotated[CaseState | None, Query()] = None,
    case_type: Annotated[CaseType | None, Query()] = None,
    channel: Annotated[Channel | None, Query()] = None,
    overdue: Annotated[bool | None, Query(description="true: only the overdue cases; "
                                          "false: the others")] = None,
    limit: Limit = 100, cursor: Cursor = None,
) -> dict[str, Any]:
    """Complaint cases in the order they were opened: a player's own (another ``player_id``:
    403), staff's every case; filter by ``player_id``, ``state``, ``case_type``, ``channel``,
    ``overdue``."""
    if caller.role == "player":
        if player_id is not None:
            caller.require_player_access(player_id)
        player_id = caller.id
    rows = queries.cases(fresh_engine(ledger), player_id=None if player_id is None
                         else str(player_id), state=state, case_type=case_type,
                         channel=channel, overdue=overdue, today=_today(ledger), limit=limit,
                         after=cursor)
    data = [_listed(row) for row in rows]
    next_cursor = data[-1]["cursor"] if len(data) == limit else None
    return {"data": data, "count": len(data), "next_cursor": next_cursor}


@router.get("/complaints/queue", response_model=QueuePublic, responses=READ)
def case_queue(
    ledger: LedgerDep, caller: Reviewer,
    assignee_id: Annotated[UUID | None, Query(description="Only this staff member's")] = None,
    limit: Limit = 100,
) -> dict[str, Any]:
    """The handlers' work queue: the open cases (escalated ones included), the overdue first,
    then by the nearest deadline, those awaiting the player last; with the open and overdue
    cases counted by state."""
    engine, today = fresh_engine(ledger), _today(ledger)
    rows = queries.queue(engine, today=today, limit=limit,
                         assignee=None if assignee_id is None else f"staff:{assignee_id}")
    data = [_listed(row) for row in rows]
    return {"data": data, "count": len(data), "open_by_state": queries.open_counts(engine),
            "overdue_by_state": queries.overdue_counts(engine, today)}


@router.get("/complaints/{case_id}", response_model=CaseDetailPublic, responses=READ)
def read_case(case_id: CaseId, ledger: LedgerDep, caller: AccountReader) -> dict[str, Any]:
    """The case and its timeline, with its deadline (``due``) and whether it is overdue. A
    player reads its own case only, without staff's internal entries."""
    return _readable(ledger, caller, case_id)


@router.get("/complaints/{case_id}/letter", response_model=LetterPublic,
            responses=errors(401, 403, 404, 409, 422, 503))
def read_letter(
    case_id: CaseId, ledger: LedgerDep, caller: AccountReader, language: Language = "pt",
    kind: Annotated[Literal["final", "acknowledgement"], Query(
        description="final: the answer, once resolved (else 409 case_not_resolved); "
        "acknowledgement: the case received, once acknowledged")] = "final",
) -> dict[str, Any]:
    """The letter to the player (domain/complaints/letters.py), in Portuguese or English: the
    final answer states the decision, its reasons, the compensation and how it was paid, and
    where to take the complaint further (SRIJ, an alternative dispute resolution body, the
    Livro de Reclamações)."""
    found = _readable(ledger, caller, case_id)
    timeline = found.pop("timeline")
    if kind == "final":
        return letters.final_letter(found, timeline, language)
    if found["state"] == OPEN:
        raise ConflictError(f"case {found['reference']} is not acknowledged yet",
                            field="case_id", code="case_not_acknowledged")
    return letters.acknowledgement_letter(found, timeline, language)


# Evidence packs ----------------------------------------------------------------------------------
_EVIDENCE_HEADERS = {
    "X-Evidence-SHA256": {"description": "The SHA-256 the case recorded for this pack "
                          "(hex)", "schema": {"type": "string"}, "required": True},
    "X-Evidence-Rebuilt-SHA256": {"description": "The SHA-256 of the bytes served, rebuilt "
                                  "now from the recorded spec", "schema": {"type": "string"},
                                  "required": True},
    "X-Evidence-Matches": {"description": "true: the bytes served are the ones recorded",
                           "schema": {"type": "string", "enum": ["true", "false"]},
                           "required": True},
}


def _pack_answer(media_type: str, schema: dict[str, Any]) -> dict[int | str, dict[str, Any]]:
    return {200: {"description": "The pack, rebuilt from what the case recorded",
                  "content": {media_type: {"schema": schema}}, "headers": _EVIDENCE_HEADERS},
            **READ}


def _evidence(ledger: Ledger, caller: Caller, case_id: UUID, number: int, fmt: str) -> Response:
    """A player fetches a pack of its own case, and only one shown to it (403)."""
    if caller.role == "player":
        events = complaints(ledger).case_events(str(case_id))
        if events[0].player_id != str(caller.id):
            raise ForbiddenError("a player may only see its own complaint cases",
                                 field="case_id")
        attached = [e for e in events if type(e).__name__ == "EvidenceAttached"
                    and e.number == number]
        if attached and not attached[0].shown_to_player:
            raise ForbiddenError(f"evidence pack {number} is not shown to the player",
                                 field="number")
    pack = complaints(ledger).evidence(str(case_id), number, fmt)
    return Response(pack["content"], media_type=pack["media_type"], headers={
        "X-Evidence-SHA256": pack["sha256"] or "",
        "X-Evidence-Rebuilt-SHA256": pack["rebuilt_sha256"],
        "X-Evidence-Matches": "true" if pack["matches"] else "false"})


# The PDF's route first: ``/evidence/1.pdf`` would otherwise reach the JSON route's {number}.
@router.get("/complaints/{case_id}/evidence/{number}.pdf", response_class=Response,
            responses=_pack_answer("application/pdf", {"type": "string", "format": "binary"}))
def read_evidence_pdf(case_id: CaseId, number: EvidenceNumber, ledger: LedgerDep,
                      caller: AccountReader) -> Response:
    """The evidence pack as a PDF, rebuilt from the spec the case recorded; its recorded
    SHA-256 and whether the rebuilt bytes match it in the headers."""
    return _evidence(ledger, caller, case_id, number, "pdf")


@router.get("/complaints/{case_id}/evidence/{number}", response_class=Response,
            responses=_pack_answer("application/json", {"type": "object"}))
def read_evidence(case_id: CaseId, number: EvidenceNumber, ledger: LedgerDep,
                  caller: AccountReader) -> Response:
    """The evidence pack (JSON) rebuilt from the spec the case recorded, byte for byte; its
    recorded SHA-256 and whether the rebuilt bytes match it in the headers. A player: a pack
    of its own case shown to it only."""
    return _evidence(ledger, caller, case_id, number, "json")


# Report ------------------------------------------------------------------------------------------
@router.get("/reports/complaints", response_model=ComplaintReportPublic, tags=["reports"],
            responses={200: {"description": "The report (JSON, or CSV with format=csv)",
                             "content": {"text/csv": {"schema": {"type": "string"}}}},
                       **READ})
def complaints_report(
    ledger: LedgerDep, caller: Reviewer,
    since: Annotated[AwareQueryInstant, Query(description="Cases opened at or after (ISO 8601 "
                                              "with an offset)")],
    until: Annotated[AwareQueryInstant, Query(description="Cases opened before (ISO 8601 "
                                              "with an offset)")],
    format: Annotated[Literal["json", "csv"], Query(description="csv: one row for the total "
                                                    "and per case type, channel and "
                                                    "outcome")] = "json",
) -> Any:
    """The complaint cases opened in a period: how many, by case type, channel and outcome;
    the hours to acknowledge and to resolve (median and p90, nearest rank); the compensation
    paid, by kind (projections/complaint_reports.py). An empty period (``until`` not after
    ``since``) reports nothing."""
    engine = fresh_engine(ledger)
    if format == "csv":
        rows = complaint_reports.report_rows(engine, since=since, until=until)
        return Response(complaint_reports.report_csv(rows), media_type="text/csv",
                        headers={"Content-Disposition": 'attachment; filename="complaints.csv"'})
    return complaint_reports.report(engine, since=since, until=until)
