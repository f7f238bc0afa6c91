"""Projection "complaint_cases" (issue 16): every complaint case and its timeline, from the
case streams' events alone (domain/complaints/case.py). The deadlines are the ones the events
recorded (computed by the commands on the policy in force), so nothing here reads a calendar,
a clock or the policy: a rebuild gives the same rows.

- ``complaint_cases``: one row per case: who, what and through which channel; ``state`` (the
  aggregate's, domain/complaints/case.py ``STATES``); ``assignee``; ``opened_at``/``opened_by``;
  ``acknowledged_at``; ``resolved_at`` (the last resolution) and ``closed_at``, both cleared
  when the case is reopened, as its ``outcome`` is; ``acknowledge_due`` and ``answer_due``
  (Lisbon dates, the last working day the operator may still act; ``answer_due`` moves when
  the player answers a request for information and when the case is reopened); ``paused``
  (awaiting the player: the clock stands still); ``compensation_paid_cents`` (every payment of
  the case); ``decisions`` (how many were proposed); ``escalated_to`` (the last body, ``srij``
  or ``adr``; kept after a reopening: it was escalated); ``last_event_at``;
  ``opened_position`` (notification id of the ``Opened``: unique, the listing's cursor) and
  ``position`` (of the case's last event).
- ``complaint_case_events``: the timeline, one row per event (key: its notification id):
  ``kind`` (the event's name in snake_case: ``opened``, ``acknowledged``, ``assigned``,
  ``note_added``, ``evidence_attached``, ``information_requested``, ``information_received``,
  ``decision_proposed``, ``proposal_declined``, ``decision_approved``, ``compensation_paid``,
  ``resolved``, ``escalated``, ``closed``, ``reopened``, ``letter_sent``), ``actor``, ``at``,
  ``visible_to_player`` and ``detail`` (the event's fields that matter, JSON). The player sees
  its case's changes of state, the requests for information and its answers, the approved
  decision (its ``detail`` carries the proposal's outcome, reasons and compensation, since the
  proposal itself is internal), the payment, the resolution, the escalation and the notes and
  evidence marked for it; not the assignments, the proposals and their declines, nor the
  internal notes and evidence. ``PLAYER_HIDDEN`` lists the fields of visible entries that are
  staff's own words without a visibility of their own (an escalation's or a closing's note)
  or staff's own record (a shown pack's staff copy's SHA-256, ``staff_sha256`` and
  ``staff_pdf_sha256``, in an ``evidence_attached`` detail when recorded, issue 25):
  projections/complaint_queries.py ``player_view`` drops them.

The Table definitions here are identical to migrations/versions/0010_complaints.py.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Connection,
    Date,
    DateTime,
    Index,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    insert,
    select,
    update,
)

from domain.complaints import case as c
from domain.complaints.case import ComplaintCase as Case
from projections.base import for_class
from projections.money import to_utc
from projections.tables import metadata

complaint_cases = Table(
    "complaint_cases", metadata,
    Column("case_id", String(36), primary_key=True),
    Column("reference", String(32), nullable=False),
    Column("player_id", String(36), nullable=False),
    Column("case_type", String(16), nullable=False),
    Column("channel", String(20), nullable=False),
    Column("external_reference", String(100)),
    Column("subject", String(200), nullable=False),
    Column("state", String(20), nullable=False),
    Column("assignee", String(200)),
    Column("opened_at", DateTime(timezone=True), nullable=False),
    Column("opened_by", String(200), nullable=False),
    Column("acknowledged_at", DateTime(timezone=True)),
    Column("resolved_at", DateTime(timezone=True)),
    Column("closed_at", DateTime(timezone=True)),
    Column("acknowledge_due", Date, nullable=False),
    Column("answer_due", Date, nullable=False),
    Column("paused", Boolean, nullable=False),
    Column("outcome", String(16)),
    Column("compensation_paid_cents", BigInteger, nullable=False),
    Column("decisions", Integer, nullable=False),
    Column("escalated_to", String(8)),
    Column("last_event_at", DateTime(timezone=True), nullable=False),
    Column("opened_position", BigInteger, nullable=False),
    Column("position", BigInteger, nullable=False),
    Index("ix_complaint_cases_queue", "state", "answer_due"),
    Index("ix_complaint_cases_player", "player_id", "opened_at"),
    Index("ix_complaint_cases_opened_at", "opened_at"),
    Index("ix_complaint_cases_opened_position", "opened_position", unique=True),
)

complaint_case_events = Table(
    "complaint_case_events", metadata,
    Column("notification_id", BigInteger, primary_key=True, autoincrement=False),
    Column("case_id", String(36), nullable=False),
    Column("kind", String(32), nullable=False),
    Column("actor", String(200), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("visible_to_player", Boolean, nullable=False),
    Column("detail", Text, nullable=False),
    Index("ix_complaint_case_events_case", "case_id", "notification_id"),
)

# Event class -> (timeline kind, visible to the player: True/False, or the event's own field
# that says so; the event's fields kept in ``detail``).
TIMELINE: dict[type, tuple[str, bool | str, tuple[str, ...]]] = {
    Case.Opened: ("opened", True, (
        "subject", "description", "external_reference", "jogada_ids", "transfer_ids",
        "session_id", "acknowledge_due", "answer_due", "policy_version")),
    Case.Acknowledged: ("acknowledged", True, ("message",)),
    Case.Assigned: ("assigned", False, ("assignee",)),
    Case.NoteAdded: ("note_added", "visible_to_player", ("text",)),
    Case.EvidenceAttached: ("evidence_attached", "shown_to_player", (
        "number", "kind", "description", "sha256", "pdf_sha256", "spec")),
    Case.InformationRequested: ("information_requested", True, ("question",)),
    Case.InformationReceived: ("information_received", True, (
        "text", "paused_working_days", "answer_due")),
    Case.DecisionProposed: ("decision_proposed", False, (
        "number", "outcome", "reasons", "compensation", "needs_second_approver")),
    Case.ProposalDeclined: ("proposal_declined", False, ("number", "reason")),
    Case.DecisionApproved: ("decision_approved", True, ("number",)),
    Case.CompensationPaid: ("compensation_paid", True, (
        "number", "kind", "amount_cents", "transfer_ids")),
    Case.Resolved: ("resolved", True, ("number", "outcome")),
    Case.Escalated: ("escalated", True, ("body", "reference", "note")),
    Case.Closed: ("closed", True, ("note",)),
    Case.Reopened: ("reopened", True, ("reason", "answer_due")),
    Case.LetterSent: ("letter_sent", True, ("letter", "language", "decision", "channel",
                                            "sent_at")),
}
KINDS = tuple(kind for kind, _, _ in TIMELINE.values())
# What an approval shows of the proposal it approves.
APPROVED_FIELDS = ("outcome", "reasons", "compensation")
# A pack shown to the player records the staff copy's SHA-256 too (issue 25): in the detail
# only when recorded (an event stored before, or a pack kept internal, has no such key), and
# not the player's to see (the player reads its own copy only).
STAFF_COPY_FIELDS = ("staff_sha256", "staff_pdf_sha256")
# Fields of entries the player sees that are staff's words with no visibility of their own.
PLAYER_HIDDEN: dict[str, tuple[str, ...]] = {"escalated": ("note",), "closed": ("note",),
                                             "evidence_attached": STAFF_COPY_FIELDS}
DETAIL_JSON = ("detail",)
CLOSED_STATES = (c.RESOLVED, c.CLOSED)  # not in the queue: every other state is open
OPEN_STATES = tuple(s for s in c.STATES if s not in CLOSED_STATES)
_UPDATED = tuple(col.name for col in complaint_cases.c
                 if col.name not in ("case_id", "reference", "player_id", "case_type", "channel",
                                     "external_reference", "subject", "opened_at", "opened_by",
                                     "opened_position"))


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


class _Page:
    """The case rows one page touches, read once and written once at the end, and its
    timeline entries."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.cases: dict[str, dict[str, Any]] = {}
        self.new: set[str] = set()
        self.entries: list[dict[str, Any]] = []
        self.proposals: dict[tuple[str, int], dict[str, Any]] = {}  # (case, number) -> detail

    def case(self, case_id: str) -> dict[str, Any] | None:
        row = self.cases.get(case_id)
        if row is None:
            found = self.conn.execute(select(complaint_cases).where(
                complaint_cases.c.case_id == case_id)).mappings().first()
            if found is None:  # cannot happen: the Opened comes first
                return None
            row = self.cases[case_id] = dict(found)
        return row

    def proposal(self, case_id: str, number: int) -> dict[str, Any]:
        """The detail of the case's proposal ``number`` (of this page, or stored)."""
        found = self.proposals.get((case_id, number))
        if found is not None:
            return found
        t = complaint_case_events
        for (detail,) in self.conn.execute(
                select(t.c.detail).where(t.c.case_id == case_id, t.c.kind == "decision_proposed")
                .order_by(t.c.notification_id.desc())):
            found = json.loads(detail)
            if found["number"] == number:
                return found
        return {}

    def write(self) -> None:
        conn, t = self.conn, complaint_cases
        new = [self.cases[k] for k in sorted(self.new)]
        old = [row for k, row in sorted(self.cases.items()) if k not in self.new]
        if new:
            conn.execute(insert(t), new)
        if old:
            conn.execute(update(t).where(t.c.case_id == bindparam("k_case")).values(
                {col: bindparam(f"v_{col}") for col in _UPDATED}),
                [{f"v_{col}": row[col] for col in _UPDATED} | {"k_case": row["case_id"]}
                 for row in old])
        if self.entries:
            conn.execute(insert(complaint_case_events), self.entries)


