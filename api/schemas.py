"""Request and response models of the HTTP API (pydantic v2). Not the events: events are the
domain's; these are what clients send and receive.

Requests refuse unknown fields (``extra="forbid"``) and take money only as strict integers of
cents: ``10.0``, ``"10"`` and ``true`` are all refused with 422 naming the field.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated, Any, Literal
from uuid import UUID

from pydantic import (AfterValidator, AwareDatetime, BaseModel, BeforeValidator, ConfigDict,
                      Field, StrictInt, StrictStr)

from domain.actors import STAFF_ROLES
from domain.receipts import MAX_KEY_LENGTH
from domain.wallets import MAX_MOVEMENT_CENTS, PAYMENT_METHODS


# Date-times (A65: instants are kept in UTC) ------------------------------------------------------
def _iso_text(value: Any) -> Any:
    if not isinstance(value, (str, datetime)):  # no Unix timestamps: ISO 8601 only
        raise ValueError("must be an ISO 8601 date-time")
    return value


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
# A page position in the notification log (a BIGINT).
LogPosition = Annotated[int, Field(ge=0, le=2**63 - 1)]

PaymentMethod = Literal[PAYMENT_METHODS]  # type: ignore[valid-type]
StaffRole = Literal[STAFF_ROLES]  # type: ignore[valid-type]  # the domain's list, one place
DisplayName = Annotated[StrictStr, Field(min_length=1, max_length=200, examples=["Ana Silva"])]


class RequestModel(BaseModel):
    model_config = ConfigDict(extra="forbid")


# Errors ------------------------------------------------------------------------------------------
class ErrorDetail(BaseModel):
    code: str = Field(description="Stable machine-readable code, e.g. insufficient_funds")
    message: str = Field(description="Human-readable; names the field")
    field: str | None = None
    rule: str | None = Field(None, description="The regulation rule, e.g. 903-B 5.2.2(3)")
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

    amount_cents: StrictInt = Field(ge=1, le=MAX_MOVEMENT_CENTS, examples=[1000])
    idempotency_key: StrictStr = Field(min_length=1, max_length=MAX_KEY_LENGTH,
                                       examples=["dep-2026-01-05-0001"])
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
    bootstrap_key: Literal["active", "disabled", "not_configured"] | None = Field(
        None, description="LEDGER_BOOTSTRAP_OPERATOR_KEY: set and usable, disabled "
        "(POST /bootstrap-key/disable), or unset")
