"""Request models of complaint cases (issue 16; api/routes/complaints.py), and the types the
answers (api/complaint_answer_schemas.py) use too, with the conventions of api/schemas.py:
requests refuse unknown fields, strings are strict and checked by the 903-B 7.9.1 pattern,
money is strict integer cents. The domain checks every rule (domain/complaints/); what a
single field or a field's presence must be is declared here too, so a client sees it before
it sends anything."""

from __future__ import annotations

from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import ConfigDict, Field, StrictBool

from api.schemas import (
    NULL_SCHEMA,
    ActingForPlayer,
    Bounded,
    IdempotencyKey,
    Instant,
    RequestModel,
    Text,
    required_when,
)
from domain.complaints.calendar import MAX_WORKING_DAYS
from domain.complaints.case import (
    CHANNELS,
    ESCALATION_BODIES,
    LETTERS,
    OUTCOMES,
    REJECTED,
    SEND_CHANNELS,
    STATES,
)
from domain.complaints.decision import COMPENSATION_KINDS
from domain.complaints.intake import MAX_LINKS
from domain.complaints.letters import LANGUAGES
from domain.complaints.policy import CASE_TYPES, MAX_LIMIT_CENTS

CaseType = Literal[CASE_TYPES]  # type: ignore[valid-type]
Channel = Literal[CHANNELS]  # type: ignore[valid-type]
CaseState = Literal[STATES]  # type: ignore[valid-type]
Outcome = Literal[OUTCOMES]  # type: ignore[valid-type]
EscalationBody = Literal[ESCALATION_BODIES]  # type: ignore[valid-type]
CompensationKind = Literal[COMPENSATION_KINDS]  # type: ignore[valid-type]
Language = Literal[LANGUAGES]  # type: ignore[valid-type]
LetterKind = Literal[LETTERS]  # type: ignore[valid-type]
SendChannel = Literal[SEND_CHANNELS]  # type: ignore[valid-type]
LinkId = Text(200)
Links = Annotated[list[LinkId], Field(max_length=MAX_LINKS,
                                      json_schema_extra={"uniqueItems": True})]
Note = Text(2000)
CompensationCents = Bounded(1, MAX_LIMIT_CENTS)
WorkingDays = Bounded(1, MAX_WORKING_DAYS)
# A holiday: an ISO date, checked by the domain so that the 422 names ``holidays[i]``.
Holiday = Annotated[str, Field(json_schema_extra={"format": "date", "minLength": 10,
                                                  "maxLength": 10})]


def all_of(*extras: Any) -> Any:
    """Several ``json_schema_extra`` conditions (api.schemas.required_when) on one model."""
    def extra(schema: dict[str, Any]) -> None:
        for each in extras:
            each(schema)
    return extra


def _absent(*fields: str) -> dict[str, Any]:
    return {"not": {"anyOf": [{"required": [f]} for f in fields]}}


# Requests ----------------------------------------------------------------------------------------
_LINKS_NEEDED = [required_when("case_type", case_type, then={
    "required": [field], "properties": {field: schema}})
    for case_type, field, schema in (
        ("jogada", "jogada_ids", {"type": "array", "minItems": 1}),
        ("payment", "transfer_ids", {"type": "array", "minItems": 1}),
        ("session", "session_id", {"type": "string", "format": "uuid"}))]


def _external_reference_required(schema: dict[str, Any]) -> None:
    others = [c for c in CHANNELS if c != "operator"]
    schema.setdefault("allOf", []).append({
        "if": {"properties": {"channel": {"enum": others}}, "required": ["channel"]},
        "then": {"required": ["external_reference"],
                 "properties": {"external_reference": {"type": "string"}}}})


class CaseCreate(ActingForPlayer):
    """A complaint: a player's own (``player_id`` itself, or left out; channel ``operator``),
    or one a complaint handler or an operator opens on a player's behalf (``player_id``), with
    the channel it arrived through and that channel's reference (``external_reference``,
    required unless the channel is ``operator``). A ``jogada`` case names its jogadas, a
    ``payment`` case its transfers, a ``session`` case its session; each must be the
    player's own (a player: 403). The same ``idempotency_key`` and body again answer the same
    case; another body under that key is 409 ``idempotency_key_reused``."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=all_of(
        ActingForPlayer.model_config["json_schema_extra"], *_LINKS_NEEDED,
        _external_reference_required))

    case_type: CaseType = Field(description="What the complaint is about: its deadlines")
    subject: Text(200)
    description: Text(4000)
    jogada_ids: Links | None = None
    transfer_ids: Links | None = None
    session_id: UUID | None = None
    channel: Channel = Field("operator", description="How the complaint arrived: operator "
                             "(the service itself), complaints_book (Livro de Reclamações), "
                             "srij, adr (an alternative dispute resolution body)")
    external_reference: Text(100) | None = Field(
        None, description="The channel's own reference (required unless channel is operator)")
    idempotency_key: IdempotencyKey


class Acknowledge(RequestModel):
    message: Note | None = None


class Assign(RequestModel):
    assignee_id: UUID = Field(description="A complaint handler or an operator")


class NoteCreate(RequestModel):
    """A note on the case. A player's note is always visible to the player; staff choose."""

    text: Text(4000)
    visible_to_player: StrictBool = False