class ComplaintCasesProjection:
    name = "complaint_cases"
    tables = (complaint_cases, complaint_case_events)
    event_types: tuple[type, ...] | None = tuple(TIMELINE)

    def apply(self, conn: Connection, events: list[tuple[int, Any]]) -> None:
        page = _Page(conn)
        for position, e in events:
            found = for_class(TIMELINE, type(e))
            if found is None:
                continue
            kind, visible, fields = found
            case_id, at = str(e.originator_id), to_utc(e.at)
            if isinstance(e, Case.Opened):
                page.cases[case_id] = _opened(case_id, e, at, position)
                page.new.add(case_id)
            row = page.case(case_id)
            if row is None:
                continue
            _apply(row, e, at)
            row.update(last_event_at=at, position=position)
            detail = {name: _plain(getattr(e, name)) for name in fields}
            if isinstance(e, Case.EvidenceAttached) and e.staff_sha256 is not None:
                detail.update({name: getattr(e, name) for name in STAFF_COPY_FIELDS})
            if isinstance(e, Case.DecisionProposed):
                page.proposals[(case_id, e.number)] = detail
            elif isinstance(e, Case.DecisionApproved):
                proposal = page.proposal(case_id, e.number)
                detail.update({name: proposal.get(name) for name in APPROVED_FIELDS})
            page.entries.append({
                "notification_id": position, "case_id": case_id, "kind": kind,
                "actor": e.actor, "at": at, "detail": dumps(detail),
                "visible_to_player": bool(getattr(e, visible) if isinstance(visible, str)
                                          else visible)})
        page.write()


