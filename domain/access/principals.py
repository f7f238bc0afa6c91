"""Players and staff members (operators, auditors, complaint handlers): who may act, the
lifecycle of their API keys, and the changes of a staff member's role.

The API key itself never enters an event or a log: only its SHA-256 digest does. Every change
of a key is an event of the principal's stream naming who made it (903-B 5.2.2(7)
non-repudiation; 5.2.3(2): changes of a player's credentials are recorded; 7.7.6(1): staff
actions and security events are in the audit record).

Rules of the key lifecycle (cited by the API's errors):
- 903-B 7.2.2: access ends when it is withdrawn. A revoked key stops authenticating at once
  and stays revoked until an operator rotates it (a player whose key is revoked cannot
  authenticate, so only staff can give it a new one: 903-B 5.2.3(1), "através de pessoal
  autorizado").
- 903-B 7.4.3(2): a key handed out by someone else may be replaced by its holder (a player or
  staff member rotates its own key).
- LAST_OPERATOR_RULE: the key of the last registered operator with an active key cannot be
  revoked, whoever asks; with the bootstrap key disabled nobody could register or restore an
  operator again (903-B 7.4.3(1): access is granted by authorised staff, so one must remain).
"""

from __future__ import annotations

from datetime import datetime
from typing import Iterable
from uuid import UUID

from eventsourcing.domain import event

from domain.kernel.actors import ROLES, STAFF_ROLES
from domain.kernel.aggregate import LedgerAggregate
from domain.kernel.errors import (
    ConflictError,
    InvalidInputError,
    NotFoundError,
    RuleViolationError,
)
from domain.kernel.rules import T903B, cite
from domain.kernel.text import check_text
from domain.kernel.uow import UnitOfWork

MAX_REASON_LENGTH = 500  # why a staff member's role changed
ACTIVE = "active"
REVOKED = "revoked"
LAST_OPERATOR_RULE = (cite(T903B, "7.4.3(1)")
                      + ": at least one registered operator keeps an active key")


class Principal(LedgerAggregate):
    """A registered player or staff member, with the digest of its API key."""

    @event("Registered", topic="ledger.Principal.Registered")
    def __init__(
        self, role: str, display_name: str, api_key_sha256: str, actor: str, at: datetime
    ) -> None:
        self.role = role
        self.display_name = display_name
        self.api_key_sha256 = api_key_sha256
        self.registered_at = at
        self.key_status = ACTIVE

    @classmethod
    def register(
        cls, role: str, display_name: str, api_key_sha256: str, actor: str, at: datetime
    ) -> "Principal":
        if role not in ROLES:
            raise InvalidInputError(
                f"role must be one of {', '.join(ROLES)}", field="role"
            )
        check_text(display_name, "display_name", max_length=200)
        return cls(role=role, display_name=display_name, api_key_sha256=api_key_sha256,
                   actor=actor, at=at)

    @property
    def key_active(self) -> bool:
        # Streams recorded before revocation existed have no key_status: their key is active.
        return getattr(self, "key_status", ACTIVE) == ACTIVE

    @property
    def is_staff(self) -> bool:
        return self.role in STAFF_ROLES

    @event("ApiKeyRotated", topic="ledger.Principal.ApiKeyRotated")
    def rotate_key(self, api_key_sha256: str, actor: str, at: datetime) -> None:
        self.api_key_sha256 = api_key_sha256
        self.key_status = ACTIVE

    @event("ApiKeyRevoked", topic="ledger.Principal.ApiKeyRevoked")
    def revoke_key(self, actor: str, at: datetime) -> None:
        self.key_status = REVOKED

    @event("RoleChanged", topic="ledger.Principal.RoleChanged")
    def change_role(self, old_role: str, new_role: str, reason: str, display_name: str,
                    actor: str, at: datetime) -> None:
        # ``display_name``: the name the staff member is known by, so that the event reads
        # alone (in the significant events, in an audit bundle) without its registration.
        self.role = new_role


# Commands ----------------------------------------------------------------------------------------
def _principal(uow: UnitOfWork, principal_id: UUID | str, kind: str) -> Principal:
    """The player (``kind="player"``) or staff member (``kind="staff"``) named, else 404."""
    field = f"{kind}_id"
    principal = uow.find(UUID(str(principal_id)), Principal)
    if principal is None or (principal.role == "player") != (kind == "player"):
        raise NotFoundError(f"{kind} {principal_id} not found", field=field)
    return principal


