"""Answer models of complaint cases (issue 16; api/routes/complaints.py and
api/routes/complaint_reads.py): where a case stands after a command, the policy, the letters,
and what the complaint read model (projections/complaints.py) holds: the cases listed and
queued, a case's timeline, the report. The requests and the types both use are in
api/complaint_schemas.py."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from uuid import UUID

from pydantic import BaseModel, ConfigDict, Field

from api.complaint_schemas import (
    CaseState,
    CaseType,
    Channel,
    CompensationKind,
    EscalationBody,
    Language,
    LetterKind,
    Outcome,
    SendChannel,
)
from api.schemas import StaffRole


# Answers -----------------------------------------------------------------------------------------
class DecisionPublic(BaseModel):
    model_config = ConfigDict(extra="allow")

    number: int
    outcome: Outcome
    reasons: str
    compensation: dict[str, Any] | None = None
    proposed_by: str
    needs_second_approver: bool
    approved_by: str | None = None


class PaidPublic(BaseModel):
    kind: CompensationKind
    amount_cents: int
    transfer_ids: list[str]


class EscalationPublic(BaseModel):
    body: EscalationBody
    reference: str | None = None


class LetterSendingPublic(BaseModel):
    """A letter recorded as sent (``LetterSent``)."""

    letter: LetterKind
    language: Language
    decision: int | None = Field(None, description="The final letter: the decision it states")
    channel: SendChannel
    sent_at: datetime
    sent_by: str = Field(description="Who recorded it (staff:<id>)")


class CasePublic(BaseModel):
    """Where the case stands after a command."""

    case_id: UUID
    reference: str = Field(description="What a person quotes: RC-<year>-<8 hex digits>")
    player_id: UUID
    case_type: CaseType
    channel: Channel
    state: CaseState
    assignee: str | None = None
    acknowledge_due: date = Field(description="The last working day to acknowledge (Lisbon)")
    answer_due: date = Field(description="The last working day to answer (Lisbon)")
    decision: DecisionPublic | None = None
    outcome: Outcome | None = None
    compensation_paid: dict[str, PaidPublic] = Field(
        description="Decision number → what was paid and its transfers")
    escalations: list[EscalationPublic]
    letters_sent: list[LetterSendingPublic] = Field(
        default_factory=list, description="The letters recorded as sent, oldest first")
    version: int = Field(description="The case stream's version: it grows with every event")
    evidence_number: int | None = Field(None, description="POST .../evidence: the pack's number")


class DeadlinePairPublic(BaseModel):
    acknowledge: int
    answer: int


class PolicyPublic(BaseModel):
    version: int = Field(description="0: the defaults, nothing published yet")
    national_holidays: bool
    holidays: list[date]
    deadlines: dict[str, DeadlinePairPublic]
    four_eyes_above_cents: int
    max_compensation_cents: int
    published_at: datetime | None = None
    published_by: str | None = None


class LetterPublic(BaseModel):
    language: Language
    kind: LetterKind
    reference: str
    outcome: Outcome | None = None
    subject: str
    body: str = Field(description="Plain text, lines separated by \\n")


# The read model (projections/complaints.py) --------------------------------------------------------
class TimelineEntryPublic(BaseModel):
    """One event of the case: ``kind`` (``opened``, ``acknowledged``, ``assigned``,
    ``note_added``, ``evidence_attached``, ``information_requested``,
    ``information_received``, ``decision_proposed``, ``proposal_declined``,
    ``decision_approved``, ``compensation_paid``, ``resolved``, ``escalated``, ``closed``,
    ``reopened``, ``letter_sent``), who and when, and its fields (``detail``)."""

    notification_id: int
    kind: str
    actor: str
    actor_name: str | None = Field(None, description="The actor's display name (null: not a "
                                   "registered principal; staff's names are not shown to "
                                   "players); system: \"the service\"")
    assignee_name: str | None = Field(None, description="assigned: the assignee's name")
    at: datetime
    visible_to_player: bool
    detail: dict[str, Any]


class LetterSentPublic(BaseModel):
    """A sending of a letter, as the case's timeline recorded it."""

    model_config = ConfigDict(extra="allow")

    letter: LetterKind
    language: Language
    decision: int | None = None
    channel: SendChannel
    sent_at: datetime
    sent_by: str
    sent_by_name: str | None = None
    recorded_at: datetime


