"""A complaint case (issue 16): its own event stream, from intake to closing.

Every event names its actor (903-B 5.2.2(7)); nothing is edited, a correction is a new event
(903-B 1.5 "Log"). The case's deadlines are recorded in its events, computed when it was
opened, when the player answered a request for information (the clock stood still meanwhile)
and when it was reopened, so a replay needs no calendar.

States and what each allows (``ALLOWED``; anything else is a 409 naming the state):

    open ──acknowledge──▶ investigating ──request information──▶ awaiting_player
                              ▲   │                     ◀──information received──┘
                              │   └──propose──▶ decision_proposed ──approve──▶ decision_approved
                              └──────decline────────┘                  │ pay compensation (once)
                                                                      ▼
    closed ◀──close── resolved / escalated ◀──────────────────────resolve
      └──reopen──▶ investigating

Escalation (SRIJ, an ADR body) is possible from any state but closed; an escalated case takes
a new decision the same way. Notes, evidence and assignment are possible in every state but
closed. A letter the case produced (``LETTERS``: the acknowledgement once acknowledged, the
final answer once resolved) can be recorded as sent in every state, a closed case's too: the
letter usually leaves after the case is closed (domain/complaints/sending.py).
"""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import event

from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import ConflictError

_NS = uuid5(NAMESPACE_URL, "https://srij.example/game-ledger/complaint-cases")

OPEN = "open"
INVESTIGATING = "investigating"
AWAITING_PLAYER = "awaiting_player"
DECISION_PROPOSED = "decision_proposed"
DECISION_APPROVED = "decision_approved"
RESOLVED = "resolved"
ESCALATED = "escalated"
CLOSED = "closed"
STATES = (OPEN, INVESTIGATING, AWAITING_PLAYER, DECISION_PROPOSED, DECISION_APPROVED, RESOLVED,
          ESCALATED, CLOSED)
# The clock runs in these states (the answer is due); it stands still while awaiting the player.
CLOCK_RUNNING = (OPEN, INVESTIGATING, DECISION_PROPOSED, DECISION_APPROVED)

UPHELD, PARTLY_UPHELD, REJECTED = "upheld", "partly_upheld", "rejected"
OUTCOMES = (UPHELD, PARTLY_UPHELD, REJECTED)
CHANNELS = ("operator", "complaints_book", "srij", "adr")
ESCALATION_BODIES = ("srij", "adr")
# The letters a case produces (domain/complaints/letters.py) and how one reaches the player.
ACKNOWLEDGEMENT, FINAL = "acknowledgement", "final"
LETTERS = (ACKNOWLEDGEMENT, FINAL)
SEND_CHANNELS = ("post", "email", "account_area")

_NOT_CLOSED = tuple(s for s in STATES if s != CLOSED)
ALLOWED: dict[str, tuple[str, ...]] = {
    "acknowledge": (OPEN,),
    "assign": _NOT_CLOSED,
    "note": _NOT_CLOSED,
    "evidence": _NOT_CLOSED,
    "request_information": (INVESTIGATING, ESCALATED),
    "provide_information": (AWAITING_PLAYER,),
    "propose": (INVESTIGATING, DECISION_PROPOSED, ESCALATED),
    "approve": (DECISION_PROPOSED,),
    "decline": (DECISION_PROPOSED,),
    "pay": (DECISION_APPROVED,),
    "resolve": (DECISION_APPROVED,),
    "escalate": _NOT_CLOSED,
    "close": (RESOLVED, ESCALATED),
    "reopen": (CLOSED,),
    "send_letter": STATES,
}


def case_id_for(opener: str, idempotency_key: str) -> UUID:
    """A case's id, from who opened it and their idempotency key: opening twice with the same
    key finds the same case."""
    return uuid5(_NS, f"{opener}\x1f{idempotency_key}")


def reference_of(case_id: UUID, at: datetime) -> str:
    """What a person quotes on the phone: ``RC-2026-1A2B3C4D``."""
    return f"RC-{at.year}-{case_id.hex[:8].upper()}"