def _plain(value: Any) -> Any:
    """A detail's value as JSON holds it: a time (a letter's ``sent_at``) in ISO 8601, UTC."""
    return to_utc(value).isoformat() if isinstance(value, datetime) else value


def _opened(case_id: str, e: Any, at: Any, position: int) -> dict[str, Any]:
    return {
        "case_id": case_id, "reference": e.reference, "player_id": e.player_id,
        "case_type": e.case_type, "channel": e.channel,
        "external_reference": e.external_reference, "subject": e.subject, "state": c.OPEN,
        "assignee": None, "opened_at": at, "opened_by": e.actor, "acknowledged_at": None,
        "resolved_at": None, "closed_at": None,
        "acknowledge_due": date.fromisoformat(e.acknowledge_due),
        "answer_due": date.fromisoformat(e.answer_due), "paused": False, "outcome": None,
        "compensation_paid_cents": 0, "decisions": 0, "escalated_to": None,
        "last_event_at": at, "opened_position": position, "position": position}


def _apply(row: dict[str, Any], e: Any, at: Any) -> None:
    """What each event does to the case's row (as it does to the aggregate's state)."""
    if isinstance(e, Case.Acknowledged):
        row.update(state=c.INVESTIGATING, acknowledged_at=at)
    elif isinstance(e, Case.Assigned):
        row["assignee"] = e.assignee
    elif isinstance(e, Case.InformationRequested):
        row.update(state=c.AWAITING_PLAYER, paused=True)
    elif isinstance(e, Case.InformationReceived):
        row.update(state=c.INVESTIGATING, paused=False,
                   answer_due=date.fromisoformat(e.answer_due))
    elif isinstance(e, Case.DecisionProposed):
        row.update(state=c.DECISION_PROPOSED, decisions=e.number)
    elif isinstance(e, Case.ProposalDeclined):
        row["state"] = c.INVESTIGATING
    elif isinstance(e, Case.DecisionApproved):
        row["state"] = c.DECISION_APPROVED
    elif isinstance(e, Case.CompensationPaid):
        row["compensation_paid_cents"] += e.amount_cents
    elif isinstance(e, Case.Resolved):
        row.update(state=c.RESOLVED, outcome=e.outcome, resolved_at=at)
    elif isinstance(e, Case.Escalated):
        row.update(state=c.ESCALATED, escalated_to=e.body, paused=False)
    elif isinstance(e, Case.Closed):
        row.update(state=c.CLOSED, closed_at=at)
    elif isinstance(e, Case.Reopened):
        row.update(state=c.INVESTIGATING, answer_due=date.fromisoformat(e.answer_due),
                   outcome=None, resolved_at=None, closed_at=None, paused=False)
