"""Complaint cases over HTTP, the reads (issue 16): the cases listed and queued from the
complaint read model (projections/complaint_queries.py, once it holds this process's writes:
api/ledger_access.py), a case and its timeline (a player: its own, as the player sees it), the
letters, the evidence packs rebuilt from what the case recorded, and the report. Its routes
belong to the complaints router (api/routes/complaints.py), after the commands'."""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import APIRouter, Path, Query
from fastapi.responses import Response

from api.auth import Caller
from api.complaint_answer_schemas import (
    AssigneesPublic,
    CaseDetailPublic,
    CasesPage,
    ComplaintReportPublic,
    LetterPublic,
    QueuePublic,
)
from api.complaint_schemas import CaseState, CaseType, Channel, Language
from api.deps import AccountReader, LedgerDep, Reviewer
from api.ledger_access import fresh_engine
from api.listing_schemas import AwareQueryInstant
from api.routes.complaint_common import READ, CaseId, HandlerCaller, complaints
from api.routes.responses import errors
from api.schemas import LogPosition
from domain.access.principals import ACTIVE
from domain.complaints import letters
from domain.complaints.calendar import lisbon_date
from domain.complaints.case import OPEN
from domain.complaints.investigation import PLAYER_COPY, STAFF_COPY, pack_copies
from domain.kernel.errors import ConflictError, ForbiddenError, NotFoundError
from infra.container import Ledger
from projections import complaint_queries as queries
from projections import complaint_reports
from projections.principals import list_principals

# Who a case can be assigned to (infra/complaints/service.py refuses any other role: 409).
ASSIGNABLE_ROLES = ("complaint_handler", "operator")
MAX_ASSIGNEES = 500

router = APIRouter(tags=["complaints"])

EvidenceNumber = Annotated[int, Path(ge=1, le=2**31 - 1, description="The pack's number, 1 up")]
Limit = Annotated[int, Query(ge=1, le=queries.MAX_CASES, description="At most 500")]
Cursor = Annotated[LogPosition | None, Query(description="The previous page's next_cursor")]


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


@router.get("/complaints/assignees", response_model=AssigneesPublic, responses=READ)
def assignees(ledger: LedgerDep, caller: HandlerCaller) -> dict[str, Any]:
    """Who a case can be assigned to (the desk's staff picker): the complaint handlers and
    operators whose key is active, by display name (at most 500). For those who may assign
    (complaint handlers, operators); an auditor or a player: 403."""
    rows, _ = list_principals(fresh_engine(ledger), roles=ASSIGNABLE_ROLES,
                              limit=MAX_ASSIGNEES)
    data = sorted(({"staff_id": r["principal_id"], "role": r["role"],
                    "display_name": r["display_name"]} for r in rows
                   if r["key_status"] == ACTIVE),
                  key=lambda r: (r["display_name"].casefold(), str(r["staff_id"])))
    return {"data": data, "count": len(data)}


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
    "X-Evidence-Compared": {"description": "What the two hashes are of: pdf (the PDF the case "
                            "recorded, in Portuguese) or json (the JSON pack: a JSON download, "
                            "or a PDF in another language, printed from that pack)",
                            "schema": {"type": "string", "enum": ["pdf", "json"]},
                            "required": True},
    "Content-Disposition": {"description": 'attachment; filename="processo-<case reference>'
                            '-pacote-<n>-<copy>.pdf": the copy in Portuguese, jogador (the '
                            "player's) or equipa (the staff's) (.json; -en.pdf in English)",
                            "schema": {"type": "string"}, "required": True},
    "X-Evidence-Copy": {"description": "Which copy was served: staff or player",
                        "schema": {"type": "string", "enum": ["staff", "player"]},
                        "required": True},
}
PackLanguage = Annotated[Literal["pt", "en"], Query(
    description="The PDF's language: pt (the default, the one whose SHA-256 the case "
    "recorded) or en")]