class CaseLetterPublic(BaseModel):
    letter: LetterKind
    available: bool = Field(description="The letter exists now (GET .../letter?kind=)")
    sent: list[LetterSentPublic]


class CaseListed(BaseModel):
    """A case as the read model holds it. ``due``: the acknowledgement's deadline until it is
    acknowledged, then the answer's; ``overdue``: open, not awaiting the player, and today
    (Lisbon, the service's clock) after ``due``."""

    case_id: UUID
    reference: str
    player_id: UUID
    case_type: CaseType
    channel: Channel
    external_reference: str | None = None
    subject: str
    state: CaseState
    assignee: str | None = None
    player_name: str | None = Field(None, description="The player's display name")
    assignee_name: str | None = Field(None, description="The assignee's display name")
    opened_at: datetime
    opened_by: str
    opened_by_name: str | None = None
    acknowledged_at: datetime | None = None
    resolved_at: datetime | None = None
    closed_at: datetime | None = None
    acknowledge_due: date
    answer_due: date
    due: date
    overdue: bool
    paused: bool = Field(description="Awaiting the player: the clock stands still")
    outcome: Outcome | None = None
    compensation_paid_cents: int
    decisions: int = Field(description="Decisions proposed so far")
    escalated_to: EscalationBody | None = None
    last_event_at: datetime
    position: int = Field(description="Notification id of the case's last event")
    cursor: int = Field(description="The case's place in the listing (its opening's "
                        "notification id)")


class CaseDetailPublic(CaseListed):
    """The case and its timeline, oldest first. A player sees what concerns it: its case's
    changes of state, the requests for information and its answers, the approved decision,
    the payment, the escalation, and the notes and evidence marked for it."""

    timeline: list[TimelineEntryPublic]
    letters: list[CaseLetterPublic] = Field(
        default_factory=list, description="Each letter of the case: whether it exists now, "
        "and when and how it was sent")


class AssigneePublic(BaseModel):
    staff_id: UUID
    role: StaffRole
    display_name: str


class AssigneesPublic(BaseModel):
    """The staff members a case can be assigned to: complaint handlers and operators with an
    active key, by name."""

    data: list[AssigneePublic]
    count: int


class CasesPage(BaseModel):
    """To page on, pass ``next_cursor`` as ``cursor`` (null: the last page)."""

    data: list[CaseListed]
    count: int
    next_cursor: int | None = None


class QueuePublic(BaseModel):
    """The open cases, the overdue first (the longest overdue first), then by the nearest
    deadline, the ones awaiting the player last; with the open and overdue cases counted by
    state."""

    data: list[CaseListed]
    count: int
    open_by_state: dict[str, int]
    overdue_by_state: dict[str, int]


class DurationsPublic(BaseModel):
    count: int
    median: float | None = Field(description="Hours, nearest rank (one decimal)")
    p90: float | None = Field(description="Hours, nearest rank (one decimal)")


class ReportGroupPublic(BaseModel):
    cases: int
    acknowledged: int
    resolved: int = Field(description="With a resolution in force (not reopened since)")
    hours_to_acknowledge: DurationsPublic
    hours_to_resolve: DurationsPublic
    compensation_paid_cents: int
    compensation_by_kind: dict[str, int]


class ComplaintReportPublic(BaseModel):
    """The cases opened in [since, until), in all and by case type, channel and outcome
    (``none``: no resolution in force)."""

    since: datetime
    until: datetime
    total: ReportGroupPublic
    by_case_type: dict[str, ReportGroupPublic]
    by_channel: dict[str, ReportGroupPublic]
    by_outcome: dict[str, ReportGroupPublic]
