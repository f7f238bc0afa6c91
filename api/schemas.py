"""Request and response models of the HTTP API (pydantic v2). Not the events: events are the
domain's; these are what clients send and receive.

Requests refuse unknown fields (``extra="forbid"``) and take money only as integers of cents
(``WholeInt``): ``10.5``, ``"10"`` and ``true`` are all refused with 422 naming the field. A
number with a zero fraction, ``10.0``, is the integer 10, as JSON Schema (2020-12) and so the
OpenAPI document's ``"type": "integer"`` count it: the document and the service agree (issue
24; tests/api/test_contract.py).
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Annotated, Any, Literal
from uuid import UUID

from fastapi import Path
from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
)

from domain.kernel.actors import STAFF_ROLES
from domain.kernel.text import MAX_ID_LENGTH, TEXT_PATTERN
from domain.ledger.receipts import MAX_KEY_LENGTH
from domain.ledger.wallets import MAX_MOVEMENT_CENTS, PAYMENT_METHODS

# Date-times (A65: instants are kept in UTC) ------------------------------------------------------
# ISO 8601 begins with the date; pydantic would also take "0.5" or "1700000000" as a Unix time.
_ISO_DATE_FIRST = re.compile(r"\s*[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _iso_text(value: Any) -> Any:
    """No Unix timestamps, as numbers or as text (``?until=0.5``): ISO 8601 only."""
    if isinstance(value, datetime) or (isinstance(value, str) and _ISO_DATE_FIRST.match(value)):
        return value
    raise ValueError("must be an ISO 8601 date-time")


def _in_utc(when: datetime) -> datetime:
    """UTC; a time without an offset is taken as UTC. A time that has no UTC equivalent
    (9999-12-31T23:59-05:00) is a 422, not an OverflowError (a 500)."""
    if when.tzinfo is None:
        return when.replace(tzinfo=timezone.utc)
    try:
        return when.astimezone(timezone.utc)
    except OverflowError:
        raise ValueError("is outside the range of dates this service keeps") from None


# A body's date-time: ISO 8601 with an explicit offset.
Instant = Annotated[AwareDatetime, BeforeValidator(_iso_text), AfterValidator(_in_utc)]
# A query's date-time: ISO 8601, UTC if no offset.
QueryInstant = Annotated[datetime, BeforeValidator(_iso_text), AfterValidator(_in_utc)]
# Whole numbers (issue 24) ------------------------------------------------------------------------
def whole_number(value: Any) -> Any:
    """A JSON number with a zero fraction (``147.0``) as that integer; anything else as it is
    (``147.5``, ``"147"``, ``true``, infinity: the strict integer check refuses them)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def whole_numbers(value: Any) -> Any:
    """``whole_number`` through a JSON value's objects and arrays: a body part the domain
    checks itself (a rule set's settings, api/session_schemas.py ``VenueSettings``)."""
    if isinstance(value, dict):
        return {key: whole_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    return whole_number(value)


# An integer of a request body: strict (no string, no boolean, no fraction), 147.0 read as 147.
WholeInt = Annotated[StrictInt, BeforeValidator(whole_number)]
# A page position in the notification log (a BIGINT).
LogPosition = Annotated[int, Field(ge=0, le=2**63 - 1)]


# Names, ids, keys and reasons (903-B 7.9.1) -------------------------------------------------------
# The domain checks them (domain.kernel.text.check_text: the 422 names the field and the rule); the
# OpenAPI document declares the same rule as a pattern: no control or bidirectional control
# character, at least one visible one.
TEXT_SCHEMA = {"pattern": TEXT_PATTERN}


def Text(max_length: int = MAX_ID_LENGTH, **field: Any) -> Any:  # noqa: N802 (a type)
    """A body's text field: 1 to ``max_length`` characters, the pattern declared."""
    return Annotated[StrictStr, Field(min_length=1, max_length=max_length,
                                      json_schema_extra=TEXT_SCHEMA, **field)]


def text_param(max_length: int = MAX_ID_LENGTH, **param: Any) -> dict[str, Any]:
    """The same for a path or query parameter: ``Path(**text_param(200))``."""
    return {"min_length": 1, "max_length": max_length, "json_schema_extra": TEXT_SCHEMA,
            **param}


# Ranges and conditions the domain checks (its 422 names the regulation's rule), declared in the
# OpenAPI document too, so a client sees them before it sends anything.
def Bounded(low: int, high: int | None = None, **field: Any) -> Any:  # noqa: N802 (a type)
    """A strict integer (``WholeInt``) in [low, high], declared as minimum and maximum."""
    bounds = {"minimum": low} if high is None else {"minimum": low, "maximum": high}
    return Annotated[WholeInt, Field(json_schema_extra=bounds, **field)]


def required_when(field: str, value: str, then: dict[str, Any],
                  otherwise: dict[str, Any] | None = None) -> Any:
    """A model's ``json_schema_extra``: when ``field`` is ``value``, the object also satisfies
    ``then`` (JSON Schema if/then/else, e.g. ``{"required": ["player_id"]}``)."""
    condition = {"if": {"properties": {field: {"const": value}}, "required": [field]},
                 "then": then}
    if otherwise is not None:
        condition["else"] = otherwise

    def extra(schema: dict[str, Any]) -> None:
        schema.setdefault("allOf", []).append(condition)
    return extra


UUID_SCHEMA = {"type": "string", "format": "uuid"}
NULL_SCHEMA = {"type": "null"}


PaymentMethod = Literal[PAYMENT_METHODS]  # type: ignore[valid-type]
StaffRole = Literal[STAFF_ROLES]  # type: ignore[valid-type]  # the domain's list, one place
DisplayName = Text(200, examples=["Ana Silva"])
IdempotencyKey = Text(MAX_KEY_LENGTH, examples=["dep-2026-01-05-0001"])
Name = Text(200)  # a table's or a room's (a game's rule may allow a fantasy name)
Reason = Text(200)  # why an operator voids a jogada (kept on the record)
JogadaId = Text(MAX_ID_LENGTH)
# The same as path parameters.
JogadaIdPath = Annotated[str, Path(**text_param(MAX_ID_LENGTH))]
TransferIdPath = Annotated[str, Path(**text_param(200))]


class RequestModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


_ACTING_FOR = ("The player acted for: an operator acts on behalf of the player it names (without "
               "it, 422 naming player_id); a player names itself (another player: 403), and "
               "older clients of a player may still leave it out.")


def _player_id_required(schema: dict[str, Any]) -> None:
    schema["properties"]["player_id"] = {"type": "string", "format": "uuid",
                                         "title": "Player Id", "description": _ACTING_FOR}
    schema["required"] = [*schema.get("required", []), "player_id"]


class ActingForPlayer(RequestModel):
    """A command a player gives for itself and an operator for a player (api.auth.Caller.
    player_acted_for). The document declares ``player_id`` required, what works for every
    caller; the service still lets a player leave it out."""

    model_config = ConfigDict(extra="forbid", json_schema_extra=_player_id_required)

    player_id: UUID | None = Field(None, description=_ACTING_FOR)


# Errors ------------------------------------------------------------------------------------------
class ErrorDetail(BaseModel):
    code: str = Field(description="Stable machine-readable code, e.g. insufficient_funds")
    message: str = Field(description="Human-readable; names the field")
    field: str | None = None
    rule: str | None = Field(None, description="The regulation rule, e.g. 903-B 5.2.2(3)")
    rule_title: str | None = Field(
        None, description="Beside rule, where the rule catalogues know it: the title of each"
        " rule it cites, in words (\"rule 43: …; rule 44: …\" for several)")
    details: dict[str, Any] | None = None
    request_id: str | None = None


class ErrorPublic(BaseModel):
    error: ErrorDetail


# Principals --------------------------------------------------------------------------------------
class PlayerCreate(RequestModel):
    """Properties to receive on player registration."""

    display_name: DisplayName


class PlayerCreated(BaseModel):
    """The new player's id and API key: the key is shown this once and never again."""

    player_id: UUID
    api_key: str


class StaffCreate(RequestModel):
    """Properties to receive on staff registration."""

    role: StaffRole
    display_name: DisplayName


class StaffCreated(BaseModel):
    staff_id: UUID
    role: StaffRole
    api_key: str


# Money -------------------------------------------------------------------------------------------
class CashMovementCreate(RequestModel):
    """A deposit or a withdrawal. Repeating it with the same idempotency key and body returns the
    first result and moves no money again (903-B 6.1.1(4))."""

    amount_cents: WholeInt = Field(ge=1, le=MAX_MOVEMENT_CENTS, examples=[1000])
    idempotency_key: IdempotencyKey
    payment_method: PaymentMethod = Field(
        "bank_transfer", description="The payment instrument (903-B 5.4.1(5))")


DepositCreate = CashMovementCreate
WithdrawalCreate = CashMovementCreate


class CashMovementPublic(BaseModel):
    """The result of a deposit or withdrawal: the wallet right after it."""

    transfer_id: str
    player_id: UUID
    operation: Literal["deposit", "withdrawal"]
    amount_cents: int
    payment_method: str
    available_cents: int
    held_cents: int
    at: datetime


class BalancePublic(BaseModel):
    available_cents: int = Field(description="What the player can bet or withdraw")
    held_cents: int = Field(description="Stakes of jogadas not settled yet")
    balance_cents: int = Field(description="available_cents + held_cents")


class ActivityItemPublic(BaseModel):
    """One money event on an account. ``type`` is credited, debited, funds_held, hold_posted,
    hold_voided, attempt_refused or opened; ``operation`` marks deposits and withdrawals."""

    notification_id: int
    account_code: str
    owner: str | None = None
    type: str
    transfer_id: str | None = None
    amount_cents: int | None = None
    counterparty: str | None = None
    reason: str | None = None
    refs: dict[str, Any] = {}
    actor: str
    at: datetime
    operation: str | None = None
    code: str | None = Field(None, description="For a refused attempt: why (e.g. insufficient_funds)")
    message: str | None = None


class ActivityPublic(BaseModel):
    """A player's account activity, newest first (903-B 5.2.2(9)). To page back, pass
    ``next_before_id`` as ``before_id``."""

    player_id: UUID
    data: list[ActivityItemPublic]
    count: int
    next_before_id: int | None = None


class CashMovementItemPublic(BaseModel):
    """One deposit or withdrawal, or a refused attempt at one (``refused``: true, ``code`` why),
    or a correction of one (903-B 1.5: ``kind`` correction, ``corrects`` the original's
    transfer id, ``corrects_kind`` what it was, ``reason`` why)."""

    notification_id: int
    at: datetime
    player_id: str | None
    kind: Literal["deposit", "withdrawal", "correction"]
    refused: bool
    amount_cents: int | None
    payment_method: str | None = None
    transfer_id: str | None = None
    actor: str
    code: str | None = None
    message: str | None = None
    corrects: str | None = Field(None, description="A correction: the transfer it reverses")
    corrects_kind: Literal["deposit", "withdrawal", "correction"] | None = Field(
        None, description="A correction: what the transfer it reverses was")
    reason: str | None = Field(None, description="A correction: why it was made")


class CashMovementsPublic(BaseModel):
    """The deposit and withdrawal log, refused attempts and corrections included (903-B
    5.4.1(5)–(8), 5.4.2(7)–(9), 1.5), oldest first. To page on, pass ``next_after_id`` as
    ``after_id``."""

    data: list[CashMovementItemPublic]
    count: int
    next_after_id: int | None = None


class AccountPublic(BaseModel):
    account_code: str
    account_id: UUID
    kind: str
    owner: str | None = None
    balance_cents: int
    held_cents: int
    available_cents: int
    updated_at: datetime | None = None
    last_position: int | None = None


class AccountsAuditPublic(BaseModel):
    """Every account and the sum of their balances: double entry makes it 0 (903-B 5.5.1(1))."""

    data: list[AccountPublic]
    count: int = Field(description="accounts on this page")
    account_count: int = Field(description="all accounts")
    total_cents: int = Field(description="the balance total of all accounts")
    balanced: bool = Field(description="total_cents == 0")
    next_after_code: str | None = Field(description="the next page: after_code=this; null at "
                                        "the end")


# Health ------------------------------------------------------------------------------------------
class HealthPublic(BaseModel):
    model_config = ConfigDict(extra="allow")

    status: Literal["ok", "degraded"]
    backend: Literal["sqlite", "postgresql"]
    certification_mode: bool
    event_position: int | None = None
    projections: dict[str, int] = {}
    projection_lag: int | None = None
    audit: dict[str, Any] | None = Field(
        None, description="The tamper-evident record: events sealed, the last signed "
        "checkpoint, events not yet sealed (docs/audit.md)")
    bootstrap_key: Literal["active", "disabled", "not_configured"] | None = Field(
        None, description="LEDGER_BOOTSTRAP_OPERATOR_KEY: set and usable, disabled "
        "(POST /bootstrap-key/disable), or unset")