PackCopy = Annotated[Literal["staff", "player"] | None, Query(
    description="Which copy (issue 25): staff (everything; staff's default) or player (what "
    "the games' information rules let the player see; a player's default, and the only one a "
    "player reads: staff is a 403). A pack shown to the player has both; a pack kept "
    "internal, the staff's only (player: 404 pack_copy_not_recorded)")]


def _pack_answer(media_type: str, schema: dict[str, Any]) -> dict[int | str, dict[str, Any]]:
    return {200: {"description": "The pack, rebuilt from what the case recorded",
                  "content": {media_type: {"schema": schema}}, "headers": _EVIDENCE_HEADERS},
            **READ}


def _evidence(ledger: Ledger, caller: Caller, case_id: UUID, number: int, fmt: str,
              lang: str = "pt", copy: str | None = None) -> Response:
    """A player fetches a pack of its own case, and only one shown to it (403), and of that
    only the player's copy (403 for the staff copy); staff either copy, the staff's by
    default."""
    if caller.role == "player":
        service = complaints(ledger)
        events = service.case_events(str(case_id))
        if events[0].player_id != str(caller.id):
            raise ForbiddenError("a player may only see its own complaint cases",
                                 field="case_id")
        attached = service.evidence_event(str(case_id), number)
        if not attached.shown_to_player:
            raise ForbiddenError(f"evidence pack {number} is not shown to the player",
                                 field="number")
        if copy == STAFF_COPY:
            raise ForbiddenError(
                "a player reads the player's copy of a pack only: the staff copy holds what "
                "its games' information rules keep from the player (another's cards never "
                "shown at the table, the seed: Game.player_copy)", field="copy",
                code="staff_copy_not_for_the_player")
        if copy is None and PLAYER_COPY in pack_copies(attached.spec, attached.staff_sha256):
            copy = PLAYER_COPY  # else the one it has: a pack shown before the player's copy
    pack = complaints(ledger).evidence(str(case_id), number, fmt, lang, copy)
    return Response(pack["content"], media_type=pack["media_type"], headers={
        "X-Evidence-SHA256": pack["sha256"] or "",
        "X-Evidence-Rebuilt-SHA256": pack["rebuilt_sha256"],
        "X-Evidence-Matches": "true" if pack["matches"] else "false",
        "X-Evidence-Compared": pack["compared"],
        "X-Evidence-Copy": pack["copy"],
        "Content-Disposition": f'attachment; filename="{pack["file_name"]}"'})


# The PDF's route first: ``/evidence/1.pdf`` would otherwise reach the JSON route's {number}.
@router.get("/complaints/{case_id}/evidence/{number}.pdf", response_class=Response,
            responses=_pack_answer("application/pdf", {"type": "string", "format": "binary"}))
def read_evidence_pdf(case_id: CaseId, number: EvidenceNumber, ledger: LedgerDep,
                      caller: AccountReader, lang: PackLanguage = "pt",
                      copy: PackCopy = None) -> Response:
    """The evidence pack as a PDF, rebuilt from the spec the case recorded, in Portuguese
    (``lang=pt``, the default: the PDF whose SHA-256 the case recorded) or English
    (``lang=en``: printed from the same JSON pack, whose SHA-256 is then the one compared);
    the recorded SHA-256 and whether the rebuilt bytes match it in the headers; ``copy``:
    the staff's or the player's (a player: its own only)."""
    return _evidence(ledger, caller, case_id, number, "pdf", lang, copy)


@router.get("/complaints/{case_id}/evidence/{number}", response_class=Response,
            responses=_pack_answer("application/json", {"type": "object"}))
def read_evidence(case_id: CaseId, number: EvidenceNumber, ledger: LedgerDep,
                  caller: AccountReader, copy: PackCopy = None) -> Response:
    """The evidence pack (JSON) rebuilt from the spec the case recorded, byte for byte; its
    recorded SHA-256 and whether the rebuilt bytes match it in the headers. ``copy``: the
    staff's (staff's default) or the player's, each compared with its own recorded hash. A
    player: a pack of its own case shown to it only, the player's copy only."""
    return _evidence(ledger, caller, case_id, number, "json", copy=copy)


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