def rotate_api_key(uow: UnitOfWork, *, principal_id: UUID | str, kind: str,
                   api_key_sha256: str, actor: str) -> str:
    """A new key replaces the old one, which stops working (a revoked key becomes active
    again). Returns the role."""
    principal = _principal(uow, principal_id, kind)
    principal.rotate_key(api_key_sha256=api_key_sha256, actor=actor, at=uow.at)
    return principal.role


def active_operators(uow: UnitOfWork, operator_ids: Iterable[UUID | str]) -> list[UUID]:
    """Of ``operator_ids`` (read from the principals projection: it may trail the log), those
    that are registered operators whose key is active, as the store says now."""
    found = []
    for operator_id in operator_ids:
        principal = uow.find(UUID(str(operator_id)), Principal)
        if principal is not None and principal.role == "operator" and principal.key_active:
            found.append(principal.id)
    return found


def _refuse_last_operator(uow: UnitOfWork, principal: Principal, principal_id: UUID | str,
                          operator_ids: Iterable[UUID | str], field: str, what: str) -> None:
    """LAST_OPERATOR_RULE: ``principal`` (an operator) is not the last registered operator
    with an active key, else 409 ``last_active_operator`` saying ``what`` is refused."""
    others = [i for i in active_operators(uow, {*operator_ids, principal.id})
              if i != principal.id]
    if not others:
        raise RuleViolationError(
            f"operator {principal_id} is the last registered operator with an active API key:"
            f" {what} (register or restore another operator first)", field=field,
            rule=LAST_OPERATOR_RULE, code="last_active_operator")


def revoke_api_key(uow: UnitOfWork, *, principal_id: UUID | str, kind: str, actor: str,
                   operator_ids: Iterable[UUID | str] = ()) -> datetime:
    """The key stops authenticating (903-B 7.2.2) until an operator rotates it. Refused for
    the last registered operator with an active key (LAST_OPERATOR_RULE). Returns the time."""
    principal = _principal(uow, principal_id, kind)
    field = f"{kind}_id"
    if not principal.key_active:
        raise ConflictError(f"the API key of {kind} {principal_id} is already revoked",
                            field=field, code="api_key_already_revoked")
    if principal.role == "operator":
        _refuse_last_operator(uow, principal, principal_id, operator_ids, field,
                              "its key cannot be revoked")
    principal.revoke_key(actor=actor, at=uow.at)
    return uow.at


def change_staff_role(uow: UnitOfWork, *, staff_id: UUID | str, role: str, reason: str,
                      actor: str, operator_ids: Iterable[UUID | str] = ()) -> dict:
    """Give a staff member another staff role, for a reason (GLI-19 §2.8; 903-B 7.4.3(1):
    access is granted by authorised staff; 7.7.6(1)). 404 for a principal that is not staff
    (a player: players are never given a staff role this way); 422 naming ``role`` for a role
    that is not a staff role (``player`` included), naming ``reason`` for an empty one; 409
    naming ``role`` for the role it has already (``role_unchanged``: a valid request that
    meets the recorded state) or the last registered operator with an active key
    (``last_active_operator``, LAST_OPERATOR_RULE). Returns the change."""
    principal = _principal(uow, staff_id, "staff")
    if role not in STAFF_ROLES:
        raise InvalidInputError(f"role must be one of {', '.join(STAFF_ROLES)} (a staff member"
                                " is never made a player)", field="role")
    check_text(reason, "reason", max_length=MAX_REASON_LENGTH)
    if role == principal.role:
        raise ConflictError(f"staff member {staff_id} is already {role}: no change",
                            field="role", code="role_unchanged")
    if principal.role == "operator" and principal.key_active:
        _refuse_last_operator(uow, principal, staff_id, operator_ids, "role",
                              "it cannot be given another role")
    old_role = principal.role
    principal.change_role(old_role=old_role, new_role=role, reason=reason,
                          display_name=principal.display_name, actor=actor, at=uow.at)
    return {"staff_id": principal.id, "role": role, "previous_role": old_role,
            "reason": reason, "changed_at": uow.at}