class EvidenceCreate(RequestModel):
    """Build an evidence pack of the case's jogadas and transfers (or of those named, which
    must be the case's) and record its SHA-256; ``shown_to_player`` lets the player fetch it."""

    jogada_ids: Links | None = None
    transfer_ids: Links | None = None
    shown_to_player: StrictBool = False
    description: Text(500) = "evidence pack"


class InformationRequest(RequestModel):
    """A question to the player: the case's clock stands still until the answer."""

    question: Note


class InformationProvided(RequestModel):
    """The player's answer (the player itself, or a handler recording it): the answer's
    deadline moves by the working days the clock stood still."""

    text: Text(4000)


class CompensationIn(RequestModel):
    """What the decision pays, only through the ledger: ``payment`` (``amount_cents`` from the
    house to the wallet), ``correction`` (``transfer_id``, one of the case's transfers, undone
    by an opposite transfer; its whole amount), ``game_refund`` (``jogada_id``, one of the
    case's jogadas still in play, voided by its game's own rule: every bet refunded)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=all_of(
        required_when("kind", "payment", then={"required": ["amount_cents"],
                                               "properties": {"amount_cents":
                                                              {"type": "integer"}},
                                               **_absent("transfer_id", "jogada_id")}),
        required_when("kind", "correction", then={"required": ["transfer_id"],
                                                  "properties": {"transfer_id":
                                                                 {"type": "string"}},
                                                  **_absent("jogada_id")}),
        required_when("kind", "game_refund", then={"required": ["jogada_id"],
                                                   "properties": {"jogada_id":
                                                                  {"type": "string"}},
                                                   **_absent("transfer_id")})))

    kind: CompensationKind
    amount_cents: CompensationCents | None = Field(
        None, description="Required for a payment; a correction and a game refund take the "
        "transfer's and the stake's (at most the policy's max_compensation_cents)")
    transfer_id: LinkId | None = None
    jogada_id: LinkId | None = None


class CaseDecisionCreate(RequestModel):
    """The proposed decision. Above the policy's ``four_eyes_above_cents`` another staff
    member approves it (POST .../decision/approve); a rejected complaint pays nothing."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=required_when(
        "outcome", REJECTED, then={"properties": {"compensation": NULL_SCHEMA}}))

    outcome: Outcome
    reasons: Text(4000)
    compensation: CompensationIn | None = None


class DeclineCreate(RequestModel):
    reason: Note


class CompensationPay(RequestModel):
    """Pays the approved decision's compensation exactly once: the same key again answers
    the first payment; another key once paid is 409 ``compensation_already_paid``."""

    idempotency_key: IdempotencyKey


class EscalationCreate(RequestModel):
    body: EscalationBody = Field(description="srij (the regulator) or adr (an alternative "
                                 "dispute resolution body)")
    reference: Text(100) | None = None
    note: Note | None = None


class LetterSentCreate(RequestModel):
    """One of the case's letters recorded as sent (issue 25): which, in which language,
    through which channel, when (``sent_at``; left out: now). The same key and body again
    answer the first recording; another body under the key is 409
    ``idempotency_key_reused``."""

    letter: LetterKind = Field(description="acknowledgement (once the case is acknowledged) "
                               "or final (once it is resolved); else 409 letter_not_available")
    channel: SendChannel = Field(description="post, email, or account_area (the player's "
                                 "account area on the operator's site)")
    language: Language = "pt"
    sent_at: Instant | None = Field(None, description="When it left (ISO 8601 with an offset;"
                                    " not in the future, not before the letter existed)")
    idempotency_key: IdempotencyKey


class CloseCreate(RequestModel):
    note: Note | None = None


class ReopenCreate(RequestModel):
    reason: Note


class DeadlinePair(RequestModel):
    acknowledge: WorkingDays | None = None
    answer: WorkingDays | None = None


class DeadlinesIn(RequestModel):
    """Working days per case type (those left out keep the defaults); the acknowledgement
    cannot be due after the answer (409)."""

    jogada: DeadlinePair | None = None
    payment: DeadlinePair | None = None
    session: DeadlinePair | None = None
    account: DeadlinePair | None = None
    other: DeadlinePair | None = None


class PolicyIn(RequestModel):
    """The complaint policy, published as a new version (cases keep the deadlines they were
    given). What is left out takes the defaults."""

    holidays: Annotated[list[Holiday], Field(max_length=1000)] = Field(
        default_factory=list, description="Extra holidays (ISO dates, YYYY-MM-DD)")
    national_holidays: StrictBool = Field(True, description="The Portuguese national "
                                          "holidays (Lei 7/2009 art. 234) count too")
    deadlines: DeadlinesIn = Field(default_factory=DeadlinesIn)
    four_eyes_above_cents: Bounded(0, MAX_LIMIT_CENTS) = Field(
        10_000, description="A compensation above this needs a second staff member")
    max_compensation_cents: Bounded(1, MAX_LIMIT_CENTS) = 10_000_000

    def settings(self) -> dict[str, Any]:
        return {"holidays": list(self.holidays), "national_holidays": self.national_holidays,
                "deadlines": {t: pair.model_dump(exclude_none=True)
                              for t, pair in self.deadlines if pair is not None},
                "four_eyes_above_cents": self.four_eyes_above_cents,
                "max_compensation_cents": self.max_compensation_cents}