class ComplaintCase(LedgerAggregate):
    @event("Opened", topic="ledger.ComplaintCase.Opened")
    def __init__(self, case_id: UUID, reference: str, player_id: str, case_type: str,
                 channel: str, external_reference: str | None, subject: str, description: str,
                 jogada_ids: list[str], transfer_ids: list[str], session_id: str | None,
                 acknowledge_due: str, answer_due: str, policy_version: int,
                 fingerprint: str, actor: str, at: datetime) -> None:
        self.reference = reference
        self.player_id = player_id
        self.case_type = case_type
        self.channel = channel
        self.jogada_ids = list(jogada_ids)
        self.transfer_ids = list(transfer_ids)
        self.session_id = session_id
        self.acknowledge_due = acknowledge_due
        self.answer_due = answer_due
        self.fingerprint = fingerprint
        self.opened_at = at
        self.state = OPEN
        self.assignee: str | None = None
        self.awaiting_since: datetime | None = None
        self.decision: dict[str, Any] | None = None  # the current proposal or approved decision
        self.decisions = 0  # how many were proposed
        self.paid: dict[int, dict[str, Any]] = {}  # decision number -> what was paid
        self.outcome: str | None = None
        self.escalations: list[dict[str, Any]] = []
        self.evidence = 0
        self.acknowledged_at: datetime | None = None
        self.resolved_at: datetime | None = None  # of the resolution in force
        self.letters_sent: list[dict[str, Any]] = []

    @staticmethod
    def create_id(case_id: UUID, **_: Any) -> UUID:  # type: ignore[override]
        return case_id

    # Guards ------------------------------------------------------------------------------------
    def require(self, action: str) -> None:
        """The state machine: ``action`` is refused (409, nothing recorded) unless the case is
        in one of the states that allow it."""
        if self.state not in ALLOWED[action]:
            hint = " (reopen it first)" if self.state == CLOSED else ""
            allowed = ", ".join(ALLOWED[action])
            raise ConflictError(
                f"case {self.reference} is {self.state}{hint}: {action.replace('_', ' ')} is"
                f" possible only when it is {allowed}", field="case_id", code="case_state",
                details={"state": self.state, "action": action, "allowed_in": list(ALLOWED[action])})

    @property
    def compensation_due(self) -> bool:
        """The approved decision pays something that was not paid yet."""
        return (self.state == DECISION_APPROVED and self.decision is not None
                and self.decision.get("compensation") is not None
                and self.decision["number"] not in self.paid)

    # Events ------------------------------------------------------------------------------------
    @event("Acknowledged", topic="ledger.ComplaintCase.Acknowledged")
    def acknowledged(self, message: str | None, actor: str, at: datetime) -> None:
        self.state = INVESTIGATING
        self.acknowledged_at = at

    @event("Assigned", topic="ledger.ComplaintCase.Assigned")
    def assigned(self, assignee: str, actor: str, at: datetime) -> None:
        self.assignee = assignee

    @event("NoteAdded", topic="ledger.ComplaintCase.NoteAdded")
    def note_added(self, text: str, visible_to_player: bool, actor: str, at: datetime) -> None:
        pass

    @event("EvidenceAttached", topic="ledger.ComplaintCase.EvidenceAttached")
    def evidence_attached(self, number: int, kind: str, description: str, sha256: str,
                          pdf_sha256: str | None, spec: dict[str, Any] | None,
                          shown_to_player: bool, actor: str, at: datetime,
                          staff_sha256: str | None = None,
                          staff_pdf_sha256: str | None = None) -> None:
        # ``staff_*``: a pack shown to the player also records the staff copy of the same
        # moment (issue 25); an event stored before has neither: it decodes with None
        # (``_evidence_v1_v2``).
        self.evidence = number

    @event("InformationRequested", topic="ledger.ComplaintCase.InformationRequested")
    def information_requested(self, question: str, actor: str, at: datetime) -> None:
        self.state = AWAITING_PLAYER
        self.awaiting_since = at

    @event("InformationReceived", topic="ledger.ComplaintCase.InformationReceived")
    def information_received(self, text: str, paused_working_days: int, answer_due: str,
                             actor: str, at: datetime) -> None:
        self.state = INVESTIGATING
        self.awaiting_since = None
        self.answer_due = answer_due

    @event("DecisionProposed", topic="ledger.ComplaintCase.DecisionProposed")
    def decision_proposed(self, number: int, outcome: str, reasons: str,
                          compensation: dict[str, Any] | None, needs_second_approver: bool,
                          actor: str, at: datetime) -> None:
        self.decisions = number
        self.decision = {"number": number, "outcome": outcome, "reasons": reasons,
                         "compensation": copy.deepcopy(compensation), "proposed_by": actor,
                         "needs_second_approver": needs_second_approver}
        self.state = DECISION_PROPOSED

    @event("ProposalDeclined", topic="ledger.ComplaintCase.ProposalDeclined")
    def proposal_declined(self, number: int, reason: str, actor: str, at: datetime) -> None:
        self.decision = None
        self.state = INVESTIGATING

    @event("DecisionApproved", topic="ledger.ComplaintCase.DecisionApproved")
    def decision_approved(self, number: int, actor: str, at: datetime) -> None:
        assert self.decision is not None
        self.decision["approved_by"] = actor
        self.state = DECISION_APPROVED

    @event("CompensationPaid", topic="ledger.ComplaintCase.CompensationPaid")
    def compensation_paid(self, number: int, kind: str, amount_cents: int,
                          transfer_ids: list[str], idempotency_key: str, actor: str,
                          at: datetime) -> None:
        self.paid[number] = {"kind": kind, "amount_cents": amount_cents,
                             "transfer_ids": list(transfer_ids)}

    @event("Resolved", topic="ledger.ComplaintCase.Resolved")
    def resolved(self, number: int, outcome: str, actor: str, at: datetime) -> None:
        self.outcome = outcome
        self.state = RESOLVED
        self.resolved_at = at

    @event("Escalated", topic="ledger.ComplaintCase.Escalated")
    def escalated(self, body: str, reference: str | None, note: str | None, actor: str,
                  at: datetime) -> None:
        self.escalations.append({"body": body, "reference": reference})
        self.state = ESCALATED
        self.awaiting_since = None

    @event("Closed", topic="ledger.ComplaintCase.Closed")
    def closed(self, note: str | None, actor: str, at: datetime) -> None:
        self.state = CLOSED

    @event("Reopened", topic="ledger.ComplaintCase.Reopened")
    def reopened(self, reason: str, answer_due: str, actor: str, at: datetime) -> None:
        self.state = INVESTIGATING
        self.answer_due = answer_due
        self.decision = None
        self.outcome = None
        self.resolved_at = None

    @event("LetterSent", topic="ledger.ComplaintCase.LetterSent")
    def letter_sent(self, letter: str, language: str, decision: int | None, channel: str,
                    sent_at: datetime, idempotency_key: str, actor: str, at: datetime) -> None:
        self.letters_sent.append({"letter": letter, "language": language, "decision": decision,
                                  "channel": channel, "sent_at": sent_at, "sent_by": actor})


def _evidence_v1_v2(state: dict[str, Any]) -> None:
    """An ``EvidenceAttached`` stored before a shown pack recorded its staff copy too (issue
    25, version 1 of the event) decodes with neither: ``staff_sha256`` and
    ``staff_pdf_sha256`` None (the library's upcasting: the stored bytes stay as they are,
    903-B 1.5 "Log")."""
    state.setdefault("staff_sha256", None)
    state.setdefault("staff_pdf_sha256", None)


ComplaintCase.EvidenceAttached.class_version = 2  # type: ignore[attr-defined]
ComplaintCase.EvidenceAttached.upcast_v1_v2 = staticmethod(  # type: ignore[attr-defined]
    _evidence_v1_v2)
